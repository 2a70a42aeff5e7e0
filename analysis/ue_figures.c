// SPDX-License-Identifier: GPL-2.0
/*
 * ue_figures: what a run of an experiment measured.
 *
 * Activations and OPP residency come from the task's switches on its CPU
 * and the OPP changes there. The signals come from replaying the task's
 * switches through ue_model.c (PELT and the RFC's estimators in the
 * kernel's arithmetic), anchored on the kernel's first sample, next to
 * the kernel's own samples: ue_replay() walks the events once with the
 * model, and each family of figures is a small consumer of its steps.
 * Figures over "steady" activations use the second half of them; the
 * last sample is rt-app's exit, not the workload's, and is left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_figures.h"

static void *alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		perror("ue_figures");
		exit(1);
	}
	return p;
}

long ue_opp_at(const struct ue_run *run, long long t_us)
{
	long khz = run->khz0;
	int i;

	for (i = 0; i < run->nr_ev && run->ev[i].t <= t_us; i++)
		if (run->ev[i].kind == UE_OPP)
			khz = run->ev[i].v[0];
	return khz;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* From a switch-in on the task's CPU after a sleep to its next sleep there. */
void ue_activations(const struct ue_run *run, int first_n, struct ue_figures *f)
{
	static double sorted[UE_MAX_ACTS];
	long long from = -1;
	double sum = 0;
	int i;

	f->acts = 0;
	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];

		if (!e->on_cpu)
			continue;
		if (e->kind == UE_IN && from < 0) {
			from = e->t;
		} else if (e->kind == UE_SLEEP && from >= 0) {
			if (f->acts == UE_MAX_ACTS) {
				fprintf(stderr, "%s: %s: more than %d activations\n", run->file,
					run->head, UE_MAX_ACTS);
				exit(1);
			}
			f->act_ms[f->acts++] = (e->t - from) / 1000.0;
			from = -1;
		}
	}
	if (first_n && f->acts > first_n)
		f->acts = first_n;
	for (i = 0; i < f->acts; i++)
		sum += sorted[i] = f->act_ms[i];
	qsort(sorted, f->acts, sizeof(sorted[0]), cmp_double);
	f->act_mean_ms = f->acts ? sum / f->acts : 0;
	f->act_min_ms = f->acts ? sorted[0] : 0;
	f->act_max_ms = f->acts ? sorted[f->acts - 1] : 0;
}

static int opp_index(const struct ue_run *run, struct ue_figures *f, long khz)
{
	int i;

	for (i = 0; i < f->nr_opps; i++)
		if (f->opps[i] == khz)
			return i;
	if (f->nr_opps == UE_MAX_OPPS) {
		fprintf(stderr, "%s: %s: more than %d OPPs\n", run->file, run->head, UE_MAX_OPPS);
		exit(1);
	}
	f->opps[f->nr_opps] = khz;
	return f->nr_opps++;
}

/* The task's run time at each OPP, in the order the OPPs first held. */
void ue_residency(const struct ue_run *run, struct ue_figures *f)
{
	static double at_us[UE_MAX_OPPS];
	long long from = -1, span_us;
	long khz = run->khz0;
	double top = 0;
	int i;

	memset(at_us, 0, sizeof(at_us));
	f->nr_opps = 0;
	f->opp_changes = 0;
	f->t0 = -1;
	opp_index(run, f, khz);
	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];

		if (!e->on_cpu || e->kind == UE_SAMPLE || e->kind == UE_ENQUEUE ||
		    e->kind == UE_DEQUEUE)
			continue;
		if (e->kind != UE_IN && from >= 0 && e->t > from)
			at_us[opp_index(run, f, khz)] += e->t - from;
		switch (e->kind) {
		case UE_OPP:
			f->opp_changes++;
			if (from >= 0)
				from = e->t;
			khz = e->v[0];
			break;
		case UE_IN:
			from = e->t;
			if (f->t0 < 0)
				f->t0 = e->t;
			break;
		default:
			from = -1;
		}
	}
	f->run_ms = 0;
	for (i = 0; i < f->nr_opps; i++) {
		f->run_ms += at_us[i];
		if (f->opps[i] == run->fmax)
			top = at_us[i];
	}
	for (i = 0; i < f->nr_opps; i++)
		f->opp_pct[i] = f->run_ms ? 100 * at_us[i] / f->run_ms : 0;
	f->top_pct = f->run_ms ? 100 * top / f->run_ms : 0;
	f->run_ms /= 1000;
	span_us = run->nr_ev ? run->ev[run->nr_ev - 1].t - run->ev[0].t : 0;
	f->opp_per_s = span_us > 0 ? f->opp_changes * 1e6 / span_us : 0;
}

