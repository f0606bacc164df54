/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 02-attach-btf-id share. */
#ifndef ATTACH_H
#define ATTACH_H

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "lab.h"

#define TP_TYPE		"btf_trace_btf_lab_probe"	/* the fixture's tracepoint */
#define DECOY_INT	"btf_trace_btf_lab_not_a_tp"	/* typedef int */
#define DECOY_GONE	"btf_trace_btf_lab_gone"	/* no such tracepoint */

static char attach_log[16384];

/* The number of types in vmlinux BTF, type 0 (void) included. */
static inline int vmlinux_type_cnt(void)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int n;

	if (!btf)
		return -errno;
	n = btf__type_cnt(btf);
	btf__free(btf);
	return n;
}

/* Load "r0 = 0; exit" as a tp_btf program with @id: fd or -errno. */
static inline int load_tp_btf(unsigned int id)
{
	static const struct bpf_insn ret0[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return lab_prog_load(BPF_PROG_TYPE_TRACING, BPF_TRACE_RAW_TP, id, ret0, 2,
			     attach_log, sizeof(attach_log));
}

/* BPF_RAW_TRACEPOINT_OPEN: a link fd, or -errno. */
static inline int raw_tp_open(int prog_fd, const char *name)
{
	int fd = bpf_raw_tracepoint_open(name, prog_fd);

	return fd < 0 ? -errno : fd;
}

/* The type id the valid tracepoint type has; fails the test if missing. */
#define TP_ID_OR_RETURN(var)							\
	do {									\
		(var) = lab_vmlinux_id(TP_TYPE, BTF_KIND_TYPEDEF);			\
		LAB_ASSERT((var) > 0, "no typedef %s in vmlinux BTF", TP_TYPE);	\
	} while (0)

/*
 * The control of every refusal test: the same program with the valid id
 * loads. So a refusal is about the id, not about the program.
 */
static inline void expect_valid_loads(int id)
{
	int fd = load_tp_btf(id);

	LAB_EXPECT(fd >= 0,
		   "loading with attach_btf_id %d (%s): expected success, got %s; log: %s",
		   id, TP_TYPE, strerror(-fd), attach_log);
	if (fd >= 0)
		close(fd);
}

/* A load with @id must fail with @err, and the log say @msg (unless NULL). */
static inline void expect_refused(unsigned int id, const char *what, int err,
				  const char *msg)
{
	int fd = load_tp_btf(id);

	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -err,
		   "loading with attach_btf_id %u (%s): expected %s, got %s",
		   id, what, strerror(err), fd >= 0 ? "success" : strerror(-fd));
	if (msg)
		LAB_EXPECT(lab_log_claim(attach_log, msg),
			   "loading with attach_btf_id %u (%s): expected \"%s\" in the log, got \"%s\"",
			   id, what, msg, attach_log);
}

#endif /* ATTACH_H */
