// SPDX-License-Identifier: GPL-2.0
/*
 * readout_matches_bpftool: after the first load, the parse has run exactly
 * once and what it built matches what user space sees in the same bytes:
 * the number of types in /sys/kernel/btf/vmlinux as libbpf's btf__parse()
 * reads them (bpftool's own parser: 'bpftool btf dump file' prints one
 * "[id] KIND ..." line for each), and the string section's size in that
 * file's header. The stage-0 tests have loaded many programs before this
 * one runs, so "once" is checked too.
 *
 * Not by running bpftool: under TCG, printing some 54,000 types as text
 * took about 3 s of each graded main boot.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "btf_parse.h"

#define SYSFS_BTF	"/sys/kernel/btf/vmlinux"

/* The number of types bpftool dumps: ids 1..n (id 0 is void). */
static long libbpf_type_count(void)
{
	struct btf *btf = btf__parse(SYSFS_BTF, NULL);
	long n;

	if (!btf)
		return -1;
	n = (long)btf__type_cnt(btf) - 1;
	btf__free(btf);
	return n;
}

LAB_TEST(readout_matches_bpftool, 20, LAB_LAB_ONLY)
{
	struct btf_header hdr;
	char state[32], line[256];
	long types;
	int fd;

	fd = lab_load_minimal(NULL, 0);
	LAB_ASSERT(fd >= 0, "loading a 2-instruction socket filter: expected it to load, got %s",
		   strerror(-fd));
	close(fd);

	LAB_ASSERT(!strcmp(readout_state(state, sizeof(state)), "ok"),
		   "%s: expected 'state ok' after a load, got '%s'", READOUT, state);
	LAB_EXPECT_EQ(readout_num("parses"), 1,
		      "parses of vmlinux BTF after many loads (each load must reuse the first parse)");

	fd = open(SYSFS_BTF, O_RDONLY);
	LAB_ASSERT(fd >= 0, "%s: %s", SYSFS_BTF, strerror(errno));
	LAB_ASSERT(read(fd, &hdr, sizeof(hdr)) == sizeof(hdr), "%s: short read", SYSFS_BTF);
	close(fd);
	LAB_EXPECT_EQ(readout_num("strings"), hdr.str_len,
		      "string section size (readout vs. the header of " SYSFS_BTF ")");

	types = libbpf_type_count();
	LAB_ASSERT(types > 0, "libbpf could not parse %s: %s", SYSFS_BTF, strerror(errno));
	LAB_EXPECT_EQ(readout_num("types"), types,
		      "types (readout vs. libbpf's btf__parse() of " SYSFS_BTF ")");

	LAB_EXPECT(!lab_dmesg_find("BPF: ", line, sizeof(line)),
		   "the intact BTF parsed with a complaint in the kernel log: \"%s\"", line);
}
