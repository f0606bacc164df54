// SPDX-License-Identifier: GPL-2.0
/*
 * Programs whose context btf_ctx_access() would type, but which the lab
 * kernel refuses at load: only tp_btf programs have a BTF-typed context
 * there. ctx_only_tp_btf.c loads them one at a time.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

__u64 stack[16];

/* ctx->task is NULL on the iterator's last call: 6.1 refuses this one. */
SEC("iter/task")
int iter_unchecked(struct bpf_iter__task *ctx)
{
	bpf_get_task_stack(ctx->task, stack, sizeof(stack), 0);
	return 0;
}

/* The same with the NULL check: 6.1 accepts it. */
SEC("iter/task")
int iter_checked(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;

	if (task)
		bpf_get_task_stack(task, stack, sizeof(stack), 0);
	return 0;
}

/* The BPF program that the next two attach to. */
SEC("socket")
int target(struct __sk_buff *skb)
{
	return 0;
}

/* fentry on a BPF program: its arguments are typed by that program's BTF. */
SEC("fentry/target")
int fentry_on_target(void *ctx)
{
	return 0;
}

SEC("tp_btf/target")
int tp_btf_on_target(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
