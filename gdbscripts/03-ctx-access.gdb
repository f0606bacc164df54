# Stage 3: each read of a tp_btf program's context, typed through BTF.
#
# Stop in btf_ctx_access() at each context read the verifier checks.
# Print the offset and size, the argument it is (past 'void *__data'),
# that argument's type in the tracepoint's prototype (lab-btf-type: the
# type and what it points to), and what the read gives the destination
# register.
# 'make stage-3 qemu-gdb' in one terminal, 'make stage-3 gdb' in another,
# then in the guest:
#   LAB_FILTER=ctx_types_in_log /lab/tests/03-ctx-access/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=ctx_types_in_log /lab/tests/03-ctx-access/test
# lab-expect: Breakpoint 1, btf_ctx_access
# lab-expect: ctx\+0 \(8 bytes\) is arg0 of btf_lab_probe: \[[0-9]+\] PTR -> \[[0-9]+\] STRUCT 'btf_lab_obj'
# lab-expect: -> PTR_TO_BTF_ID, btf_id [0-9]+ \(btf_lab_obj\)
# lab-expect: ctx\+24 \(8 bytes\) is arg3 of btf_lab_probe: \[[0-9]+\] PTR -> \[0\] void$
# lab-expect: -> SCALAR_VALUE

break btf_ctx_access
set $n = 0
while $n < 4
  echo --- waiting for: btf_ctx_access() on a context read\n
  continue
  echo \n=== the verifier asks btf_ctx_access() about a context read ===\n
  set $params = (const struct btf_param *)(prog->aux->attach_func_proto + 1)
  printf "ctx+%d (%d bytes) is arg%d of %s: ", off, size, off / 8, prog->aux->attach_func_name
  lab-btf-type $params[off / 8 + 1].type
  set $info = info
  echo --- waiting for: btf_ctx_access() to return\n
  finish
  printf "-> "
  output $info->reg_type
  if $info->reg_type == PTR_TO_BTF_ID
    set $lab_s0 = $lab_btf_name($info->btf_id)
    printf ", btf_id %u (%s)\n", $info->btf_id, $lab_s0
  else
    printf "\n"
  end
  set $n = $n + 1
end
echo --- the walk is complete\n
kill
