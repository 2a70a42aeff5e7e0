// SPDX-License-Identifier: GPL-2.0
/*
 * utilest-ctl: a task's own util_est policy, as chrt does a task's
 * scheduling policy (the series' sched_setattr() SCHED_FLAG_UTIL_EST).
 *
 *   utilest-ctl POLICY COMMAND [ARG...]  run COMMAND with POLICY
 *   utilest-ctl -p PID                   print PID's policy
 *   utilest-ctl -p POLICY PID            set PID's policy
 *
 * POLICY: system (follow the system's, every task's until it chooses),
 * none (no estimate: util_avg alone), or a policy of the series. PID is a
 * thread: the other threads of its process keep theirs. Exits 2 on a bad
 * argument, 1 if the kernel refuses, with nothing changed either way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_est_attr.h"

static void usage(void)
{
	fprintf(stderr, "usage: utilest-ctl POLICY COMMAND [ARG...]\n"
			"       utilest-ctl -p PID\n"
			"       utilest-ctl -p POLICY PID\n");
	exit(2);
}

static unsigned int policy_arg(const char *s)
{
	unsigned int i;

	for (i = 0; i < UTIL_EST_NR_OWN; i++)
		if (!strcmp(s, util_est_own_names[i]))
			return i;
	fprintf(stderr, "utilest-ctl: no policy '%s' (", s);
	for (i = 0; i < UTIL_EST_NR_OWN; i++)
		fprintf(stderr, "%s%s", i ? " " : "", util_est_own_names[i]);
	fprintf(stderr, ")\n");
	exit(2);
}

static pid_t pid_arg(const char *s)
{
	char *end;
	long pid;

	errno = 0;
	pid = strtol(s, &end, 10);
	if (errno || end == s || *end || pid <= 0 || pid != (pid_t)pid) {
		fprintf(stderr, "utilest-ctl: '%s' is not a pid\n", s);
		exit(2);
	}
	return pid;
}

int main(int argc, char **argv)
{
	struct util_est_attr attr;
	unsigned int policy;
	pid_t pid;

	if (argc >= 2 && !strcmp(argv[1], "-p")) {
		if (argc == 3) {
			pid = pid_arg(argv[2]);
			if (syscall(SYS_sched_getattr, pid, &attr, sizeof(attr), 0)) {
				fprintf(stderr, "utilest-ctl: pid %d: %s\n", pid, strerror(errno));
				return 1;
			}
			if (attr.size < sizeof(attr)) {
				fprintf(stderr, "utilest-ctl: this kernel has no util_est policy per task\n");
				return 1;
			}
			if (attr.sched_util_est >= UTIL_EST_NR_OWN)
				printf("%u\n", attr.sched_util_est);
			else
				printf("%s\n", util_est_own_names[attr.sched_util_est]);
			return 0;
		}
		if (argc != 4)
			usage();
		policy = policy_arg(argv[2]);
		pid = pid_arg(argv[3]);
		if (util_est_set_own(pid, policy)) {
			fprintf(stderr, "utilest-ctl: pid %d: policy %s: %s\n",
				pid, util_est_own_names[policy], strerror(errno));
			return 1;
		}
		return 0;
	}
	if (argc < 3 || argv[1][0] == '-')
		usage();
	policy = policy_arg(argv[1]);
	if (util_est_set_own(0, policy)) {
		fprintf(stderr, "utilest-ctl: policy %s: %s\n", util_est_own_names[policy],
			strerror(errno));
		return 1;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "utilest-ctl: %s: %s\n", argv[2], strerror(errno));
	return 127;
}
