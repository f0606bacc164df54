// SPDX-License-Identifier: GPL-2.0
/*
 * walk_narrower (hidden): a load narrower than its member, at the
 * member's first byte, is refused at another width and another member
 * than the public walk_refusals reads: 2 bytes of the u32 obj->u32v. A
 * walk that special-cases the public rows passes them and fails here. The
 * full-width load of the same member must still be accepted, so that a
 * walk that refuses everything fails too. The seed's rule, not 6.1's
 * (6.1 allows partial reads): not run on make ref.
 */
#include <stdio.h>

#include "walk.h"

LAB_TEST(walk_narrower, 10, LAB_LAB_ONLY)
{
	unsigned int u32s;
	int u32v = lab_offsetof("btf_lab_obj", "u32v", &u32s);
	char msg[256];
	int fd;

	LAB_ASSERT(u32v >= 0 && u32s == 4, "struct btf_lab_obj in vmlinux BTF lacks a u32 u32v");

	fd = walk_load_obj_read(BPF_W, u32v);
	LAB_EXPECT(fd >= 0, "obj->u32v (obj+%d, 4 bytes): expected it to load, got %s; log: %s",
		   u32v, strerror(-fd), walk_log);
	if (fd >= 0)
		close(fd);

	fd = walk_load_obj_read(BPF_H, u32v);
	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES || fd == -EINVAL,
		   "2 bytes of obj->u32v at its first byte (obj+%d): expected EACCES or EINVAL, got %s",
		   u32v, fd >= 0 ? "success" : strerror(-fd));
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member u32v is 4 bytes at offset %d, not 2 bytes at offset %d",
		 u32v, u32v);
	LAB_EXPECT(lab_log_claim(walk_log, msg), "expected \"%s\" in the verifier log, got \"%s\"",
		   msg, walk_log);
}
