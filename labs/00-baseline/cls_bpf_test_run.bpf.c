// SPDX-License-Identifier: GPL-2.0
/* cls_bpf_test_run: parse Ethernet + IPv4 + UDP, return the destination port. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

#include "baseline.h"

#define ETH_P_IP	0x0800

SEC("tc")
int udp_dport(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);
	struct udphdr *udp;

	if ((void *)(ip + 1) > data_end)
		return CLS_SHORT;
	if (eth->h_proto != bpf_htons(ETH_P_IP) || ip->version != 4 ||
	    ip->ihl < 5 || ip->protocol != IPPROTO_UDP)
		return CLS_NOT_UDP;
	udp = (void *)ip + ip->ihl * 4;
	if ((void *)(udp + 1) > data_end)
		return CLS_SHORT;
	return bpf_ntohs(udp->dest);
}

char LICENSE[] SEC("license") = "GPL";
