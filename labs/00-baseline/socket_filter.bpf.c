// SPDX-License-Identifier: GPL-2.0
/* socket_filter: count every datagram, drop those whose payload starts with 'D'. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

__u64 seen;

SEC("socket")
int filter(struct __sk_buff *skb)
{
	char first = 0;

	__sync_fetch_and_add(&seen, 1);
	/* A UDP socket's filter sees the datagram from its UDP header on. */
	if (!bpf_skb_load_bytes(skb, sizeof(struct udphdr), &first, 1) &&
	    first == 'D')
		return 0;
	return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
