// SPDX-License-Identifier: GPL-2.0
/* tp_btf_refused: the smallest BTF-typed tracing program: it reads nothing. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

SEC("tp_btf/btf_lab_probe")
int refused(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
