// SPDX-License-Identifier: GPL-2.0
/*
 * jit_many_faults: a JITed program with 44 BTF loads runs hundreds of
 * times through a bad 'other': non-canonical, where all 44 fault, and
 * ERR_PTR(-22), where the 24 loads of members at offsets below 22 fault
 * and the rest wrap past 0, which the given check zeroes without a load.
 * Every load reads 0, every run completes, and the kernel log stays
 * clean. With 'other' valid the same loads add up to the fixture's truth.
 *
 * jit_extable_readout: the JIT made one exception-table entry per
 * BPF_PROBE_MEM load, each pointing into the program's own code (the
 * lab's readout /sys/kernel/debug/btf_lab/prog).
 */
#include "extable.h"

#define FIRES	200

static const char * const members[] = {
	"u8v", "u16v", "u32v", "u64v", "inner.a", "inner.b", "inner.c", "un.whole",
	"un.half.lo", "un.half.hi", "tail",
};

LAB_TEST(jit_many_faults, 20, 0)
{
	static const char * const bad[] = { "noncanonical", "unmapped" };
	static const char * const dirty[] = { "BUG:", "WARNING:", "general protection", "Oops" };
	struct jit *skel = jit_open("many");
	unsigned long long want = 0;
	char line[256], key[64];
	unsigned int i;

	if (!skel)
		return;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		LAB_ASSERT(!lab_fire(bad[i], FIRES), "firing the fixture (%s) failed", bad[i]);
		LAB_EXPECT_EQ(skel->bss->many_sum, 0, "the sum of 44 loads through a bad 'other'");
		LAB_EXPECT_EQ(skel->bss->many_runs, (i + 1) * FIRES,
			      "runs that got past all 44 loads");
	}
	LAB_ASSERT(!lab_fire("valid", 1), "firing the fixture (valid) failed");
	for (i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		snprintf(key, sizeof(key), "obj.next.%s", members[i]);
		want += lab_truth_must(key);
	}
	LAB_EXPECT_EQ(skel->bss->many_sum, JIT_MANY_ROUNDS * want,
		      "the sum of 44 loads through a valid 'other' (4 x its 11 scalar members)");
	for (i = 0; i < sizeof(dirty) / sizeof(dirty[0]); i++)
		LAB_EXPECT(!lab_dmesg_find(dirty[i], line, sizeof(line)),
			   "the kernel log has: %s", line);
	jit__destroy(skel);
}

LAB_TEST(jit_extable_readout, 20, LAB_LAB_ONLY)
{
	static const char * const progs[] = { "faults", "many" };
	struct jit *skel = jit_open("faults");
	unsigned int i;

	if (!skel)
		return;
	for (i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
		struct bpf_program *p = bpf_object__find_program_by_name(skel->obj, progs[i]);
		int fd = p ? bpf_program__fd(p) : -1;
		long long loads = lab_prog_readout(fd, "probe_mem");
		int least = i ? JIT_MANY_ROUNDS * JIT_MANY_MEMBERS : 16;

		lab_diag("%s: %lld BPF_PROBE_MEM loads", progs[i], loads);
		LAB_EXPECT(loads >= least, "%s: expected at least %d BTF loads, the readout says %lld",
			   progs[i], least, loads);
		LAB_EXPECT_EQ(lab_prog_readout(fd, "exentries"), loads,
			      "entries the verifier asked for (one per BTF load)");
		LAB_EXPECT_EQ(lab_prog_readout(fd, "jited"), 1, "JITed");
		LAB_EXPECT_EQ(lab_prog_readout(fd, "extable"), loads,
			      "entries the JIT made, of type EX_TYPE_BPF, inside the program's code");
	}
	jit__destroy(skel);
}
