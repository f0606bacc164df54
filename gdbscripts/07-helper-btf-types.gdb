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
# lab-expect: R1: PTR_TO_BTF_ID 'sk_buff' \(btf_id [0-9]+\), off 0
# lab-expect: R1 points to struct sk_buff at offset 0; the helper takes struct sk_buff
# lab-expect: Value returned is \$[0-9]+ = 0
# lab-expect: R1 points to struct net_device at offset 0; the helper takes struct sk_buff
# lab-expect: Value returned is \$[0-9]+ = -13
# lab-expect: logged: R1 is of type net_device but sk_buff is expected

break btf_resolve_helper_id
echo --- waiting for: the verifier to resolve a helper's argument (btf_resolve_helper_id())\n
continue
delete
echo \n=== which struct does the helper's argument point to? ===\n
printf "argument %d of the helper at 0x%lx:\n", arg, (unsigned long)fn
info symbol fn
echo --- waiting for: btf_resolve_helper_id() to return\n
finish
set $id = $
if $id > 0
  set $lab_s0 = $lab_btf_name($id)
  printf "resolved: btf_id %d, struct %s\n", $id, $lab_s0
  lab-btf-type $id
else
  printf "not resolved: %d (a negative errno)\n", $id
end

break check_btf_arg
echo --- waiting for: check_btf_arg() with R1 = skb\n
continue
echo \n=== R1 = skb ===\n
printf "R%d: ", regno
lab-reg reg
set $lab_s0 = $lab_btf_name(reg->btf_id, reg->btf)
set $lab_s1 = $lab_btf_name(want_id)
printf "R%d points to struct %s at offset %d; the helper takes struct %s\n", regno, $lab_s0, reg->off, $lab_s1
echo --- waiting for: check_btf_arg() to return\n
finish

echo --- waiting for: check_btf_arg() with R1 = skb->dev\n
continue
echo \n=== R1 = skb->dev ===\n
printf "R%d: ", regno
lab-reg reg
set $lab_s0 = $lab_btf_name(reg->btf_id, reg->btf)
set $lab_s1 = $lab_btf_name(want_id)
printf "R%d points to struct %s at offset %d; the helper takes struct %s\n", regno, $lab_s0, reg->off, $lab_s1
set $env = env
echo --- waiting for: check_btf_arg() to return\n
finish
printf "logged: %s", $env->log.kbuf
echo --- the walk is complete\n
kill
