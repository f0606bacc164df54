// SPDX-License-Identifier: GPL-2.0
/*
 * cls_bpf_test_run: a tc classifier with direct packet access passes the
 * verifier's bounds checks and runs under BPF_PROG_TEST_RUN: it finds the
 * random UDP port of a crafted packet, and a truncated packet takes its
 * bounds-check exit instead of being read past its end.
 */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "baseline.h"
#include "cls_bpf_test_run.skel.h"

struct cls_pkt {
	struct ethhdr eth;
	struct iphdr ip;
	struct udphdr udp;
	char payload[4];
} __attribute__((packed));

/* Run the program on the first @len bytes of @pkt; returns its retval. */
static unsigned int cls_run(int prog_fd, const struct cls_pkt *pkt, unsigned int len)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = len,
		    .repeat = 1);
	int err = bpf_prog_test_run_opts(prog_fd, &opts);

	if (err)
		lab_fail(__FILE__, __LINE__,
			 "BPF_PROG_TEST_RUN of %u bytes: expected success, got %s",
			 len, strerror(-err));
	return opts.retval;
}

LAB_TEST(cls_bpf_test_run, 15, 0)
{
	struct cls_bpf_test_run *skel = cls_bpf_test_run__open_and_load();
	unsigned int port = lab_rand(1, 65535);
	struct cls_pkt pkt = {
		.eth.h_proto = htons(ETH_P_IP),
		.ip = {
			.version = 4, .ihl = 5, .ttl = 64,
			.protocol = IPPROTO_UDP,
			.tot_len = htons(sizeof(pkt) - sizeof(pkt.eth)),
			.saddr = htonl(INADDR_LOOPBACK),
			.daddr = htonl(INADDR_LOOPBACK),
		},
		.udp = {
			.source = htons(lab_rand(1, 65535)),
			.dest = htons(port),
			.len = htons(sizeof(pkt.udp) + sizeof(pkt.payload)),
		},
		.payload = "lab",
	};
	int prog_fd;

	LAB_ASSERT(skel, "cls_bpf_test_run.bpf.c: expected it to load, got %s",
		   strerror(errno));
	prog_fd = bpf_program__fd(skel->progs.udp_dport);

	LAB_EXPECT_EQ(cls_run(prog_fd, &pkt, sizeof(pkt)), port,
		      "retval on a UDP packet (its destination port)");
	/* Cut inside the UDP header, before the end of the port. */
	LAB_EXPECT_EQ(cls_run(prog_fd, &pkt, offsetof(struct cls_pkt, udp.dest) + 1),
		      (unsigned int)CLS_SHORT, "retval on a truncated packet (CLS_SHORT)");
	cls_bpf_test_run__destroy(skel);
}
