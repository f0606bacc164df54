// SPDX-License-Identifier: GPL-2.0
/*
 * A tp_btf program that only counts its runs: it does not read its
 * context, which stage 3 makes possible.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

__u64 hits;

SEC("tp_btf/btf_lab_probe")
int count_fires(void *ctx)
{
	__sync_fetch_and_add(&hits, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
