// SPDX-License-Identifier: GPL-2.0
/*
 * corpus.c - the guest's runner of the oracle corpus (labs/lib/corpus.py).
 *
 * A stage's corpus (/lab/tests/NN-name/corpus, beside its test binary) is
 * one program a line, generated from the kernel's BTF, with the verdict
 * that pristine 6.1 gave it and the one the lab kernel must give. The
 * runner loads every selected program, compares the verdict, and runs the
 * programs that have a scenario: all of them attached to btf_lab_probe at
 * once, one fire, then each value is compared with what the fixture's
 * ground truth says the program must have read (a model of the fixture's
 * memory: its three objects, its int, and 0 for every other address, as a
 * faulting BTF load gives).
 *
 * Program notation (one op per ';'):
 *	C<size>@<off>>rD	rD = *(size *)(ctx + off)
 *	L<size>@<off>:rS>rD	rD = *(size *)(rS + off)
 *	N:rS			if rS == 0 goto out
 *	A<k>:rS			rS += k
 *	U<m>:rS			rS += ctx[2] & m (a variable offset; r9 is spent)
 *	S:rS			store rS as the case's value, then out
 *	Kskb_output:rS		bpf_skb_output(rS, &perf_map, BPF_F_CURRENT_CPU, fp - 16, 4)
 *	Kskb_output_data:rS	bpf_skb_output(r6, &perf_map, BPF_F_CURRENT_CPU, rS, 4)
 *	M:rS			r0 = 0; *(u64 *)(rS + 8) = r0
 *	X			out: r0 = 0; exit
 *
 * Environment: LAB_CORPUS=all runs every case and prints each verdict (make
 * ref's record run); LAB_CORPUS=PATTERN (a shell pattern on the keys) runs
 * the cases it matches and shows each in full; LAB_CORPUS_SEED=N fixes
 * the seed of the random part.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "lab.h"

#define CORPUS_MAX_INSNS	64
#define CORPUS_LOG		(64 * 1024)
/* How much of the random part a graded run samples, in percent. */
#define CORPUS_SAMPLE		50
/* Failures shown in full; the others are counted. */
#define CORPUS_SHOW		4

struct corpus_case {
	char *key, *attach, *prog, *run, *part, *cls, *ref, *lab, *diff;
	struct bpf_insn insns[CORPUS_MAX_INSNS];
	int cnt, fd, link, slot;
	char got[48];
	char why[160];
};

static struct btf *corpus_btf;
static int corpus_map, corpus_perf;

static const char *corpus_errno(int err)
{
	static char buf[16];

	switch (err) {
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EFAULT: return "EFAULT";
	case E2BIG: return "E2BIG";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case 524: return "ENOTSUPP";
	case ESRCH: return "ESRCH";
	case EBUSY: return "EBUSY";
	}
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}

/* The type id that an attach field names: KIND:NAME with ^ to follow ->type. */
static int corpus_type(const char *ref)
{
	static const struct { const char *kind; int k; } kinds[] = {
		{ "typedef", BTF_KIND_TYPEDEF }, { "struct", BTF_KIND_STRUCT },
		{ "int", BTF_KIND_INT }, { "func", BTF_KIND_FUNC },
		{ "enum", BTF_KIND_ENUM }, { "tp", BTF_KIND_TYPEDEF },
	};
	char name[128], *hat;
	const char *colon = strchr(ref, ':');
	int i, id = -1, ups;

	if (!colon)
		return -1;
	snprintf(name, sizeof(name), "%s%s", !strncmp(ref, "tp:", 3) ? "btf_trace_" : "", colon + 1);
	hat = strchr(name, '^');
	ups = hat ? (int)strlen(hat) : 0;
	if (hat)
		*hat = '\0';
	if (!strncmp(ref, "id:", 3))
		return !strcmp(name, "end") ? (int)btf__type_cnt(corpus_btf) : atoi(name);
	for (i = 0; i < (int)(sizeof(kinds) / sizeof(kinds[0])); i++)
		if (!strncmp(ref, kinds[i].kind, colon - ref) &&
		    strlen(kinds[i].kind) == (size_t)(colon - ref))
			id = btf__find_by_name_kind(corpus_btf, name, kinds[i].k);
	while (id > 0 && ups--)
		id = btf__type_by_id(corpus_btf, id)->type;
	return id;
}