/*
 * PELT's clock for the task's CPU. On the test platform PELT is invariant:
 * while the task runs, its clock advances at the CPU's speed (capacity *
 * f / fmax, of 1024), and it catches up with the wall clock when the CPU
 * stops running it (the kernel's clock_pelt, synced at idle). Elsewhere,
 * or without the CPU's capacity and model, the speed is 1: the wall clock.
 */
struct pelt_clock {
	long long wall, pelt;	/* ns, when the task last started or changed speed */
	double speed;
};

static double speed_of(const struct ue_run *run, long khz)
{
	const struct ue_cpu *c = &run->cpus[run->cpu];

	if (run->cpu >= run->nr_cpus || !c->capacity || !c->nr_ps || khz <= 0)
		return 1;
	return ue_speed(c, khz) / 1024;
}

/* PELT's time at wall time @t (ns) on the task's CPU. */
static long long pelt_at(const struct pelt_clock *c, long long t, int running)
{
	return running ? c->pelt + (long long)(c->speed * (t - c->wall)) : t;
}

void ue_replay(const struct ue_run *run, ue_step_fn fn, void *arg)
{
	struct ue_model m, before;
	struct ue_step s = { .run = run, .before = &before, .after = &m, .prev_t = -1 };
	struct pelt_clock c = { 0, 0, speed_of(run, run->khz0) };
	int i, nk = 0, running = 0, asleep = 1, anchored = 0;

	for (i = 0; i < run->nr_ev; i++) {
		nk += run->ev[i].kind == UE_SLEEP;
		s.has_samples |= run->ev[i].kind == UE_SAMPLE;
	}
	s.steady_from = nk / 2;
	ue_model_init(&m, run->mult, 0, 0, 0, 0);
	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];
		long long t = e->t * 1000LL;

		s.e = e;
		s.ran = running;
		s.wake = s.model_sample = s.anchor = 0;
		s.pelt_t = pelt_at(&c, t, running);
		before = m;
		switch (e->kind) {
		case UE_IN:
			if (!anchored && !s.has_samples) {	/* nothing to anchor on: from 0 */
				ue_model_init(&m, run->mult, t, 0, 0, 0);
				anchored = s.anchor = 1;
			}
			ue_model_update(&m, pelt_at(&c, t, running), running);
			running = 1;
			c.wall = c.pelt = t;
			/* A wakeup: the first one's history is rt-app's, not the task's. */
			s.wake = asleep && s.k;
			asleep = 0;
			break;
		case UE_PREEMPT:
		case UE_SLEEP:
			ue_model_update(&m, pelt_at(&c, t, running), running);
			/* Without the kernel's samples the model samples here. */
			if (e->kind == UE_SLEEP && anchored && !s.has_samples) {
				ue_model_sample(&m, pelt_at(&c, t, running));
				s.model_sample = 1;
			}
			running = 0;
			asleep |= e->kind == UE_SLEEP;
			break;
		case UE_SAMPLE:
			if (!anchored) {	/* the model starts where the kernel is */
				ue_model_init(&m, run->mult, pelt_at(&c, t, running), e->v[0], e->v[1],
					      e->v[2]);
				anchored = s.anchor = 1;
			} else {
				ue_model_sample(&m, pelt_at(&c, t, running));
			}
			break;
		case UE_OPP:
			/* The task's CPU changes speed: PELT's clock up to here at the old. */
			if (running) {
				c.pelt = pelt_at(&c, t, running);
				c.wall = t;
			}
			c.speed = speed_of(run, e->v[0]);
			break;
		default:
			break;
		}
		fn(&s, arg);
		/* The time the model integrates over: up to the last switch. */
		if (e->kind != UE_SAMPLE && e->kind != UE_ENQUEUE && e->kind != UE_OPP)
			s.prev_t = t;
		s.k += e->kind == UE_SLEEP;
	}
}

struct range {
	long min, max;
	double sum;
	int n;
};

