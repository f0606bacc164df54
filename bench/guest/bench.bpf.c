// SPDX-License-Identifier: GPL-2.0
/*
 * The same pointer walks, three ways, for `make bench`:
 *
 *   direct_*: tp_btf programs with plain C loads through BTF-typed
 *             pointers (the seeds' way). Loaded once with the JIT on and
 *             once with it off.
 *   old_*:    raw_tp programs that read every hop with
 *             bpf_probe_read_kernel() (BPF_CORE_READ), the way before
 *             the seeds.
 *
 * d1..d3: obj->u32v, obj->next->u32v, obj->next->next->u32v on the
 * fixture; null and unmapped: other->u32v with 'other' NULL or
 * ERR_PTR(-22); skb: skb->dev->ifindex on kfree_skb.
 *
 * Each program walks BENCH_LOOPS times per run, reloading every hop (the
 * compiler barrier), so that the walk, not the tracepoint, dominates what
 * the guest's coarse clock measures.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "bench.h"

__u64 sink;
__u32 skb_seen;

#define barrier()	asm volatile("" ::: "memory")

/* WALK(expr): evaluate expr BENCH_LOOPS times, reloading it every time. */
#define WALK(expr)							\
	do {								\
		__u64 s = 0;						\
		int i;							\
		for (i = 0; i < BENCH_LOOPS; i++) {			\
			s += (expr);					\
			barrier();					\
		}							\
		sink = s;						\
	} while (0)

SEC("tp_btf/btf_lab_probe")
int BPF_PROG(direct_d1, struct btf_lab_obj *o)
{
	WALK(o->u32v);
	return 0;
}

SEC("tp_btf/btf_lab_probe")
int BPF_PROG(direct_d2, struct btf_lab_obj *o)
{
	WALK(o->next->u32v);
	return 0;
}

SEC("tp_btf/btf_lab_probe")
int BPF_PROG(direct_d3, struct btf_lab_obj *o)
{
	WALK(o->next->next->u32v);
	return 0;
}

SEC("tp_btf/btf_lab_probe")
int BPF_PROG(direct_fault, struct btf_lab_obj *o, int n, enum btf_lab_scenario sc,
	     void *op, int *ip, void *f, struct btf_lab_obj *other)
{
	WALK(other->u32v);
	return 0;
}

SEC("tp_btf/kfree_skb")
int BPF_PROG(direct_skb, struct sk_buff *skb)
{
	WALK(skb->dev->ifindex);
	skb_seen++;
	return 0;
}

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(old_d1, struct btf_lab_obj *o)
{
	WALK(BPF_CORE_READ(o, u32v));
	return 0;
}

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(old_d2, struct btf_lab_obj *o)
{
	WALK(BPF_CORE_READ(o, next, u32v));
	return 0;
}

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(old_d3, struct btf_lab_obj *o)
{
	WALK(BPF_CORE_READ(o, next, next, u32v));
	return 0;
}

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(old_fault, struct btf_lab_obj *o, int n, enum btf_lab_scenario sc,
	     void *op, int *ip, void *f, struct btf_lab_obj *other)
{
	WALK(BPF_CORE_READ(other, u32v));
	return 0;
}

SEC("raw_tp/kfree_skb")
int BPF_PROG(old_skb, struct sk_buff *skb)
{
	WALK(BPF_CORE_READ(skb, dev, ifindex));
	skb_seen++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
