/* SPDX-License-Identifier: GPL-2.0 */
/* What stage 0's BPF programs and their user space share. */
#ifndef BASELINE_H
#define BASELINE_H

/* cls_bpf_test_run.bpf.c returns a UDP port (0..65535), or one of these. */
#define CLS_SHORT	(-1)	/* the packet ends inside a header */
#define CLS_NOT_UDP	(-2)	/* not Ethernet + IPv4 + UDP */

/* One fire of btf_lab_probe, as maps_perf_buffer.bpf.c sends it. */
struct baseline_event {
	int num;
	int scenario;
};

#endif /* BASELINE_H */
