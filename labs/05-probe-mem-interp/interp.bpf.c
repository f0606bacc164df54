// SPDX-License-Identifier: GPL-2.0
/*
 * Loads through the fixture's pointers with no NULL check: from stage 5
 * on they are BPF_PROBE_MEM loads, and a bad pointer reads 0.
 *
 * probe loads through good and bad pointers; valid_loads only through the
 * ones that are valid in the 'valid' scenario, for the JIT, which has no
 * exception table before stage 6. A test attaches one of them.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "interp.h"

struct interp_vals vals;

static __always_inline void read_valid(unsigned long long *ctx)
{
	struct btf_lab_obj *obj = (void *)ctx[0];
	struct btf_lab_obj *other = (void *)ctx[6];

	vals.u8v = obj->u8v;
	vals.u16v = obj->u16v;
	vals.u32v = obj->u32v;
	vals.u64v = obj->u64v;
	vals.inner_b = obj->inner.b;
	vals.other_u32v = other->u32v;
	vals.other_next = (__u64)other->next;
}

SEC("tp_btf/btf_lab_probe")
int probe(unsigned long long *ctx)
{
	struct btf_lab_obj *obj = (void *)ctx[0];

	read_valid(ctx);
	vals.via_null = obj->null_ptr->u64v;
	vals.via_unmapped = obj->unmapped->u32v;
	vals.via_noncanon = obj->noncanon->u32v;
	vals.via_user = obj->user_ptr->u32v;
	vals.after++;
	return 0;
}

SEC("tp_btf/btf_lab_probe")
int valid_loads(unsigned long long *ctx)
{
	read_valid(ctx);
	vals.after++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
