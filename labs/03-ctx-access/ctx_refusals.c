// SPDX-License-Identifier: GPL-2.0
/*
 * ctx_refusals: reads of a tp_btf context that no argument allows are
 * refused, with a log line that names the tracepoint and the offset or
 * argument. ctx_refusals_seed: two refusals where 6.1 behaves otherwise,
 * so they are not checked on `make ref`: a pointer read in part (the lab's
 * own rule: neither the seed nor 6.1 looks at the size), and a pointer to
 * an int (the seed's rule: 6.1 made it a scalar).
 */
#include "ctx.h"

LAB_TEST(ctx_refusals, 15, 0)
{
	struct bpf_insn write[] = {
		LAB_MOVK(BPF_REG_2, 0),
		LAB_STX(BPF_DW, BPF_REG_1, BPF_REG_2, CTX_NUM),	/* ctx[1] = r2 */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	int fd;

	ctx_expect_obj_loads();
	ctx_expect_refused("an offset not a multiple of 8", BPF_W, 4,
			   "func 'btf_lab_probe' offset 4 is not multiple of 8");
	ctx_expect_refused("the slot past the 7th and last argument", BPF_DW, CTX_PAST_LAST,
			   "func 'btf_lab_probe' doesn't have 8-th argument");
	ctx_expect_refused("arg5, a function pointer", BPF_DW, CTX_FN,
			   "func 'btf_lab_probe' arg5 type FUNC_PROTO is not a struct");

	fd = ctx_load(write, 4, 1);
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES, "a write to ctx+8: expected EACCES, got %s",
		   fd >= 0 ? "success" : strerror(-fd));
	LAB_EXPECT(lab_log_claim(ctx_log, "invalid bpf_context access off=8 size=8"),
		   "a write to ctx+8: expected \"invalid bpf_context access off=8 size=8\", got \"%s\"",
		   ctx_log);
}

LAB_TEST(ctx_refusals_seed, 15, LAB_LAB_ONLY)
{
	ctx_expect_obj_loads();
	ctx_expect_refused("arg0, a struct pointer, read with 4 bytes", BPF_W, CTX_OBJ,
			   "func 'btf_lab_probe' arg0: a pointer is read with size 4, not 8");
	ctx_expect_refused("arg6, a struct pointer, read with 2 bytes", BPF_H, CTX_OTHER,
			   "func 'btf_lab_probe' arg6: a pointer is read with size 2, not 8");
	ctx_expect_refused("arg4, an int pointer", BPF_DW, CTX_INTP,
			   "func 'btf_lab_probe' arg4 type INT is not a struct");
}
