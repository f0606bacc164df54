# Stage 4: loads through BTF-typed pointers, one struct walk at a time.
#
# The kfree_skb test program walks skb->len, skb->dev->ifindex and
# skb->users.refs.counter. For each load through a PTR_TO_BTF_ID the
# verifier checks, print the pointer's struct, the offset and the size;
# at each call of btf_struct_walk() the type it is asked to look in (the
# given btf_struct_access() calls it again for each nested struct that it
# returns WALK_STRUCT for); and the type the destination register gets.
# (lab-reg prints the pointer's register, $lab_btf_name() and
# $lab_btf_kind() name the types.)
# It stops only in functions that the skeleton defines or 6.1 calls, so
# it works whatever your walk looks like inside: a loop, a goto, or a
# recursion (which shows each level).
# 'make stage-4 qemu-gdb' in one terminal, 'make stage-4 gdb' in another,
# then in the guest:
#   LAB_FILTER=walk_kfree_skb /lab/tests/04-struct-walk/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=walk_kfree_skb /lab/tests/04-struct-walk/test
# lab-expect: load of 8 bytes at offset [0-9]+ of ptr_sk_buff
# lab-expect: R[0-9]: PTR_TO_BTF_ID 'sk_buff' \(btf_id [0-9]+\), off 0
# lab-expect: walk: STRUCT 'sk_buff' \([0-9]+ bytes\), looking for 8 bytes at offset [0-9]+
# lab-expect: -> R[0-9] = PTR_TO_BTF_ID 'net_device'
# lab-expect: load of 4 bytes at offset [0-9]+ of ptr_net_device
# lab-expect: -> R[0-9] = SCALAR_VALUE
# lab-expect: the program passed the verifier

# 1: each load through a PTR_TO_BTF_ID the verifier checks;
# 2: each call of btf_struct_walk();
# 3: mark_btf_ld_reg(), where the load's result reaches the register;
# 4: bpf_prog_select_runtime() of a tracing program: it was verified,
#    the walk ends (libbpf's probes, socket filters, do not count).
break check_ptr_to_btf_access
break btf_struct_walk
break mark_btf_ld_reg
break bpf_prog_select_runtime if fp->type == BPF_PROG_TYPE_TRACING
set $i = 0
set $done = 0
echo --- waiting for: the loads of the program through BTF pointers, then its end (bpf_prog_select_runtime())\n
while !$done && $i < 200
  continue
  if $_caller_is("bpf_prog_select_runtime", 0)
    echo \n=== the program passed the verifier ===\n
    set $done = 1
  end
  if $_caller_is("check_ptr_to_btf_access", 0)
    set $lab_s0 = $lab_btf_name(regs[regno].btf_id, regs[regno].btf)
    printf "\n=== load of %d bytes at offset %d of ptr_%s (R%d) ===\n", size, off, $lab_s0, regno
    printf "  R%d: ", regno
    lab-reg regs[regno]
  else
    if $_caller_is("btf_struct_walk", 0)
      set $lab_s0 = $lab_btf_kind(t, btf)
      set $lab_s1 = $lab_btf_name(t, btf)
      printf "  walk: %s '%s' (%u bytes), looking for %d bytes at offset %d\n", $lab_s0, $lab_s1, t->size, size, off
    else
      if $_caller_is("check_ptr_to_btf_access", 1)
        # mark_btf_ld_reg() is inlined: read its caller's (6.1's) locals.
        up-silently
        printf "  -> R%d = ", value_regno
        output (enum bpf_reg_type)ret
        if ret == PTR_TO_BTF_ID
          set $lab_s0 = $lab_btf_name(btf_id)
          printf " '%s'", $lab_s0
        end
        printf "\n"
        down-silently
      end
    end
  end
  set $i = $i + 1
end
echo --- the walk is complete\n
kill
