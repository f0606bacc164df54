/* SPDX-License-Identifier: GPL-2.0 */
/* What bench.bpf.c and bench.c share. */
#ifndef BENCH_H
#define BENCH_H

/*
 * Walks per program run: a fixture fire costs about 300 us under TCG, and
 * the walk must stand out of it.
 */
#define BENCH_LOOPS	4096

#endif /* BENCH_H */
