// SPDX-License-Identifier: GPL-2.0
/*
 * skb_output_runtime: bpf_skb_output() refuses at run time what the
 * verifier cannot see. On the datagram's skb, a size one byte larger than
 * the packet gives -EFAULT; on skb->next, a struct sk_buff pointer that is
 * NULL for a packet taken off the backlog queue, -EFAULT too, whether the
 * call asks for the packet's bytes or not, and no oops (the grader checks
 * the console).
 */
#include <errno.h>

#include "helper.h"

/* The three calls fail: no sample is expected. */
static void on_sample(void *ctx, int cpu, void *data, __u32 size)
{
	++*(int *)ctx;
}

LAB_TEST(skb_output_runtime, 5, 0)
{
	struct perf_buffer *pb = NULL;
	struct datagram d;
	int samples = 0;
	struct skb_output *skel = skb_output_run(SKB_MODE_REFUSALS, &d, &pb, &samples, on_sample);

	if (!skel)
		return;
	LAB_EXPECT_EQ(skel->data->big_err, -EFAULT,
		      "bpf_skb_output() of skb->len + 1 bytes: what it returned");
	LAB_ASSERT(skel->data->next_ptr == 0,
		   "skb->next of the dropped datagram: expected NULL, got 0x%llx",
		   (unsigned long long)skel->data->next_ptr);
	LAB_EXPECT_EQ(skel->data->null_err, -EFAULT,
		      "bpf_skb_output() of a NULL struct sk_buff (skb->next): what it returned");
	LAB_EXPECT_EQ(skel->data->null_meta_err, -EFAULT,
		      "bpf_skb_output() of a NULL struct sk_buff (skb->next), no packet bytes asked for: what it returned");
	perf_buffer__poll(pb, 100);
	LAB_EXPECT_EQ(samples, 0, "perf samples from the three refused calls");
	perf_buffer__free(pb);
	skb_output__destroy(skel);
}
