# Stage 2: a tp_btf program names its tracepoint by BTF type id.
#
# Stop where the verifier checks attach_btf_id and look at the type it
# names, the way check_raw_tp_btf_id() must: a typedef btf_trace_<tp>, a
# pointer, a function prototype. Then stop in the attach and see the
# tracepoint's name, derived from the type's name.
# 'make stage-2 qemu-gdb' in one terminal, 'make stage-2 gdb' in another,
# then in the guest:
#   LAB_FILTER=attach_counts_fires /lab/tests/02-attach-btf-id/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=attach_counts_fires /lab/tests/02-attach-btf-id/test
# lab-expect: Breakpoint 1, bpf_check_attach_target
# lab-expect: type \[[0-9]+\] TYPEDEF 'btf_trace_btf_lab_probe'
# lab-expect: its target: PTR
# lab-expect: which points to: FUNC_PROTO with 8 parameters
# lab-expect: Value returned is \$[0-9]+ = 0
# lab-expect: tracepoint name: btf_lab_probe
# lab-expect: bpf_raw_tp_link_attach

break bpf_check_attach_target
continue
echo \n=== the verifier checks a tp_btf program's attach_btf_id ===\n
printf "attach_btf_id %u, expected_attach_type %d (BPF_TRACE_RAW_TP is 23)\n", btf_id, prog->expected_attach_type
set $t = btf_vmlinux->types[btf_id]
printf "type [%u] %s '%s'\n", btf_id, btf_kind_str[($t->info >> 24) & 0x1f], btf_vmlinux->strings + $t->name_off
set $p = btf_vmlinux->types[$t->type]
printf "its target: %s\n", btf_kind_str[($p->info >> 24) & 0x1f]
set $f = btf_vmlinux->types[$p->type]
printf "which points to: %s with %u parameters (void *__data first)\n", btf_kind_str[($f->info >> 24) & 0x1f], $f->info & 0xffff
echo \n=== 0 is accepted ===\n
finish

break bpf_get_raw_tracepoint
continue
echo \n=== the attach looks the tracepoint up by the type's name, minus the prefix ===\n
printf "tracepoint name: %s\n", name
bt 3
kill
