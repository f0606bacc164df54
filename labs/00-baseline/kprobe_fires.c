// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe_fires: a kprobe program attaches to a kernel function by name and
 * runs once per call of it (kprobes need no BTF).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "kprobe_fires.skel.h"

LAB_TEST(kprobe_fires, 15, 0)
{
	struct kprobe_fires *skel = kprobe_fires__open();
	unsigned int k = lab_rand(2, 6), i;
	int err;

	LAB_ASSERT(skel, "kprobe_fires.bpf.c: expected it to open, got %s", strerror(errno));
	skel->rodata->tgid = getpid();
	err = kprobe_fires__load(skel);
	if (!err)
		err = kprobe_fires__attach(skel);
	LAB_EXPECT(!err, "kprobe on btf_lab_fire_write: expected it to load and attach, got %s",
		   strerror(-err));
	for (i = 0; !err && i < k; i++) {
		err = lab_fire("valid", 1);
		LAB_EXPECT(!err, "write \"valid 1\" to btf_lab/fire: %s", strerror(-err));
	}
	if (!err)
		LAB_EXPECT_EQ(skel->bss->calls, k, "calls of btf_lab_fire_write counted");
	kprobe_fires__destroy(skel);
}
