# Stage 4: loads through BTF-typed pointers, one struct walk at a time.
#
# The kfree_skb test program walks skb->len, skb->dev->ifindex and
# skb->users.refs.counter. For each load through a PTR_TO_BTF_ID the
# verifier checks, print the pointer's struct, the offset and the size;
# at each call of btf_struct_walk() the type it is asked to look in (the
# given btf_struct_access() calls it again for each nested struct that it
# returns WALK_STRUCT for); and the type the destination register gets.
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
# lab-expect: walk: STRUCT 'sk_buff' \([0-9]+ bytes\), looking for 8 bytes at offset [0-9]+
# lab-expect: -> R[0-9] = PTR_TO_BTF_ID 'net_device'
# lab-expect: load of 4 bytes at offset [0-9]+ of ptr_net_device
# lab-expect: -> R[0-9] = SCALAR_VALUE

define lab_type_name
  if $arg0->name_off == 0
    printf "<anonymous>"
  else
    printf "%s", btf_vmlinux->strings + $arg0->name_off
  end
end

# 1: each load through a PTR_TO_BTF_ID the verifier checks;
# 2: each call of btf_struct_walk();
# 3: mark_btf_ld_reg(), where the load's result reaches the register.
break check_ptr_to_btf_access
break btf_struct_walk
break mark_btf_ld_reg
set $i = 0
while $i < 24
  continue
  if $_caller_is("check_ptr_to_btf_access", 0)
    printf "\n=== load of %d bytes at offset %d of ptr_", size, off
    lab_type_name btf_vmlinux->types[regs[regno].btf_id]
    printf " (R%d) ===\n", regno
  else
    if $_caller_is("btf_struct_walk", 0)
      printf "  walk: %s '", btf_kind_str[(t->info >> 24) & 0x1f]
      lab_type_name t
      printf "' (%u bytes), looking for %d bytes at offset %d\n", t->size, size, off
    else
      if $_caller_is("check_ptr_to_btf_access", 1)
        up-silently
        printf "  -> R%d = ", value_regno
        output (enum bpf_reg_type)ret
        if ret == PTR_TO_BTF_ID
          printf " '"
          lab_type_name btf_vmlinux->types[btf_id]
          printf "'"
        end
        printf "\n"
        down-silently
      end
    end
  end
  set $i = $i + 1
end
kill
