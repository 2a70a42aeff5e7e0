// SPDX-License-Identifier: GPL-2.0
/*
 * fixed_work [ITERATIONS]: a fixed amount of CPU work; prints the wall and
 * CPU time it took, in ns. At an enacted OPP f it takes fmax / f longer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long n = argc > 1 ? atoll(argv[1]) : 20000000;
	long long wall = ns(CLOCK_MONOTONIC), cpu = ns(CLOCK_THREAD_CPUTIME_ID);
	volatile long long sink = 0;
	long long i;

	if (n <= 0) {
		fprintf(stderr, "usage: fixed_work [ITERATIONS > 0]\n");
		return 2;
	}
	for (i = 0; i < n; i++)
		sink += i;
	printf("wall_ns=%lld cpu_ns=%lld\n", ns(CLOCK_MONOTONIC) - wall,
	       ns(CLOCK_THREAD_CPUTIME_ID) - cpu);
	return 0;
}
