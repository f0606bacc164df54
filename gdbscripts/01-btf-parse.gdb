# Stage 1: the first parse of vmlinux BTF, step by step.
#
# Stop where the first load asks for vmlinux BTF, watch the header and the
# string section being checked, see the first types go through the per-type
# checks, then see the result published as btf_vmlinux.
# 'make stage-1 qemu-gdb' in one terminal, 'make stage-1 gdb' in another,
# then load any program in the guest, before anything else does, e.g.:
#   LAB_FILTER=vmlinux_btf_listed /lab/tests/01-btf-parse/test
#
# make check runs it in batch mode; the lines below drive that run.
# lab-cmd: LAB_FILTER=vmlinux_btf_listed /lab/tests/01-btf-parse/test
# lab-expect: Breakpoint 1, btf_parse_vmlinux
# lab-expect: bpf_get_btf_vmlinux
# lab-expect: magic = 0xeb9f
# lab-expect: string section: [0-9]+ bytes
# lab-expect: type \[1\] kind (INT|PTR|ARRAY|STRUCT|UNION|ENUM|FWD|TYPEDEF|VOLATILE|CONST|RESTRICT|FUNC|FUNC_PROTO)
# lab-expect: types checked: [0-9]+
# lab-expect: Value returned is .*\(struct btf \*\) 0xffff
# lab-expect: btf_vmlinux: "vmlinux", [0-9]+ types, kernel_btf 1

break btf_parse_vmlinux
echo --- waiting for: the first parse of vmlinux BTF (btf_parse_vmlinux())\n
continue
echo \n=== the first user of vmlinux BTF asks for it ===\n
bt 4

break btf_parse_hdr
echo --- waiting for: btf_parse_hdr()\n
continue
echo \n=== btf_parse_hdr(): the raw header, before any check ===\n
print/x *(struct btf_header *)env->btf->data
printf "data_size: %u bytes\n", env->btf->data_size
finish

break btf_parse_str_sec
echo --- waiting for: btf_parse_str_sec()\n
continue
echo \n=== btf_parse_str_sec(): the header was accepted and copied ===\n
printf "string section: %u bytes at offset %u\n", env->btf->hdr.str_len, env->btf->hdr.str_off
finish

echo \n=== btf_check_all_metas(): the first types, as the loop checks them ===\n
rbreak ^btf_[a-z_0-9]*_check_meta$
set $seen = 0
echo --- waiting for: the per-type checks (btf_*_check_meta())\n
while $seen < 4
  continue
  set $lab_s0 = $lab_btf_kind(t)
  printf "type [%u] kind %s\n", env->log_type_id, $lab_s0
  set $seen = $seen + 1
end
delete

break bpf_struct_ops_init
echo --- waiting for: btf_vmlinux_finish() (bpf_struct_ops_init())\n
continue
echo \n=== every type passed: btf_vmlinux_finish() sets up the rest ===\n
printf "types checked: %u (type 0 is void)\n", btf->nr_types
delete

echo \n=== out of btf_vmlinux_finish() and btf_parse_vmlinux(), up to bpf_get_btf_vmlinux() ===\n
# However many functions your parse has between them.
set $up = 0
while !$_caller_is("bpf_get_btf_vmlinux", 0) && $up < 8
  finish
  set $up = $up + 1
end
echo \n=== bpf_get_btf_vmlinux() published it: the lockless readers see this ===\n
echo --- waiting for: bpf_get_btf_vmlinux() to return\n
finish
printf "btf_vmlinux: \"%s\", %u types, kernel_btf %d, id %d\n", btf_vmlinux->name, btf_vmlinux->nr_types, btf_vmlinux->kernel_btf, btf_vmlinux->id
echo --- the walk is complete\n
kill
