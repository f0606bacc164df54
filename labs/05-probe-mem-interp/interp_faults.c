// SPDX-License-Identifier: GPL-2.0
/*
 * interp_faults: with the JIT off, the fixture fires with 'other' NULL,
 * an unmapped kernel address (ERR_PTR(-22)), a non-canonical address, a
 * user address, and the unmapped guard page after a vmalloc() area: a
 * canonical kernel address that no range check tells from a valid one,
 * on which only a load that survives its fault survives. Each load
 * through it reads 0, the program goes on to
 * count the run, and the kernel neither oopses nor warns (the grader
 * checks the console).
 */
#include "interp_common.h"

LAB_TEST(interp_faults, 25, 0)
{
	static const char * const scenarios[] = {
		"null", "unmapped", "noncanonical", "user", "guard",
	};
	struct interp *skel = interp_open(0, 0);
	unsigned int i;

	if (!skel)
		return;
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		interp_check_obj(skel, scenarios[i]);
		LAB_EXPECT(skel->bss->vals.other_u32v == 0 && skel->bss->vals.other_next == 0,
			   "'%s': other->u32v and other->next: expected 0 and 0, got %llu and 0x%llx",
			   scenarios[i], (unsigned long long)skel->bss->vals.other_u32v,
			   (unsigned long long)skel->bss->vals.other_next);
		LAB_EXPECT_EQ(skel->bss->vals.after, i + 1,
			      "runs that got past every load (the program must go on)");
	}
	interp__destroy(skel);
	lab_jit(true);
}
