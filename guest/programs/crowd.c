// SPDX-License-Identifier: GPL-2.0
/*
 * crowd N: N threads that spin, so that each CPU's CFS runqueue holds many
 * tasks at once (rq->cfs_tasks). What a kernel does with them under a
 * runqueue lock, IRQs off, shows up as an RT task's wake-up latency
 * (guest/tests/switch_latency.sh).
 *
 * The threads wait for each other before they spin: made one by one
 * among N spinning ones, thread N would wait N times as long for its turn.
 * They are CFS tasks whatever the class of the process that starts them
 * (switch_latency runs under SCHED_FIFO so that the crowd does not starve
 * it). Prints "crowd: N threads" once every thread spins; spins until killed. Exit status 2 on bad usage, 1 if a thread cannot be
 * made (the message names how many were).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_barrier_t all_made;

static void *spin(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&all_made);
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

	if (sched_setscheduler(0, SCHED_OTHER, &(struct sched_param){ 0 })) {
		fprintf(stderr, "crowd: SCHED_OTHER: %s\n", strerror(errno));
		return 1;
	}
	/* The threads only spin: the smallest stack keeps 10000 of them cheap. */
	pthread_barrier_init(&all_made, NULL, n + 1);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN);
	for (i = 0; i < n; i++) {
		err = pthread_create(&t, &attr, spin, NULL);
		if (err) {
			fprintf(stderr, "crowd: thread %ld of %ld: %s\n", i + 1, n, strerror(err));
			return 1;
		}
	}
	pthread_barrier_wait(&all_made);
	printf("crowd: %ld threads\n", n);
	fflush(stdout);
	for (;;)
		pause();
}
