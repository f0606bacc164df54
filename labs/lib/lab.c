// SPDX-License-Identifier: GPL-2.0
/*
 * lab.c - the harness behind lab.h: registration, one child process per
 * test, KTAP output, and the fixture helpers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <sys/klog.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "lab.h"

/* The stage this binary grades: set by labs/lib/build.mk. */
#ifndef LAB_OWN_STAGE
#error "build with -DLAB_OWN_STAGE=<stage number>"
#endif

/*
 * Seconds a test may run, sized for TCG; LAB_TIMEOUT overrides it for a
 * run whose tests are long by design (make bench's measurements).
 */
#define LAB_TEST_TIMEOUT	120
#define LAB_FIXTURE		"/sys/kernel/debug/btf_lab/"

static struct lab_test *lab_tests, **lab_tail = &lab_tests;
static const char *lab_current;
static bool lab_quiet;
int lab_failed;

void lab_register(struct lab_test *t)
{
	*lab_tail = t;
	lab_tail = &t->next;
}

void lab_diag(const char *fmt, ...)
{
	char buf[1024], *line, *save = NULL;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		printf("# %s: %s\n", lab_current ? lab_current : "lab", line);
	fflush(stdout);
}

void lab_claim(const char *line, size_t len)
{
	/* A kernel-log line: drop its "[    1.234567] " time stamp. */
	if (len && line[0] == '[') {
		const char *end = memchr(line, ']', len);

		if (end && (size_t)(end - line) + 2 <= len && end[1] == ' ') {
			len -= end + 2 - line;
			line = end + 2;
		}
	}
	lab_diag("claim: %.*s", (int)len, line);
}

bool lab_log_claim(const char *log, const char *needle)
{
	const char *hit = log ? strstr(log, needle) : NULL;
	const char *start, *end;

	if (!hit)
		return false;
	for (start = hit; start > log && start[-1] != '\n'; start--)
		;
	end = strchr(hit, '\n');
	lab_claim(start, end ? (size_t)(end - start) : strlen(start));
	return true;
}

void lab_fail(const char *file, int line, const char *fmt, ...)
{
	char buf[900];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	lab_diag("%s (%s:%d)", buf, strrchr(file, '/') ?
		 strrchr(file, '/') + 1 : file, line);
	lab_failed++;
}

static int lab_libbpf_print(enum libbpf_print_level level, const char *fmt,
			    va_list ap)
{
	char buf[1024];

	if (lab_quiet || level == LIBBPF_DEBUG)
		return 0;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	lab_diag("libbpf: %s", buf);
	return 0;
}

void lab_libbpf_quiet(bool quiet)
{
	lab_quiet = quiet;
}

bool lab_ref(void)
{
	const char *ref = getenv("LAB_REF");

	return ref && !strcmp(ref, "1");
}

static int lab_skip_reason(const struct lab_test *t, const char **why)
{
	const char *stage = getenv("LAB_GRADE_STAGE");
	const char *filter = getenv("LAB_FILTER");
	const char *boot = getenv("LAB_BOOT");

	if ((t->flags & LAB_OWN_BOOT) && (!boot || strcmp(boot, t->name))) {
		*why = "runs in a boot of its own";
		return 1;
	}
	if (!(t->flags & LAB_OWN_BOOT) && boot) {
		*why = "runs in the main boot";
		return 1;
	}
	if ((t->flags & LAB_LAB_ONLY) && lab_ref()) {
		*why = "lab-only check, not run on make ref";
		return 1;
	}
	if ((t->flags & LAB_THIS_STAGE_ONLY) && stage &&
	    atoi(stage) != LAB_OWN_STAGE) {
		*why = "graded only with its own stage";
		return 1;
	}
	if (filter && *filter && fnmatch(filter, t->name, 0)) {
		*why = "not selected by T=";
		return 1;
	}
	return 0;
}

static int lab_run_one(struct lab_test *t)
{
	const char *timeout = getenv("LAB_TIMEOUT");
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		lab_diag("fork: %s", strerror(errno));
		return 1;
	}
	if (!pid) {
		alarm(timeout && atoi(timeout) > 0 ? atoi(timeout) : LAB_TEST_TIMEOUT);
		lab_current = t->name;
		t->fn();
		fflush(stdout);
		_exit(lab_failed ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) < 0)
		return 1;
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		lab_current = t->name;
		lab_diag("the test process died of signal %d (%s)%s", sig,
			 strsignal(sig), sig == SIGALRM ?
			 ": it timed out" : sig == SIGKILL || sig == SIGSEGV ?
			 ": a kernel oops kills the process that hit it; see the serial log" :
			 "");
		lab_current = NULL;
		return 1;
	}
	return WEXITSTATUS(status) != 0;
}

