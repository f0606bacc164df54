// SPDX-License-Identifier: GPL-2.0
/*
 * rewrite_counted: the verifier rewrote each load through a BTF pointer,
 * and only those, to BPF_PROBE_MEM, and asked the JIT for one
 * exception-table entry each. The context load and the stack spill and
 * fill are not BTF loads. 6.1 hides BPF_PROBE_MEM from the xlated dump,
 * so the lab's readout /sys/kernel/debug/btf_lab/prog tells.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "lab.h"

#define BTF_LOADS	3

LAB_TEST(rewrite_counted, 15, LAB_LAB_ONLY)
{
	unsigned int s;
	int u8v = lab_offsetof("btf_lab_obj", "u8v", &s);
	int next = lab_offsetof("btf_lab_obj", "next", &s);
	int u32v = lab_offsetof("btf_lab_obj", "u32v", &s);
	struct bpf_insn prog[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),	/* ctx */
		LAB_LDX(BPF_B, BPF_REG_3, BPF_REG_2, u8v),	/* BTF */
		LAB_LDX(BPF_DW, BPF_REG_4, BPF_REG_2, next),	/* BTF */
		LAB_STX(BPF_DW, BPF_REG_10, BPF_REG_4, -8),	/* stack */
		LAB_LDX(BPF_DW, BPF_REG_5, BPF_REG_10, -8),	/* stack */
		LAB_LDX(BPF_W, BPF_REG_6, BPF_REG_5, u32v),	/* BTF */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	static char log[8192];
	int fd;

	LAB_ASSERT(u8v >= 0 && next > 0 && u32v > 0, "struct btf_lab_obj lacks u8v, next or u32v");
	fd = lab_tp_btf_load("btf_lab_probe", prog, sizeof(prog) / sizeof(prog[0]),
			     log, sizeof(log), 1);
	LAB_ASSERT(fd >= 0, "loading obj->u8v and obj->next->u32v: expected it to load, got %s; log: %s",
		   strerror(-fd), log);
	LAB_EXPECT_EQ(lab_prog_readout(fd, "probe_mem"), BTF_LOADS,
		      "BPF_PROBE_MEM loads in the translated program (3 BTF loads, 3 others)");
	LAB_EXPECT_EQ(lab_prog_readout(fd, "exentries"), BTF_LOADS,
		      "exception-table entries asked of the JIT (num_exentries)");
	close(fd);
}
