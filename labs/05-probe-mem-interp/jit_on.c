// SPDX-License-Identifier: GPL-2.0
/*
 * jit_no_regression: with the JIT on, BTF loads through valid pointers
 * read the same values. Until stage 6 the JIT has no exception table and
 * faults under it are stage 6's, so this attaches the program that only
 * loads through pointers valid in the 'valid' scenario, the only one
 * fired.
 */
#include "interp_common.h"

#define ROUNDS	3

LAB_TEST(jit_no_regression, 5, 0)
{
	struct interp *skel = interp_open(1, 1);
	int i;

	if (!skel)
		return;
	for (i = 0; i < ROUNDS && !lab_failed; i++) {
		LAB_ASSERT(!lab_fire("valid", 1), "firing the fixture failed");
		LAB_EXPECT_EQ(skel->bss->vals.u8v, lab_truth_must("obj.u8v"), "obj->u8v");
		LAB_EXPECT_EQ(skel->bss->vals.u16v, lab_truth_must("obj.u16v"), "obj->u16v");
		LAB_EXPECT_EQ(skel->bss->vals.u32v, lab_truth_must("obj.u32v"), "obj->u32v");
		LAB_EXPECT_EQ(skel->bss->vals.u64v, lab_truth_must("obj.u64v"), "obj->u64v");
		LAB_EXPECT_EQ(skel->bss->vals.other_u32v, lab_truth_must("obj.next.u32v"),
			      "other->u32v");
	}
	LAB_EXPECT_EQ(skel->bss->vals.after, ROUNDS, "runs");
	interp__destroy(skel);
}
