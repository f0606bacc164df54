// SPDX-License-Identifier: GPL-2.0
/* kprobe_fires: count this process's writes to /sys/kernel/debug/btf_lab/fire. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

const volatile __u32 tgid;	/* set by user space before load */
__u64 calls;

SEC("kprobe/btf_lab_fire_write")
int BPF_KPROBE(on_fire_write)
{
	if (bpf_get_current_pid_tgid() >> 32 == tgid)
		__sync_fetch_and_add(&calls, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