int main(void)
{
	const char *why;
	struct lab_test *t;
	int n = 0, i = 0, total = 0, bad = 0;
	bool fail_fast = getenv("LAB_FAIL_FAST") != NULL;

	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_print(lab_libbpf_print);
	for (t = lab_tests; t; t = t->next) {
		n++;
		if (!lab_skip_reason(t, &why))
			total += t->points;
	}
	printf("KTAP version 1\n1..%d\n# total-points: %d\n", n, total);
	for (t = lab_tests; t; t = t->next) {
		i++;
		printf("# points: %d\n", t->points);
		/* make check's runs that must fail need one failure only */
		if (bad && fail_fast) {
			printf("ok %d %s # SKIP a test failed before it (LAB_FAIL_FAST)\n", i, t->name);
			continue;
		}
		if (lab_skip_reason(t, &why)) {
			printf("ok %d %s # SKIP %s\n", i, t->name, why);
			continue;
		}
		if (lab_run_one(t)) {
			bad++;
			printf("not ok %d %s\n", i, t->name);
		} else {
			printf("ok %d %s\n", i, t->name);
		}
	}
	return bad ? 1 : 0;
}

/* ---- helpers ---- */

int lab_write_file(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ret = 0;
	ssize_t len = strlen(val);

	if (fd < 0)
		return -errno;
	if (write(fd, val, len) != len)
		ret = -errno;
	close(fd);
	return ret;
}

int lab_fire(const char *scenario, unsigned int count)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s %u", scenario, count);
	return lab_write_file(LAB_FIXTURE "fire", buf);
}

int lab_kv(const char *path, const char *key, char *val, size_t len)
{
	char line[256], k[128], v[128];
	FILE *f = fopen(path, "r");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127s %127s", k, v) == 2 && !strcmp(k, key)) {
			snprintf(val, len, "%s", v);
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

long long lab_kv_num(const char *path, const char *key)
{
	char v[128];
	int err = lab_kv(path, key, v, sizeof(v));

	if (err) {
		lab_fail(__FILE__, __LINE__, "%s: no '%s' in it (%s)", path, key,
			 strerror(-err));
		return -1;
	}
	return strtoll(v, NULL, 0);
}

int lab_jit(bool on)
{
	int err = lab_write_file(LAB_JIT_SYSCTL, on ? "1" : "0");

	if (err)
		lab_fail(__FILE__, __LINE__, "%s: %s", LAB_JIT_SYSCTL, strerror(-err));
	return err;
}

int lab_prog_jited(int prog_fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len))
		return -1;
	return info.jited_prog_len > 0;
}

long long lab_prog_readout(int prog_fd, const char *key)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	char id[16];

	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len)) {
		lab_fail(__FILE__, __LINE__, "the program's info: %s", strerror(errno));
		return -1;
	}
	snprintf(id, sizeof(id), "%u", info.id);
	if (lab_write_file(LAB_FIXTURE "prog", id)) {
		lab_fail(__FILE__, __LINE__, "%sprog: cannot write the program id", LAB_FIXTURE);
		return -1;
	}
	return lab_kv_num(LAB_FIXTURE "prog", key);
}

int lab_truth(const char *key, unsigned long long *val)
{
	char v[128];
	int ret = lab_kv(LAB_FIXTURE "last", key, v, sizeof(v));

	if (!ret)
		*val = strtoull(v, NULL, 0);
	return ret;
}

unsigned long long lab_truth_must(const char *key)
{
	unsigned long long v = 0;
	int err = lab_truth(key, &v);

	if (err)
		lab_fail(__FILE__, __LINE__, "fixture truth '%s': %s", key,
			 strerror(-err));
	return v;
}

unsigned int lab_rand(unsigned int lo, unsigned int hi)
{
	unsigned int r, span = hi - lo + 1;

	/* A guest just booted may not have seeded its CRNG: don't block. */
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r)) {
		static bool seeded;

		if (!seeded)
			srand(time(NULL) ^ getpid());
		seeded = true;
		r = ((unsigned int)rand() << 16) ^ rand();
	}
	return span ? lo + r % span : r;
}

int lab_sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	fflush(stdout);
	return system(cmd);
}

