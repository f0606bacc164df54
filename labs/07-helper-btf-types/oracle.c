// SPDX-License-Identifier: GPL-2.0
/*
 * oracle_helpers: the stage's part of the oracle corpus (07-helper-btf-
 * types/corpus, made by labs/lib/corpus.py from the kernel's BTF): BTF
 * pointers of every struct reachable from kfree_skb passed to
 * bpf_skb_output(). Each program must get the verdict that pristine 6.1
 * gives it (make ref), but where labs/lib/oracle-differences names one of
 * the lab's own rules, and each program that runs must read what the
 * fixture's ground truth says. The fixed part runs every time, and a
 * random sample of the rest, with its seed in the diagnostics.
 */
#include "lab.h"

LAB_TEST(oracle_helpers, 10, 0)
{
	lab_corpus();
}
