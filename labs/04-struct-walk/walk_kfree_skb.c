// SPDX-License-Identifier: GPL-2.0
/*
 * walk_kfree_skb: send a UDP datagram of random size to a closed port on
 * lo; the kernel drops it with kfree_skb(), and the tp_btf program sees
 * it: skb->dev->ifindex is 1 (lo), skb->len is the UDP length (or that
 * plus the IP header), and skb->users is a sane reference count.
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "walk_kfree_skb.skel.h"

LAB_TEST(walk_kfree_skb, 20, 0)
{
	unsigned int payload = lab_rand(64, 1200);
	struct walk_kfree_skb *skel;
	int err;

	skel = walk_kfree_skb__open_and_load();
	LAB_ASSERT(skel, "walk_kfree_skb.bpf.c (skb->len, skb->dev->ifindex, skb->users): "
		   "expected it to load, got %s", strerror(errno));
	err = walk_kfree_skb__attach(skel);
	LAB_ASSERT(!err, "attaching tp_btf/kfree_skb: %s", strerror(-err));
	skel->bss->want_len = payload + 8;

	err = lab_udp_drop(payload, &skel->bss->seen);
	LAB_ASSERT(!err, "a %u-byte UDP datagram to a closed port on lo, seen by kfree_skb "
		   "(skb->len %u or %u): %s", payload, payload + 8, payload + 28, strerror(-err));
	LAB_EXPECT_EQ(skel->bss->ifindex, 1, "skb->dev->ifindex (lo)");
	LAB_EXPECT(skel->bss->len == payload + 8 || skel->bss->len == payload + 28,
		   "skb->len: expected %u or %u, got %u", payload + 8, payload + 28,
		   skel->bss->len);
	LAB_EXPECT(skel->bss->users >= 1 && skel->bss->users < 1000,
		   "skb->users.refs.counter: expected a small positive count, got %d",
		   skel->bss->users);
	walk_kfree_skb__destroy(skel);
}
