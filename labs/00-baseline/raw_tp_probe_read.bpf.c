// SPDX-License-Identifier: GPL-2.0
/*
 * raw_tp_probe_read: the old way to read a tracepoint's objects. A plain
 * raw tracepoint gets its arguments as untyped u64s; every load through
 * them goes through bpf_probe_read_kernel() (BPF_CORE_READ, with offsets
 * relocated by libbpf in user space), never through the verifier's BTF.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#define UNTOUCHED	0xdeadbeef	/* what a failed read must not leave */

const volatile __u32 tgid;	/* set by user space before load */

__u64 hits;
/* the arguments */
__u64 obj, opaque, intp, fn;
int num, scenario, intval;
/* obj's members, and two and three objects deep */
__u8 u8v;
__u16 u16v, inner_b;
__u32 u32v, arr3, bits_hi, next_u32v;
__u64 u64v, un_whole, next, next_next_u64v;
/* other->u32v: valid or not, per scenario */
long other_err;
__u32 other_u32v;

SEC("raw_tp/btf_lab_probe")
int BPF_PROG(probe_read, struct btf_lab_obj *o, int n, enum btf_lab_scenario sc,
	     void *op, int *ip, void *f, struct btf_lab_obj *other)
{
	__u32 v = UNTOUCHED;
	int i = 0;

	if (bpf_get_current_pid_tgid() >> 32 != tgid)
		return 0;

	obj = (unsigned long)o;
	opaque = (unsigned long)op;
	intp = (unsigned long)ip;
	fn = (unsigned long)f;
	num = n;
	scenario = sc;
	bpf_probe_read_kernel(&i, sizeof(i), ip);
	intval = i;

	u8v = BPF_CORE_READ(o, u8v);
	u16v = BPF_CORE_READ(o, u16v);
	u32v = BPF_CORE_READ(o, u32v);
	u64v = BPF_CORE_READ(o, u64v);
	inner_b = BPF_CORE_READ(o, inner.b);
	un_whole = BPF_CORE_READ(o, un.whole);
	arr3 = BPF_CORE_READ(o, arr[3]);
	bits_hi = BPF_CORE_READ_BITFIELD_PROBED(o, bits_hi);
	next = (unsigned long)BPF_CORE_READ(o, next);
	next_u32v = BPF_CORE_READ(o, next, u32v);
	next_next_u64v = BPF_CORE_READ(o, next, next, u64v);

	other_err = bpf_core_read(&v, sizeof(v), &other->u32v);
	other_u32v = v;

	__sync_fetch_and_add(&hits, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
