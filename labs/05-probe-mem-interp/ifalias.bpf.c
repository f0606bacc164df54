// SPDX-License-Identifier: GPL-2.0
/*
 * The seed's pattern: dev->ifalias->rcuhead.next, with no NULL check. On
 * lo, ifalias is NULL, so the second load reads through NULL: 0.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

__u32 want_len;			/* set by the test: the UDP length */
__u32 seen, ifindex;
__u64 alias_next;

SEC("tp_btf/kfree_skb")
int BPF_PROG(on_kfree_skb, struct sk_buff *skb, void *location,
	     enum skb_drop_reason reason)
{
	__u32 l = skb->len;

	if (!want_len || (l != want_len && l != want_len + 20))
		return 0;
	ifindex = skb->dev->ifindex;
	alias_next = (__u64)skb->dev->ifalias->rcuhead.next;
	seen++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
