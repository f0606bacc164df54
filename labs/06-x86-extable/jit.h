/* SPDX-License-Identifier: GPL-2.0 */
/* What jit.bpf.c stores, and the tests of stage 06-x86-extable check. */
#ifndef JIT_H
#define JIT_H

/* Rounds of the 11 loads of many(): 44 BTF loads, all faulting on 'other'. */
#define JIT_MANY_ROUNDS	4
#define JIT_MANY_MEMBERS	11

struct jit_vals {
	/* through 'other': exact when it is valid, 0 when it is bad */
	__u64 o_u8, o_u16, o_u32, o_u64, o_inner_b, o_next;
	/* through obj->null_ptr and obj->user_ptr: never loaded (6.1's check) */
	__u64 via_null, via_user;
	/* through obj->unmapped (ERR_PTR(-22)): page faults, every width */
	__u64 unm_u8, unm_u16, unm_u32, unm_u64;
	/* through obj->noncanon: general-protection faults, every width */
	__u64 nc_u8, nc_u16, nc_u32, nc_u64;
	/* runs that got past every load */
	__u64 after;
};

#endif /* JIT_H */
