// SPDX-License-Identifier: GPL-2.0
/*
 * Read btf_lab_probe's arguments from the context, as a tp_btf program
 * can from stage 3 on. ctx[i] is argument i. A field of obj is read with
 * bpf_probe_read_kernel(): loads through obj itself are stage 4.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

__u64 obj_addr, other_addr, opaque_val, scenario_val, runs;
__s64 num_val;
__u32 u32v_val;

SEC("tp_btf/btf_lab_probe")
int read_args(unsigned long long *ctx)
{
	struct btf_lab_obj *obj = (void *)ctx[0];

	obj_addr = ctx[0];
	num_val = (int)ctx[1];
	scenario_val = ctx[2];
	opaque_val = ctx[3];
	other_addr = ctx[6];
	bpf_probe_read_kernel(&u32v_val, sizeof(u32v_val), &obj->u32v);
	runs++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