static void range_add(struct range *r, long v)
{
	if (!r->n || v < r->min)
		r->min = v;
	if (!r->n || v > r->max)
		r->max = v;
	r->sum += v;
	r->n++;
}

static double range_mean(const struct range *r)
{
	return r->n ? r->sum / r->n : 0;
}

static long dist(long a, long b)
{
	return a > b ? a - b : b - a;
}

struct signals {
	struct range dq, wake, est;
	/* A steady sample counts once the next one is seen. */
	int pend_valid;
	long pend_util, pend_est;
	long pend_err[3], err[3];
	double mean_sum;
	int mean_n, samples;
};

static void steady_sample(struct signals *g, int steady, int with_est, long util, long est)
{
	if (g->pend_valid) {
		range_add(&g->dq, g->pend_util);
		if (with_est)
			range_add(&g->est, g->pend_est);
	}
	g->pend_valid = steady;
	g->pend_util = util;
	g->pend_est = est;
}

static void signals_step(const struct ue_step *s, void *arg)
{
	struct signals *g = arg;
	const struct ue_event *e = s->e;
	int steady = s->k >= s->steady_from, i;

	/* util_avg's time average over the steady activations, every 100 us */
	if (s->prev_t >= 0 && steady) {
		long long t;

		for (t = s->prev_t + 100000; t <= e->t * 1000LL; t += 100000) {
			g->mean_sum += ue_model_util_at(s->before, t, s->ran);
			g->mean_n++;
		}
	}
	switch (e->kind) {
	case UE_IN:
		if (s->wake && steady)
			range_add(&g->wake, s->after->util_avg);
		break;
	case UE_SLEEP:
		if (!s->has_samples)	/* no samples: PELT is the signal */
			steady_sample(g, steady, 0, s->after->util_avg, 0);
		break;
	case UE_SAMPLE:
		g->samples++;
		if (!s->anchor) {
			/* The previous one was not rt-app's exit: count it. */
			for (i = 0; i < 3; i++)
				if (g->pend_err[i] > g->err[i])
					g->err[i] = g->pend_err[i];
			g->pend_err[0] = dist(e->v[0], s->after->util_avg);
			g->pend_err[1] = dist(e->v[1], s->after->ewma);
			g->pend_err[2] = dist(e->v[2], s->after->last);
		}
		/* The sample comes before its switch-out: k is its activation. */
		steady_sample(g, steady, 1, e->v[0], e->v[3]);
		break;
	default:
		break;
	}
}

void ue_signals(const struct ue_run *run, struct ue_figures *f)
{
	struct signals g = { 0 };

	ue_replay(run, signals_step, &g);
	f->samples = g.samples;
	f->util_dq_min = g.dq.min;
	f->util_dq_max = g.dq.max;
	f->util_dq_mean = range_mean(&g.dq);
	f->util_wake_min = g.wake.min;
	f->util_mean = g.mean_n ? g.mean_sum / g.mean_n : 0;
	f->has_est = g.est.n > 0;
	f->est_min = g.est.min;
	f->est_max = g.est.max;
	f->est_mean = range_mean(&g.est);
	f->err_util = g.err[0];
	f->err_ewma = g.err[1];
	f->err_last = g.err[2];
}

struct wakeups {
	struct ue_figures *f;
	int enq_pending;
	long enq_est, last_est;
	double util, est, khz, ask;
};

/*
 * The frequency schedutil asks for a CPU of utilization @util when PELT is
 * frequency invariant: 1.25 * fmax * util / 1024, at most fmax (on the
 * run's CPU, of capacity 1024). It then takes the lowest OPP at or above.
 */
static double asked_khz(const struct ue_run *run, long util)
{
	double khz = 1.25 * run->fmax * util / 1024;

	return khz < run->fmax ? khz : run->fmax;
}

static void wakeups_step(const struct ue_step *s, void *arg)
{
	struct wakeups *w = arg;
	const struct ue_event *e = s->e;
	double ask;

	switch (e->kind) {
	case UE_IN:
		if (!s->wake)
			break;
		w->f->wakes++;
		w->util += s->after->util_avg;
		w->khz += ue_opp_at(s->run, e->t + 1000);
		if (w->enq_pending) {
			w->f->wakes_est++;
			w->est += w->enq_est;
			w->f->wakes_eq += w->enq_est == w->last_est;
			ask = asked_khz(s->run, w->enq_est);
			w->ask += ask;
			w->f->wakes_ask += ue_opp_at(s->run, e->t + 1000) >= ask;
		}
		break;
	case UE_SLEEP:
		w->enq_pending = 0;
		break;
	case UE_SAMPLE:
		w->last_est = e->v[3];
		break;
	case UE_ENQUEUE:
		w->enq_pending = 1;
		w->enq_est = e->v[0];
		break;
	default:
		break;
	}
}

