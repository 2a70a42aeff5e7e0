// SPDX-License-Identifier: GPL-2.0
/*
 * switches FILE COUNT PAUSE_US NAME...: write the NAMEs to FILE in turn,
 * COUNT writes in all, PAUSE_US apart, as `echo NAME >FILE` would; then
 * print "switches=N write_max_us=X write_avg_us=Y": how long the longest
 * and the mean write took, in the time of CLOCK_MONOTONIC. A write that
 * holds its CPU (a walk with IRQs off, a static key's text patching)
 * lasts at least that long, so the longest write bounds what a switch
 * costs the rest of the system. Exit status 2 on bad usage, 1 when a write
 * fails (its error said).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One switch: @name and a newline to @file, opened afresh. */
static int write_name(const char *file, const char *name)
{
	char buf[64];
	int fd, len, ret = 0;

	len = snprintf(buf, sizeof(buf), "%s\n", name);
	fd = open(file, O_WRONLY | O_TRUNC);
	if (fd < 0 || write(fd, buf, len) != len)
		ret = -1;
	if (ret)
		fprintf(stderr, "switches: %s to %s: %s\n", name, file, strerror(errno));
	if (fd >= 0)
		close(fd);
	return ret;
}

int main(int argc, char **argv)
{
	long long t, max = 0, sum = 0;
	long count, pause_us, n;
	char *end, *end2;

	count = argc >= 5 ? strtol(argv[2], &end, 10) : 0;
	pause_us = argc >= 5 ? strtol(argv[3], &end2, 10) : 0;
	if (argc < 5 || *end || *end2 || count < 1 || pause_us < 0) {
		fprintf(stderr, "usage: switches FILE COUNT PAUSE_US NAME... (COUNT >= 1)\n");
		return 2;
	}
	for (n = 0; n < count; n++) {
		t = now_ns();
		if (write_name(argv[1], argv[4 + n % (argc - 4)]))
			return 1;
		t = now_ns() - t;
		sum += t;
		if (t > max)
			max = t;
		usleep(pause_us);
	}
	printf("switches=%ld write_max_us=%lld write_avg_us=%lld\n",
	       count, max / 1000, sum / count / 1000);
	return 0;
}
