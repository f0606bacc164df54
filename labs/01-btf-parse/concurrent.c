// SPDX-License-Identifier: GPL-2.0
/*
 * concurrent_first_load: in a boot of its own, so that nothing has loaded a
 * program yet, 8 processes load at the same moment, on two CPUs. Every load must
 * succeed, and the kernel must have parsed its BTF exactly once: a racing
 * loader waits for the parse in progress and reuses its result.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "btf_parse.h"

#define LOADERS	8

LAB_TEST(concurrent_first_load, 20, LAB_LAB_ONLY | LAB_OWN_BOOT | LAB_TWO_CPUS)
{
	int go[2], i, ok = 0;
	char state[32], c;
	pid_t pid;

	LAB_ASSERT(readout_num("parses") == 0,
		   "the kernel parsed its BTF before the first load of this boot; "
		   "only the first BPF_PROG_LOAD (or another user of vmlinux BTF) may parse it");
	LAB_ASSERT(!pipe(go), "pipe: %s", strerror(errno));
	for (i = 0; i < LOADERS; i++) {
		pid = fork();
		LAB_ASSERT(pid >= 0, "fork: %s", strerror(errno));
		if (!pid) {
			int fd;

			close(go[1]);
			/* Wait for the start: the parent closes its end. */
			if (read(go[0], &c, 1) < 0)
				_exit(2);
			fd = lab_load_minimal(NULL, 0);
			_exit(fd >= 0 ? 0 : 1);
		}
	}
	close(go[0]);
	close(go[1]);
	while ((pid = wait(&i)) > 0)
		ok += WIFEXITED(i) && WEXITSTATUS(i) == 0;

	LAB_EXPECT_EQ(ok, LOADERS, "concurrent first loads that succeeded");
	LAB_EXPECT_EQ(readout_num("parses"), 1, "parses of vmlinux BTF after the racing loads");
	LAB_EXPECT(!strcmp(readout_state(state, sizeof(state)), "ok"),
		   "%s: expected 'state ok', got '%s'", READOUT, state);
}