static int corpus_size(int bytes)
{
	switch (bytes) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	case 8: return BPF_DW;
	}
	return -1;
}

/* Compile c->prog into c->insns; 0, or -1 on a notation error. */
static int corpus_compile(struct corpus_case *c)
{
	int outs[CORPUS_MAX_INSNS], nout = 0, size, off, s, d, i;
	struct bpf_insn *p = c->insns;
	char ops[512], *op, *save = NULL, name[32];
	long long k;

	snprintf(ops, sizeof(ops), "%s", c->prog);
	for (op = strtok_r(ops, ";", &save); op; op = strtok_r(NULL, ";", &save)) {
		if (p - c->insns > CORPUS_MAX_INSNS - 16)
			return -1;
		if (sscanf(op, "C%d@%d>r%d", &size, &off, &d) == 3 && corpus_size(size) >= 0) {
			*p++ = LAB_LDX(corpus_size(size), d, BPF_REG_1, off);
		} else if (sscanf(op, "L%d@%d:r%d>r%d", &size, &off, &s, &d) == 4 &&
			   corpus_size(size) >= 0) {
			*p++ = LAB_LDX(corpus_size(size), d, s, off);
		} else if (sscanf(op, "N:r%d", &s) == 1) {
			outs[nout++] = p - c->insns;
			*p++ = LAB_JEQK(s, 0, 0);
		} else if (sscanf(op, "A%lld:r%d", &k, &s) == 2) {
			*p++ = LAB_ADDK(s, (int)k);
		} else if (sscanf(op, "U%lld:r%d", &k, &s) == 2) {
			/* rS += ctx[2] & k: an offset the verifier cannot know */
			*p++ = LAB_LDX(BPF_DW, BPF_REG_9, BPF_REG_1, 16);
			*p++ = (struct bpf_insn){ .code = BPF_ALU64 | BPF_AND | BPF_K,
						  .dst_reg = BPF_REG_9, .imm = (int)k };
			*p++ = (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_X,
						  .dst_reg = s, .src_reg = BPF_REG_9 };
		} else if (sscanf(op, "S:r%d", &s) == 1) {
			if (s != BPF_REG_7)
				*p++ = LAB_MOV(BPF_REG_7, s);
			*p++ = LAB_ST(BPF_W, BPF_REG_10, -4, c->slot);
			LAB_EMIT_LD_MAP_FD(p, BPF_REG_1, corpus_map);
			*p++ = LAB_MOV(BPF_REG_2, BPF_REG_10);
			*p++ = LAB_ADDK(BPF_REG_2, -4);
			*p++ = LAB_CALL(BPF_FUNC_map_lookup_elem);
			outs[nout++] = p - c->insns;
			*p++ = LAB_JEQK(BPF_REG_0, 0, 0);
			*p++ = LAB_STX(BPF_DW, BPF_REG_0, BPF_REG_7, 0);
			*p++ = LAB_ST(BPF_DW, BPF_REG_0, 8, 1);
		} else if (sscanf(op, "K%31[a-z_]:r%d", name, &s) == 2 &&
			   (!strcmp(name, "skb_output") || !strcmp(name, "skb_output_data"))) {
			bool data = !strcmp(name, "skb_output_data");

			*p++ = LAB_ST(BPF_DW, BPF_REG_10, -16, 0);
			*p++ = LAB_MOV(BPF_REG_4, data ? s : BPF_REG_10);
			if (!data)
				*p++ = LAB_ADDK(BPF_REG_4, -16);
			*p++ = LAB_MOV(BPF_REG_1, data ? BPF_REG_6 : s);
			LAB_EMIT_LD_MAP_FD(p, BPF_REG_2, corpus_perf);
			LAB_EMIT_LD_IMM64(p, BPF_REG_3, BPF_F_CURRENT_CPU);
			*p++ = LAB_MOVK(BPF_REG_5, 4);
			*p++ = LAB_CALL(BPF_FUNC_skb_output);
		} else if (sscanf(op, "M:r%d", &s) == 1) {
			*p++ = LAB_MOVK(BPF_REG_0, 0);
			*p++ = LAB_STX(BPF_DW, s, BPF_REG_0, 8);
		} else if (strcmp(op, "X")) {
			return -1;
		}
	}
	for (i = 0; i < nout; i++)
		c->insns[outs[i]].off = (p - c->insns) - outs[i] - 1;
	*p++ = LAB_MOVK(BPF_REG_0, 0);
	*p++ = LAB_EXIT();
	c->cnt = p - c->insns;
	return 0;
}

