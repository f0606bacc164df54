// SPDX-License-Identifier: GPL-2.0
/*
 * interp_values: with the JIT off, the interpreter runs the program's
 * BPF_PROBE_MEM loads: what they read through valid pointers is exact,
 * for every size, fire after fire, and through 'other' when it is a copy
 * of obj->next in vmalloc space (a filter that refuses those addresses
 * reads 0 there); loads through the NULL, unmapped, non-canonical and
 * user pointers among obj's members read 0.
 */
#include "interp_common.h"

#define ROUNDS	3

LAB_TEST(interp_values, 25, 0)
{
	struct interp *skel = interp_open(0, 0);
	int i;

	if (!skel)
		return;
	LAB_EXPECT(interp_jited(skel) == 0,
		   "prog_jited: expected 0 with %s=0 (the interpreter), got %d", LAB_JIT_SYSCTL,
		   interp_jited(skel));
	for (i = 0; i < ROUNDS && !lab_failed; i++) {
		interp_check_obj(skel, "valid");
		LAB_EXPECT_EQ(skel->bss->vals.other_u32v, lab_truth_must("obj.next.u32v"),
			      "other->u32v (other is obj->next in 'valid')");
		LAB_EXPECT_EQ(skel->bss->vals.other_next, lab_truth_must("obj.next.next"),
			      "other->next");
	}
	interp_check_obj(skel, "vmalloc");
	LAB_EXPECT_EQ(skel->bss->vals.other_u32v, lab_truth_must("obj.next.u32v"),
		      "other->u32v (other is a copy of obj->next in vmalloc space in 'vmalloc')");
	LAB_EXPECT_EQ(skel->bss->vals.other_next, lab_truth_must("obj.next.next"),
		      "other->next (in vmalloc space)");
	LAB_EXPECT_EQ(skel->bss->vals.after, ROUNDS + 1, "runs that got past every load");
	interp__destroy(skel);
	lab_jit(true);
}
