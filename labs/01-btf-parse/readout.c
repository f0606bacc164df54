// SPDX-License-Identifier: GPL-2.0
/*
 * readout_matches_bpftool: after the first load, the parse has run exactly
 * once and what it built matches what user space sees in the same bytes:
 * the number of types that bpftool dumps from /sys/kernel/btf/vmlinux, and
 * the string section's size in that file's header. The stage-0 tests have
 * loaded many programs before this one runs, so "once" is checked too.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/btf.h>

#include "btf_parse.h"

#define SYSFS_BTF	"/sys/kernel/btf/vmlinux"

/* The number of types bpftool dumps: one "[id] KIND ..." line each. */
static long bpftool_type_count(void)
{
	FILE *p = popen("bpftool btf dump file " SYSFS_BTF, "r");
	char line[512];
	long n = 0;

	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p))
		if (line[0] == '[')
			n++;
	return pclose(p) == 0 ? n : -1;
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

	types = bpftool_type_count();
	LAB_ASSERT(types > 0, "bpftool btf dump file %s failed", SYSFS_BTF);
	LAB_EXPECT_EQ(readout_num("types"), types,
		      "types (readout vs. bpftool btf dump file " SYSFS_BTF ")");

	LAB_EXPECT(!lab_dmesg_find("BPF: ", line, sizeof(line)),
		   "the intact BTF parsed with a complaint in the kernel log: \"%s\"", line);
}
