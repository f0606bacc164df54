// SPDX-License-Identifier: GPL-2.0
/*
 * ctx_types_in_log: the verifier's own trace (log level 2) shows what
 * each read of the context gave: obj and other are pointers to struct
 * btf_lab_obj, and stay so when spilled to the stack and filled back,
 * copied, and NULL-checked; opaque (void *) is a scalar.
 * ctx_void_not_walked: that scalar cannot be dereferenced, while obj, read
 * the same way, is not refused as a scalar: only the struct pointer is
 * typed (a context made of scalars fails this test).
 */
#include "ctx.h"

#define OBJ_TYPE	"ptr_btf_lab_obj("

static void expect_in_log(const char *what, const char *needle)
{
	LAB_EXPECT(strstr(ctx_log, needle), "%s: expected \"%s\" in the verifier log", what,
		   needle);
}

LAB_TEST(ctx_types_in_log, 20, 0)
{
	struct bpf_insn prog[] = {
		LAB_MOV(BPF_REG_6, BPF_REG_1),			/* r6 = ctx */
		LAB_LDX(BPF_DW, BPF_REG_7, BPF_REG_6, CTX_OBJ),	/* r7 = obj */
		LAB_STX(BPF_DW, BPF_REG_10, BPF_REG_7, -8),	/* spill r7 */
		LAB_LDX(BPF_DW, BPF_REG_8, BPF_REG_10, -8),	/* r8 = fill */
		LAB_MOV(BPF_REG_9, BPF_REG_8),			/* r9 = r8 */
		LAB_JEQK(BPF_REG_9, 0, 1),			/* if r9 == NULL */
		LAB_MOV(BPF_REG_5, BPF_REG_9),			/* r5 = r9 */
		LAB_LDX(BPF_DW, BPF_REG_4, BPF_REG_6, CTX_OTHER),	/* r4 = other */
		LAB_LDX(BPF_DW, BPF_REG_3, BPF_REG_6, CTX_OPAQUE),/* r3 = opaque */
		LAB_LDX(BPF_W, BPF_REG_2, BPF_REG_6, CTX_NUM),	/* r2 = num */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	int fd = ctx_load(prog, sizeof(prog) / sizeof(prog[0]), 2);

	LAB_ASSERT(fd >= 0, "a program reading obj, other, opaque and num: expected it to load, got %s",
		   strerror(-fd));
	close(fd);
	expect_in_log("obj, read from ctx+0", "R7_w=" OBJ_TYPE);
	expect_in_log("obj, filled from the stack", "R8_w=" OBJ_TYPE);
	expect_in_log("obj, copied", "R9_w=" OBJ_TYPE);
	expect_in_log("obj, after a NULL check", "R5_w=" OBJ_TYPE);
	expect_in_log("other, read from ctx+48", "R4_w=" OBJ_TYPE);
	expect_in_log("opaque (void *), read from ctx+24", "R3_w=scalar(");
	expect_in_log("num (int), read from ctx+8", "R2_w=scalar(");
	expect_in_log("the ctx access's own line", "func 'btf_lab_probe' arg0 has btf_id ");
	if (lab_failed)
		ctx_show_log(40);
}

LAB_TEST(ctx_void_not_walked, 10, 0)
{
	struct bpf_insn deref[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, CTX_OPAQUE),	/* r2 = opaque */
		LAB_LDX(BPF_DW, BPF_REG_3, BPF_REG_2, 0),		/* r3 = *opaque */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	struct bpf_insn deref_obj[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, CTX_OBJ),	/* r2 = obj */
		LAB_LDX(BPF_DW, BPF_REG_3, BPF_REG_2, 0),		/* r3 = *obj */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	int fd;

	fd = ctx_load_read(BPF_DW, CTX_OPAQUE);
	LAB_ASSERT(fd >= 0, "an 8-byte read of arg3 (opaque, void *): expected it to load, got %s",
		   strerror(-fd));
	close(fd);
	fd = ctx_load(deref, 4, 1);
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES, "reading through opaque (void *): expected EACCES, got %s",
		   fd >= 0 ? "success" : strerror(-fd));
	LAB_EXPECT(lab_log_claim(ctx_log, "R2 invalid mem access 'scalar'"),
		   "reading through opaque: expected \"R2 invalid mem access 'scalar'\", got \"%s\"",
		   ctx_log);

	/* Until stage 4 the walk refuses it, but never as a scalar. */
	fd = ctx_load(deref_obj, 4, 1);
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd >= 0 || !strstr(ctx_log, "R2 invalid mem access 'scalar'"),
		   "reading through obj (struct btf_lab_obj *): refused as a scalar: \"%s\"",
		   ctx_log);
}
