// SPDX-License-Identifier: GPL-2.0
/*
 * oracle_ctx: the stage's part of the oracle corpus (03-ctx-access/corpus,
 * made by labs/lib/corpus.py from the kernel's BTF): context reads of
 * every argument of a sample of the kernel's tracepoints, at every size.
 * Each program must get the verdict that pristine 6.1 gives it (make ref),
 * but where labs/lib/oracle-differences names one of the lab's own rules,
 * and each program that runs must read what the fixture's ground truth
 * says. The fixed part runs every time, and a random sample of the rest,
 * with its seed in the diagnostics.
 */
#include "lab.h"

LAB_TEST(oracle_ctx, 20, 0)
{
	lab_corpus();
}
