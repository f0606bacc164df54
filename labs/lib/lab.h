/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lab.h - the BTF tracing lab's test harness (runs inside the QEMU guest).
 *
 * A stage's tests are C functions registered with LAB_TEST(). The harness
 * runs each one in a child process (a crash or a kernel oops that kills the
 * test fails that test only), and prints KTAP
 * (Documentation/dev-tools/ktap.rst) with the points of every test:
 *
 *	KTAP version 1
 *	1..2
 *	# total-points: 30
 *	# points: 10
 *	ok 1 socket_filter
 *	# kprobe_fires: count: expected 3, got 0 (kprobe.c:42)
 *	# points: 20
 *	not ok 2 kprobe_fires
 *
 * A test:
 *
 *	LAB_TEST(socket_filter, 10, 0)
 *	{
 *		struct socket_filter *skel = socket_filter__open_and_load();
 *
 *		LAB_ASSERT(skel, "socket_filter loads");
 *		LAB_EXPECT_EQ(skel->bss->count, 3, "packets seen");
 *	}
 *
 * Environment (set by the guest's runner):
 *	LAB_GRADE_STAGE	the stage being graded (tests flagged
 *			LAB_THIS_STAGE_ONLY run only when it is their own)
 *	LAB_REF		1 on `make ref`: tests flagged LAB_LAB_ONLY are skipped
 *	LAB_FILTER	a shell pattern: only matching test names run
 */
#ifndef LAB_H
#define LAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The test checks a lab-only message or knob: skipped on `make ref`. */
#define LAB_LAB_ONLY		0x1
/* Graded only with its own stage (e.g. the carve checks of stage 0). */
#define LAB_THIS_STAGE_ONLY	0x2
/*
 * Runs alone in a boot of its own, named after the test, with the extra
 * kernel command line (e.g. a fault to inject) that LAB_BOOT_ARGS() gives.
 */
#define LAB_OWN_BOOT		0x4
/*
 * An own boot has one CPU, so that two of them run beside the main boot
 * (two CPUs) without slowing it. LAB_TWO_CPUS gives it two: a test of a
 * race needs them.
 */
#define LAB_TWO_CPUS		0x8
/*
 * LAB_BOOT_ARGS(name, "args"): the kernel arguments of the own boot of
 * test NAME. The host reads it from the source into the run's manifest
 * (labs/lib/grade.py --manifest), which 'lab' boots from: the guest never
 * needs it.
 */
#define LAB_BOOT_ARGS(tname, args)					\
	static const char lab_boot_args_##tname[] __attribute__((unused)) = args

struct lab_test {
	const char *name;
	int points;
	unsigned int flags;
	void (*fn)(void);
	const char *file;
	struct lab_test *next;
};

void lab_register(struct lab_test *t);
void lab_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void lab_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A line of the kernel's that a handout quotes: printed as the diagnostic
 * "# TEST: claim: LINE" (a kernel-log time stamp dropped), and make check
 * requires that the stage's handout show it (labs/lib/claims.py).
 * lab_log_claim() is strstr(LOG, NEEDLE) that claims the whole line it
 * finds; lab_dmesg_find() claims what it finds.
 */
void lab_claim(const char *line, size_t len);
bool lab_log_claim(const char *log, const char *needle);
extern int lab_failed;

#define LAB_TEST(tname, tpoints, tflags)				\
	static void lab_test_##tname(void);				\
	static struct lab_test lab_desc_##tname = {			\
		.name = #tname, .points = (tpoints),			\
		.flags = (tflags), .fn = lab_test_##tname,		\
		.file = __FILE__,					\
	};								\
	__attribute__((constructor)) static void lab_reg_##tname(void)	\
	{								\
		lab_register(&lab_desc_##tname);			\
	}								\
	static void lab_test_##tname(void)

/* Record a failure and go on with the test. */
#define LAB_EXPECT(cond, ...)						\
	do {								\
		if (!(cond))						\
			lab_fail(__FILE__, __LINE__, __VA_ARGS__);	\
	} while (0)

/* Record a failure and end the test. */
#define LAB_ASSERT(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			lab_fail(__FILE__, __LINE__, __VA_ARGS__);	\
			return;						\
		}							\
	} while (0)

#define LAB_EXPECT_EQ(got, want, what)					\
	do {								\
		unsigned long long __g = (unsigned long long)(got);	\
		unsigned long long __w = (unsigned long long)(want);	\
		if (__g != __w)						\
			lab_fail(__FILE__, __LINE__,			\
				 "%s: expected %llu (0x%llx), got %llu (0x%llx)", \
				 what, __w, __w, __g, __g);		\
	} while (0)

/* ---- the fixture: /sys/kernel/debug/btf_lab ---- */

/* Fire btf_lab_probe @count times with @scenario ("valid", "null", ...). */
int lab_fire(const char *scenario, unsigned int count);
/* Read key @key (e.g. "obj.next.u32v") of the last fire's ground truth. */
int lab_truth(const char *key, unsigned long long *val);
/* Same, but a failure to read it fails the test. */
unsigned long long lab_truth_must(const char *key);

/* ---- helpers ---- */

/*
 * Read the value of @key from a file of "key value" lines (the fixture's
 * files are such). Returns 0, -ENOENT when the key is missing, or -errno.
 */
int lab_kv(const char *path, const char *key, char *val, size_t len);
/*
 * The number under @key in the "key value" file @path. A missing key or an
 * unreadable file fails the test, and gives -1.
 */
long long lab_kv_num(const char *path, const char *key);
/*
 * What the fixture's /sys/kernel/debug/btf_lab/prog says under @key
 * ("probe_mem", "exentries", "jited", "extable") about program @prog_fd.
 * A failure fails the test, and gives -1.
 */
