// SPDX-License-Identifier: GPL-2.0
/*
 * Loads through the fixture's pointers, for the JIT. Under the JIT a load
 * through a bad kernel address really faults; from stage 6 on the fault
 * is fixed up from the program's exception table and the load reads 0.
 *
 * faults: every width through the two pointers that fault in every
 * scenario (obj->unmapped, obj->noncanon), through 'other' (valid or bad
 * per scenario), then a helper call and a count that must still happen.
 * many: 44 loads through 'other', to fault dozens of times per run.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "jit.h"

struct jit_vals vals;
__u64 many_sum, many_runs;

/* num (the fire's random number) -> other->u32v, written after the faults */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} after_faults SEC(".maps");

SEC("tp_btf/btf_lab_probe")
int faults(unsigned long long *ctx)
{
	struct btf_lab_obj *obj = (void *)ctx[0];
	struct btf_lab_obj *other = (void *)ctx[6];
	__u32 num = ctx[1];
	__u64 v;

	vals.unm_u8 = obj->unmapped->u8v;
	vals.unm_u16 = obj->unmapped->u16v;
	vals.unm_u32 = obj->unmapped->u32v;
	vals.unm_u64 = obj->unmapped->u64v;
	vals.nc_u8 = obj->noncanon->u8v;
	vals.nc_u16 = obj->noncanon->u16v;
	vals.nc_u32 = obj->noncanon->u32v;
	vals.nc_u64 = obj->noncanon->u64v;
	vals.via_null = obj->null_ptr->u64v;
	vals.via_user = obj->user_ptr->u32v;
	vals.o_u8 = other->u8v;
	vals.o_u16 = other->u16v;
	vals.o_u32 = other->u32v;
	vals.o_u64 = other->u64v;
	vals.o_inner_b = other->inner.b;
	vals.o_next = (__u64)other->next;
	v = vals.o_u32;
	bpf_map_update_elem(&after_faults, &num, &v, BPF_ANY);
	vals.after++;
	return 0;
}

/*
 * Its eleven scalar members, each read once. (A pointer member reads as a
 * BTF pointer, on which the verifier allows no arithmetic.)
 */
#define READ_ALL(p)							\
	((__u64)p->u8v + p->u16v + p->u32v + p->u64v + p->inner.a +	\
	 p->inner.b + p->inner.c + p->un.whole + p->un.half.lo +		\
	 p->un.half.hi + p->tail)

SEC("tp_btf/btf_lab_probe")
int many(unsigned long long *ctx)
{
	struct btf_lab_obj *other = (void *)ctx[6];
	__u64 sum = 0;
	int i;

#pragma unroll
	for (i = 0; i < JIT_MANY_ROUNDS; i++) {
		sum += READ_ALL(other);
		/* load them again in the next round */
		asm volatile("" ::: "memory");
	}
	many_sum = sum;
	many_runs++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
