// SPDX-License-Identifier: GPL-2.0
/*
 * socket_filter: a classic socket filter still runs on a socket's receive
 * path (no BTF involved): it sees every datagram and its verdict decides
 * which ones the socket gets.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <bpf/libbpf.h>

#include "lab.h"
#include "socket_filter.skel.h"

static void socket_filter_run(struct socket_filter *skel, int fd)
{
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	unsigned int k = lab_rand(3, 9), n = k + 2, got = 0, i, d1, d2;
	socklen_t alen = sizeof(addr);
	int prog_fd = bpf_program__fd(skel->progs.filter);
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char buf[16];
	ssize_t len;

	LAB_ASSERT(!bind(fd, (struct sockaddr *)&addr, sizeof(addr)) &&
		   !getsockname(fd, (struct sockaddr *)&addr, &alen),
		   "bind to 127.0.0.1: %s", strerror(errno));
	LAB_ASSERT(!setsockopt(fd, SOL_SOCKET, SO_ATTACH_BPF, &prog_fd, sizeof(prog_fd)),
		   "SO_ATTACH_BPF: expected success, got %s", strerror(errno));

	/* k datagrams to keep, two to drop, at random places. */
	d1 = lab_rand(0, n - 1);
	d2 = (d1 + lab_rand(1, n - 1)) % n;
	for (i = 0; i < n; i++) {
		len = snprintf(buf, sizeof(buf), "%c%u",
			       i == d1 || i == d2 ? 'D' : 'A', i);
		LAB_ASSERT(sendto(fd, buf, len, 0, (struct sockaddr *)&addr,
				  sizeof(addr)) == len,
			   "sendto 127.0.0.1: %s", strerror(errno));
	}

	/* Loopback delivers in softirq context: give it time on a slow guest. */
	for (i = 0; i < 500 && __atomic_load_n(&skel->bss->seen, __ATOMIC_RELAXED) < n; i++)
		usleep(10000);
	LAB_EXPECT_EQ(skel->bss->seen, n, "datagrams the filter saw");

	while (got < k && poll(&pfd, 1, 2000) > 0 &&
	       (len = recv(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT)) > 0) {
		buf[len] = '\0';
		LAB_EXPECT(buf[0] == 'A',
			   "received \"%s\": expected only datagrams starting with 'A'", buf);
		got++;
	}
	/* The two 'D' datagrams must not be queued behind them. */
	while ((len = recv(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT)) > 0) {
		buf[len] = '\0';
		lab_fail(__FILE__, __LINE__, "received \"%s\": expected the filter to drop it",
			 buf);
		got++;
	}
	LAB_EXPECT_EQ(got, k, "datagrams received (2 of the sent ones dropped)");
}

LAB_TEST(socket_filter, 10, 0)
{
	struct socket_filter *skel = socket_filter__open_and_load();
	int fd;

	LAB_ASSERT(skel, "socket_filter.bpf.c: expected it to load, got %s", strerror(errno));
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd >= 0) {
		socket_filter_run(skel, fd);
		close(fd);
	} else {
		lab_fail(__FILE__, __LINE__, "UDP socket: %s", strerror(errno));
	}
	socket_filter__destroy(skel);
}