/* ---- the fixture's memory, from its ground truth ---- */

struct corpus_kv {
	char key[64];
	unsigned long long val;
};

static struct corpus_kv corpus_truth[512];
static int corpus_ntruth;

static int corpus_read_truth(void)
{
	FILE *f = fopen("/sys/kernel/debug/btf_lab/last", "r");
	char line[160];

	if (!f)
		return -errno;
	corpus_ntruth = 0;
	while (fgets(line, sizeof(line), f) && corpus_ntruth < 512) {
		struct corpus_kv *kv = &corpus_truth[corpus_ntruth];
		char v[64];

		if (sscanf(line, "%63s %63s", kv->key, v) != 2)
			continue;
		kv->val = strtoull(v, NULL, 0);
		if (v[0] == '-')
			kv->val = (unsigned long long)strtoll(v, NULL, 0);
		corpus_ntruth++;
	}
	fclose(f);
	return 0;
}

static bool corpus_truth_of(const char *key, unsigned long long *v)
{
	int i;

	for (i = 0; i < corpus_ntruth; i++)
		if (!strcmp(corpus_truth[i].key, key)) {
			*v = corpus_truth[i].val;
			return true;
		}
	return false;
}

struct corpus_obj {
	unsigned long long addr;
	unsigned int size;
	unsigned char bytes[512];
};

static struct corpus_obj corpus_mem[5];
static int corpus_nmem;

/* Fill @o's bytes from the truth keys PREFIX.member of struct @sid. */
static void corpus_fill(struct corpus_obj *o, int sid, const char *prefix, unsigned int base)
{
	const struct btf_type *t = btf__type_by_id(corpus_btf, sid);
	const struct btf_member *m = btf_members(t);
	int i, j;

	for (i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(corpus_btf, m->name_off);
		unsigned int bit = btf_member_bit_offset(t, i) + base * 8;
		unsigned int bits = btf_member_bitfield_size(t, i);
		int rid = btf__resolve_type(corpus_btf, m->type);
		const struct btf_type *r = btf__type_by_id(corpus_btf, rid);
		char key[96];
		unsigned long long v;

		snprintf(key, sizeof(key), "%s.%s", prefix, name && *name ? name : "(anon)");
		if (btf_is_composite(r)) {
			corpus_fill(o, rid, name && *name ? key : prefix, bit / 8);
		} else if (btf_is_array(r)) {
			const struct btf_array *a = btf_array(r);
			int es = btf__resolve_size(corpus_btf, a->type);

			for (j = 0; j < (int)a->nelems; j++) {
				char ek[112];

				snprintf(ek, sizeof(ek), "%s%d", key, j);
				if (corpus_truth_of(ek, &v) && bit / 8 + (j + 1) * es <= o->size)
					memcpy(o->bytes + bit / 8 + j * es, &v, es);
			}
		} else if (corpus_truth_of(key, &v)) {
			if (bits) {
				for (j = 0; j < (int)bits; j++)
					if (v >> j & 1)
						o->bytes[(bit + j) / 8] |= 1 << ((bit + j) % 8);
			} else {
				int sz = btf__resolve_size(corpus_btf, m->type);

				if (sz > 0 && bit / 8 + sz <= o->size)
					memcpy(o->bytes + bit / 8, &v, sz > 8 ? 8 : sz);
			}
		}
	}
}

