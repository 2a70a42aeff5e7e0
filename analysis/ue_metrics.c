// SPDX-License-Identifier: GPL-2.0
/*
 * ue_metrics: figures from the data blocks guest/tests/experiment.sh writes.
 *
 *   ue_metrics [--task COMM] [--acts N] [--timeline] FILE...
 *
 * For each block, one line of key=value pairs:
 *   acts            the task's activations: from its first switch-in after
 *                   a sleep to its next switch-out asleep
 *   act_mean_ms ... their length, wall time (the first N only, with
 *                   --acts N: the workload's, not the thread's exit)
 *   run_ms          time the task ran, from its switches on its CPU
 *   top_pct         share of that time at the highest OPP
 *   res             the same share for every OPP, khz:pct,...
 * With --timeline, instead: "label rep t_ms khz" for the task's CPU, the
 * OPP over time from the task's first run, for plotting; the label is the
 * setting, with "(stock)" for the unpatched kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPPS 32
#define MAX_ACTS 4096

struct block {
	char head[1024];
	char setting[64];
	int rep;
	int cpu;
	long khz, fmax;			/* OPP now, highest OPP */
	long opps[MAX_OPPS];
	double at_opp_us[MAX_OPPS];	/* task's run time at each OPP */
	int nr_opps;
	long pid;			/* the task, once seen switched in */
	long long run_from;		/* switched in at, or -1 */
	long long act_from;		/* activation started at, or -1 */
	long long t0;			/* the task's first run, or -1 */
	long long t_last;		/* the last event */
	double acts[MAX_ACTS];
	int nr_acts;
};

static const char *task = "big";
static int first_n;
static int timeline;

static int opp_index(struct block *b, long khz)
{
	int i;

	for (i = 0; i < b->nr_opps; i++)
		if (b->opps[i] == khz)
			return i;
	if (b->nr_opps == MAX_OPPS)
		return MAX_OPPS - 1;
	b->opps[b->nr_opps] = khz;
	return b->nr_opps++;
}

/* The task ran from b->run_from to @t at the current OPP. */
static void account(struct block *b, long long t)
{
	if (b->run_from >= 0 && t > b->run_from)
		b->at_opp_us[opp_index(b, b->khz)] += t - b->run_from;
}

static void begin(struct block *b, const char *line)
{
	const char *s = strstr(line, "setting=");
	char *tail;

	memset(b, 0, sizeof(*b));
	b->run_from = -1;
	b->act_from = -1;
	b->pid = -1;
	b->t0 = -1;
	snprintf(b->head, sizeof(b->head), "%.1000s", line + 9);	/* after "=== data " */
	tail = strstr(b->head, " begin ===");
	if (tail)
		*tail = '\0';
	if (s)
		sscanf(s, "setting=%55s", b->setting);
	if (strstr(line, "-stock"))
		strcat(b->setting, "(stock)");
	s = strstr(line, " rep=");
	if (s)
		sscanf(s, " rep=%d", &b->rep);
}

