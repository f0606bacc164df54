// SPDX-License-Identifier: GPL-2.0
/*
 * maps_perf_buffer: the ways a tracing program hands data to user space
 * work without BTF: each fire arrives once, with its own num, through a
 * perf event array (perf_buffer) and a ring buffer; and a hash map value
 * written by user space is read, updated by the program and read back.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "baseline.h"
#include "maps_perf_buffer.skel.h"

struct maps_got {
	unsigned int n;			/* events received */
	unsigned int bad_size;		/* events of the wrong size */
	unsigned long long lost;	/* perf samples lost */
	struct baseline_event last;
};

static void maps_got_event(struct maps_got *got, const void *data, size_t size,
			   size_t want_size)
{
	got->n++;
	if (size < sizeof(got->last) || size > want_size) {
		got->bad_size++;
		return;
	}
	memcpy(&got->last, data, sizeof(got->last));
}

static void maps_on_sample(void *ctx, int cpu, void *data, __u32 size)
{
	/* A perf raw sample is padded so that it ends 8-byte aligned. */
	maps_got_event(ctx, data, size, sizeof(struct baseline_event) + 4);
}

static void maps_on_lost(void *ctx, int cpu, __u64 cnt)
{
	((struct maps_got *)ctx)->lost += cnt;
}

static int maps_on_record(void *ctx, void *data, size_t size)
{
	maps_got_event(ctx, data, size, sizeof(struct baseline_event));
	return 0;
}

static void maps_check(struct maps_got *got, const char *how, unsigned int fires,
		       int num, int scenario)
{
	char what[80];

	snprintf(what, sizeof(what), "%s: events received after %u fires", how, fires);
	LAB_EXPECT_EQ(got->n, fires, what);
	snprintf(what, sizeof(what), "%s: events of a wrong size", how);
	LAB_EXPECT_EQ(got->bad_size, 0, what);
	snprintf(what, sizeof(what), "%s: num of fire %u", how, fires);
	LAB_EXPECT_EQ(got->last.num, num, what);
	snprintf(what, sizeof(what), "%s: scenario of fire %u", how, fires);
	LAB_EXPECT_EQ(got->last.scenario, scenario, what);
}

static void maps_run(struct maps_perf_buffer *skel, struct perf_buffer *pb,
		     struct ring_buffer *rb, struct maps_got *perf,
		     struct maps_got *ring)
{
	unsigned long long base, sum = 0, val;
	unsigned int k = lab_rand(3, 8), i;
	__u32 key = skel->rodata->acc_key;
	int err, num;

	base = (unsigned long long)lab_rand(0, ~0u) << 32 | lab_rand(0, ~0u);
	err = bpf_map__update_elem(skel->maps.acc, &key, sizeof(key), &base, sizeof(base),
				   BPF_NOEXIST);
	LAB_ASSERT(!err, "hash map update: expected success, got %s", strerror(-err));

	for (i = 1; i <= k; i++) {
		err = lab_fire("valid", 1);
		LAB_ASSERT(!err, "write \"valid 1\" to btf_lab/fire: %s", strerror(-err));
		num = lab_truth_must("num");
		sum += (unsigned int)num;
		/* The program ran inside the write: its output is there. */
		err = perf_buffer__consume(pb);
		LAB_EXPECT(err >= 0, "perf_buffer__consume: expected success, got %s",
			   strerror(-err));
		err = ring_buffer__consume(rb);
		LAB_EXPECT(err >= 0, "ring_buffer__consume: expected success, got %s",
			   strerror(-err));
		maps_check(perf, "perf buffer", i, num, lab_truth_must("scenario_id"));
		maps_check(ring, "ring buffer", i, num, lab_truth_must("scenario_id"));
		if (lab_failed)
			return;
	}
	LAB_EXPECT_EQ(perf->lost, 0, "perf samples lost");

	err = bpf_map__lookup_elem(skel->maps.acc, &key, sizeof(key), &val, sizeof(val), 0);
	LAB_ASSERT(!err, "hash map lookup: expected success, got %s", strerror(-err));
	LAB_EXPECT_EQ(val, base + sum, "hash value: what user space set plus every fire's num");
}

LAB_TEST(maps_perf_buffer, 15, 0)
{
	struct maps_perf_buffer *skel = maps_perf_buffer__open();
	struct maps_got perf = { 0 }, ring = { 0 };
	struct perf_buffer *pb = NULL;
	struct ring_buffer *rb = NULL;
	int err;

	LAB_ASSERT(skel, "maps_perf_buffer.bpf.c: expected it to open, got %s", strerror(errno));
	skel->rodata->tgid = getpid();
	skel->rodata->acc_key = lab_rand(0, ~0u);
	err = maps_perf_buffer__load(skel);
	LAB_EXPECT(!err, "maps_perf_buffer.bpf.c: expected it to load, got %s", strerror(-err));
	if (!err) {
		pb = perf_buffer__new(bpf_map__fd(skel->maps.events), 8, maps_on_sample,
				      maps_on_lost, &perf, NULL);
		rb = ring_buffer__new(bpf_map__fd(skel->maps.ring), maps_on_record, &ring, NULL);
		LAB_EXPECT(pb && rb, "perf_buffer__new/ring_buffer__new: expected both, got %s",
			   strerror(errno));
		err = maps_perf_buffer__attach(skel);
		LAB_EXPECT(!err, "raw_tp/btf_lab_probe: expected it to attach, got %s",
			   strerror(-err));
		if (pb && rb && !err)
			maps_run(skel, pb, rb, &perf, &ring);
	}
	ring_buffer__free(rb);
	perf_buffer__free(pb);
	maps_perf_buffer__destroy(skel);
}
