/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 04-struct-walk share: raw programs that walk obj. */
#ifndef WALK_H
#define WALK_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "lab.h"

static char walk_log[65536];

/* Load @insns as tp_btf/@tp, log at @level: fd or -errno. */
static inline int walk_load(const char *tp, const struct bpf_insn *insns,
			    unsigned int cnt, int level)
{
	return lab_tp_btf_load(tp, insns, cnt, walk_log, sizeof(walk_log), level);
}

/*
 * r2 = ctx[0] (obj, a struct btf_lab_obj *), then a @size-byte load at
 * r2 + @off, then exit.
 */
static inline int walk_load_obj_read(int size, int off)
{
	struct bpf_insn prog[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),
		LAB_LDX(size, BPF_REG_3, BPF_REG_2, off),
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};

	return walk_load("btf_lab_probe", prog, 4, 1);
}

#endif /* WALK_H */