/*
 * At each wakeup after a sleep: util_avg (model), the estimate added, the
 * OPP 1 ms on, and whether that OPP is the one the estimate asks for.
 */
void ue_wakeups(const struct ue_run *run, struct ue_figures *f)
{
	struct wakeups w = { .f = f, .last_est = -1 };

	f->wakes = f->wakes_est = f->wakes_eq = f->wakes_ask = 0;
	ue_replay(run, wakeups_step, &w);
	f->wake_util = f->wakes ? w.util / f->wakes : 0;
	f->wake_est = f->wakes_est ? w.est / f->wakes_est : 0;
	f->wake_mhz = f->wakes ? w.khz / f->wakes / 1000 : 0;
	f->wake_ask_mhz = f->wakes_est ? w.ask / f->wakes_est / 1000 : 0;
}

/*
 * An enqueue on another CPU than the task's last dequeue: a migration. The
 * new CPU must get the estimate the task has, its last sample's (the old
 * CPU lost what it had been given, the same unless the task slept and was
 * sampled).
 */
void ue_migrations(const struct ue_run *run, struct ue_figures *f)
{
	long from_cpu = -1, removed = 0, last_est = -1;
	int i;

	f->migs = f->migs_kept = 0;
	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];

		switch (e->kind) {
		case UE_SAMPLE:
			last_est = e->v[3];
			break;
		case UE_DEQUEUE:
			from_cpu = e->v[1];
			removed = e->v[0];
			break;
		case UE_ENQUEUE:
			if (from_cpu >= 0 && e->v[1] != from_cpu) {
				f->migs++;
				f->migs_kept += e->v[0] == (last_est >= 0 ? last_est : removed);
			}
			from_cpu = -1;
			break;
		default:
			break;
		}
	}
}

/* UTIL_EST off: the task's estimate is its util_avg alone. */
static int pelt_only(const struct ue_run *run)
{
	return !strncmp(run->setting, "pelt", 4);
}

struct convergence {
	int switch_at, mark;
	long *est, *util;	/* one per activation from N on */
	int n;
	long before, at_mark;
	int nb, nm;
};

/* Activation @k is one of the three up to @n. */
static int last_three(int k, int n)
{
	return k >= n - 3 && k < n;
}

static void convergence_add(struct convergence *c, int k, long est, long util)
{
	if (last_three(k, c->switch_at)) {
		c->before += est;
		c->nb++;
	}
	if (c->mark && last_three(k, c->mark)) {
		c->at_mark += est;
		c->nm++;
	}
	if (k >= c->switch_at - 1) {
		c->est[c->n] = est;
		c->util[c->n++] = util;
	}
}

static void convergence_step(const struct ue_step *s, void *arg)
{
	struct convergence *c = arg;

	if (s->e->kind == UE_SLEEP && !s->has_samples)
		convergence_add(c, s->k, s->after->util_avg, s->after->util_avg);
	else if (s->e->kind == UE_SAMPLE)
		convergence_add(c, s->k, s->e->v[3], s->e->v[0]);
}

/* Activations until @v[] stays within 10% of @size: -1 if it never does. */
static int converged_after(const long *v, int n, long size)
{
	int i;

	for (i = n; i > 0; i--)
		if (labs(v[i - 1] - size) * 10 > size)
			break;
	return i == n ? -1 : i;
}

/* Activations before the first that began at 90% of @size or more. */
static int provisioned_after(const long *v, int n, long size)
{
	int i;

	for (i = 1; i <= n; i++)
		if (v[i - 1] * 10 >= size * 9)
			return i - 1;
	return -1;
}

/*
 * The task changes size after activation @switch_at: how soon the signals
 * follow. And, at activation @mark (0: none), what the estimate was.
 */
