/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 06-x86-extable share. */
#ifndef EXTABLE_H
#define EXTABLE_H

#include <errno.h>
#include <string.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "jit.h"
#include "jit.skel.h"

/*
 * Load jit.bpf.c with the JIT on and attach its program @which ("faults"
 * or "many"). NULL, after failing the test, if that does not work. In
 * this kernel a JIT that gives up (say, on a wrong exception-table count)
 * fails the load: it does not fall back to the interpreter.
 */
static inline struct jit *jit_open(const char *which)
{
	struct bpf_program *p;
	struct jit *skel;

	if (lab_jit(true))
		return NULL;
	skel = jit__open_and_load();
	if (!skel) {
		lab_fail(__FILE__, __LINE__,
			 "jit.bpf.c (BTF loads with no NULL checks), JIT on: expected it to load, got %s%s",
			 strerror(errno), errno == 524 ? " (ENOTSUPP: the JIT gave up; see dmesg)" : "");
		return NULL;
	}
	p = bpf_object__find_program_by_name(skel->obj, which);
	if (!p || !bpf_program__attach(p)) {
		lab_fail(__FILE__, __LINE__, "attaching %s to tp_btf/btf_lab_probe: %s", which,
			 strerror(errno));
		jit__destroy(skel);
		return NULL;
	}
	if (lab_prog_jited(bpf_program__fd(p)) != 1) {
		lab_fail(__FILE__, __LINE__, "program %s: expected it JITed, but prog_jited is 0", which);
		jit__destroy(skel);
		return NULL;
	}
	return skel;
}

#endif /* EXTABLE_H */
