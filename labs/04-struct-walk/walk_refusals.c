// SPDX-License-Identifier: GPL-2.0
/*
 * walk_refusals: loads through obj that read no single member are
 * refused, each with a line that names the struct, the member or offset,
 * and the sizes. The wording is the lab's (and 6.1 accepts some of these
 * loads), so this is not run on `make ref`.
 */
#include <stdio.h>

#include "walk.h"

/* A @size-byte load at obj + @off must be refused, saying @msg. */
static void expect_refused(const char *what, int size, int off, const char *msg)
{
	int fd = walk_load_obj_read(size, off);

	if (fd >= 0)
		close(fd);
	LAB_EXPECT(fd == -EACCES || fd == -EINVAL,
		   "%s (obj+%d, %d bytes): expected EACCES or EINVAL, got %s", what, off,
		   size, fd >= 0 ? "success" : strerror(-fd));
	LAB_EXPECT(lab_log_claim(walk_log, msg), "%s: expected \"%s\" in the verifier log, got \"%s\"",
		   what, msg, walk_log);
}

static int bpf_size(unsigned int bytes)
{
	return bytes == 1 ? BPF_B : bytes == 2 ? BPF_H : bytes == 4 ? BPF_W : BPF_DW;
}

LAB_TEST(walk_refusals, 15, LAB_LAB_ONLY)
{
	unsigned int u32s, u64s, bits, arrs, objs, pad;
	int u32v = lab_offsetof("btf_lab_obj", "u32v", &u32s);
	int u64v = lab_offsetof("btf_lab_obj", "u64v", &u64s);
	int lo = lab_offsetof("btf_lab_obj", "bits_lo", &bits);
	int arr = lab_offsetof("btf_lab_obj", "arr", &arrs);
	int u8v = lab_offsetof("btf_lab_obj", "u8v", &pad);
	int tail = lab_offsetof("btf_lab_obj", "tail", &objs);
	int next = lab_offsetof("btf_lab_obj", "next", &pad);
	char msg[256];
	int fd;

	LAB_ASSERT(u32v >= 0 && u64v >= 0 && lo >= 0 && arr >= 0 && u8v == 0 && tail > 0 &&
		   next > 0,
		   "struct btf_lab_obj in vmlinux BTF lacks a member the test reads");
	objs += tail;		/* the struct's size: tail is its last member */

	fd = walk_load_obj_read(bpf_size(u32s), u32v);
	LAB_EXPECT(fd >= 0, "obj->u32v (obj+%d, %u bytes): expected it to load, got %s; log: %s",
		   u32v, u32s, strerror(-fd), walk_log);
	if (fd >= 0)
		close(fd);

	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member u32v is 4 bytes at offset %d, not 8 bytes at offset %d",
		 u32v, u32v);
	expect_refused("obj->u32v read with 8 bytes", BPF_DW, u32v, msg);
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member u64v is 8 bytes at offset %d, not 4 bytes at offset %d",
		 u64v, u64v + 4);
	expect_refused("the upper half of obj->u64v", BPF_W, u64v + 4, msg);
	/* Narrower than the member, at its first byte: a truncated value. */
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member u64v is 8 bytes at offset %d, not 4 bytes at offset %d",
		 u64v, u64v);
	expect_refused("the lower half of obj->u64v", BPF_W, u64v, msg);
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member next is 8 bytes at offset %d, not 4 bytes at offset %d",
		 next, next);
	expect_refused("obj->next read with 4 bytes (a truncated pointer)", BPF_W, next, msg);
	expect_refused("the padding byte after obj->u8v", BPF_B, 1,
		       "struct btf_lab_obj has no member at offset 1");
	snprintf(msg, sizeof(msg), "access beyond struct btf_lab_obj at off %u size 8", objs);
	expect_refused("past the end of obj", BPF_DW, objs, msg);
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member bits_lo at offset %d is a bitfield, which cannot be read",
		 lo);
	expect_refused("the bitfields", BPF_W, lo, msg);
	snprintf(msg, sizeof(msg),
		 "struct btf_lab_obj: member arr at offset %d is an array, which cannot be read", arr);
	expect_refused("obj->arr[1]", BPF_W, arr + 4, msg);
}