void ue_convergence(const struct ue_run *run, int switch_at, int mark, struct ue_figures *f)
{
	struct convergence c = { .switch_at = switch_at, .mark = mark };
	int i, last = 0;

	f->switch_at = switch_at;
	f->mark = mark;
	if (!switch_at)
		return;
	c.est = alloc(run->nr_ev + 1, sizeof(*c.est));
	c.util = alloc(run->nr_ev + 1, sizeof(*c.util));
	ue_replay(run, convergence_step, &c);
	for (i = 0; i < run->nr_ev; i++)
		last |= run->ev[i].kind == UE_SAMPLE;
	if (c.n > 0)		/* rt-app's exit is not the workload's */
		c.n--;
	f->size = 0;
	for (i = c.n > 3 ? c.n - 3 : 0; i < c.n; i++)
		f->size += c.util[i];
	f->size = c.n ? f->size / (c.n > 3 ? 3 : c.n) : 0;
	/* Without samples, the estimate is known only if it is PELT's. */
	f->est_known = last || pelt_only(run);
	f->has_before = c.nb > 0;
	f->est_before = c.nb ? c.before / c.nb : 0;
	f->has_mark = c.nm > 0;
	f->est_mark = c.nm ? c.at_mark / c.nm : 0;
	f->conv_est = converged_after(c.est, c.n, f->size);
	f->conv_util = converged_after(c.util, c.n, f->size);
	f->prov_est = provisioned_after(c.est, c.n, f->size);
	f->prov_util = provisioned_after(c.util, c.n, f->size);
	free(c.est);
	free(c.util);
}

/*
 * The task's activations on any CPU, from a switch-in after a sleep to its
 * next sleep, against @period_us: an activation misses its deadline when
 * it ends more than a period after it began (the next one is due); its
 * slack is the time from its end to that point (negative when missed).
 * The release is not in the trace (rt-app's timer): an activation that
 * began late is judged from its start, so a late start costs no miss by
 * itself. Each activation starts on a big CPU (of the largest capacity,
 * the K lines) or not.
 */
void ue_deadlines(const struct ue_run *run, long period_us, struct ue_figures *f)
{
	long long from = -1;
	long max_cap = 0;
	double slack = 0;
	int cpu, i, big = 0;

	f->period_us = period_us;
	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		if (run->cpus[cpu].capacity > max_cap)
			max_cap = run->cpus[cpu].capacity;
	f->has_place = max_cap > 0;
	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];

		if (e->kind == UE_IN && from < 0) {
			from = e->t;
			big = f->has_place && e->v[0] < run->nr_cpus &&
			      run->cpus[e->v[0]].capacity == max_cap;
		} else if (e->kind == UE_SLEEP && from >= 0) {
			if (period_us) {
				long long deadline = from + period_us;

				slack += (deadline - e->t) / 1000.0;
				f->dl_missed += e->t > deadline;
			}
			f->dl_big += big;
			f->dl_acts++;
			from = -1;
		}
	}
	f->dl_miss_pct = f->dl_acts ? 100.0 * f->dl_missed / f->dl_acts : 0;
	f->dl_slack_ms = f->dl_acts ? slack / f->dl_acts : 0;
	f->dl_big_pct = f->dl_acts ? 100.0 * f->dl_big / f->dl_acts : 0;
}

/*
 * The burst's first switch-in (us, on any CPU): the one after the task's
 * sleep number @burst_at, or with @burst_at 0 the one after its longest
 * sleep (the first of the longest); -1 if there is none.
 */
static long long burst_start(const struct ue_run *run, int burst_at)
{
	long long slept = -1, longest = -1, start = -1;
	int i, k = 0;

	for (i = 0; i < run->nr_ev; i++) {
		const struct ue_event *e = &run->ev[i];

		if (e->kind == UE_SLEEP) {
			slept = e->t;
			k++;
		} else if (e->kind == UE_IN && slept >= 0) {
			if (burst_at && k == burst_at)
				return e->t;
			if (!burst_at && e->t - slept > longest) {
				longest = e->t - slept;
				start = e->t;
			}
			slept = -1;
		}
	}
	return burst_at ? -1 : start;
}

struct rampup {
	long long start;	/* us, the burst's first switch-in */
	long ramp;		/* the threshold; 0: none */
	int pelt;		/* the estimate is util_avg alone */
	int in;			/* 1: inside the burst, 2: past its end */
	int samples;		/* the kernel traced its samples */
	long est;		/* the last sample's estimate; -1: none yet */
	long long wall, pelt_t;	/* ns, the previous step's wall and PELT clocks */
	long long reached;	/* ns, wall: at the threshold; -1: not yet */
	long long end;		/* us, the burst's end: its sleep */
};

