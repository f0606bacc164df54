/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 03-ctx-access share: raw programs on btf_lab_probe. */
#ifndef CTX_H
#define CTX_H

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "lab.h"

/*
 * btf_lab_probe(obj, num, scenario, opaque, intp, fn, other): the byte
 * offset of each argument in a tp_btf program's context.
 */
enum {
	CTX_OBJ = 0, CTX_NUM = 8, CTX_SCENARIO = 16, CTX_OPAQUE = 24,
	CTX_INTP = 32, CTX_FN = 40, CTX_OTHER = 48, CTX_PAST_LAST = 56,
};

static char ctx_log[65536];

/* Load @insns as tp_btf/btf_lab_probe, log at @level: fd or -errno. */
static inline int ctx_load(const struct bpf_insn *insns, unsigned int cnt, int level)
{
	return lab_tp_btf_load("btf_lab_probe", insns, cnt, ctx_log, sizeof(ctx_log), level);
}

/* Print the verifier log as diagnostics, at most @lines lines of its end. */
static inline void ctx_show_log(int lines)
{
	char *p = ctx_log + strlen(ctx_log);
	int n = 0;

	while (p > ctx_log && n <= lines)
		if (*--p == '\n')
			n++;
	lab_diag("the verifier log%s:\n%s", p > ctx_log ? " (its end)" : "", p);
}

/* A read of @size bytes at ctx + @off, then exit: fd or -errno. */
static inline int ctx_load_read(int size, int off)
{
	struct bpf_insn prog[] = {
		LAB_LDX(size, BPF_REG_2, BPF_REG_1, off),
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};

	return ctx_load(prog, 3, 1);
}

/*
 * The read of @size bytes at ctx + @off must be refused with EACCES and
 * @msg in the log; a test failure otherwise.
 */
static inline void ctx_expect_refused(const char *what, int size, int off, const char *msg)
{
	int fd = ctx_load_read(size, off);

	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES,
		   "%s (a %d-byte read at ctx+%d): expected EACCES, got %s", what,
		   size, off, fd >= 0 ? "success" : strerror(-fd));
	LAB_EXPECT(lab_log_claim(ctx_log, msg),
		   "%s: expected \"%s\" in the verifier log, got \"%s\"", what, msg, ctx_log);
}

/* The control: a whole read of arg0 (obj) loads. */
static inline void ctx_expect_obj_loads(void)
{
	int fd = ctx_load_read(BPF_DW, CTX_OBJ);

	LAB_EXPECT(fd >= 0, "an 8-byte read of arg0 (obj) at ctx+0: expected it to load, got %s",
		   strerror(-fd));
	if (fd < 0)
		ctx_show_log(10);
	else
		close(fd);
}

#endif /* CTX_H */
