// SPDX-License-Identifier: GPL-2.0
/*
 * jit_dst_regs: the fixup zeroes the right register, whichever it is.
 * A hand-written program loads other->u32v into each of R0 to R9 in
 * turn, after putting a 64-bit marker (0x5a5a0000_00005a00 + N) in it, and
 * saves what the register holds on its stack; at the end it copies the ten
 * values to a map. With 'other' valid (obj->next, or its copy in vmalloc
 * space) each is other->u32v; with 'other' a bad kernel address each load
 * faults and each value must be 0: a marker left means the fixup zeroed
 * some other register, and its upper half left means the fixup zeroed only
 * 32 bits. R5, R7, R8 and R9 live in x86's r8, r13, r14 and r15, whose
 * encoding differs (the REX prefix).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "extable.h"

#define NREGS		10		/* R0..R9 */
#define MARKER(d)	(0x5a5a000000005a00ULL + (d))
#define CTX_SLOT	(-8)		/* the spilled context */
#define SAVE(d)		(-16 - 8 * (d))	/* what Rd held after its load */
#define KEY_SLOT	(-8 - 8 * (NREGS + 2))

/* The value of the map's one element: R0..R9, then the runs. */
struct regs_out {
	__u64 reg[NREGS];
	__u64 runs;
};

static int build(struct bpf_insn *p, int map_fd, int u32v)
{
	struct bpf_insn *s = p;
	int d;

	*p++ = LAB_STX(BPF_DW, BPF_REG_10, BPF_REG_1, CTX_SLOT);
	for (d = 0; d < NREGS; d++) {
		int src = d == BPF_REG_1 ? BPF_REG_2 : BPF_REG_1;

		*p++ = LAB_LDX(BPF_DW, src, BPF_REG_10, CTX_SLOT);	/* ctx */
		*p++ = LAB_LDX(BPF_DW, src, src, 6 * 8);		/* other */
		LAB_EMIT_LD_IMM64(p, d, MARKER(d));
		*p++ = LAB_LDX(BPF_W, d, src, u32v);			/* BTF load */
		*p++ = LAB_STX(BPF_DW, BPF_REG_10, d, SAVE(d));
	}
	*p++ = LAB_ST(BPF_W, BPF_REG_10, KEY_SLOT, 0);
	LAB_EMIT_LD_MAP_FD(p, BPF_REG_1, map_fd);
	*p++ = LAB_MOV(BPF_REG_2, BPF_REG_10);
	*p++ = LAB_ADDK(BPF_REG_2, KEY_SLOT);
	*p++ = LAB_CALL(BPF_FUNC_map_lookup_elem);
	*p++ = LAB_JEQK(BPF_REG_0, 0, 2 * NREGS + 3);
	for (d = 0; d < NREGS; d++) {
		*p++ = LAB_LDX(BPF_DW, BPF_REG_1, BPF_REG_10, SAVE(d));
		*p++ = LAB_STX(BPF_DW, BPF_REG_0, BPF_REG_1, 8 * d);
	}
	*p++ = LAB_LDX(BPF_DW, BPF_REG_1, BPF_REG_0, 8 * NREGS);
	*p++ = LAB_ADDK(BPF_REG_1, 1);
	*p++ = LAB_STX(BPF_DW, BPF_REG_0, BPF_REG_1, 8 * NREGS);
	*p++ = LAB_MOVK(BPF_REG_0, 0);
	*p++ = LAB_EXIT();
	return p - s;
}

LAB_TEST(jit_dst_regs, 25, 0)
{
	static const char * const scenarios[] = {
		"valid", "unmapped", "noncanonical", "vmalloc", "guard",
	};
	static struct bpf_insn prog[16 + 6 * NREGS + 2 * NREGS];
	static char log[16384];
	unsigned int sz, i, d;
	int u32v = lab_offsetof("btf_lab_obj", "u32v", &sz);
	int map_fd, fd, link, n;
	struct regs_out out;
	__u32 key = 0;

	LAB_ASSERT(u32v > 0 && sz == 4, "struct btf_lab_obj lacks u32v");
	LAB_ASSERT(!lab_jit(true), "cannot switch the JIT on");
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "regs_out", sizeof(key), sizeof(out), 1, NULL);
	LAB_ASSERT(map_fd >= 0, "creating the result map: %s", strerror(errno));
	n = build(prog, map_fd, u32v);
	fd = lab_tp_btf_load("btf_lab_probe", prog, n, log, sizeof(log), 1);
	LAB_ASSERT(fd >= 0, "loads of other->u32v into R0..R9: expected it to load, got %s%s; log: %s",
		   strerror(-fd), fd == -524 ? " (ENOTSUPP: the JIT gave up; see dmesg)" : "", log);
	LAB_ASSERT(lab_prog_jited(fd) == 1, "expected the program JITed, but prog_jited is 0");
	link = bpf_raw_tracepoint_open(NULL, fd);
	LAB_ASSERT(link >= 0, "attaching it: %s", strerror(errno));
	for (i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		__u64 want;

		LAB_ASSERT(!lab_fire(scenarios[i], 1), "firing the fixture (%s) failed", scenarios[i]);
		want = i == 0 || i == 3 ? lab_truth_must("obj.next.u32v") : 0;
		LAB_ASSERT(!bpf_map_lookup_elem(map_fd, &key, &out), "reading the result map: %s",
			   strerror(errno));
		for (d = 0; d < NREGS; d++)
			LAB_EXPECT(out.reg[d] == want,
				   "'%s': R%u after its load of other->u32v: expected %llu, got 0x%llx%s",
				   scenarios[i], d, (unsigned long long)want,
				   (unsigned long long)out.reg[d],
				   out.reg[d] == MARKER(d) ?
				   " (its marker: the load was skipped, but another register was zeroed)" :
				   out.reg[d] == (MARKER(d) & ~0xffffffffULL) ?
				   " (its marker's upper half: only 32 bits of the register were zeroed)" :
				   "");
		LAB_EXPECT_EQ(out.runs, i + 1, "runs that got to the end");
	}
	close(link);
	close(fd);
	close(map_fd);
}
