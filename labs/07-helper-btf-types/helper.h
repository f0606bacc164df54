/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 07-helper-btf-types share. */
#ifndef HELPER_H
#define HELPER_H

#include <stdint.h>
#include <linux/types.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "skb_output.h"
#include "skb_output.skel.h"

/* One datagram the test sent: its port and payload. */
struct datagram {
	uint16_t port;
	uint8_t payload[SKB_PAYLOAD];
};

/*
 * Load and attach skb_output.bpf.c in @mode, send one datagram of random
 * bytes to a closed port of 127.0.0.1, and wait for the program to see
 * it. NULL, after failing the test, if any step fails.
 */
struct skb_output *skb_output_run(unsigned int mode, struct datagram *d,
				  struct perf_buffer **pb, void *sample_ctx,
				  perf_buffer_sample_fn on_sample);

/* What R1 holds when a hand-written tp_btf/kfree_skb program calls bpf_skb_output(). */
enum r1_kind {
	R1_SKB,		/* the skb: accepted */
	R1_DEV,		/* skb->dev: a struct net_device */
	R1_STACK,	/* a stack pointer */
	R1_MAPVAL,	/* a pointer to a map value */
	R1_SCALAR,	/* the number 42 */
	R1_SKB_OFF,	/* skb + 8 */
	R1_SKB_VAR,	/* skb + (reason & 8): an offset the verifier cannot know */
};

/*
 * Load that program, bpf_skb_output(R1, @map_fd, 0, &u32, 4), with the
 * verifier's log in @log: fd or -errno. @value_map_fd is an array map for
 * R1_MAPVAL.
 */
int helper_load(enum r1_kind r1, int map_fd, int value_map_fd, char *log, size_t log_size);

/* The maps those programs use: a perf event array and an array map. */
struct maps {
	int perf, array;
};

int maps_open(struct maps *m);
void maps_close(struct maps *m);

#endif /* HELPER_H */
