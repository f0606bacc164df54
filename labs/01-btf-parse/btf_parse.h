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

/* The readout's value for @key as a number; a missing key fails the test. */
static inline long long readout_num(const char *key)
{
	char v[64];
	int err = lab_kv(READOUT, key, v, sizeof(v));

	if (err) {
		lab_fail(__FILE__, __LINE__, "%s: no '%s' in it (%s)", READOUT,
			 key, strerror(-err));
		return -1;
	}
	return strtoll(v, NULL, 0);
}

/* The readout's state: "none", "ok" or "error" ("?" if unreadable). */
static inline const char *readout_state(char *buf, size_t len)
{
	if (lab_kv(READOUT, "state", buf, len))
		snprintf(buf, len, "?");
	return buf;
}

#endif /* BTF_PARSE_H */