long long lab_prog_readout(int prog_fd, const char *key);
/* The JIT's switch. It counts when a program is loaded. */
#define LAB_JIT_SYSCTL	"/proc/sys/net/core/bpf_jit_enable"
/* Switch the JIT on or off; a failure fails the test. 0 or -errno. */
int lab_jit(bool on);
/* 1 if the JIT compiled program @prog_fd, 0 if it is interpreted, -1 on error. */
int lab_prog_jited(int prog_fd);
/* Find a kernel log line that contains @needle; copy it to @line. */
bool lab_dmesg_find(const char *needle, char *line, size_t len);
/* The run is `make ref` (pristine 6.1): lab-only messages do not apply. */
bool lab_ref(void);
/* Load the smallest valid program (a socket filter): fd or -errno. */
int lab_load_minimal(char *log, size_t log_size);

/* Run a shell command in the guest, output to the console. Returns status. */
int lab_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Write @val to a /proc or /sys file. */
int lab_write_file(const char *path, const char *val);
/* libbpf prints go through here: they are kept as KTAP diagnostics. */
void lab_libbpf_quiet(bool quiet);

/*
 * The oracle corpus of the calling stage (labs/lib/corpus.c): its fixed
 * part and a seeded sample of the rest, each program's verdict and values
 * compared with 6.1's. A failure is the test's.
 */
void lab_corpus(void);

/* A random number in [@lo, @hi]: tests vary what they check on every run. */
unsigned int lab_rand(unsigned int lo, unsigned int hi);

/* Raw BPF_PROG_LOAD with a log buffer: returns fd or -errno. */
struct bpf_insn;
int lab_prog_load(int type, int expected_attach_type, unsigned int attach_btf_id,
		  const struct bpf_insn *insns, size_t insn_cnt,
		  char *log, size_t log_size);
/*
 * Load @insns as a tp_btf program on tracepoint @tp (BPF_PROG_TYPE_TRACING,
 * BPF_TRACE_RAW_TP, attach_btf_id of btf_trace_<tp>), with the verifier's
 * log at @level in @log: fd or -errno.
 */
int lab_tp_btf_load(const char *tp, const struct bpf_insn *insns, size_t insn_cnt,
		    char *log, size_t log_size, int level);
/* The id of type @name of kind @kind (BTF_KIND_*) in vmlinux BTF, or -errno. */
int lab_vmlinux_id(const char *name, int kind);
/*
 * The byte offset of @member in struct @sname of vmlinux BTF, looking into
 * anonymous members too, or -1; *@size gets its size in bytes.
 */
int lab_offsetof(const char *sname, const char *member, unsigned int *size);
/*
 * Send @n UDP datagrams of @len bytes from @buf to 127.0.0.1:@port. When
 * nothing listens there, the kernel drops each one with kfree_skb().
 * 0 or -errno.
 */
int lab_udp_send(unsigned short port, const void *buf, size_t len, unsigned int n);

/*
 * Send a UDP datagram of @payload bytes to a port of 127.0.0.1 that nothing
 * listens on: the kernel drops it with kfree_skb(). Then wait, up to 2 s,
 * for *@seen (a BPF program's counter) to become nonzero. 0, -ETIMEDOUT,
 * or -errno.
 */
int lab_udp_drop(unsigned int payload, volatile unsigned int *seen);

/*
 * Instructions for hand-written programs, as include/linux/filter.h
 * writes them (it is not uapi). Use with <linux/bpf.h>.
 */
#define LAB_LDX(sz, dst, src, o)	((struct bpf_insn){ .code = BPF_LDX | BPF_MEM | (sz), \
					.dst_reg = (dst), .src_reg = (src), .off = (o) })
#define LAB_STX(sz, dst, src, o)	((struct bpf_insn){ .code = BPF_STX | BPF_MEM | (sz), \
					.dst_reg = (dst), .src_reg = (src), .off = (o) })
#define LAB_ST(sz, dst, o, k)	((struct bpf_insn){ .code = BPF_ST | BPF_MEM | (sz), \
					.dst_reg = (dst), .off = (o), .imm = (k) })
#define LAB_MOV(dst, src)	((struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X, \
					.dst_reg = (dst), .src_reg = (src) })
#define LAB_MOVK(dst, k)	((struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K, \
					.dst_reg = (dst), .imm = (k) })
#define LAB_JEQK(dst, k, o)	((struct bpf_insn){ .code = BPF_JMP | BPF_JEQ | BPF_K, \
					.dst_reg = (dst), .off = (o), .imm = (k) })
#define LAB_ADDK(dst, k)	((struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_K, \
					.dst_reg = (dst), .imm = (k) })
#define LAB_CALL(fn)		((struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = (fn) })
#define LAB_EXIT()		((struct bpf_insn){ .code = BPF_JMP | BPF_EXIT })

/*
 * dst = the 64-bit constant @k: a 16-byte load, two instructions.
 * Writes them at @p (a struct bpf_insn *) and moves @p past them.
 */
#define LAB_EMIT_LD_IMM64(p, dst, k) do {					\
	*(p)++ = (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM,		\
				    .dst_reg = (dst), .imm = (__u32)(k) };	\
	*(p)++ = (struct bpf_insn){ .imm = (__u32)((__u64)(k) >> 32) };		\
} while (0)

/* dst = the map of file descriptor @fd: the same load, of a map. */
#define LAB_EMIT_LD_MAP_FD(p, dst, fd) do {					\
	*(p)++ = (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM,		\
				    .dst_reg = (dst), .src_reg = BPF_PSEUDO_MAP_FD, \
				    .imm = (fd) };					\
	*(p)++ = (struct bpf_insn){ .code = 0 };				\
} while (0)

#endif /* LAB_H */