/* For --timeline: the OPP at @t, once the task has started. */
static void stamp(struct block *b, long long t)
{
	if (timeline && b->t0 >= 0)
		printf("%s %d %.3f %ld\n", b->setting, b->rep, (t - b->t0) / 1000.0, b->khz);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void end(struct block *b)
{
	double run = 0, sum = 0, top = 0;
	int i;

	if (timeline) {
		stamp(b, b->t_last);
		return;
	}
	for (i = 0; i < b->nr_opps; i++) {
		run += b->at_opp_us[i];
		if (b->opps[i] == b->fmax)
			top = b->at_opp_us[i];
	}
	if (first_n && b->nr_acts > first_n)
		b->nr_acts = first_n;
	for (i = 0; i < b->nr_acts; i++)
		sum += b->acts[i];
	printf("%s acts_ms=", b->head);
	for (i = 0; i < b->nr_acts; i++)
		printf("%s%.1f", i ? "," : "", b->acts[i]);
	printf("\n");
	qsort(b->acts, b->nr_acts, sizeof(b->acts[0]), cmp_double);
	printf("%s acts=%d act_mean_ms=%.1f act_min_ms=%.1f act_max_ms=%.1f run_ms=%.1f top_pct=%.1f res=",
	       b->head, b->nr_acts, b->nr_acts ? sum / b->nr_acts : 0,
	       b->nr_acts ? b->acts[0] : 0, b->nr_acts ? b->acts[b->nr_acts - 1] : 0,
	       run / 1000, run ? 100 * top / run : 0);
	for (i = 0; i < b->nr_opps; i++)
		printf("%s%ld:%.1f", i ? "," : "", b->opps[i], run ? 100 * b->at_opp_us[i] / run : 0);
	printf("\n");
}

#define MAX_BLOCKS 1024

/*
 * The task's pid in each block: rt-app names its thread only once it runs,
 * so its first switch-in still shows rt-app's name; find the pid first.
 */
static int find_pids(FILE *f, long *pids)
{
	char line[1024], comm[64], state[16];
	long long t;
	long a, c, d;
	int n = -1;

	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "=== data ", 9) && strstr(line, " begin ===")) {
			if (++n == MAX_BLOCKS)
				return -1;
			pids[n] = -1;
		} else if (n >= 0 && pids[n] < 0 &&
			   sscanf(line, "S %lld %ld %ld %15s %ld %63s", &t, &c, &a, state, &d, comm) == 6 &&
			   !strcmp(comm, task)) {
			pids[n] = d;
		}
	}
	rewind(f);
	return 0;
}

static int read_file(const char *path)
{
	char line[1024], comm[64], state[16];
	static long pids[MAX_BLOCKS];
	struct block b;
	long long t;
	long a, c, d, khz;
	int in = 0, n = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	if (find_pids(f, pids)) {
		fprintf(stderr, "%s: more than %d blocks\n", path, MAX_BLOCKS);
		fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "=== data ", 9) && strstr(line, " begin ===")) {
			begin(&b, line);
			b.pid = pids[n++];
			in = 1;
		} else if (!in) {
			continue;
		} else if (!strncmp(line, "=== data ", 9)) {
			end(&b);
			in = 0;
		} else if (sscanf(line, "I %d %ld %ld", &b.cpu, &b.khz, &b.fmax) == 3) {
			opp_index(&b, b.khz);
		} else if (sscanf(line, "F %lld %ld %ld", &t, &c, &khz) == 3) {
			if (c != b.cpu)
				continue;
			b.t_last = t;
			account(&b, t);
			if (b.run_from >= 0)
				b.run_from = t;
			stamp(&b, t);		/* the old OPP up to t... */
			b.khz = khz;
			stamp(&b, t);		/* ...the new one from t */
		} else if (sscanf(line, "S %lld %ld %ld %15s %ld %63s", &t, &c, &a, state, &d, comm) == 6) {
			b.t_last = t;
			if (b.pid < 0)
				continue;
			if (d == b.pid && b.t0 < 0) {
				b.t0 = t;
				stamp(&b, t);
			}
			if (a == b.pid) {
				account(&b, t);
				b.run_from = -1;
				/* Asleep (S, D, ...), not preempted (R, R+): the end. */
				if (state[0] != 'R' && b.act_from >= 0) {
					if (b.nr_acts < MAX_ACTS)
						b.acts[b.nr_acts++] = (t - b.act_from) / 1000.0;
					b.act_from = -1;
				}
			}
			if (d == b.pid) {
				b.run_from = t;
				if (b.act_from < 0)
					b.act_from = t;
			}
		}
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	int i, ret = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--task") && i + 1 < argc)
			task = argv[++i];
		else if (!strcmp(argv[i], "--acts") && i + 1 < argc)
			first_n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--timeline"))
			timeline = 1;
		else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: ue_metrics [--task COMM] [--acts N] [--timeline] FILE...\n");
			return 2;
		} else if (read_file(argv[i])) {
			ret = 1;
		}
	}
	return ret;
}
