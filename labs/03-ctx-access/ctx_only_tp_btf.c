// SPDX-License-Identifier: GPL-2.0
/*
 * ctx_only_tp_btf: btf_ctx_access() types the context of every program
 * attached by BTF id, but the lab kernel gives back only the tp_btf case
 * of the seed. The others (iterators, fentry/fexit, tp_btf on a BPF
 * program, LSM, struct_ops) are refused at load by given code in
 * check_attach_btf_id(), so that none of them is typed with less than 6.1
 * types it with. An iterator that passes ctx->task, which is NULL on the
 * last call, to bpf_get_task_stack() would otherwise oops the kernel.
 * Not on make ref: 6.1 accepts the iterator with a NULL check and fentry
 * on a BPF program ('make check' proves that this test fails there).
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "ctx_only_tp_btf.skel.h"

#define REFUSED "refused in this lab kernel, where only tp_btf programs have a BTF-typed context"

static char only_log[65536];

/*
 * Load program @name alone from a fresh object; attach it to program
 * @target_fd's function 'target' when @target_fd >= 0. 0 or -errno; the
 * verifier log is in only_log. On success *@skel keeps the object.
 */
static int only_load(const char *name, int target_fd, struct ctx_only_tp_btf **skel)
{
	struct ctx_only_tp_btf *s = ctx_only_tp_btf__open();
	struct bpf_program *p;
	int err;

	if (!s)
		return -errno;
	bpf_object__for_each_program(p, s->obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), name));
	p = bpf_object__find_program_by_name(s->obj, name);
	only_log[0] = '\0';
	bpf_program__set_log_buf(p, only_log, sizeof(only_log));
	bpf_program__set_log_level(p, 1);
	err = target_fd >= 0 ? bpf_program__set_attach_target(p, target_fd, "target") : 0;
	if (!err)
		err = ctx_only_tp_btf__load(s);
	if (!err && skel)
		*skel = s;
	else
		ctx_only_tp_btf__destroy(s);
	return err;
}

static void only_expect_refused(const char *name, const char *what, int target_fd,
				const char *line)
{
	int err = only_load(name, target_fd, NULL);

	LAB_EXPECT(err == -EINVAL, "%s (%s): expected EINVAL, got %s", name, what,
		   err ? strerror(-err) : "success");
	LAB_EXPECT(lab_log_claim(only_log, line),
		   "%s (%s): expected the verifier log line \"%s\", got \"%s\"", name, what,
		   line, only_log);
}

LAB_TEST(ctx_only_tp_btf, 5, LAB_LAB_ONLY)
{
	struct ctx_only_tp_btf *tgt = NULL;
	int err, fd;

	lab_libbpf_quiet(true);
	only_expect_refused("iter_unchecked", "iter/task, ctx->task to bpf_get_task_stack()", -1,
			    "iterator programs: " REFUSED);
	only_expect_refused("iter_checked", "the same after a NULL check", -1,
			    "iterator programs: " REFUSED);
	err = only_load("target", -1, &tgt);
	lab_libbpf_quiet(false);
	LAB_ASSERT(!err, "target (a socket filter, to attach to): expected it to load, got %s",
		   strerror(-err));
	fd = bpf_program__fd(tgt->progs.target);
	lab_libbpf_quiet(true);
	only_expect_refused("fentry_on_target", "fentry on a BPF program", fd,
			    "fentry/fexit/fmod_ret programs: " REFUSED);
	only_expect_refused("tp_btf_on_target", "tp_btf on a BPF program", fd,
			    "tp_btf on a BPF program: " REFUSED);
	lab_libbpf_quiet(false);
	ctx_only_tp_btf__destroy(tgt);
}
