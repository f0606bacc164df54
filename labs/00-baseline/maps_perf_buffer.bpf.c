// SPDX-License-Identifier: GPL-2.0
/*
 * maps_perf_buffer: send each fire's {num, scenario} through a perf event
 * array and a ring buffer, and add num to a hash map value that user space
 * set.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "baseline.h"

const volatile __u32 tgid;	/* set by user space before load */
const volatile __u32 acc_key;	/* the hash key user space fills */

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} ring SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} acc SEC(".maps");

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(emit, struct btf_lab_obj *obj, int num, enum btf_lab_scenario scenario)
{
	struct baseline_event ev = { .num = num, .scenario = scenario };
	__u32 key = acc_key;
	__u64 *sum;

	if (bpf_get_current_pid_tgid() >> 32 != tgid)
		return 0;
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &ev, sizeof(ev));
	bpf_ringbuf_output(&ring, &ev, sizeof(ev), 0);
	sum = bpf_map_lookup_elem(&acc, &key);
	if (sum)
		__sync_fetch_and_add(sum, (__u32)num);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
