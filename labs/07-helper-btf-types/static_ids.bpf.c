// SPDX-License-Identifier: GPL-2.0
/*
 * A helper that names its struct itself keeps 6.1's rule: a struct whose
 * first member is that struct will do. bpf_skc_to_tcp_sock() names a
 * struct sock_common; skb->sk is a struct sock, which begins with one.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

unsigned int runs, tcp_socks;

SEC("tp_btf/kfree_skb")
int skc_cast(unsigned long long *ctx)
{
	struct sk_buff *skb = (void *)ctx[0];

	if (bpf_skc_to_tcp_sock(skb->sk))
		tcp_socks++;
	runs++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
