# Stage 2: a tp_btf program names its tracepoint by BTF type id.
#
# Stop where the verifier checks attach_btf_id and look at the type it
# names, the way check_raw_tp_btf_id() must: a typedef btf_trace_<tp>, a
# pointer, a function prototype (lab-btf-type prints that chain). Then
# stop in the attach and see the tracepoint's name, derived from the
# type's name.
# 'make stage-2 qemu-gdb' in one terminal, 'make stage-2 gdb' in another,
# then in the guest:
#   LAB_FILTER=attach_counts_fires /lab/tests/02-attach-btf-id/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=attach_counts_fires /lab/tests/02-attach-btf-id/test
# lab-expect: Breakpoint 1, bpf_check_attach_target
# lab-expect: ^\[[0-9]+\] TYPEDEF 'btf_trace_btf_lab_probe' -> \[[0-9]+\] PTR -> \[[0-9]+\] FUNC_PROTO \(8 parameters\)$
# lab-expect: which is: TYPEDEF 'btf_trace_btf_lab_probe'
# lab-expect: Value returned is \$[0-9]+ = 0
# lab-expect: tracepoint name: btf_lab_probe
# lab-expect: bpf_raw_tp_link_attach

break bpf_check_attach_target
echo --- waiting for: the verifier's bpf_check_attach_target()\n
continue
echo \n=== the verifier checks a tp_btf program's attach_btf_id ===\n
printf "attach_btf_id %u, expected_attach_type %d (BPF_TRACE_RAW_TP is 23)\n", btf_id, prog->expected_attach_type
echo the type and the chain it starts (lab-btf-type):\n
lab-btf-type btf_id
set $lab_s0 = $lab_btf_kind(btf_id)
set $lab_s1 = $lab_btf_name(btf_id)
printf "which is: %s '%s'\n", $lab_s0, $lab_s1
echo \n=== 0 is accepted ===\n
echo --- waiting for: bpf_check_attach_target() to return\n
finish

break bpf_get_raw_tracepoint
echo --- waiting for: the attach (bpf_get_raw_tracepoint())\n
continue
echo \n=== the attach looks the tracepoint up by the type's name, minus the prefix ===\n
printf "tracepoint name: %s\n", name
bt 3
echo --- the walk is complete\n
kill
