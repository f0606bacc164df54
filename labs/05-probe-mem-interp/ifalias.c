// SPDX-License-Identifier: GPL-2.0
/*
 * interp_ifalias: the seed's own example, with the JIT off. A UDP
 * datagram to a closed port on lo is dropped; the kfree_skb program reads
 * skb->dev->ifindex (1) and skb->dev->ifalias->rcuhead.next, where
 * ifalias is NULL on lo: that load reads 0 instead of oopsing.
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "ifalias.skel.h"

LAB_TEST(interp_ifalias, 15, 0)
{
	unsigned int payload = lab_rand(64, 1200);
	struct ifalias *skel;
	int err;

	LAB_ASSERT(!lab_jit(false), "cannot switch the JIT off");
	skel = ifalias__open_and_load();
	LAB_ASSERT(skel, "ifalias.bpf.c (skb->dev->ifalias->rcuhead.next): expected it to load, got %s",
		   strerror(errno));
	err = ifalias__attach(skel);
	LAB_ASSERT(!err, "attaching tp_btf/kfree_skb: %s", strerror(-err));
	skel->bss->want_len = payload + 8;
	err = lab_udp_drop(payload, &skel->bss->seen);
	LAB_ASSERT(!err, "a %u-byte UDP datagram to a closed port on lo, seen by kfree_skb: %s",
		   payload, strerror(-err));
	LAB_EXPECT_EQ(skel->bss->ifindex, 1, "skb->dev->ifindex (lo)");
	LAB_EXPECT_EQ(skel->bss->alias_next, 0, "skb->dev->ifalias->rcuhead.next (ifalias is NULL)");
	ifalias__destroy(skel);
	lab_jit(true);
}
