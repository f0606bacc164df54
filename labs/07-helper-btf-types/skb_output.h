/* SPDX-License-Identifier: GPL-2.0 */
/* What skb_output.bpf.c and the tests of stage 07-helper-btf-types share. */
#ifndef SKB_OUTPUT_H
#define SKB_OUTPUT_H

#define SKB_MODE_OUTPUT		0	/* bpf_skb_output() the datagram */
#define SKB_MODE_REFUSALS	1	/* the run-time refusals */
#define SKB_BYTES		72	/* packet bytes per sample, as in the seed */
#define SKB_PAYLOAD		100	/* the datagram's payload */

#endif /* SKB_OUTPUT_H */
