// SPDX-License-Identifier: GPL-2.0
/*
 * The guest half of `make bench`. Each "test" measures and prints
 * "# <test>: bench: KIND key=value ..." lines, which bench/run collects;
 * it fails only when it could not measure.
 *
 *   bench_walks:    the cost of one walk, each way: the time per event
 *                   (a fixture fire, a dropped datagram) with the way's
 *                   program attached alone, minus the time with none,
 *                   over the BENCH_LOOPS walks each run makes
 *   bench_verifier: for every lab test program (/lab/bench/objs), the
 *                   verifier's statistics (log level 4)
 *
 * LAB_BENCH_SECONDS: how long each point lasts at least (default 1 s);
 * LAB_BENCH_BATCH: at most this many events per batch (smoke runs: 1).
 *
 * Why not BPF_ENABLE_STATS' run_time_ns, or bpf_ktime_get_ns() in the
 * program: under TCG the guest kernel finds no HPET or PM timer to
 * calibrate the TSC with, so its only clocksource is jiffies (4 ms), and
 * both read 0 for a run. Long wall-clock points are what it can measure.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "bench.h"
#include "bench.skel.h"

#define OBJS		"/lab/bench/objs"

struct way {
	const char *name;	/* jit, interp, probe_read */
	struct bench *skel;
};

struct walk {
	const char *name;
	int (*make)(unsigned int n);	/* n events: fires or dropped datagrams */
	unsigned int batch;
	const char *direct, *old;
	/* events completed so far, when they complete after make() returns */
	long (*done)(void);
};

static double env_num(const char *name, double dflt)
{
	const char *s = getenv(name);

	return s && *s ? atof(s) : dflt;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static struct bench *open_way(int jit, int direct)
{
	struct bpf_program *p;
	struct bench *skel;

	if (lab_jit(jit))
		return NULL;
	skel = bench__open();
	if (!skel)
		return NULL;
	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, !strncmp(bpf_program__name(p), direct ?
						      "direct_" : "old_", direct ? 7 : 4));
	if (bench__load(skel)) {
		bench__destroy(skel);
		return NULL;
	}
	return skel;
}

static __u64 run_cnt(struct bpf_program *p)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len))
		return 0;
	return info.run_cnt;
}

static int fire_valid(unsigned int n) { return lab_fire("valid", n); }
static int fire_null(unsigned int n) { return lab_fire("null", n); }
static int fire_unmapped(unsigned int n) { return lab_fire("unmapped", n); }

/*
 * Datagrams dropped for want of a socket (UdpNoPorts in /proc/net/snmp):
 * a slow program on kfree_skb defers the receive side to ksoftirqd, so
 * sending returns before the drops happen.
 */
static long udp_noports(void)
{
	char line[1024], head[1024] = "";
	FILE *f = fopen("/proc/net/snmp", "r");
	long v = -1;

	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "Udp: ", 5))
			continue;
		if (!head[0]) {
			snprintf(head, sizeof(head), "%s", line);
			continue;
		}
		{
			char *hs, *vs, *h = strtok_r(head, " \n", &hs);
			char *x = strtok_r(line, " \n", &vs);

			for (; h && x; h = strtok_r(NULL, " \n", &hs), x = strtok_r(NULL, " \n", &vs))
				if (!strcmp(h, "NoPorts"))
					v = atol(x);
		}
		break;
	}
	if (f)
		fclose(f);
	return v;
}

/* Send @n datagrams to a closed port of 127.0.0.1: n drops, n kfree_skb. */
static int drop_packets(unsigned int n)
{
	static const char buf[32] = "bench";

	return lab_udp_send(9, buf, sizeof(buf), n) ? -1 : 0;	/* discard: closed */
}

/*
 * Nanoseconds per event: make events in batches until at least @secs of
 * the guest's clock went by. The guest has only a jiffies clocksource
 * under TCG (4 ms), so a point must last long.
 */
