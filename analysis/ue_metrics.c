// SPDX-License-Identifier: GPL-2.0
/*
 * ue_metrics: figures from the data blocks guest/tests/experiment.sh writes.
 *
 *   ue_metrics [--task COMM] [--acts N] [--switch-at N] [--timeline|--samples|--migrations] FILE...
 *
 * For each block, one line of key=value pairs:
 *   acts            the task's activations: from its first switch-in after
 *                   a sleep to its next switch-out asleep
 *   act_mean_ms ... their length, wall time (the first N only, with
 *                   --acts N: the workload's, not the thread's exit)
 *   run_ms          time the task ran, from its switches on its CPU
 *   top_pct         share of that time at the highest OPP
 *   res             the same share for every OPP, khz:pct,...
 * and the signals, from the task's samples (dequeues for sleep, their
 * util_avg and estimate in the kernel's trace) and ue_model.c's replay of
 * its switches, over the second half of its activations (steady state;
 * not the last, rt-app's exit):
 *   samples         dequeue samples traced (none with UTIL_EST off)
 *   util_dq_min/max util_avg at dequeue: PELT's peaks (the model's, if
 *                   no samples were traced)
 *   util_wake_min   util_avg at wakeup, PELT's troughs (model)
 *   util_mean       util_avg's time average (model, every 100 us)
 *   est_min/max     the estimate at dequeue (n/a: no samples)
 *   opp_changes     OPP changes on the task's CPU
 *   err_util/ewma/last  the largest |kernel - model| over the samples
 *                   of the workload's activations: not the first (the
 *                   model's anchor, rt-app's setup) nor the last (its exit)
 *   wake_est_eq     wakeups whose estimate added to the CPU equals the
 *                   one at the dequeue before the sleep, of wakes
 *   wake_util       util_avg at wakeup (model), mean
 *   wake_est        the estimate at wakeup (added to the CPU's sum), mean;
 *                   n/a without the kernel's sched_util_est_cpu events
 *   wake_mhz        the OPP 1 ms after the task's switch-in, mean
 * With --switch-at N, the task changes size after activation N:
 *   est_before      the estimate at dequeue (util_avg with UTIL_EST off)
 *                   over activations N-2 to N, the old size's
 *   size            util_avg at its last 3 dequeues (the new size)
 *   conv_est        activations after N that began with an estimate
 *                   more than 10% off it, up to the last such (PELT's
 *                   util_avg at dequeue with UTIL_EST off)
 *   conv_util       the same for util_avg at dequeue ("never": it did
 *                   not settle; conv_est n/a: no estimate in the trace)
 *   prov_est        activations after N that began with an estimate below
 *                   90% of the new size, before the first that did not: how
 *                   soon a task that grew is provisioned for, settled or not
 *   prov_util       the same for util_avg at dequeue
 *   migrations      enqueues on another CPU than the task's last dequeue
 *   mig_kept        those that added the task's estimate (its last sample's)
 * With --migrations, instead: "workload label rep t_ms from to removed
 * from_sum estimate added to_sum" at each, the sums each CPU's after it.
 * With --samples, instead: "workload label rep t_ms util_avg estimate
 * ewma model_util" at each sample and wakeup, for plotting: the kernel's
 * util_avg and ewma at dequeue, its estimate at dequeue and at wakeup,
 * the model's util_avg at each (NaN where the trace has no value).
 * With --timeline, instead: "workload label rep t_ms khz" for the task's CPU, the
 * OPP over time from the task's first run, for plotting; the label is the
 * setting, with "(stock)" for the unpatched kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_model.h"

#define MAX_OPPS 32
#define MAX_ACTS 4096

struct block {
	char head[1024];
	char setting[64];
	char workload[64];
	int rep;
	int cpu;
	long khz, fmax;			/* OPP now, highest OPP */
	long khz0;			/* OPP when tracing started */
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
	int mult;			/* PELT multiplier */
	struct event *ev;		/* the task's switches, samples, enqueues; OPPs */
	int nr_ev, max_ev;
};

/* What the signals are computed from, in trace order. */
enum ev_kind { EV_IN, EV_PREEMPT, EV_SLEEP, EV_SAMPLE, EV_ENQUEUE, EV_DEQUEUE, EV_OPP };

