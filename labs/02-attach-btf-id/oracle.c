// SPDX-License-Identifier: GPL-2.0
/*
 * oracle_attach: the stage's part of the oracle corpus (02-attach-btf-
 * id/corpus, made by labs/lib/corpus.py from the kernel's BTF): the attach
 * checks of stage 2: attach_btf_id at every kind of type. Each program
 * must get the verdict that pristine 6.1 gives it (make ref), but where
 * labs/lib/oracle-differences names one of the lab's own rules, and each
 * program that runs must read what the fixture's ground truth says. The
 * fixed part runs every time, and a random sample of the rest, with its
 * seed in the diagnostics.
 */
#include "lab.h"

LAB_TEST(oracle_attach, 15, 0)
{
	lab_corpus();
}