/*
 * The first PELT time in (@from, @to] (ns) at which a task running since
 * @m's last update has util_avg at @ramp or more, given that it has at @to.
 * util_avg only grows while the task runs: halve the interval until it is
 * PELT's own step.
 */
static long long pelt_crossing(const struct ue_model *m, long long from, long long to, long ramp)
{
	while (to - from > 1) {
		long long mid = from + (to - from) / 2;

		if (ue_model_util_at(m, mid, 1) >= ramp)
			to = mid;
		else
			from = mid;
	}
	return to;
}

/*
 * The step ran the task from the previous one at one speed (the OPP
 * changes are steps of their own): if util_avg crossed the threshold on
 * the way, find where on PELT's clock, then on the wall clock, the two
 * clocks being in proportion over the step.
 */
static void rampup_ran(struct rampup *r, const struct ue_step *s, long long t)
{
	long long p;

	if (ue_model_util_at(s->before, s->pelt_t, 1) < r->ramp)
		return;
	p = pelt_crossing(s->before, r->pelt_t, s->pelt_t, r->ramp);
	r->reached = s->pelt_t > r->pelt_t ?
		r->wall + (p - r->pelt_t) * (t - r->wall) / (s->pelt_t - r->pelt_t) : t;
}

static void rampup_step(const struct ue_step *s, void *arg)
{
	struct rampup *r = arg;
	const struct ue_event *e = s->e;
	long long t = e->t * 1000LL;
	int waiting = r->ramp && r->reached < 0;

	r->samples |= s->has_samples;
	if (e->kind == UE_SAMPLE && !r->pelt)
		r->est = e->v[3];
	if (!r->in && e->kind == UE_IN && e->t == r->start) {
		r->in = 1;
		if (waiting && (s->after->util_avg >= r->ramp || r->est >= r->ramp))
			r->reached = t;
	} else if (r->in == 1 && waiting) {
		if (s->ran && !s->anchor)
			rampup_ran(r, s, t);
		else if (s->anchor && s->after->util_avg >= r->ramp)
			r->reached = t;
		if (r->reached < 0 && e->kind == UE_SAMPLE && r->est >= r->ramp)
			r->reached = t;
	}
	if (r->in == 1 && e->kind == UE_SLEEP) {
		r->in = 2;
		r->end = e->t;
	}
	r->wall = t;
	r->pelt_t = s->pelt_t;
}

/*
 * A burst: from its first switch-in to its next sleep (periodic-burst's
 * five cycles run without one). The task's estimate as the scheduler
 * reads it, task_util_est(): the larger of util_avg (the model, on PELT's
 * clock: invariant on the test platform) and the last sample's estimate
 * (the kernel's), held from before the burst; util_avg alone for PELT
 * only. With @ramp, the time it takes to reach @ramp; "never" if not
 * before the burst's end, unknown without an estimate to follow.
 */
void ue_rampup(const struct ue_run *run, int burst_at, long ramp, struct ue_figures *f)
{
	struct rampup r = { .ramp = ramp, .pelt = pelt_only(run), .est = -1, .reached = -1 };

	r.start = burst_start(run, burst_at);
	if (r.start >= 0)
		ue_replay(run, rampup_step, &r);
	f->has_burst = r.in == 2;
	f->ramp_known = r.samples || r.pelt;
	f->ramp_reached = r.reached >= 0;
	f->burst_ms = f->has_burst ? (r.end - r.start) / 1000.0 : 0;
	f->ramp_ms = f->ramp_reached ? (r.reached - r.start * 1000) / 1e6 : 0;
}

void ue_figures(const struct ue_run *run, int first_n, int switch_at, int mark,
		long period_us, int burst_at, long ramp, struct ue_figures *f)
{
	memset(f, 0, sizeof(*f));
	ue_activations(run, first_n, f);
	ue_residency(run, f);
	ue_signals(run, f);
	ue_wakeups(run, f);
	ue_migrations(run, f);
	ue_convergence(run, switch_at, mark, f);
	ue_deadlines(run, period_us, f);
	ue_rampup(run, burst_at, ramp, f);
	ue_energy(run, f);
	ue_optimal(run, f);
}
