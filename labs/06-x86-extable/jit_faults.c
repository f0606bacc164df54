// SPDX-License-Identifier: GPL-2.0
/*
 * jit_faults: with the JIT on, the fixture fires once per scenario. Loads
 * of every width through ERR_PTR(-22) (a page fault) and a non-canonical
 * address (a general-protection fault) read 0; loads through NULL and a
 * user address read 0; loads through 'other' are exact when it is valid
 * (obj->next, or its copy in vmalloc space) and 0 when it is not (NULL,
 * ERR_PTR(-22), non-canonical, user, or the vmalloc guard page, where only
 * an exception-table fixup saves the kernel). After the faults the program still calls a
 * helper with the right values and counts its run. The grader fails the
 * test on any oops or WARN on the console.
 */
#include "extable.h"

static void check_bad(const struct jit_vals *v, const char *scenario)
{
	const struct { const char *what; __u64 got; } bad[] = {
		{ "obj->unmapped->u8v", v->unm_u8 }, { "obj->unmapped->u16v", v->unm_u16 },
		{ "obj->unmapped->u32v", v->unm_u32 }, { "obj->unmapped->u64v", v->unm_u64 },
		{ "obj->noncanon->u8v", v->nc_u8 }, { "obj->noncanon->u16v", v->nc_u16 },
		{ "obj->noncanon->u32v", v->nc_u32 }, { "obj->noncanon->u64v", v->nc_u64 },
		{ "obj->null_ptr->u64v", v->via_null }, { "obj->user_ptr->u32v", v->via_user },
	};
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		LAB_EXPECT(bad[i].got == 0, "'%s': %s: expected 0 (a faulting load reads 0), got 0x%llx",
			   scenario, bad[i].what, (unsigned long long)bad[i].got);
}

static void check_other(struct jit *skel, const char *scenario, int valid)
{
	const struct jit_vals *v = &skel->bss->vals;
	__u32 num = (__u32)lab_truth_must("num");
	__u64 want = valid ? lab_truth_must("obj.next.u32v") : 0, got = ~0ULL;

	LAB_EXPECT_EQ(v->o_u8, valid ? lab_truth_must("obj.next.u8v") : 0, "other->u8v");
	LAB_EXPECT_EQ(v->o_u16, valid ? lab_truth_must("obj.next.u16v") : 0, "other->u16v");
	LAB_EXPECT_EQ(v->o_u32, want, "other->u32v");
	LAB_EXPECT_EQ(v->o_u64, valid ? lab_truth_must("obj.next.u64v") : 0, "other->u64v");
	LAB_EXPECT_EQ(v->o_inner_b, valid ? lab_truth_must("obj.next.inner.b") : 0,
		      "other->inner.b");
	LAB_EXPECT_EQ(v->o_next, valid ? lab_truth_must("obj.next.next") : 0, "other->next");
	LAB_EXPECT(!bpf_map__lookup_elem(skel->maps.after_faults, &num, sizeof(num), &got,
					 sizeof(got), 0),
		   "'%s': the map update after the faults did not happen (no key %u)", scenario, num);
	LAB_EXPECT_EQ(got, want, "the value the program stored after the faults");
}

LAB_TEST(jit_faults, 20, 0)
{
	static const char * const scenarios[] = {
		"valid", "null", "unmapped", "noncanonical", "user", "vmalloc", "guard",
	};
	struct jit *skel = jit_open("faults");
	unsigned int i;

	if (!skel)
		return;
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		LAB_ASSERT(!lab_fire(scenarios[i], 1), "firing the fixture (%s) failed", scenarios[i]);
		check_bad(&skel->bss->vals, scenarios[i]);
		check_other(skel, scenarios[i], i == 0 || i == 5);
		LAB_EXPECT_EQ(skel->bss->vals.after, i + 1,
			      "runs that got past every load (the program must go on)");
	}
	jit__destroy(skel);
}
