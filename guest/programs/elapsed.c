// SPDX-License-Identifier: GPL-2.0
/*
 * elapsed COMMAND [ARG...]: run COMMAND, then print "elapsed_ns=N", its
 * wall time to the nanosecond (hackbench prints milliseconds, too coarse
 * for a short run), and exit with its status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long start;
	int status;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: elapsed COMMAND [ARG...]\n");
		return 2;
	}
	start = now_ns();
	pid = fork();
	if (pid < 0) {
		perror("elapsed: fork");
		return 2;
	}
	if (!pid) {
		execvp(argv[1], argv + 1);
		perror("elapsed: exec");
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid) {
		perror("elapsed: waitpid");
		return 2;
	}
	printf("elapsed_ns=%lld\n", now_ns() - start);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