static void corpus_model(const char *scenario)
{
	static const char * const prefix[] = { "obj", "obj.next", "obj.next.next" };
	int sid = btf__find_by_name_kind(corpus_btf, "btf_lab_obj", BTF_KIND_STRUCT);
	unsigned long long v;
	int i;

	corpus_nmem = 0;
	memset(corpus_mem, 0, sizeof(corpus_mem));
	for (i = 0; i < 3 && sid > 0; i++) {
		struct corpus_obj *o = &corpus_mem[corpus_nmem++];

		corpus_truth_of(prefix[i], &o->addr);
		o->size = btf__resolve_size(corpus_btf, sid);
		corpus_fill(o, sid, prefix[i], 0);
	}
	if (corpus_truth_of("intp", &v)) {
		struct corpus_obj *o = &corpus_mem[corpus_nmem++];
		unsigned long long x = 0;

		corpus_truth_of("intval", &x);
		o->addr = v;
		o->size = 4;
		memcpy(o->bytes, &x, 4);
	}
	/* "vmalloc": 'other' is a copy of obj->next. */
	if (!strcmp(scenario, "vmalloc") && corpus_truth_of("other", &v) && corpus_nmem > 1) {
		corpus_mem[corpus_nmem] = corpus_mem[1];
		corpus_mem[corpus_nmem++].addr = v;
	}
}

static unsigned long long corpus_load(unsigned long long addr, int size)
{
	unsigned long long v = 0;
	int i;

	for (i = 0; i < corpus_nmem; i++) {
		struct corpus_obj *o = &corpus_mem[i];

		if (addr >= o->addr && size <= (int)o->size && addr - o->addr <= o->size - size) {
			memcpy(&v, o->bytes + (addr - o->addr), size);
			return v;
		}
	}
	return 0;	/* anything else faults, and a faulting BTF load gives 0 */
}

/* What the program must store: 1 and *@v, or 0 when it exits first. */
static int corpus_expect(const struct corpus_case *c, unsigned long long *v)
{
	static const char * const args[] = {
		"obj", "num", "scenario_id", "opaque", "intp", "fn", "other",
	};
	unsigned long long regs[11] = { 0 }, ctx[7] = { 0 };
	char ops[512], *op, *save = NULL;
	int size, off, s, d, i;
	long long k;

	for (i = 0; i < 7; i++)
		corpus_truth_of(args[i], &ctx[i]);
	ctx[1] &= 0xffffffffULL;	/* int num: __CAST_TO_U64() copies its 4 bytes */
	ctx[2] &= 0xffffffffULL;				/* the enum */
	snprintf(ops, sizeof(ops), "%s", c->prog);
	for (op = strtok_r(ops, ";", &save); op; op = strtok_r(NULL, ";", &save)) {
		if (sscanf(op, "C%d@%d>r%d", &size, &off, &d) == 3) {
			regs[d] = 0;
			if (off >= 0 && off + size <= 56)
				memcpy(&regs[d], (char *)ctx + off, size);
		} else if (sscanf(op, "L%d@%d:r%d>r%d", &size, &off, &s, &d) == 4) {
			regs[d] = corpus_load(regs[s] + off, size);
		} else if (sscanf(op, "N:r%d", &s) == 1) {
			if (!regs[s])
				return 0;
		} else if (sscanf(op, "A%lld:r%d", &k, &s) == 2) {
			regs[s] += k;
		} else if (sscanf(op, "U%lld:r%d", &k, &s) == 2) {
			regs[9] = ctx[2] & k;
			regs[s] += regs[9];
		} else if (sscanf(op, "S:r%d", &s) == 1) {
			*v = regs[s];
			return 1;
		}
	}
	return 0;
}

/* ---- reading the corpus ---- */

static struct corpus_case *corpus_read(const char *path, int *n)
{
	FILE *f = fopen(path, "r");
	struct corpus_case *cs = NULL;
	char *line = NULL;
	size_t cap = 0;
	int alloc = 0;

