// SPDX-License-Identifier: GPL-2.0
/*
 * crowd N: N threads that spin, so that each CPU's CFS runqueue holds many
 * tasks at once (rq->cfs_tasks). What a kernel does with them under a
 * runqueue lock, IRQs off, shows up as an RT task's wake-up latency
 * (guest/tests/switch_latency.sh).
 *
 * Prints "crowd: N threads" once every thread has started, then spins
 * until it is killed. Exit status 2 on bad usage, 1 if a thread cannot be
 * made (the message names how many were).
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int started;

static void *spin(void *arg)
{
	(void)arg;
	__atomic_add_fetch(&started, 1, __ATOMIC_RELAXED);
	for (;;)
		;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_attr_t attr;
	pthread_t t;
	char *end;
	long n, i;
	int err;

	n = argc == 2 ? strtol(argv[1], &end, 10) : 0;
	if (argc != 2 || *end || n < 1 || n > 100000) {
		fprintf(stderr, "usage: crowd N (1 to 100000 threads)\n");
		return 2;
	}

	/* The threads only spin: the smallest stack keeps 10000 of them cheap. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN);
	for (i = 0; i < n; i++) {
		err = pthread_create(&t, &attr, spin, NULL);
		if (err) {
			fprintf(stderr, "crowd: thread %ld of %ld: %s\n", i + 1, n, strerror(err));
			return 1;
		}
	}
	while (__atomic_load_n(&started, __ATOMIC_RELAXED) < n)
		usleep(10000);
	printf("crowd: %ld threads\n", n);
	fflush(stdout);
	for (;;)
		pause();
}