static double ns_per_event(const struct walk *w, double secs, unsigned long *events)
{
	struct timespec pause = { 0, 1000 * 1000 };
	long start = w->done ? w->done() : 0;
	double t0 = now_s(), el;
	unsigned long n = 0;

	do {
		if (w->make(w->batch))
			return -1;
		n += w->batch;
		el = now_s() - t0;
	} while (el < secs);
	/* Count the time until the last event is done. */
	while (w->done && w->done() - start < (long)n && now_s() - t0 < secs + 30)
		nanosleep(&pause, NULL);
	el = now_s() - t0;
	*events = n;
	return el * 1e9 / n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * One walk: the cost of an event with no program, then with each way's
 * program alone; (with - without) / BENCH_LOOPS is the cost of one walk.
 * The median of @reps rounds.
 */
static void measure(struct way *ways, int nways, const struct walk *w, double secs, int reps)
{
	double cost[3][5], base[5];
	unsigned long events = 0;
	int r, i;

	for (r = 0; r < reps; r++) {
		base[r] = ns_per_event(w, secs, &events);
		LAB_ASSERT(base[r] >= 0, "%s: making events failed", w->name);
		for (i = 0; i < nways; i++) {
			const char *name = strcmp(ways[i].name, "probe_read") ? w->direct : w->old;
			struct bpf_program *p =
				bpf_object__find_program_by_name(ways[i].skel->obj, name);
			struct bpf_link *link = p ? bpf_program__attach(p) : NULL;
			__u64 before = p ? run_cnt(p) : 0;
			double t;

			LAB_ASSERT(link, "%s/%s: attaching %s failed", w->name, ways[i].name, name);
			t = ns_per_event(w, secs, &events);
			/* (the last run may still be finishing on the other CPU) */
			LAB_EXPECT(run_cnt(p) - before + 1 >= events,
				   "%s/%s: the program ran %llu times for %lu events",
				   w->name, ways[i].name, (unsigned long long)(run_cnt(p) - before), events);
			bpf_link__destroy(link);
			cost[i][r] = (t - base[r]) / BENCH_LOOPS;
		}
	}
	qsort(base, reps, sizeof(base[0]), cmp_double);
	for (i = 0; i < nways; i++) {
		qsort(cost[i], reps, sizeof(cost[i][0]), cmp_double);
		lab_diag("bench: walk walk=%s way=%s per_walk=%.1f event_ns=%.1f events=%lu reps=%d",
			 w->name, ways[i].name, cost[i][reps / 2], base[reps / 2], events, reps);
	}
}

LAB_TEST(bench_walks, 0, 0)
{
	struct way ways[3] = {
		{ "jit", open_way(1, 1) },
		{ "interp", open_way(0, 1) },
		{ "probe_read", open_way(1, 0) },
	};
	/* Smoke runs (LAB_BENCH_SECONDS=0) make one batch of LAB_BENCH_BATCH. */
	unsigned int cap = env_num("LAB_BENCH_BATCH", 1000);
	double secs = env_num("LAB_BENCH_SECONDS", 1.0);
	int reps = secs > 0 ? 3 : 1;
	const struct walk walks[] = {
		{ "d1", fire_valid, 1000, "direct_d1", "old_d1" },
		{ "d2", fire_valid, 1000, "direct_d2", "old_d2" },
		{ "d3", fire_valid, 1000, "direct_d3", "old_d3" },
		{ "null", fire_null, 1000, "direct_fault", "old_fault" },
		{ "unmapped", fire_unmapped, 10, "direct_fault", "old_fault" },
		{ "skb", drop_packets, 20, "direct_skb", "old_skb", udp_noports },
	};
	unsigned int i;
	int stats;

	lab_jit(true);
	for (i = 0; i < 3; i++)
		LAB_ASSERT(ways[i].skel, "loading the %s programs failed", ways[i].name);
	/* Only to count runs: the guest's clock is too coarse to time one. */
	stats = bpf_enable_stats(BPF_STATS_RUN_TIME);
	LAB_ASSERT(stats >= 0, "BPF_ENABLE_STATS: %s", strerror(errno));
	lab_diag("bench: config loops=%d seconds=%.2f reps=%d", BENCH_LOOPS, secs, reps);
	for (i = 0; i < sizeof(walks) / sizeof(walks[0]); i++) {
		struct walk w = walks[i];

		if (w.batch > cap)
			w.batch = cap;
		measure(ways, 3, &w, secs, reps);
	}
	close(stats);
	for (i = 0; i < 3; i++)
		bench__destroy(ways[i].skel);
}

/*
 * The verifier's statistics of a log at level 4, into @out: instructions
 * processed, peak states (and its verification time, which the guest's
 * jiffies clock cannot resolve).
 */
static void parse_stats(const char *log, unsigned long long out[3])
{
	const char *p;

	out[0] = out[1] = out[2] = 0;
	p = strstr(log, "processed ");
	if (p)
		out[0] = strtoull(p + 10, NULL, 10);
	p = strstr(log, "peak_states ");
	if (p)
		out[1] = strtoull(p + 12, NULL, 10);
	p = strstr(log, "verification time ");
	if (p)
		out[2] = strtoull(p + 18, NULL, 10);
}

/* Load program @idx of object @path alone, with the verifier's stats. */
static void verify_one(const char *path, const char *file, int idx)
{
	static char log[1 << 16];
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *p, *me = NULL;
	unsigned long long st[3];
	int i = 0, err;

	if (!obj)
		return;
	bpf_object__for_each_program(p, obj) {
		bpf_program__set_autoload(p, i == idx);
		if (i++ == idx)
			me = p;
	}
	if (me) {
		log[0] = 0;
		bpf_program__set_log_buf(me, log, sizeof(log));
		bpf_program__set_log_level(me, 4);
		err = bpf_object__load(obj);
		parse_stats(log, st);
		if (err)
			lab_diag("bench: verifier obj=%s prog=%s result=refused err=%d", file,
				 bpf_program__name(me), err);
		else
			lab_diag("bench: verifier obj=%s prog=%s result=ok insns=%llu peak_states=%llu",
				 file, bpf_program__name(me), st[0], st[1]);
	}
	bpf_object__close(obj);
}

LAB_TEST(bench_verifier, 0, 0)
{
	struct dirent **ents;
	int n, i, seen = 0;

	n = scandir(OBJS, &ents, NULL, alphasort);
	LAB_ASSERT(n >= 0, "%s: %s", OBJS, strerror(errno));
	lab_libbpf_quiet(true);
	for (i = 0; i < n; i++) {
		char path[512];
		struct bpf_object *obj;
		struct bpf_program *p;
		int progs = 0, k;

		if (!strstr(ents[i]->d_name, ".bpf.o"))
			goto next;
		snprintf(path, sizeof(path), "%s/%s", OBJS, ents[i]->d_name);
		obj = bpf_object__open_file(path, NULL);
		if (!obj)
			goto next;
		bpf_object__for_each_program(p, obj)
			progs++;
		bpf_object__close(obj);
		for (k = 0; k < progs; k++)
			verify_one(path, ents[i]->d_name, k);
		seen++;
next:
		free(ents[i]);
	}
	free(ents);
	lab_libbpf_quiet(false);
	LAB_EXPECT(seen > 0, "no lab objects in %s", OBJS);
}