	*n = 0;
	if (!f)
		return NULL;
	while (getline(&line, &cap, f) > 0) {
		char *fields[9], *save = NULL, *l;
		int i;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		l = strdup(line);
		for (i = 0; i < 9; i++)
			fields[i] = strtok_r(i ? NULL : l, "\t", &save);
		if (!fields[8]) {
			free(l);
			continue;
		}
		if (*n == alloc) {
			alloc = alloc ? alloc * 2 : 256;
			cs = realloc(cs, alloc * sizeof(*cs));
		}
		memset(&cs[*n], 0, sizeof(cs[*n]));
		cs[*n].key = fields[0];
		cs[*n].attach = fields[1];
		cs[*n].prog = fields[2];
		cs[*n].run = fields[3];
		cs[*n].part = fields[4];
		cs[*n].cls = fields[5];
		cs[*n].ref = fields[6];
		cs[*n].lab = fields[7];
		cs[*n].diff = fields[8];
		cs[*n].fd = cs[*n].link = -1;
		(*n)++;
	}
	free(line);
	fclose(f);
	return cs;
}

/* Load @c as a tp_btf program of attach_btf_id @id: fd or -errno. */
static int corpus_prog_load(struct corpus_case *c, int id, char *log, size_t size, int level)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = BPF_TRACE_RAW_TP,
		    .attach_btf_id = id,
		    .log_buf = log,
		    .log_size = log ? size : 0,
		    .log_level = log ? level : 0);

	if (log)
		log[0] = '\0';
	return bpf_prog_load(BPF_PROG_TYPE_TRACING, NULL, "GPL", c->insns, c->cnt, &opts);
}

static void corpus_show(struct corpus_case *c, const char *want)
{
	static char log[CORPUS_LOG];
	char *p;
	int i, id = corpus_type(c->attach);

	lab_diag("case %s", c->key);
	lab_diag("  the program, on %s: %s", c->attach, c->prog);
	for (i = 0; i < c->cnt; i++) {
		const struct bpf_insn *in = &c->insns[i];

		lab_diag("    %2d: code 0x%02x dst r%d src r%d off %d imm %d", i, in->code,
			 in->dst_reg, in->src_reg, in->off, in->imm);
	}
	lab_diag("  6.1 (make ref) gives: %s; this kernel must give: %s%s%s; it gave: %s%s%s",
		 c->ref, want, strcmp(c->diff, "-") ? ", the lab's own rule " : "",
		 strcmp(c->diff, "-") ? c->diff : "", c->got, c->why[0] ? ": " : "", c->why);
	if (id >= 0) {
		int fd = corpus_prog_load(c, id, log, sizeof(log), 1);

		if (fd >= 0)
			close(fd);
		for (p = log + strlen(log); p > log && p[-1] == '\n'; p--)
			p[-1] = '\0';
		while (p > log && (log + strlen(log)) - p < 600)
			p--;
		while (p > log && p[-1] != '\n')
			p--;
		lab_diag("  the verifier log%s:\n%s", p > log ? " (its end)" : "", p);
	}
}

/*
 * A load that a program stores: its verdict also says what the verifier
 * made of the destination register, from the log at level 2
 * ("R6_w=ptr_sock(...)": "ok:ptr_sock"; "ok:scalar"), the same words on
 * 6.1 and the lab.
 */
static char corpus_vlog[16384];


static void corpus_reg_type(struct corpus_case *c, const char *log)
{
	char ops[512], *op, *save = NULL, load[24], want[24], type[32];
	const char *p, *hit = NULL;
	int d = -1, x;

	/* the destination of the last load before the store */
	snprintf(ops, sizeof(ops), "%s", c->prog);
	for (op = strtok_r(ops, ";", &save); op; op = strtok_r(NULL, ";", &save)) {
		if (sscanf(op, "C%*d@%*d>r%d", &x) == 1 || sscanf(op, "L%*d@%*d:r%*d>r%d", &x) == 1)
			d = x;
		if (op[0] == 'S')
			break;
	}
	if (d < 0)
		return;
	snprintf(load, sizeof(load), "r%d = *(", d);
	for (p = strstr(log, load); p; p = strstr(p + 1, load))
		hit = p;
	snprintf(want, sizeof(want), "R%d_w=", d);
	p = hit ? strstr(hit, want) : NULL;
	if (!p || sscanf(p + strlen(want), "%31[a-z_0-9]", type) != 1)
		return;
	snprintf(c->got, sizeof(c->got), "ok:%s", type);
}

