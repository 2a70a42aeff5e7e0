// SPDX-License-Identifier: GPL-2.0
/*
 * classflip CPU N: N times, a sleeper of its own on CPU runs about 0.5 ms
 * and goes to sleep, and right then this process, on another CPU, switches
 * it to SCHED_FIFO and back to SCHED_OTHER. Beside a hog on CPU the
 * sleeper has mostly run past its share when it sleeps, so its dequeue is
 * delayed (DELAY_DEQUEUE), and the class change forces that dequeue
 * (DEQUEUE_SLEEP | DEQUEUE_DELAYED): the reproducer of the fixes' patch 2.
 * Prints the sleeper's PID and the rounds made; exit 1 on an error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Run 0.5 ms, say so, sleep until told to go on; end at EOF. */
static void sleeper(int ran, int go)
{
	long long start;
	char c = 0;

	for (;;) {
		start = cpu_ns();
		while (cpu_ns() - start < 500000)
			;
		if (write(ran, &c, 1) != 1 || read(go, &c, 1) != 1)
			_exit(0);
	}
}

int main(int argc, char **argv)
{
	struct sched_param fifo = { .sched_priority = 1 }, other = { 0 };
	int ran[2], go[2], cpu, ncpu, status;
	long n, i = 0;
	char *end, c = 0;
	pid_t pid;

	if (argc != 3) {
		fprintf(stderr, "usage: classflip CPU N\n");
		return 2;
	}
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu = strtol(argv[1], &end, 10);
	if (*end || cpu < 0 || cpu >= ncpu || ncpu < 2) {
		fprintf(stderr, "classflip: '%s' is not a CPU of %d, or there is no other\n",
			argv[1], ncpu);
		return 2;
	}
	n = strtol(argv[2], &end, 10);
	if (*end || n <= 0) {
		fprintf(stderr, "classflip: '%s' is not a positive count\n", argv[2]);
		return 2;
	}
	if (pipe(ran) || pipe(go)) {
		perror("classflip: pipe");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("classflip: fork");
		return 1;
	}
	if (!pid) {
		close(ran[0]);
		close(go[1]);
		if (pin(cpu))
			_exit(1);
		sleeper(ran[1], go[0]);
	}
	close(ran[1]);
	close(go[0]);
	if (pin(cpu ? 0 : 1)) {
		perror("classflip: sched_setaffinity");
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (read(ran[0], &c, 1) != 1) {
			fprintf(stderr, "classflip: the sleeper is gone\n");
			break;
		}
		if (sched_setscheduler(pid, SCHED_FIFO, &fifo) ||
		    sched_setscheduler(pid, SCHED_OTHER, &other)) {
			fprintf(stderr, "classflip: pid %d: %s\n", pid, strerror(errno));
			break;
		}
		if (write(go[1], &c, 1) != 1)
			break;
	}
out:
	close(go[1]);
	close(ran[0]);
	waitpid(pid, &status, 0);
	printf("%d %ld\n", pid, i);
	return i == n ? 0 : 1;
}