struct event {
	enum ev_kind kind;
	long long t;			/* us */
	long v[4];			/* sample: util_avg ewma last util_est;
					 * en/dequeue: |delta| cpu sum; OPP: khz */
};

static const char *task = "big";
static int first_n;
static int switch_at;
static int timeline, samples, migrations;

static void add_event(struct block *b, enum ev_kind kind, long long t,
		      long v0, long v1, long v2, long v3)
{
	struct event *e;

	if (b->nr_ev == b->max_ev) {
		b->max_ev = b->max_ev ? 2 * b->max_ev : 256;
		b->ev = realloc(b->ev, b->max_ev * sizeof(*b->ev));
		if (!b->ev) {
			perror("ue_metrics");
			exit(1);
		}
	}
	e = &b->ev[b->nr_ev++];
	e->kind = kind;
	e->t = t;
	e->v[0] = v0;
	e->v[1] = v1;
	e->v[2] = v2;
	e->v[3] = v3;
}

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

	free(b->ev);
	memset(b, 0, sizeof(*b));
	b->mult = 1;
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
	s = strstr(line, "workload=");
	if (s)
		sscanf(s, "workload=%63s", b->workload);
	if (strstr(line, "-stock"))
		strcat(b->setting, "(stock)");
	s = strstr(line, " rep=");
	if (s)
		sscanf(s, " rep=%d", &b->rep);
	s = strstr(line, " mult=");
	if (s)
		sscanf(s, " mult=%d", &b->mult);
}

/* For --timeline: the OPP at @t, once the task has started. */
static void stamp(struct block *b, long long t)
{
	if (timeline && b->t0 >= 0)
		printf("%s %s %d %.3f %ld\n", b->workload, b->setting, b->rep, (t - b->t0) / 1000.0, b->khz);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}


/* The OPP on the task's CPU at @t. */
static long opp_at(const struct block *b, long khz0, long long t)
{
	long khz = khz0;
	int i;

	for (i = 0; i < b->nr_ev && b->ev[i].t <= t; i++)
		if (b->ev[i].kind == EV_OPP)
			khz = b->ev[i].v[0];
	return khz;
}

struct range {
	long min, max;
	int n;
};

static void range_add(struct range *r, long v)
{
	if (!r->n || v < r->min)
		r->min = v;
	if (!r->n || v > r->max)
		r->max = v;
	r->n++;
}

/* |a - b|, the largest so far in *err */
static void err_add(long *err, long a, long b)
{
	long d = a > b ? a - b : b - a;

	if (d > *err)
		*err = d;
}

/*
 * A sample counts once the next one is seen: the last is rt-app's exit,
 * not the workload's.
 */
struct pending {
	int valid;
	long util, est;
};

static void steady_sample(struct range *util, struct range *est, struct pending *p,
			  int steady, long u, long e)
{
	if (p->valid) {
		range_add(util, p->util);
		if (est)
			range_add(est, p->est);
	}
	p->valid = steady;
	p->util = u;
	p->est = e;
}

/*
 * Activations until @v[] (one per activation after the switch) stays
 * within 10% of @size: 0 if it already is, -1 if it never settles.
 */
static int converged_after(const long *v, int n, long size)
{
	int i;

	for (i = n; i > 0; i--)
		if (labs(v[i - 1] - size) * 10 > size)
			break;
	return i == n ? -1 : i;
}

/* Activations before the first one that began at 90% of @size or more. */
static int provisioned_after(const long *v, int n, long size)
{
	int i;

	for (i = 1; i <= n; i++)
		if (v[i - 1] * 10 >= size * 9)
			return i - 1;
	return -1;
}

static void print_conv(const char *key, int n)
{
	if (n < 0)
		printf(" %s=never", key);
	else
		printf(" %s=%d", key, n);
}

/*
 * Replay the task's switches through the model, anchored on the first
 * sample the kernel traced (util_avg at fork is not in the trace), and
 * set the signals against the kernel's samples.
 */
