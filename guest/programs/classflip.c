// SPDX-License-Identifier: GPL-2.0
/*
 * classflip PID N: switch PID to SCHED_FIFO and back to SCHED_OTHER N
 * times. Each switch of a fair task whose dequeue is delayed forces that
 * dequeue (DEQUEUE_SLEEP | DEQUEUE_DELAYED): the reproducer of the fixes'
 * patch 2. Prints how many round trips it made; exit 1 on an error.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct sched_param fifo = { .sched_priority = 1 }, other = { 0 };
	char *end;
	long pid, n, i;

	if (argc != 3) {
		fprintf(stderr, "usage: classflip PID N\n");
		return 2;
	}
	pid = strtol(argv[1], &end, 10);
	if (*end || pid <= 0) {
		fprintf(stderr, "classflip: '%s' is not a PID\n", argv[1]);
		return 2;
	}
	n = strtol(argv[2], &end, 10);
	if (*end || n <= 0) {
		fprintf(stderr, "classflip: '%s' is not a positive count\n", argv[2]);
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (sched_setscheduler(pid, SCHED_FIFO, &fifo) ||
		    sched_setscheduler(pid, SCHED_OTHER, &other)) {
			fprintf(stderr, "classflip: pid %ld: %s\n", pid, strerror(errno));
			return 1;
		}
	}
	printf("%ld\n", i);
	return 0;
}
