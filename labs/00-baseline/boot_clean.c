// SPDX-License-Identifier: GPL-2.0
/*
 * boot_clean: the kernel log holds no warning, BUG, oops or panic. A change
 * that trips a WARN_ON() (at boot or in an earlier stage's tests) fails
 * here even when every BPF program still works.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>

#include "lab.h"

#define SYSLOG_ACTION_READ_ALL		3
#define SYSLOG_ACTION_SIZE_BUFFER	10
#define BOOT_CLEAN_SHOWN		20	/* offending lines printed */

static const char * const boot_clean_bad[] = {
	"WARNING:", "BUG:", "Oops", "general protection fault",
	"Kernel panic", "Call Trace:",
};

LAB_TEST(boot_clean, 10, 0)
{
	int size = klogctl(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0), len, bad = 0;
	char *buf, *line, *save = NULL;
	size_t i;

	LAB_ASSERT(size > 0, "klogctl(SIZE_BUFFER): expected the log size, got %d (%s)",
		   size, strerror(errno));
	buf = malloc(size + 1);
	LAB_ASSERT(buf, "malloc(%d) failed", size + 1);
	len = klogctl(SYSLOG_ACTION_READ_ALL, buf, size);
	if (len < 0) {
		lab_fail(__FILE__, __LINE__, "klogctl(READ_ALL): expected the log, got %s",
			 strerror(errno));
		free(buf);
		return;
	}
	buf[len] = '\0';

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		for (i = 0; i < sizeof(boot_clean_bad) / sizeof(boot_clean_bad[0]); i++) {
			if (!strstr(line, boot_clean_bad[i]))
				continue;
			if (++bad <= BOOT_CLEAN_SHOWN)
				lab_fail(__FILE__, __LINE__,
					 "kernel log: expected no \"%s\", got: %s",
					 boot_clean_bad[i], line);
			break;
		}
	}
	LAB_EXPECT(bad <= BOOT_CLEAN_SHOWN, "kernel log: %d more such lines (see dmesg)",
		   bad - BOOT_CLEAN_SHOWN);
	free(buf);
}