static void signals(struct block *b, long khz0)
{
	struct range dq = { 0 }, wake = { 0 }, est = { 0 };
	struct pending steady_pend = { 0 };
	struct ue_model m;
	long err_util = 0, err_ewma = 0, err_last = 0, last_est = -1, pend[3] = { 0 };
	long *conv_e = NULL, *conv_u = NULL, size = 0, before = 0;
	int nb = 0;
	double mean_sum = 0, wake_util = 0, wake_est = 0, wake_khz = 0;
	long long prev_t = -1, t;
	int i, k = 0, nk = 0, ns = 0, running = 0, asleep = 1, anchored = 0;
	int mean_n = 0, wakes = 0, wakes_eq = 0, wakes_est = 0, steady, nc = 0;
	int enq_pending = 0, migs = 0, migs_kept = 0, opp_changes = 0;
	long enq_est = 0, from_cpu = -1, removed = 0, from_sum = 0;

	for (i = 0; i < b->nr_ev; i++)
		nk += b->ev[i].kind == EV_SLEEP;
	for (i = 0; i < b->nr_ev; i++)
		ns += b->ev[i].kind == EV_SAMPLE;
	steady = nk / 2;
	/* One entry per activation, from samples or from switches. */
	conv_e = calloc((nk > ns ? nk : ns) + 1, sizeof(*conv_e));
	conv_u = calloc((nk > ns ? nk : ns) + 1, sizeof(*conv_u));
	if (!conv_e || !conv_u) {
		perror("ue_metrics");
		exit(1);
	}
	ue_model_init(&m, b->mult, 0, 0, 0, 0);
	for (i = 0; i < b->nr_ev; i++) {
		const struct event *e = &b->ev[i];

		t = e->t * 1000LL;
		if (prev_t >= 0 && k >= steady) {
			long long s;

			for (s = prev_t + 100000; s <= t; s += 100000) {
				mean_sum += ue_model_util_at(&m, s, running);
				mean_n++;
			}
		}
		if (e->kind != EV_SAMPLE && e->kind != EV_ENQUEUE && e->kind != EV_OPP)
			prev_t = t;
		switch (e->kind) {
		case EV_IN:
			if (!anchored && !ns) {	/* nothing to anchor on: from 0 */
				ue_model_init(&m, b->mult, t, 0, 0, 0);
				anchored = 1;
			}
			ue_model_update(&m, t, running);
			running = 1;
			if (!asleep)
				break;
			asleep = 0;
			/* A wakeup: the first one's history is rt-app's, not the task's. */
			if (k == 0)
				break;
			wakes++;
			if (samples && enq_pending)
				printf("%s %s %d %.3f NaN %ld NaN %u\n", b->workload, b->setting, b->rep,
				       (e->t - b->t0) / 1000.0, enq_est, m.util_avg);
			else if (samples)
				printf("%s %s %d %.3f NaN NaN NaN %u\n", b->workload, b->setting, b->rep,
				       (e->t - b->t0) / 1000.0, m.util_avg);
			wake_util += m.util_avg;
			wake_khz += opp_at(b, khz0, e->t + 1000);
			if (k >= steady)
				range_add(&wake, m.util_avg);
			if (enq_pending) {
				wakes_est++;
				wake_est += enq_est;
				wakes_eq += enq_est == last_est;
			}
			break;
		case EV_PREEMPT:
		case EV_SLEEP:
			ue_model_update(&m, t, running);
			running = 0;
			if (e->kind == EV_PREEMPT)
				break;
			asleep = 1;
			enq_pending = 0;
			if (anchored && !ns) {	/* else sampled at the kernel's sample */
				ue_model_sample(&m, t);
				if (samples)
					printf("%s %s %d %.3f NaN NaN NaN %u\n", b->workload, b->setting,
					       b->rep, (e->t - b->t0) / 1000.0, m.util_avg);
			}
			if (!ns) {	/* no samples: PELT is the signal */
				steady_sample(&dq, NULL, &steady_pend, k >= steady, m.util_avg, 0);
				if (switch_at && k >= switch_at - 3 && k < switch_at) {
					before += m.util_avg;
					nb++;
				}
				if (switch_at && k >= switch_at - 1) {
					conv_e[nc] = m.util_avg;
					conv_u[nc++] = m.util_avg;
				}
			}
			k++;
			break;
		case EV_SAMPLE:
			if (!anchored) {
				/* The anchor: the model starts where the kernel is. */
				ue_model_init(&m, b->mult, t, e->v[0], e->v[1], e->v[2]);
				anchored = 1;
			} else {
				ue_model_sample(&m, t);
				/* The previous one was not rt-app's exit: count it. */
				err_util = pend[0] > err_util ? pend[0] : err_util;
				err_ewma = pend[1] > err_ewma ? pend[1] : err_ewma;
				err_last = pend[2] > err_last ? pend[2] : err_last;
				pend[0] = pend[1] = pend[2] = 0;
				err_add(&pend[0], e->v[0], m.util_avg);
				err_add(&pend[1], e->v[1], m.ewma);
				err_add(&pend[2], e->v[2], m.last);
			}
			if (samples)
				printf("%s %s %d %.3f %ld %ld %ld %u\n", b->workload, b->setting, b->rep,
				       (e->t - b->t0) / 1000.0, e->v[0], e->v[3], e->v[1], m.util_avg);
			/* The sample comes before its switch-out: k is its activation. */
			steady_sample(&dq, &est, &steady_pend, k >= steady, e->v[0], e->v[3]);
			if (switch_at && k >= switch_at - 3 && k < switch_at) {
				before += e->v[3];
				nb++;
			}
			if (switch_at && k >= switch_at - 1) {
				conv_e[nc] = e->v[3];
				conv_u[nc++] = e->v[0];
			}
			last_est = e->v[3];
			break;
		case EV_ENQUEUE:
			enq_pending = 1;
			enq_est = e->v[0];
			/*
			 * On another CPU than the last: a migration. The new
			 * CPU must get the estimate the task has, its last
			 * sample's (the old CPU lost what it had been given,
			 * the same unless the task slept and was sampled).
			 */
			if (from_cpu >= 0 && e->v[1] != from_cpu) {
				long want = last_est >= 0 ? last_est : removed;

				migs++;
				migs_kept += e->v[0] == want;
				if (migrations)
					printf("%s %s %d %.3f %ld %ld %ld %ld %ld %ld %ld\n", b->workload,
					       b->setting, b->rep, (e->t - b->t0) / 1000.0, from_cpu,
					       e->v[1], removed, from_sum, want, e->v[0], e->v[2]);
			}
			from_cpu = -1;
			break;
		case EV_DEQUEUE:
			from_cpu = e->v[1];
			removed = e->v[0];
			from_sum = e->v[2];
			break;
		case EV_OPP:
			opp_changes++;
			break;
		}
	}
	if (samples || migrations)
		goto out;
	printf(" samples=%d util_dq_min=%ld util_dq_max=%ld util_wake_min=%ld util_mean=%.0f",
	       ns, dq.min, dq.max, wake.min, mean_n ? mean_sum / mean_n : 0);
	if (est.n)
		printf(" est_min=%ld est_max=%ld", est.min, est.max);
	else
		printf(" est_min=n/a est_max=n/a");
	printf(" opp_changes=%d", opp_changes);
	printf(" err_util=%ld err_ewma=%ld err_last=%ld", err_util, err_ewma, err_last);
	printf(" migrations=%d mig_kept=%d/%d", migs, migs_kept, migs);
	printf(" wake_est_eq=%d/%d wake_util=%.0f", wakes_eq, wakes_est, wakes ? wake_util / wakes : 0);
	if (wakes_est)		/* the trace has the CPU's sums */
		printf(" wake_est=%.0f", wake_est / wakes_est);
	else
		printf(" wake_est=n/a");
	printf(" wake_mhz=%.0f", wakes ? wake_khz / wakes / 1000 : 0);
	if (switch_at) {
		if (nc > 0)	/* rt-app's exit is not the workload's */
			nc--;
		for (i = nc > 3 ? nc - 3 : 0; i < nc; i++)
			size += conv_u[i];
		size = nc ? size / (nc > 3 ? 3 : nc) : 0;
		if (nb && (ns || !strncmp(b->setting, "pelt", 4)))
			printf(" est_before=%ld", before / nb);
		else
			printf(" est_before=n/a");
		printf(" size=%ld", size);
		/* Without samples, the estimate is known only if it is PELT's. */
		if (ns || !strncmp(b->setting, "pelt", 4))
			print_conv("conv_est", converged_after(conv_e, nc, size));
		else
			printf(" conv_est=n/a");
		print_conv("conv_util", converged_after(conv_u, nc, size));
		if (ns || !strncmp(b->setting, "pelt", 4))
			print_conv("prov_est", provisioned_after(conv_e, nc, size));
		else
			printf(" prov_est=n/a");
		print_conv("prov_util", provisioned_after(conv_u, nc, size));
	}
out:
	free(conv_e);
	free(conv_u);
}

