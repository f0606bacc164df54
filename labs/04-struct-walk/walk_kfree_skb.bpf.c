// SPDX-License-Identifier: GPL-2.0
/*
 * The cover letter's example, on a real kernel struct: a tp_btf/kfree_skb
 * program walks skb->len, skb->dev->ifindex and skb->users.refs.counter
 * of the datagram the test sends to a closed UDP port on lo.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

__u32 want_len;			/* set by the test: the UDP length */
__u32 seen, len, ifindex;
__s32 users;

SEC("tp_btf/kfree_skb")
int BPF_PROG(on_kfree_skb, struct sk_buff *skb, void *location,
	     enum skb_drop_reason reason)
{
	struct net_device *dev;
	__u32 l = skb->len;

	/* The UDP datagram, with or without its IP header. */
	if (!want_len || (l != want_len && l != want_len + 20))
		return 0;
	dev = skb->dev;
	if (!dev)
		return 0;
	len = l;
	ifindex = dev->ifindex;
	users = skb->users.refs.counter;
	seen++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
