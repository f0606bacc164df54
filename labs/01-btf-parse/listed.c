// SPDX-License-Identifier: GPL-2.0
/*
 * vmlinux_btf_listed: once parsed, vmlinux BTF is a BTF object of its own,
 * as `bpftool btf list` shows it: exactly one object is kernel BTF named
 * "vmlinux", and it has as many bytes as /sys/kernel/btf/vmlinux.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "btf_parse.h"

LAB_TEST(vmlinux_btf_listed, 15, 0)
{
	unsigned int id = 0, found = 0, size = 0;
	struct stat st;
	int fd;

	fd = lab_load_minimal(NULL, 0);
	LAB_ASSERT(fd >= 0, "loading a 2-instruction socket filter: expected it to load, got %s",
		   strerror(-fd));
	close(fd);

	while (!bpf_btf_get_next_id(id, &id)) {
		struct bpf_btf_info info = {};
		__u32 len = sizeof(info);
		char name[64] = "";
		int bfd = bpf_btf_get_fd_by_id(id);

		if (bfd < 0)
			continue;
		info.name = (unsigned long)name;
		info.name_len = sizeof(name);
		if (!bpf_obj_get_info_by_fd(bfd, &info, &len) && info.kernel_btf) {
			lab_diag("BTF id %u: kernel BTF \"%s\", %u bytes", id, name,
				 info.btf_size);
			if (!strcmp(name, "vmlinux")) {
				found++;
				size = info.btf_size;
			}
		}
		close(bfd);
	}
	LAB_ASSERT(found == 1,
		   "BTF objects that are kernel BTF named \"vmlinux\": expected 1, found %u%s",
		   found, found ? " (parsed more than once?)" :
		   " (is btf->kernel_btf set, the name \"vmlinux\", and an id allocated?)");
	LAB_ASSERT(!stat("/sys/kernel/btf/vmlinux", &st), "/sys/kernel/btf/vmlinux: %s",
		   strerror(errno));
	LAB_EXPECT_EQ(size, st.st_size, "bytes of vmlinux BTF (the object vs. the sysfs file)");
}