static void end(struct block *b)
{
	double run = 0, sum = 0, top = 0;
	int i;

	if (timeline) {
		stamp(b, b->t_last);
		return;
	}
	if (samples || migrations) {
		signals(b, b->khz0);
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
	signals(b, b->khz0);
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
	static struct block b;
	long long t;
	long a, c, d, khz, u[4];
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
			b.khz0 = b.khz;
		} else if (sscanf(line, "F %lld %ld %ld", &t, &c, &khz) == 3) {
			if (c != b.cpu)
				continue;
			b.t_last = t;
			account(&b, t);
			if (b.run_from >= 0)
				b.run_from = t;
			stamp(&b, t);		/* the old OPP up to t... */
			b.khz = khz;
			add_event(&b, EV_OPP, t, khz, 0, 0, 0);
			stamp(&b, t);		/* ...the new one from t */
		} else if (sscanf(line, "S %lld %ld %ld %15s %ld %63s", &t, &c, &a, state, &d, comm) == 6) {
			if (b.pid < 0)
				continue;
			/* Elsewhere than its CPU, the task's switches feed the model only. */
			if (c != b.cpu) {
				if (a == b.pid)
					add_event(&b, state[0] == 'R' ? EV_PREEMPT : EV_SLEEP, t, 0, 0, 0, 0);
				if (d == b.pid)
					add_event(&b, EV_IN, t, 0, 0, 0, 0);
				continue;
			}
			b.t_last = t;
			if (d == b.pid && b.t0 < 0) {
				b.t0 = t;
				stamp(&b, t);
			}
			if (a == b.pid) {
				account(&b, t);
				b.run_from = -1;
				add_event(&b, state[0] == 'R' ? EV_PREEMPT : EV_SLEEP, t, 0, 0, 0, 0);
				/* Asleep (S, D, ...), not preempted (R, R+): the end. */
				if (state[0] != 'R' && b.act_from >= 0) {
					if (b.nr_acts < MAX_ACTS)
						b.acts[b.nr_acts++] = (t - b.act_from) / 1000.0;
					b.act_from = -1;
				}
			}
			if (d == b.pid) {
				add_event(&b, EV_IN, t, 0, 0, 0, 0);
				b.run_from = t;
				if (b.act_from < 0)
					b.act_from = t;
			}
		} else if (sscanf(line, "U %lld %ld %ld %ld %ld %ld %ld", &t, &a, &u[0], &u[1], &u[2], &c, &u[3]) == 7) {
			if (a == b.pid)
				add_event(&b, EV_SAMPLE, t, u[0], u[1], u[2], u[3]);
		} else if (sscanf(line, "C %lld %ld %ld %ld %ld", &t, &c, &a, &d, &u[0]) == 5) {
			if (a == b.pid)
				add_event(&b, d >= 0 ? EV_ENQUEUE : EV_DEQUEUE, t, labs(d), c, u[0], 0);
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
		else if (!strcmp(argv[i], "--switch-at") && i + 1 < argc)
			switch_at = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--timeline"))
			timeline = 1;
		else if (!strcmp(argv[i], "--samples"))
			samples = 1;
		else if (!strcmp(argv[i], "--migrations"))
			migrations = 1;
		else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: ue_metrics [--task COMM] [--acts N] [--switch-at N] [--timeline|--samples|--migrations] FILE...\n");
			return 2;
		} else if (read_file(argv[i])) {
			ret = 1;
		}
	}
	return ret;
}
