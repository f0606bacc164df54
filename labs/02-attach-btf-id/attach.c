// SPDX-License-Identifier: GPL-2.0
/*
 * attach_counts_fires: a libbpf tp_btf program attaches to btf_lab_probe
 * by its type name alone, runs once per fire and stops at detach.
 * attach_errors: a name from user space is refused; a type whose
 * tracepoint does not exist gives ENOENT.
 * failed_attach_releases: thousands of failing attaches leave nothing
 * behind: no link, and the program goes away when its last fd closes.
 */
#include <stdio.h>
#include <time.h>
#include <bpf/libbpf.h>

#include "attach.h"
#include "attach.skel.h"

#define FAILING_ATTACHES	1000

LAB_TEST(attach_counts_fires, 15, 0)
{
	struct bpf_link_info info = {};
	unsigned int k = lab_rand(3, 50), more = lab_rand(1, 20);
	__u32 len = sizeof(info);
	char tp[64] = "";
	struct attach *skel;
	int err;

	skel = attach__open_and_load();
	LAB_ASSERT(skel, "attach.bpf.c: SEC(\"tp_btf/btf_lab_probe\"): expected it to load, got %s",
		   strerror(errno));
	err = attach__attach(skel);
	LAB_ASSERT(!err, "attaching tp_btf/btf_lab_probe: expected success, got %s",
		   strerror(-err));

	info.raw_tracepoint.tp_name = (unsigned long)tp;
	info.raw_tracepoint.tp_name_len = sizeof(tp);
	err = bpf_obj_get_info_by_fd(bpf_link__fd(skel->links.count_fires), &info, &len);
	LAB_EXPECT(!err && !strcmp(tp, "btf_lab_probe"),
		   "the link's raw tracepoint: expected \"btf_lab_probe\", got \"%s\" (%s)",
		   tp, err ? strerror(errno) : "ok");

	LAB_ASSERT(!lab_fire("valid", k), "firing the fixture %u times failed", k);
	LAB_EXPECT_EQ(skel->bss->hits, k, "runs of the program after that many fires");

	bpf_link__destroy(skel->links.count_fires);
	skel->links.count_fires = NULL;
	LAB_ASSERT(!lab_fire("valid", more), "firing the fixture failed");
	LAB_EXPECT_EQ(skel->bss->hits, k, "runs after detach (it must not run any more)");
	attach__destroy(skel);
}

LAB_TEST(attach_errors, 20, 0)
{
	int id, gone, fd, link;

	TP_ID_OR_RETURN(id);
	gone = lab_vmlinux_id(DECOY_GONE, BTF_KIND_TYPEDEF);
	LAB_ASSERT(gone > 0, "no typedef %s in vmlinux BTF", DECOY_GONE);

	fd = load_tp_btf(id);
	LAB_ASSERT(fd >= 0, "loading with attach_btf_id %d (%s): expected success, got %s",
		   id, TP_TYPE, strerror(-fd));
	link = raw_tp_open(fd, "btf_lab_probe");
	LAB_EXPECT(link == -EINVAL,
		   "raw tracepoint open of a tp_btf program with a name: expected EINVAL, got %s",
		   link >= 0 ? "success" : strerror(-link));
	if (link >= 0)
		close(link);
	link = raw_tp_open(fd, NULL);
	LAB_EXPECT(link >= 0, "raw tracepoint open with no name: expected success, got %s",
		   strerror(-link));
	if (link >= 0)
		close(link);
	close(fd);

	fd = load_tp_btf(gone);
	LAB_ASSERT(fd >= 0, "loading with attach_btf_id %d (%s, the right shape): expected success, got %s; log: %s",
		   gone, DECOY_GONE, strerror(-fd), attach_log);
	link = raw_tp_open(fd, NULL);
	LAB_EXPECT(link == -ENOENT,
		   "attaching %s, whose tracepoint btf_lab_gone does not exist: expected ENOENT, got %s",
		   DECOY_GONE, link >= 0 ? "success" : strerror(-link));
	if (link >= 0)
		close(link);
	close(fd);
}

/* How many links exist, and how many of them run program @prog_id. */
static int count_links(__u32 prog_id, int *mine)
{
	__u32 id = 0;
	int n = 0;

	*mine = 0;
	while (!bpf_link_get_next_id(id, &id)) {
		struct bpf_link_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_link_get_fd_by_id(id);

		if (fd < 0)
			continue;
		n++;
		if (!bpf_obj_get_info_by_fd(fd, &info, &len) && info.prog_id == prog_id)
			(*mine)++;
		close(fd);
	}
	return n;
}

static bool prog_listed(__u32 prog_id)
{
	__u32 id = 0;

	while (!bpf_prog_get_next_id(id, &id))
		if (id == prog_id)
			return true;
	return false;
}

LAB_TEST(failed_attach_releases, 20, 0)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	int id, fd, link, l, i, mine, before, after, wrong = 0;
	struct timespec pause = { 0, 50 * 1000 * 1000 };

	TP_ID_OR_RETURN(id);
	fd = load_tp_btf(id);
	LAB_ASSERT(fd >= 0, "loading with attach_btf_id %d (%s): expected success, got %s",
		   id, TP_TYPE, strerror(-fd));
	LAB_ASSERT(!bpf_obj_get_info_by_fd(fd, &info, &len), "prog info: %s", strerror(errno));
	link = raw_tp_open(fd, NULL);
	LAB_ASSERT(link >= 0, "raw tracepoint open with no name: expected success, got %s",
		   strerror(-link));
	before = count_links(info.id, &mine);

	for (i = 0; i < FAILING_ATTACHES; i++) {
		l = raw_tp_open(fd, NULL);	/* attached already */
		wrong += l != -EEXIST;
		if (l >= 0)
			close(l);
		l = raw_tp_open(fd, "btf_lab_probe");
		wrong += l != -EINVAL;
		if (l >= 0)
			close(l);
	}
	LAB_EXPECT(!wrong,
		   "%d of %d failing attaches (a second attach: EEXIST; a name: EINVAL) did not fail that way",
		   wrong, 2 * FAILING_ATTACHES);
	after = count_links(info.id, &mine);
	LAB_EXPECT(after == before && mine == 1,
		   "links after the failing attaches: expected %d, 1 of them ours; got %d, %d ours",
		   before, after, mine);

	close(link);
	close(fd);
	/* Programs and links are freed after an RCU grace period: wait a bit. */
	for (i = 0; i < 100 && prog_listed(info.id); i++)
		nanosleep(&pause, NULL);
	LAB_EXPECT(!prog_listed(info.id),
		   "program id %u is still listed (bpftool prog show) after its last fd closed: a reference leaked",
		   info.id);
}
