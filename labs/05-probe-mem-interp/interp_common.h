/* SPDX-License-Identifier: GPL-2.0 */
/* The tests' side of interp.bpf.c: load it with the JIT on or off. */
#ifndef INTERP_COMMON_H
#define INTERP_COMMON_H

#include <errno.h>
#include <string.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "interp.h"
#include "interp.skel.h"

/*
 * Open and load interp.bpf.c with the JIT @jit (0: the interpreter; the
 * setting counts when a program is loaded), and attach its program
 * valid_loads if @valid_only, else probe. Returns NULL, after failing the
 * test, if that does not work.
 */
static inline struct interp *interp_open(int jit, int valid_only)
{
	struct bpf_link *link;
	struct interp *skel;

	if (lab_jit(jit))
		return NULL;
	skel = interp__open_and_load();
	if (!skel) {
		lab_fail(__FILE__, __LINE__,
			 "interp.bpf.c (loads through BTF pointers, no NULL checks): expected it to load, got %s",
			 strerror(errno));
		return NULL;
	}
	link = bpf_program__attach(valid_only ? skel->progs.valid_loads : skel->progs.probe);
	if (!link) {
		lab_fail(__FILE__, __LINE__, "attaching tp_btf/btf_lab_probe: %s", strerror(errno));
		interp__destroy(skel);
		return NULL;
	}
	if (valid_only)
		skel->links.valid_loads = link;
	else
		skel->links.probe = link;
	return skel;
}

/* The program's prog_jited: 1 if the JIT compiled it, 0 for the interpreter. */
static inline int interp_jited(struct interp *skel)
{
	return lab_prog_jited(bpf_program__fd(skel->progs.probe));
}

/* Fire @scenario once and check what the program read through obj. */
static inline void interp_check_obj(struct interp *skel, const char *scenario)
{
	LAB_ASSERT(!lab_fire(scenario, 1), "firing the fixture (%s) failed", scenario);
	LAB_EXPECT_EQ(skel->bss->vals.u8v, lab_truth_must("obj.u8v"), "obj->u8v");
	LAB_EXPECT_EQ(skel->bss->vals.u16v, lab_truth_must("obj.u16v"), "obj->u16v");
	LAB_EXPECT_EQ(skel->bss->vals.u32v, lab_truth_must("obj.u32v"), "obj->u32v");
	LAB_EXPECT_EQ(skel->bss->vals.u64v, lab_truth_must("obj.u64v"), "obj->u64v");
	LAB_EXPECT_EQ(skel->bss->vals.inner_b, lab_truth_must("obj.inner.b"), "obj->inner.b");
	LAB_EXPECT_EQ(skel->bss->vals.via_null, 0, "obj->null_ptr->u64v (NULL)");
	LAB_EXPECT_EQ(skel->bss->vals.via_unmapped, 0, "obj->unmapped->u32v (ERR_PTR(-22))");
	LAB_EXPECT_EQ(skel->bss->vals.via_noncanon, 0, "obj->noncanon->u32v (non-canonical)");
	LAB_EXPECT_EQ(skel->bss->vals.via_user, 0, "obj->user_ptr->u32v (a user address)");
}

#endif /* INTERP_COMMON_H */
