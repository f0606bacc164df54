// SPDX-License-Identifier: GPL-2.0
/*
 * skb_output_e2e: the seed's kfree_skb test. The test drops a datagram of
 * 100 random bytes on lo (a closed UDP port); the tp_btf/kfree_skb program
 * passes its skb to bpf_skb_output() with 72 bytes of the packet and the
 * device's ifindex as metadata. User space gets 4 + 72 bytes: ifindex 1,
 * then the packet from skb->data: the UDP header (or the IP header, then
 * the UDP header), then the payload as sent. And the helper takes an
 * sk_buff, and only that: the same call with skb->dev is refused (a
 * kernel that accepts every BTF pointer fails this test).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/ip.h>
#include <linux/udp.h>

#include "helper.h"

struct sample {
	int n;
	__u32 size;
	unsigned char data[256];
};

static void on_sample(void *ctx, int cpu, void *data, __u32 size)
{
	struct sample *s = ctx;

	if (s->n++)
		return;
	s->size = size;
	memcpy(s->data, data, size < sizeof(s->data) ? size : sizeof(s->data));
}

LAB_TEST(skb_output_e2e, 30, 0)
{
	struct perf_buffer *pb = NULL;
	struct sample s = {};
	struct datagram d;
	const unsigned char *pkt = s.data + 4;
	const struct udphdr *udp;
	struct skb_output *skel = skb_output_run(SKB_MODE_OUTPUT, &d, &pb, &s, on_sample);
	static char log[65536];
	unsigned int at, i;
	int ifindex, fd;
	struct maps m;

	if (!skel)
		return;
	LAB_EXPECT_EQ(skel->data->out_err, 0, "what bpf_skb_output() returned");
	for (i = 0; i < 20 && !s.n; i++)
		perf_buffer__poll(pb, 100);
	LAB_ASSERT(s.n == 1, "perf samples for the datagram: expected 1, got %d", s.n);
	LAB_EXPECT_EQ(s.size, 4 + SKB_BYTES, "the sample's size (4 bytes of ifindex + 72 of packet)");
	memcpy(&ifindex, s.data, sizeof(ifindex));
	LAB_EXPECT_EQ(ifindex, 1, "the ifindex in the sample's metadata (lo)");
	at = 0;
	if (skel->bss->seen_len == 8 + SKB_PAYLOAD + 20) {
		const struct iphdr *ip = (const void *)pkt;

		LAB_EXPECT_EQ(ip->version, 4, "the IP version");
		LAB_EXPECT_EQ(ip->protocol, IPPROTO_UDP, "the IP protocol");
		LAB_EXPECT_EQ(ntohl(ip->daddr), INADDR_LOOPBACK, "the IP destination");
		at = 20;
	}
	udp = (const void *)(pkt + at);
	LAB_EXPECT_EQ(ntohs(udp->dest), d.port, "the UDP destination port");
	LAB_EXPECT_EQ(ntohs(udp->len), 8 + SKB_PAYLOAD, "the UDP length");
	at += 8;
	LAB_EXPECT(!memcmp(pkt + at, d.payload, SKB_BYTES - at),
		   "the packet's payload differs from the %u bytes sent", SKB_BYTES - at);
	perf_buffer__free(pb);
	skb_output__destroy(skel);

	LAB_ASSERT(!maps_open(&m), "creating the maps: %s", strerror(errno));
	fd = helper_load(R1_DEV, m.perf, m.array, log, sizeof(log));
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd < 0, "bpf_skb_output(skb->dev, ...): expected it refused, but it loaded");
	maps_close(&m);
}
