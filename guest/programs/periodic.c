// SPDX-License-Identifier: GPL-2.0
/*
 * periodic [-w] RUN PERIOD_US COUNT: COUNT activations of RUN us of CPU
 * time (at whatever speed the CPU runs), one every PERIOD_US of wall time,
 * for light or periodic load where a shell loop would fork on every sleep.
 * With -w, RUN is work instead: that many iterations of fixed_work's loop,
 * which take longer on a slower CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long run, period, count, next, start, i, j;
	volatile long long sink = 0;
	struct timespec ts;
	int work = argc > 1 && !strcmp(argv[1], "-w");

	argv += work;
	argc -= work;
	if (argc != 4 || (run = atoll(argv[1])) < 0 || (period = atoll(argv[2])) <= 0 ||
	    (count = atoll(argv[3])) <= 0) {
		fprintf(stderr, "usage: periodic [-w] RUN PERIOD_US COUNT\n");
		return 2;
	}
	next = ns(CLOCK_MONOTONIC);
	for (i = 0; i < count; i++) {
		start = ns(CLOCK_THREAD_CPUTIME_ID);
		if (work) {
			for (j = 0; j < run; j++)
				sink += j;
		} else {
			while (ns(CLOCK_THREAD_CPUTIME_ID) - start < run * 1000)
				;
		}
		next += period * 1000;
		ts.tv_sec = next / 1000000000LL;
		ts.tv_nsec = next % 1000000000LL;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
	return 0;
}
