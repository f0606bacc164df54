/* SPDX-License-Identifier: GPL-2.0 */
/* What the tests of stage 01-btf-parse share. */
#ifndef BTF_PARSE_H
#define BTF_PARSE_H

#include <stdlib.h>
#include <string.h>

#include "lab.h"

/* The lab's readout of the parse (kernel/bpf/btf_lab.c). */
#define READOUT		"/sys/kernel/debug/btf_lab/vmlinux_btf"
/* What the verifier logs when vmlinux BTF did not parse (bpf_check()). */
#define MALFORMED_MSG	"in-kernel BTF is malformed"

/* A number of the readout; a missing key fails the test (and gives -1). */
static inline long long readout_num(const char *key)
{
	return lab_kv_num(READOUT, key);
}

/* The readout's state: "none", "ok" or "error" ("?" if unreadable). */
static inline const char *readout_state(char *buf, size_t len)
{
	if (lab_kv(READOUT, "state", buf, len))
		snprintf(buf, len, "?");
	return buf;
}

#endif /* BTF_PARSE_H */
