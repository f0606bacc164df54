// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier's side: bpf_skb_output() takes a struct sk_buff, exactly.
 *
 * helper_arg_refusals: a hand-written tp_btf/kfree_skb program loads with
 * R1 = skb; with skb->dev, a stack pointer, a map value or a scalar it is
 * refused with a line that names the expected and the given type or kind;
 * so is a map that is not a perf event array.
 * helper_arg_offset: skb + 8 and skb + (reason & 8) are refused (lab only:
 * the seed's message).
 * helper_id_resolved: the log says which struct the verifier resolved
 * from the helper's C prototype (lab only); and for every helper argument
 * that 6.1 types itself (its bpf_func_proto names the struct: the oracle),
 * btf_resolve_helper_id() gives the same struct, read from that helper's
 * prototype (the fixture's /sys/kernel/debug/btf_lab/helper_ids).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <bpf/bpf.h>

#include "helper.h"

static char log_buf[65536];

/* Load variant @r1 with map @map_fd: it must be refused with @want. */
static void expect_refused(const char *what, enum r1_kind r1, int map_fd, const struct maps *m,
			   const char *want)
{
	int fd = helper_load(r1, map_fd, m->array, log_buf, sizeof(log_buf));

	if (fd >= 0) {
		close(fd);
		lab_fail(__FILE__, __LINE__, "bpf_skb_output(%s): expected it refused, but it loaded",
			 what);
		return;
	}
	LAB_EXPECT(lab_log_claim(log_buf, want),
		   "bpf_skb_output(%s): expected the log to say \"%s\"; it says: %s", what, want,
		   log_buf);
}

LAB_TEST(helper_arg_refusals, 20, 0)
{
	struct maps m;
	int fd;

	LAB_ASSERT(!maps_open(&m), "creating the maps: %s", strerror(errno));
	fd = helper_load(R1_SKB, m.perf, m.array, log_buf, sizeof(log_buf));
	LAB_ASSERT(fd >= 0, "bpf_skb_output(skb, perf event array, ...): expected it to load, got %s; log: %s",
		   strerror(-fd), log_buf);
	close(fd);
	expect_refused("skb->dev", R1_DEV, m.perf, &m,
		       "R1 is of type net_device but sk_buff is expected");
	expect_refused("a stack pointer", R1_STACK, m.perf, &m, "R1 type=fp expected=ptr_");
	expect_refused("a map value", R1_MAPVAL, m.perf, &m, "R1 type=map_value expected=ptr_");
	expect_refused("42", R1_SCALAR, m.perf, &m, "R1 type=scalar expected=ptr_");
	expect_refused("skb, an array map", R1_SKB, m.array, &m,
		       "cannot pass map_type 2 into func bpf_skb_output");
	maps_close(&m);
}

LAB_TEST(helper_arg_offset, 20, LAB_LAB_ONLY)
{
	struct maps m;

	LAB_ASSERT(!maps_open(&m), "creating the maps: %s", strerror(errno));
	expect_refused("skb + 8", R1_SKB_OFF, m.perf, &m,
		       "R1 is a pointer to in-kernel struct with non-zero offset");
	/* reg->var_off: the offset's variable part counts too */
	expect_refused("skb + (reason & 8)", R1_SKB_VAR, m.perf, &m,
		       "R1 is a pointer to in-kernel struct with non-zero offset");
	maps_close(&m);
}

#define HELPER_IDS "/sys/kernel/debug/btf_lab/helper_ids"

/* Each line of HELPER_IDS: the resolver's id is 6.1's, for six helpers. */
static void expect_helper_ids(void)
{
	FILE *f = fopen(HELPER_IDS, "r");
	char line[256], name[128];
	int arg, want, got, n = 0;

	LAB_ASSERT(f, "%s: %s", HELPER_IDS, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%127s arg%d static %d resolved %d", name, &arg, &want, &got) != 4)
			continue;
		n++;
		LAB_EXPECT(got == want,
			   "btf_resolve_helper_id(%s, arg %d): 6.1's bpf_func_proto names the struct of id %d (%s), your resolver gives %d%s",
			   name, arg, want, HELPER_IDS, got, got < 0 ? " (an error)" : "");
	}
	fclose(f);
	LAB_EXPECT(n >= 6, "%s: expected a line for each of 6 helper arguments, found %d", HELPER_IDS, n);
}

LAB_TEST(helper_id_resolved, 10, LAB_LAB_ONLY)
{
	int id = lab_vmlinux_id("sk_buff", BTF_KIND_STRUCT);
	char want[128];
	struct maps m;
	int fd;

	LAB_ASSERT(id > 0, "no struct sk_buff in vmlinux BTF");
	LAB_ASSERT(!maps_open(&m), "creating the maps: %s", strerror(errno));
	fd = helper_load(R1_SKB, m.perf, m.array, log_buf, sizeof(log_buf));
	LAB_ASSERT(fd >= 0, "bpf_skb_output(skb, ...): expected it to load, got %s; log: %s",
		   strerror(-fd), log_buf);
	close(fd);
	snprintf(want, sizeof(want), "helper bpf_skb_event_output arg0 has btf_id %d struct sk_buff",
		 id);
	LAB_EXPECT(lab_log_claim(log_buf, want), "expected the log to say \"%s\"; it says: %s", want,
		   log_buf);
	maps_close(&m);
	expect_helper_ids();
}
