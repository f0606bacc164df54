// SPDX-License-Identifier: GPL-2.0
/*
 * tp_btf_refused: the carve of stage 0 holds. The baseline kernel no longer
 * parses its own BTF, so a tp_btf program, whose attach_btf_id names a type
 * of vmlinux BTF, must be refused with -EINVAL and a verifier log that says
 * why. On a pristine kernel the program loads and this test fails.
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "tp_btf_refused.skel.h"

/*
 * What the baseline kernel's verifier log says, e.g. "attach_btf_id 12345
 * needs vmlinux BTF, which this kernel has not parsed".
 */
#define TP_BTF_REFUSED_MSG	"needs vmlinux BTF"
#define TP_BTF_LOG_LINES	40	/* of the log, printed on failure */

static char tp_btf_log[65536];

static void tp_btf_show_log(void)
{
	char *line, *save = NULL;
	int n = 0;

	lab_diag("the load's verifier log:");
	for (line = strtok_r(tp_btf_log, "\n", &save); line && n < TP_BTF_LOG_LINES;
	     line = strtok_r(NULL, "\n", &save), n++)
		lab_diag("  %s", line);
	if (!n)
		lab_diag("  (empty)");
}

LAB_TEST(tp_btf_refused, 10, LAB_LAB_ONLY | LAB_THIS_STAGE_ONLY)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts,
		    .kernel_log_buf = tp_btf_log,
		    .kernel_log_size = sizeof(tp_btf_log),
		    .kernel_log_level = 1);
	struct tp_btf_refused *skel = tp_btf_refused__open_opts(&opts);
	int err;

	LAB_ASSERT(skel, "tp_btf_refused.bpf.c: expected it to open, got %s", strerror(errno));
	lab_libbpf_quiet(true);
	err = tp_btf_refused__load(skel);
	lab_libbpf_quiet(false);

	LAB_EXPECT(err == -EINVAL,
		   "loading tp_btf/btf_lab_probe: expected -EINVAL, got %d%s", err,
		   err ? "" : " (it loaded: the kernel still parses its BTF)");
	LAB_EXPECT(lab_log_claim(tp_btf_log, TP_BTF_REFUSED_MSG),
		   "verifier log: expected \"%s\" in it, not found", TP_BTF_REFUSED_MSG);
	if (lab_failed)
		tp_btf_show_log();
	tp_btf_refused__destroy(skel);
}