static unsigned int corpus_seed(void)
{
	const char *s = getenv("LAB_CORPUS_SEED");

	return s && *s ? (unsigned int)strtoul(s, NULL, 0) : lab_rand(1, 1000000);
}

static void corpus_run_scenario(struct corpus_case *cs, int n, const char *run)
{
	const char *slash = strchr(run, '/');
	char scenario[32];
	int i, err;

	if (!slash)
		return;
	snprintf(scenario, sizeof(scenario), "%.*s", (int)(slash - run), run);
	for (i = 0; i < n; i++) {
		struct corpus_case *c = &cs[i];

		if (c->fd < 0 || strcmp(c->run, run))
			continue;
		c->link = bpf_raw_tracepoint_open(NULL, c->fd);
		if (c->link < 0)
			snprintf(c->got, sizeof(c->got), "ok/attach-%s", corpus_errno(errno));
	}
	err = lab_fire(scenario, 1);
	if (err || corpus_read_truth())
		lab_fail(__FILE__, __LINE__, "firing the fixture (%s) failed: %s", scenario,
			 strerror(err ? -err : errno));
	corpus_model(scenario);
	for (i = 0; i < n; i++) {
		struct corpus_case *c = &cs[i];
		unsigned long long slot[2] = { 0, 0 }, want = 0;
		int stored;

		if (c->link < 0 || strcmp(c->run, run))
			continue;
		bpf_map_lookup_elem(corpus_map, &c->slot, slot);
		stored = corpus_expect(c, &want);
		if (stored != (int)slot[1] || (stored && slot[0] != want)) {
			snprintf(c->got, sizeof(c->got), "ok/wrong-value");
			snprintf(c->why, sizeof(c->why),
				 "the fixture's truth says it %s 0x%llx, it %s 0x%llx",
				 stored ? "reads" : "exits before its store, not", want,
				 slot[1] ? "stored" : "stored nothing, not", slot[0]);
		}
		close(c->link);
		c->link = -1;
	}
}

