// SPDX-License-Identifier: GPL-2.0
/* Helpers of the tests of stage 07-helper-btf-types (see helper.h). */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "helper.h"

static int send_datagram(struct datagram *d)
{
	unsigned int i;

	d->port = lab_rand(40000, 60000);	/* nothing listens there */
	for (i = 0; i < sizeof(d->payload); i++)
		d->payload[i] = lab_rand(0, 255);
	return lab_udp_send(d->port, d->payload, sizeof(d->payload), 1);
}

struct skb_output *skb_output_run(unsigned int mode, struct datagram *d,
				  struct perf_buffer **pb, void *sample_ctx,
				  perf_buffer_sample_fn on_sample)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	struct skb_output *skel = skb_output__open_and_load();
	int i, err;

	if (!skel) {
		lab_fail(__FILE__, __LINE__,
			 "skb_output.bpf.c (bpf_skb_output(skb, ...) from tp_btf/kfree_skb): expected it to load, got %s",
			 strerror(errno));
		return NULL;
	}
	if (skb_output__attach(skel)) {
		lab_fail(__FILE__, __LINE__, "attaching to tp_btf/kfree_skb: %s", strerror(errno));
		goto fail;
	}
	*pb = perf_buffer__new(bpf_map__fd(skel->maps.perf_buf_map), 8, on_sample, NULL,
			       sample_ctx, NULL);
	if (!*pb) {
		lab_fail(__FILE__, __LINE__, "perf_buffer__new: %s", strerror(errno));
		goto fail;
	}
	skel->bss->mode = mode;
	skel->bss->want_len = 8 + SKB_PAYLOAD;
	err = send_datagram(d);
	if (err) {
		lab_fail(__FILE__, __LINE__, "sending a datagram to 127.0.0.1: %s", strerror(-err));
		goto fail;
	}
	for (i = 0; i < 100 && !skel->bss->sent; i++)
		nanosleep(&pause, NULL);
	if (!skel->bss->sent) {
		lab_fail(__FILE__, __LINE__,
			 "the program did not see the datagram to port %u on lo drop (2 s)", d->port);
		goto fail;
	}
	return skel;
fail:
	perf_buffer__free(*pb);
	*pb = NULL;
	skb_output__destroy(skel);
	return NULL;
}

/* Two instructions: dst = a pointer to the value of array map @fd. */
#define LD_MAP_VALUE(dst, fd)							\
	((struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = (dst),	\
			    .src_reg = BPF_PSEUDO_MAP_VALUE, .imm = (fd) }),	\
	((struct bpf_insn){ .imm = 0 })

int helper_load(enum r1_kind r1, int map_fd, int value_map_fd, char *log, size_t log_size)
{
	struct bpf_insn prog[32], *p = prog;
	unsigned int sz;
	int dev = lab_offsetof("sk_buff", "dev", &sz);

	if (dev < 0)
		return -ENOENT;
	*p++ = LAB_LDX(BPF_DW, BPF_REG_6, BPF_REG_1, 0);	/* skb */
	*p++ = LAB_ST(BPF_W, BPF_REG_10, -8, 0);		/* the data */
	switch (r1) {
	case R1_SKB:
		*p++ = LAB_MOV(BPF_REG_1, BPF_REG_6);
		break;
	case R1_DEV:
		*p++ = LAB_LDX(BPF_DW, BPF_REG_1, BPF_REG_6, dev);
		break;
	case R1_STACK:
		*p++ = LAB_MOV(BPF_REG_1, BPF_REG_10);
		*p++ = LAB_ADDK(BPF_REG_1, -8);
		break;
	case R1_MAPVAL: {
		struct bpf_insn ld[] = {
			LD_MAP_VALUE(BPF_REG_1, value_map_fd),
		};

		*p++ = ld[0];
		*p++ = ld[1];
		break;
	}
	case R1_SCALAR:
		*p++ = LAB_MOVK(BPF_REG_1, 42);
		break;
	case R1_SKB_OFF:
		*p++ = LAB_MOV(BPF_REG_1, BPF_REG_6);
		*p++ = LAB_ADDK(BPF_REG_1, 8);
		break;
	case R1_SKB_VAR:
		/* kfree_skb(skb, location, reason): reason & 8 */
		*p++ = LAB_LDX(BPF_DW, BPF_REG_7, BPF_REG_1, 16);
		*p++ = (struct bpf_insn){ .code = BPF_ALU64 | BPF_AND | BPF_K,
					  .dst_reg = BPF_REG_7, .imm = 8 };
		*p++ = LAB_MOV(BPF_REG_1, BPF_REG_6);
		*p++ = (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_X,
					  .dst_reg = BPF_REG_1, .src_reg = BPF_REG_7 };
		break;
	}
	LAB_EMIT_LD_MAP_FD(p, BPF_REG_2, map_fd);
	*p++ = LAB_MOVK(BPF_REG_3, 0);
	*p++ = LAB_MOV(BPF_REG_4, BPF_REG_10);
	*p++ = LAB_ADDK(BPF_REG_4, -8);
	*p++ = LAB_MOVK(BPF_REG_5, 4);
	*p++ = LAB_CALL(BPF_FUNC_skb_output);
	*p++ = LAB_MOVK(BPF_REG_0, 0);
	*p++ = LAB_EXIT();
	/* Level 2: at level 1 the log of a program that loads is dropped. */
	return lab_tp_btf_load("kfree_skb", prog, p - prog, log, log_size, 2);
}

int maps_open(struct maps *m)
{
	m->perf = bpf_map_create(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "lab_perf", 4, 4, 2, NULL);
	m->array = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lab_array", 4, 8, 1, NULL);
	return m->perf < 0 || m->array < 0 ? -1 : 0;
}

void maps_close(struct maps *m)
{
	close(m->perf);
	close(m->array);
}
