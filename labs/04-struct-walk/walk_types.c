// SPDX-License-Identifier: GPL-2.0
/*
 * walk_types_in_log: at log level 2 the verifier shows what each load
 * through obj gave: obj->next is another pointer to struct btf_lab_obj,
 * which can be walked again; scalars for obj->u64v, a member of a nested
 * struct, and the function pointer obj->fn.
 */
#include "walk.h"

LAB_TEST(walk_types_in_log, 15, 0)
{
	unsigned int s;
	int next = lab_offsetof("btf_lab_obj", "next", &s);
	int u64v = lab_offsetof("btf_lab_obj", "u64v", &s);
	int b = lab_offsetof("btf_lab_inner", "b", &s);
	int inner = lab_offsetof("btf_lab_obj", "inner", &s);
	int fn = lab_offsetof("btf_lab_obj", "fn", &s);
	struct bpf_insn prog[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),		/* r2 = obj */
		LAB_LDX(BPF_DW, BPF_REG_3, BPF_REG_2, next),	/* r3 = obj->next */
		LAB_LDX(BPF_DW, BPF_REG_4, BPF_REG_3, u64v),	/* r4 = r3->u64v */
		LAB_LDX(BPF_H, BPF_REG_5, BPF_REG_2, inner + b),	/* r5 = obj->inner.b */
		LAB_LDX(BPF_DW, BPF_REG_6, BPF_REG_2, fn),	/* r6 = obj->fn */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	int fd;

	LAB_ASSERT(next > 0 && u64v > 0 && b > 0 && inner > 0 && fn > 0,
		   "struct btf_lab_obj in vmlinux BTF lacks a member the test reads");
	fd = walk_load("btf_lab_probe", prog, 7, 2);
	LAB_ASSERT(fd >= 0, "a program walking obj->next->u64v, obj->inner.b and obj->fn: "
		   "expected it to load, got %s; log: %s", strerror(-fd), walk_log);
	close(fd);
	LAB_EXPECT(strstr(walk_log, "R3_w=ptr_btf_lab_obj("),
		   "obj->next: expected R3_w=ptr_btf_lab_obj in the log");
	LAB_EXPECT(strstr(walk_log, "R4_w=scalar("), "obj->next->u64v: expected R4_w=scalar");
	LAB_EXPECT(strstr(walk_log, "R5_w=scalar("), "obj->inner.b: expected R5_w=scalar");
	LAB_EXPECT(strstr(walk_log, "R6_w=scalar("), "obj->fn: expected R6_w=scalar");
	if (lab_failed)
		lab_diag("the verifier log:\n%s", walk_log);
}
