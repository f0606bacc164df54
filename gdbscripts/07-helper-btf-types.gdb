# Stage 7: a helper argument checked against the helper's own C type.
#
# Stop where the verifier resolves the struct that bpf_skb_output()'s
# first argument points to, from the helper's C prototype in vmlinux BTF,
# and print what it finds. Then stop in check_btf_arg() twice: R1 = skb,
# accepted; R1 = skb->dev, refused, with the line the verifier logs.
# 'make stage-7 qemu-gdb' in one terminal, 'make stage-7 gdb' in another,
# then in the guest:
#   LAB_FILTER=helper_arg_refusals /lab/tests/07-helper-btf-types/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=helper_arg_refusals /lab/tests/07-helper-btf-types/test
# lab-expect: hit Breakpoint [0-9.]+, btf_resolve_helper_id
# lab-expect: bpf_skb_event_output in section
# lab-expect: resolved: btf_id [0-9]+, struct sk_buff
# lab-expect: R1 points to struct sk_buff at offset 0; the helper takes struct sk_buff
# lab-expect: Value returned is \$[0-9]+ = 0
# lab-expect: R1 points to struct net_device at offset 0; the helper takes struct sk_buff
# lab-expect: Value returned is \$[0-9]+ = -13
# lab-expect: logged: R1 is of type net_device but sk_buff is expected

# The name of type $arg1 of the BTF $arg0.
define lab_btf_name
  printf "%s", $arg0->strings + $arg0->types[$arg1]->name_off
end

break btf_resolve_helper_id
continue
delete
echo \n=== which struct does the helper's argument point to? ===\n
printf "argument %d of the helper at 0x%lx:\n", arg, (unsigned long)fn
info symbol fn
finish
set $id = $
printf "resolved: btf_id %d, struct ", $id
lab_btf_name btf_vmlinux $id
echo \n

break check_btf_arg
continue
echo \n=== R1 = skb ===\n
printf "R%d points to struct ", regno
lab_btf_name reg->btf reg->btf_id
printf " at offset %d; the helper takes struct ", reg->off
lab_btf_name btf_vmlinux want_id
echo \n
finish

continue
echo \n=== R1 = skb->dev ===\n
printf "R%d points to struct ", regno
lab_btf_name reg->btf reg->btf_id
printf " at offset %d; the helper takes struct ", reg->off
lab_btf_name btf_vmlinux want_id
echo \n
set $env = env
finish
printf "logged: %s", $env->log.kbuf
kill
