/* SPDX-License-Identifier: GPL-2.0 */
/* What walk_values.bpf.c stores, and walk_values.c checks. */
#ifndef WALK_VALUES_H
#define WALK_VALUES_H

struct walk_vals {
	__u64 u8v, u16v, u32v, u64v;
	__u64 inner_a, inner_b, inner_c;
	__u64 whole, lo, hi;
	__u64 next_u32v, next_next_u64v;
	__u64 runs;
};

#endif /* WALK_VALUES_H */
