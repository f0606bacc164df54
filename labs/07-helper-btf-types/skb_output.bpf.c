// SPDX-License-Identifier: GPL-2.0
/*
 * The seed's end-to-end test (011), in this kernel: a tp_btf/kfree_skb
 * program reads skb and device fields through BTF, and for the datagram
 * the test drops on lo passes that very skb to bpf_skb_output(), which
 * the verifier accepts because it knows the pointer is a struct sk_buff.
 *
 * mode 0: send ifindex and the packet's first 72 bytes to user space.
 * mode 1: the run-time refusals: a size one byte larger than the packet,
 *         and a NULL struct sk_buff (skb->next, off the backlog queue),
 *         with the packet's bytes asked for and without.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "skb_output.h"

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
} perf_buf_map SEC(".maps");

__u32 want_len;		/* set by the test: the UDP length of its datagram */
__u32 mode;
__u32 sent, seen_len;
/* initialised: in .data, so that a call that never ran shows */
__s64 out_err = 1, big_err = 1, null_err = 1, null_meta_err = 1;
__u64 next_ptr = ~0ULL;

SEC("tp_btf/kfree_skb")
int BPF_PROG(on_kfree_skb, struct sk_buff *skb, void *location)
{
	int ifindex = skb->dev->ifindex;
	__u32 len = skb->len;

	/* The test's datagram on lo, with or without its IP header. */
	if (ifindex != 1 || !want_len || (len != want_len && len != want_len + 20))
		return 0;
	seen_len = len;
	if (mode == SKB_MODE_OUTPUT) {
		out_err = bpf_skb_output(skb, &perf_buf_map,
					 ((__u64)SKB_BYTES << 32) | BPF_F_CURRENT_CPU,
					 &ifindex, sizeof(ifindex));
	} else {
		big_err = bpf_skb_output(skb, &perf_buf_map,
					 ((__u64)(len + 1) << 32) | BPF_F_CURRENT_CPU,
					 &ifindex, sizeof(ifindex));
		next_ptr = (__u64)skb->next;
		null_err = bpf_skb_output(skb->next, &perf_buf_map,
					  ((__u64)SKB_BYTES << 32) | BPF_F_CURRENT_CPU,
					  &ifindex, sizeof(ifindex));
		/* and with none of the packet's bytes: the NULL is no less */
		null_meta_err = bpf_skb_output(skb->next, &perf_buf_map, BPF_F_CURRENT_CPU,
					       &ifindex, sizeof(ifindex));
	}
	sent++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
