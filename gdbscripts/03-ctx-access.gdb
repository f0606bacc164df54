# Stage 3: each read of a tp_btf program's context, typed through BTF.
#
# Stop in btf_ctx_access() at each context read the verifier checks.
# Print the offset and size, the argument it is (past 'void *__data'),
# that argument's type in the tracepoint's prototype, and what the read
# gives the destination register.
# 'make stage-3 qemu-gdb' in one terminal, 'make stage-3 gdb' in another,
# then in the guest:
#   LAB_FILTER=ctx_types_in_log /lab/tests/03-ctx-access/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=ctx_types_in_log /lab/tests/03-ctx-access/test
# lab-expect: Breakpoint 1, btf_ctx_access
# lab-expect: ctx\+0 \(8 bytes\) is arg0 of btf_lab_probe: PTR to STRUCT 'btf_lab_obj'
# lab-expect: -> PTR_TO_BTF_ID, btf_id [0-9]+
# lab-expect: ctx\+24 \(8 bytes\) is arg3 of btf_lab_probe: PTR to void
# lab-expect: -> SCALAR_VALUE

break btf_ctx_access
set $n = 0
while $n < 4
  continue
  echo \n=== the verifier asks btf_ctx_access() about a context read ===\n
  set $proto = prog->aux->attach_func_proto
  set $params = (const struct btf_param *)($proto + 1)
  set $t = btf_vmlinux->types[$params[off / 8 + 1].type]
  set $kind = ($t->info >> 24) & 0x1f
  printf "ctx+%d (%d bytes) is arg%d of %s: %s", off, size, off / 8, prog->aux->attach_func_name, btf_kind_str[$kind]
  if $kind == 2
    if $t->type == 0
      printf " to void\n"
    else
      set $pt = btf_vmlinux->types[$t->type]
      printf " to %s '%s'\n", btf_kind_str[($pt->info >> 24) & 0x1f], btf_vmlinux->strings + $pt->name_off
    end
  else
    printf " '%s'\n", btf_vmlinux->strings + $t->name_off
  end
  set $info = info
  finish
  printf "-> "
  output $info->reg_type
  if $info->reg_type == PTR_TO_BTF_ID
    printf ", btf_id %u\n", $info->btf_id
  else
    printf "\n"
  end
  set $n = $n + 1
end
kill
