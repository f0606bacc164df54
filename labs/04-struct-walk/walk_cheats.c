// SPDX-License-Identifier: GPL-2.0
/*
 * walk_cheat_refused: the cover letter's cheat, on kfree_skb's skb:
 *	struct net_device *dev = (void *)skb->len; dev->ifindex
 * The cast fools the compiler, not the verifier: skb->len is a scalar,
 * and a scalar cannot be dereferenced. Writes and negative offsets
 * through a BTF pointer are refused as well.
 */
#include "walk.h"

static void expect_refused(const char *what, const struct bpf_insn *insns, int cnt,
			   const char *msg)
{
	int fd = walk_load("kfree_skb", insns, cnt, 1);

	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES, "%s: expected EACCES, got %s", what,
		   fd >= 0 ? "success" : strerror(-fd));
	LAB_EXPECT(lab_log_claim(walk_log, msg), "%s: expected \"%s\" in the verifier log, got \"%s\"",
		   what, msg, walk_log);
}

LAB_TEST(walk_cheat_refused, 10, 0)
{
	unsigned int s1, s2;
	int len = lab_offsetof("sk_buff", "len", &s1);
	int ifindex = lab_offsetof("net_device", "ifindex", &s2);
	struct bpf_insn honest[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),		/* r2 = skb */
		LAB_LDX(BPF_W, BPF_REG_3, BPF_REG_2, len),	/* r3 = skb->len */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	struct bpf_insn cheat[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),
		LAB_LDX(BPF_W, BPF_REG_3, BPF_REG_2, len),
		LAB_LDX(BPF_W, BPF_REG_4, BPF_REG_3, ifindex),	/* ((dev *)len)->ifindex */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	struct bpf_insn write[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),
		LAB_ST(BPF_W, BPF_REG_2, len, 0),			/* skb->len = 0 */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	struct bpf_insn negative[] = {
		LAB_LDX(BPF_DW, BPF_REG_2, BPF_REG_1, 0),
		LAB_LDX(BPF_DW, BPF_REG_3, BPF_REG_2, -8),	/* before the skb */
		LAB_MOVK(BPF_REG_0, 0),
		LAB_EXIT(),
	};
	int fd;

	LAB_ASSERT(len > 0 && ifindex > 0 && s1 == 4 && s2 == 4,
		   "vmlinux BTF: sk_buff.len at %d (%u bytes), net_device.ifindex at %d (%u bytes)",
		   len, s1, ifindex, s2);
	fd = walk_load("kfree_skb", honest, 4, 1);
	LAB_EXPECT(fd >= 0, "reading skb->len: expected it to load, got %s; log: %s",
		   strerror(-fd), walk_log);
	if (fd >= 0)
		close(fd);
	expect_refused("dev = (void *)skb->len; dev->ifindex", cheat, 5,
		       "R3 invalid mem access 'scalar'");
	expect_refused("a write to skb->len", write, 4, "only read is supported");
	expect_refused("a load at skb - 8", negative, 4, "invalid negative access: off=-8");
}