void lab_corpus(void)
{
	char path[PATH_MAX], *slash;
	struct corpus_case *cs;
	int n, i, sel = 0, bad = 0, shown = 0, diffs = 0, jit_was = -1;
	const char *pattern = getenv("LAB_CORPUS");
	bool all = pattern && !strcmp(pattern, "all");
	unsigned int seed = corpus_seed();
	ssize_t len = readlink("/proc/self/exe", path, sizeof(path) - 16);
	const char *modes[] = { "-", "def", "interp", "jit" };
	bool typed;
	char buf[8];
	int m;
	FILE *jf;

	LAB_ASSERT(len > 0, "readlink /proc/self/exe: %s", strerror(errno));
	path[len] = '\0';
	slash = strrchr(path, '/');
	strcpy(slash + 1, "corpus");
	cs = corpus_read(path, &n);
	LAB_ASSERT(cs && n, "%s: no corpus here", path);
	corpus_btf = btf__load_vmlinux_btf();
	LAB_ASSERT(corpus_btf, "the kernel's BTF: %s", strerror(errno));
	corpus_map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "corpus", 4, 16, n, NULL);
	corpus_perf = bpf_map_create(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "corpus_perf", 4, 4,
				     libbpf_num_possible_cpus(), NULL);
	LAB_ASSERT(corpus_map >= 0 && corpus_perf >= 0, "making the corpus' maps: %s",
		   strerror(errno));
	jf = fopen(LAB_JIT_SYSCTL, "r");
	if (jf && fgets(buf, sizeof(buf), jf))
		jit_was = atoi(buf);
	if (jf)
		fclose(jf);
	srand(seed);
	for (m = 0; m < 4; m++) {
		if (m == 2)
			lab_jit(false);
		if (m == 3)
			lab_jit(true);
		for (i = 0; i < n; i++) {
			struct corpus_case *c = &cs[i];
			const char *mode = strchr(c->run, '/') ? strchr(c->run, '/') + 1 : "-";
			int id, fd;

			if (strcmp(mode, modes[m]))
				continue;
			if (pattern && *pattern && !all) {
				if (fnmatch(pattern, c->key, 0))
					continue;
			} else if (!all && strcmp(c->part, "F") && rand() % 100 >= CORPUS_SAMPLE) {
				continue;
			}
			sel++;
			c->slot = i;
			id = corpus_type(c->attach);
			if (id < 0 || (!id && strncmp(c->attach, "id:", 3)) || corpus_compile(c)) {
				snprintf(c->got, sizeof(c->got), "%s", id < 0 || !id ? "no-such-type" : "bad-notation");
				continue;
			}
			/* a load's verdict names the type of the register it stores */
			typed = strstr(c->prog, "S:r") != NULL;
			fd = corpus_prog_load(c, id, typed ? corpus_vlog : NULL,
					      typed ? sizeof(corpus_vlog) : 0, 2);
			if (fd < 0) {
				snprintf(c->got, sizeof(c->got), "%s", corpus_errno(-fd));
				continue;
			}
			snprintf(c->got, sizeof(c->got), "ok");
			if (typed)
				corpus_reg_type(c, corpus_vlog);
			if (m >= 2 && lab_prog_jited(fd) != (m == 3))
				snprintf(c->got, sizeof(c->got), "ok/%s", m == 3 ? "not-jited" : "jited");
			if (!strncmp(c->attach, "tp:", 3) && strcmp(c->run, "-")) {
				c->fd = fd;
				continue;
			}
			if (strncmp(c->attach, "tp:", 3)) {
				/* An attach case: the load, then the attach. */
				int link = bpf_raw_tracepoint_open(NULL, fd);

				snprintf(c->got, sizeof(c->got), "ok/%s",
					 link >= 0 ? "ok" : corpus_errno(errno));
				if (link >= 0)
					close(link);
			}
			close(fd);
		}
		/* The programs with a scenario, one fire per scenario. */
		for (i = 0; i < n; i++) {
			int j;

			if (cs[i].fd < 0)
				continue;
			corpus_run_scenario(cs, n, cs[i].run);
			for (j = i; j < n; j++)
				if (cs[j].fd >= 0 && !strcmp(cs[j].run, cs[i].run)) {
					close(cs[j].fd);
					cs[j].fd = -1;
				}
		}
	}
	if (jit_was >= 0)
		lab_jit(jit_was > 0);
	for (i = 0; i < n; i++) {
		struct corpus_case *c = &cs[i];
		const char *want = lab_ref() ? c->ref : c->lab;

		if (!c->got[0])
			continue;
		if (strcmp(c->diff, "-"))
			diffs++;
		if (all)
			lab_diag("corpus: %s %s", c->key, c->got);
		else if (pattern && *pattern && shown < 4 * CORPUS_SHOW)
			corpus_show(c, want), shown++;
		if (!strcmp(c->got, want))
			continue;
		bad++;
		if (!(pattern && *pattern && !all) && shown++ < CORPUS_SHOW)
			corpus_show(c, want);
	}
	lab_diag("corpus: %d of %d cases run (the fixed part and %s of the rest, seed %u: "
		 "LAB_CORPUS_SEED=%u repeats it), %d as the lab's own rules say, %d wrong",
		 sel, n, all ? "all" : "a sample", seed, seed, diffs, bad);
	LAB_EXPECT(sel, "no case of %s matches LAB_CORPUS='%s'", path, pattern ? pattern : "");
	LAB_EXPECT(!bad, "%d of %d programs of the corpus got another verdict or value than "
		   "the one 6.1 gives (or the lab's own rule, labs/lib/oracle-differences); "
		   "the first %d are above", bad, sel, bad < CORPUS_SHOW ? bad : CORPUS_SHOW);
	btf__free(corpus_btf);
	close(corpus_map);
	close(corpus_perf);
}
