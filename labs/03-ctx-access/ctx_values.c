// SPDX-License-Identifier: GPL-2.0
/*
 * ctx_values: what a tp_btf program reads from its context is what the
 * fixture passed: the same pointers, the same int and enum, fire after
 * fire with fresh random values, and a NULL 'other' when it is NULL.
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "ctx_values.skel.h"

LAB_TEST(ctx_values, 15, 0)
{
	unsigned int k = lab_rand(2, 20);
	struct ctx_values *skel;
	int err;

	skel = ctx_values__open_and_load();
	LAB_ASSERT(skel, "ctx_values.bpf.c (reads ctx[0..3] and ctx[6]): expected it to load, got %s",
		   strerror(errno));
	err = ctx_values__attach(skel);
	LAB_ASSERT(!err, "attaching tp_btf/btf_lab_probe: %s", strerror(-err));

	LAB_ASSERT(!lab_fire("valid", k), "firing the fixture failed");
	LAB_EXPECT_EQ(skel->bss->runs, k, "runs");
	LAB_EXPECT_EQ(skel->bss->obj_addr, lab_truth_must("obj"), "arg0 obj (the pointer)");
	LAB_EXPECT_EQ(skel->bss->num_val, (long long)(int)lab_truth_must("num"), "arg1 num");
	LAB_EXPECT_EQ(skel->bss->scenario_val, lab_truth_must("scenario_id"), "arg2 scenario");
	LAB_EXPECT_EQ(skel->bss->opaque_val, lab_truth_must("opaque"), "arg3 opaque");
	LAB_EXPECT_EQ(skel->bss->other_addr, lab_truth_must("other"), "arg6 other");
	LAB_EXPECT_EQ(skel->bss->u32v_val, lab_truth_must("obj.u32v"),
		      "obj->u32v (read with bpf_probe_read_kernel)");

	LAB_ASSERT(!lab_fire("null", 1), "firing the fixture failed");
	LAB_EXPECT_EQ(skel->bss->other_addr, 0, "arg6 other in the 'null' scenario");
	LAB_EXPECT_EQ(skel->bss->num_val, (long long)(int)lab_truth_must("num"),
		      "arg1 num after the 'null' fire");
	ctx_values__destroy(skel);
}
