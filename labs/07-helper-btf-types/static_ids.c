// SPDX-License-Identifier: GPL-2.0
/*
 * helper_static_ids: the seed's strict rule (exactly the struct, at offset
 * 0) is for the ids resolved from a helper's C prototype. A helper that
 * names its struct itself, in its bpf_func_proto, keeps 6.1's rule, so
 * that 6.1's programs still load: bpf_skc_to_tcp_sock(skb->sk) passes a
 * struct sock where a struct sock_common is named, and struct sock begins
 * with one. The same on make ref.
 */
#include <errno.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "static_ids.skel.h"

LAB_TEST(helper_static_ids, 5, 0)
{
	struct static_ids *skel = static_ids__open_and_load();
	int err;

	LAB_ASSERT(skel,
		   "static_ids.bpf.c (bpf_skc_to_tcp_sock(skb->sk) from tp_btf/kfree_skb): expected it to load, got %s",
		   strerror(errno));
	err = static_ids__attach(skel);
	LAB_ASSERT(!err, "attaching to tp_btf/kfree_skb: %s", strerror(-err));
	err = lab_udp_drop(8, &skel->bss->runs);
	LAB_EXPECT(!err, "a datagram dropped on lo: the program did not run (%s)", strerror(-err));
	static_ids__destroy(skel);
}
