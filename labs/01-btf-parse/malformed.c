// SPDX-License-Identifier: GPL-2.0
/*
 * malformed_*: each boots with btf_lab.corrupt=KIND (its LAB_BOOT_ARGS()
 * below), on one CPU, which hands the parse a copy of vmlinux BTF broken one
 * way. The parse must say what is wrong in the kernel log, with the "BPF: "
 * prefix of the BPF_LOG_KERNEL level, and then every load must fail with
 * EINVAL and "in-kernel BTF is malformed" in its verifier log. Later loads
 * must fail the same way without parsing again.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "btf_parse.h"

#define LOADS	3

static char log_buf[4096];

static void check_malformed(const char *dmesg_msg)
{
	char state[32], line[256];
	int i, fd;

	for (i = 0; i < LOADS; i++) {
		fd = lab_load_minimal(log_buf, sizeof(log_buf));
		if (fd >= 0)
			close(fd);
		LAB_EXPECT(fd == -EINVAL,
			   "load %d of a socket filter on malformed BTF: expected -EINVAL, got %s",
			   i + 1, fd >= 0 ? "success" : strerror(-fd));
		LAB_EXPECT(lab_log_claim(log_buf, MALFORMED_MSG),
			   "load %d: expected \"%s\" in the verifier log, got \"%s\"",
			   i + 1, MALFORMED_MSG, log_buf);
	}
	LAB_EXPECT(lab_dmesg_find(dmesg_msg, line, sizeof(line)),
		   "kernel log: expected a line with \"%s\"; the parse must log at BPF_LOG_KERNEL",
		   dmesg_msg);
	LAB_EXPECT_EQ(readout_num("parses"), 1,
		      "parses after 3 loads (a failed parse must be kept, not retried)");
	LAB_EXPECT(!strcmp(readout_state(state, sizeof(state)), "error"),
		   "%s: expected 'state error', got '%s'", READOUT, state);
	LAB_EXPECT_EQ(readout_num("error"), -EINVAL, "the parse's error");
}

LAB_BOOT_ARGS(malformed_magic, "btf_lab.corrupt=magic");
LAB_TEST(malformed_magic, 9, LAB_LAB_ONLY | LAB_OWN_BOOT)
{
	check_malformed("BPF: Invalid magic");
}

LAB_BOOT_ARGS(malformed_hdr_len, "btf_lab.corrupt=hdr_len");
LAB_TEST(malformed_hdr_len, 9, LAB_LAB_ONLY | LAB_OWN_BOOT)
{
	check_malformed("BPF: btf_header not found");
}

LAB_BOOT_ARGS(malformed_strings, "btf_lab.corrupt=strings");
LAB_TEST(malformed_strings, 9, LAB_LAB_ONLY | LAB_OWN_BOOT)
{
	check_malformed("BPF: Invalid string section");
}

LAB_BOOT_ARGS(malformed_type_kind, "btf_lab.corrupt=type_kind");
LAB_TEST(malformed_type_kind, 9, LAB_LAB_ONLY | LAB_OWN_BOOT)
{
	check_malformed("BPF: [1] Invalid kind:0");
}

LAB_BOOT_ARGS(malformed_name_off, "btf_lab.corrupt=name_off");
LAB_TEST(malformed_name_off, 9, LAB_LAB_ONLY | LAB_OWN_BOOT)
{
	check_malformed("BPF: [1] Invalid name_offset:");
}
