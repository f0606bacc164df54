// SPDX-License-Identifier: GPL-2.0
/*
 * Loads straight through the fixture's struct pointer, as a tp_btf
 * program can from stage 4 on: every scalar kind, a nested struct, both
 * sides of a union, and two pointers deep.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "walk_values.h"

struct walk_vals vals;

SEC("tp_btf/btf_lab_probe")
int walk(unsigned long long *ctx)
{
	struct btf_lab_obj *obj = (void *)ctx[0];
	struct btf_lab_obj *next;

	vals.u8v = obj->u8v;
	vals.u16v = obj->u16v;
	vals.u32v = obj->u32v;
	vals.u64v = obj->u64v;
	vals.inner_a = obj->inner.a;
	vals.inner_b = obj->inner.b;
	vals.inner_c = obj->inner.c;
	vals.whole = obj->un.whole;
	vals.lo = obj->un.half.lo;
	vals.hi = obj->un.half.hi;
	/* Until stage 5 a load through NULL oopses: check first. */
	next = obj->next;
	if (next) {
		vals.next_u32v = next->u32v;
		if (next->next)
			vals.next_next_u64v = next->next->u64v;
	}
	vals.runs++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
