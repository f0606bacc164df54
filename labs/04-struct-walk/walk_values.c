// SPDX-License-Identifier: GPL-2.0
/*
 * walk_values: what a tp_btf program loads through obj equals the
 * fixture's ground truth, for u8, u16, u32 and u64 members, a nested
 * struct, both sides of a union, and obj->next->u32v and
 * obj->next->next->u64v, fire after fire with fresh random values.
 */
#include <errno.h>
#include <string.h>
#include <linux/types.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "walk_values.h"
#include "walk_values.skel.h"

LAB_TEST(walk_values, 20, 0)
{
	unsigned int k = lab_rand(2, 20);
	struct walk_values *skel;
	int err;

	skel = walk_values__open_and_load();
	LAB_ASSERT(skel, "walk_values.bpf.c (loads through obj): expected it to load, got %s",
		   strerror(errno));
	err = walk_values__attach(skel);
	LAB_ASSERT(!err, "attaching tp_btf/btf_lab_probe: %s", strerror(-err));
	LAB_ASSERT(!lab_fire("valid", k), "firing the fixture failed");

#define EXPECT_FIELD(field, key) \
	LAB_EXPECT_EQ(skel->bss->vals.field, lab_truth_must(key), key)
	LAB_EXPECT_EQ(skel->bss->vals.runs, k, "runs");
	EXPECT_FIELD(u8v, "obj.u8v");
	EXPECT_FIELD(u16v, "obj.u16v");
	EXPECT_FIELD(u32v, "obj.u32v");
	EXPECT_FIELD(u64v, "obj.u64v");
	EXPECT_FIELD(inner_a, "obj.inner.a");
	EXPECT_FIELD(inner_b, "obj.inner.b");
	EXPECT_FIELD(inner_c, "obj.inner.c");
	EXPECT_FIELD(whole, "obj.un.whole");
	EXPECT_FIELD(lo, "obj.un.half.lo");
	EXPECT_FIELD(hi, "obj.un.half.hi");
	EXPECT_FIELD(next_u32v, "obj.next.u32v");
	EXPECT_FIELD(next_next_u64v, "obj.next.next.u64v");
#undef EXPECT_FIELD
	walk_values__destroy(skel);
}
