/* SPDX-License-Identifier: GPL-2.0 */
/* What interp.bpf.c stores, and the tests of stage 05-probe-mem-interp check. */
#ifndef INTERP_H
#define INTERP_H

struct interp_vals {
	/* through obj, always valid */
	__u64 u8v, u16v, u32v, u64v, inner_b;
	/* through other: valid, NULL or bad, as the scenario says */
	__u64 other_u32v, other_next;
	/* through obj's members that are never valid pointers */
	__u64 via_null, via_unmapped, via_noncanon, via_user;
	/* runs that got past all the loads above */
	__u64 after;
};

#endif /* INTERP_H */
