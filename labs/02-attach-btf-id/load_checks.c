// SPDX-License-Identifier: GPL-2.0
/*
 * load_checks_ids, load_checks_types: BPF_PROG_LOAD of a tp_btf program
 * (BPF_PROG_TYPE_TRACING, BPF_TRACE_RAW_TP) accepts an attach_btf_id only
 * if it names a typedef btf_trace_<tp> of a pointer to a function
 * prototype. Raw bpf() calls, so that the ids can be wrong on purpose.
 */
#include <stdio.h>

#include "attach.h"

#define BTF_MAX_TYPE	0x000fffff	/* include/uapi/linux/btf.h */

LAB_TEST(load_checks_ids, 5, 0)
{
	static const struct bpf_insn ret0[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int id, cnt, fd;

	TP_ID_OR_RETURN(id);
	cnt = vmlinux_type_cnt();
	expect_valid_loads(id);

	expect_refused(0, "zero", EINVAL, "Tracing programs must provide btf_id");
	expect_refused(cnt + lab_rand(0, 1000), "past the last type", EINVAL, "is invalid");
	/* Out of range: bpf_prog_load() refuses it before the verifier logs. */
	expect_refused(BTF_MAX_TYPE + lab_rand(1, 1000), "past BTF_MAX_TYPE", EINVAL, NULL);

	/* A program type that takes no attach_btf_id: also before the verifier. */
	fd = lab_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, id, ret0, 2, NULL, 0);
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EINVAL,
		   "a socket filter with attach_btf_id %d: expected EINVAL, got %s", id,
		   fd >= 0 ? "success" : strerror(-fd));
}

LAB_TEST(load_checks_types, 25, 0)
{
	int id, obj, u32_id, decoy;
	char want[128];

	TP_ID_OR_RETURN(id);
	obj = lab_vmlinux_id("btf_lab_obj", BTF_KIND_STRUCT);
	u32_id = lab_vmlinux_id("u32", BTF_KIND_TYPEDEF);
	decoy = lab_vmlinux_id(DECOY_INT, BTF_KIND_TYPEDEF);
	LAB_ASSERT(obj > 0 && u32_id > 0 && decoy > 0,
		   "vmlinux BTF lacks struct btf_lab_obj (%d), typedef u32 (%d) or typedef %s (%d)",
		   obj, u32_id, DECOY_INT, decoy);
	expect_valid_loads(id);

	expect_refused(obj, "struct btf_lab_obj", EINVAL, "is not a typedef");
	snprintf(want, sizeof(want), "points to wrong type name u32");
	expect_refused(u32_id, "typedef u32", EINVAL, want);
	snprintf(want, sizeof(want), "%s is not a pointer to a function prototype", DECOY_INT);
	/* 6.1 refuses it without a word: the message is the lab's. */
	expect_refused(decoy, DECOY_INT " (a typedef of int)", EINVAL,
		       lab_ref() ? NULL : want);
}
