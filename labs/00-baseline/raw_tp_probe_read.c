// SPDX-License-Identifier: GPL-2.0
/*
 * raw_tp_probe_read: a raw_tp program reads the tracepoint's arguments and,
 * with bpf_probe_read_kernel(), the objects behind them, members of every
 * width, nested, in a union, in an array, a bitfield, two and three
 * pointers deep. Every value is random per fire, so each must match the
 * fixture's truth. A read through a NULL 'other' fails and zeroes its
 * destination instead of crashing.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "raw_tp_probe_read.skel.h"

#define RAW_TP_CHECK(skel, var, key) \
	LAB_EXPECT_EQ((skel)->bss->var, lab_truth_must(key), "read " key)

/* Everything but 'other' reads the same in every scenario. */
static void raw_tp_check_obj(struct raw_tp_probe_read *skel)
{
	RAW_TP_CHECK(skel, obj, "obj");
	RAW_TP_CHECK(skel, num, "num");
	RAW_TP_CHECK(skel, scenario, "scenario_id");
	RAW_TP_CHECK(skel, opaque, "opaque");
	RAW_TP_CHECK(skel, intp, "intp");
	RAW_TP_CHECK(skel, intval, "intval");
	RAW_TP_CHECK(skel, fn, "fn");
	RAW_TP_CHECK(skel, u8v, "obj.u8v");
	RAW_TP_CHECK(skel, u16v, "obj.u16v");
	RAW_TP_CHECK(skel, u32v, "obj.u32v");
	RAW_TP_CHECK(skel, u64v, "obj.u64v");
	RAW_TP_CHECK(skel, inner_b, "obj.inner.b");
	RAW_TP_CHECK(skel, un_whole, "obj.un.whole");
	RAW_TP_CHECK(skel, arr3, "obj.arr3");
	RAW_TP_CHECK(skel, bits_hi, "obj.bits_hi");
	RAW_TP_CHECK(skel, next, "obj.next");
	RAW_TP_CHECK(skel, next_u32v, "obj.next.u32v");
	RAW_TP_CHECK(skel, next_next_u64v, "obj.next.next.u64v");
}

static void raw_tp_run(struct raw_tp_probe_read *skel)
{
	int err = lab_fire("valid", 1);

	LAB_ASSERT(!err, "write \"valid 1\" to btf_lab/fire: %s", strerror(-err));
	LAB_ASSERT(skel->bss->hits == 1,
		   "runs of the program on one \"valid\" fire: expected 1, got %llu",
		   (unsigned long long)skel->bss->hits);
	raw_tp_check_obj(skel);
	/* On "valid", other is obj.next. */
	LAB_EXPECT_EQ(skel->bss->other_err, 0, "error reading other->u32v on \"valid\"");
	LAB_EXPECT_EQ(skel->bss->other_u32v, lab_truth_must("obj.next.u32v"),
		      "read other->u32v (other is obj.next)");

	err = lab_fire("null", 1);
	LAB_ASSERT(!err, "write \"null 1\" to btf_lab/fire: %s", strerror(-err));
	LAB_ASSERT(skel->bss->hits == 2,
		   "runs of the program after a \"null\" fire: expected 2 in all, got %llu",
		   (unsigned long long)skel->bss->hits);
	raw_tp_check_obj(skel);
	LAB_EXPECT(skel->bss->other_err < 0,
		   "reading other->u32v with other == NULL: expected a negative error, got %ld",
		   skel->bss->other_err);
	LAB_EXPECT_EQ(skel->bss->other_u32v, 0,
		      "other->u32v after the failed read (the helper zeroes its buffer)");
}

LAB_TEST(raw_tp_probe_read, 25, 0)
{
	struct raw_tp_probe_read *skel = raw_tp_probe_read__open();
	int err;

	LAB_ASSERT(skel, "raw_tp_probe_read.bpf.c: expected it to open, got %s", strerror(errno));
	skel->rodata->tgid = getpid();
	err = raw_tp_probe_read__load(skel);
	if (!err)
		err = raw_tp_probe_read__attach(skel);
	LAB_EXPECT(!err, "raw_tp/btf_lab_probe: expected it to load and attach, got %s",
		   strerror(-err));
	if (!err)
		raw_tp_run(skel);
	raw_tp_probe_read__destroy(skel);
}
