// SPDX-License-Identifier: GPL-2.0
/*
 * fifo PRIO COMMAND [ARG...]: run COMMAND under SCHED_FIFO at PRIO (1-99),
 * as util-linux's chrt -f would; the guest's busybox has no chrt. What
 * COMMAND starts inherits the class. Exit status 2 on bad usage, 1 if the
 * class cannot be set or COMMAND cannot be run.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sched_param param;
	char *end;
	long prio;

	prio = argc >= 3 ? strtol(argv[1], &end, 10) : 0;
	if (argc < 3 || *end || prio < 1 || prio > 99) {
		fprintf(stderr, "usage: fifo PRIO COMMAND [ARG...] (PRIO 1 to 99)\n");
		return 2;
	}
	param.sched_priority = prio;
	if (sched_setscheduler(0, SCHED_FIFO, &param)) {
		fprintf(stderr, "fifo: SCHED_FIFO at %ld: %s\n", prio, strerror(errno));
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "fifo: %s: %s\n", argv[2], strerror(errno));
	return 1;
}