/* BPF_PROG_LOAD of @attr with @insns, the log at @level: fd or -errno. */
static int lab_load(union bpf_attr *attr, const struct bpf_insn *insns,
		    size_t insn_cnt, char *log, size_t log_size, int level)
{
	int fd;

	attr->insns = (unsigned long)insns;
	attr->insn_cnt = insn_cnt;
	attr->license = (unsigned long)"GPL";
	if (log && log_size) {
		log[0] = '\0';
		attr->log_buf = (unsigned long)log;
		attr->log_size = log_size;
		attr->log_level = level;
	}
	fd = syscall(__NR_bpf, BPF_PROG_LOAD, attr, sizeof(*attr));
	return fd < 0 ? -errno : fd;
}

int lab_prog_load(int type, int expected_attach_type, unsigned int attach_btf_id,
		  const struct bpf_insn *insns, size_t insn_cnt,
		  char *log, size_t log_size)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = type;
	attr.expected_attach_type = expected_attach_type;
	attr.attach_btf_id = attach_btf_id;
	return lab_load(&attr, insns, insn_cnt, log, log_size, 1);
}

int lab_vmlinux_id(const char *name, int kind)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int id;

	if (!btf)
		return -errno;
	id = btf__find_by_name_kind(btf, name, kind);
	btf__free(btf);
	return id;
}

static int lab_member(const struct btf *btf, int sid, const char *member,
		      unsigned int *size)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m = btf_members(t);
	int i, off;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(btf, m->name_off);
		unsigned int bits = btf_member_bitfield_size(t, i);

		off = btf_member_bit_offset(t, i) / 8;
		if (name && !strcmp(name, member)) {
			*size = bits ? (bits + 7) / 8 : btf__resolve_size(btf, m->type);
			return off;
		}
		if (!name || !*name) {
			int sub = btf__resolve_type(btf, m->type);
			int in = sub > 0 ? lab_member(btf, sub, member, size) : -1;

			if (in >= 0)
				return off + in;
		}
	}
	return -1;
}

int lab_offsetof(const char *sname, const char *member, unsigned int *size)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int sid, off = -1;

	if (!btf)
		return -1;
	sid = btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT);
	if (sid > 0)
		off = lab_member(btf, sid, member, size);
	btf__free(btf);
	return off;
}

int lab_udp_send(unsigned short port, const void *buf, size_t len, unsigned int n)
{
	struct sockaddr_in to = { .sin_family = AF_INET };
	unsigned int i;
	int fd, err = 0;

	to.sin_port = htons(port);
	to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return -errno;
	for (i = 0; !err && i < n; i++)
		if (sendto(fd, buf, len, 0, (struct sockaddr *)&to, sizeof(to)) != (ssize_t)len)
			err = errno ? -errno : -EIO;
	close(fd);
	return err;
}

int lab_udp_drop(unsigned int payload, volatile unsigned int *seen)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	static char buf[65000] = "btf lab";
	int i, err;

	if (payload > sizeof(buf))
		return -EINVAL;
	/* Nothing listens on these ports. */
	err = lab_udp_send(lab_rand(40000, 60000), buf, payload, 1);
	for (i = 0; !err && i < 100 && !*seen; i++)
		nanosleep(&pause, NULL);
	return err ? err : *seen ? 0 : -ETIMEDOUT;
}

int lab_tp_btf_load(const char *tp, const struct bpf_insn *insns, size_t insn_cnt,
		    char *log, size_t log_size, int level)
{
	union bpf_attr attr;
	char type[128];
	int id;

	snprintf(type, sizeof(type), "btf_trace_%s", tp);
	id = lab_vmlinux_id(type, BTF_KIND_TYPEDEF);
	if (id < 0)
		return id;
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_TRACING;
	attr.expected_attach_type = BPF_TRACE_RAW_TP;
	attr.attach_btf_id = id;
	return lab_load(&attr, insns, insn_cnt, log, log_size, level);
}

bool lab_dmesg_find(const char *needle, char *line, size_t len)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf, *l, *save = NULL;
	bool found = false;

	if (size <= 0)
		return false;
	buf = calloc(1, size + 1);
	if (!buf)
		return false;
	size = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	for (l = strtok_r(size > 0 ? buf : "", "\n", &save); l && !found;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strstr(l, needle)) {
			snprintf(line, len, "%s", l);
			lab_claim(l, strlen(l));
			found = true;
		}
	}
	free(buf);
	return found;
}

int lab_load_minimal(char *log, size_t log_size)
{
	static const struct bpf_insn ret0[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return lab_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0, 0, ret0, 2,
			     log, log_size);
}
