// SPDX-License-Identifier: GPL-2.0
/*
 * ue_metrics: the experiments' figures, for every consumer.
 *
 *   ue_metrics [--workload W] [--task COMM] [--acts N] [--switch-at N [--mark M]]
 *              [--period-us P] [--duty PCT] [--burst-at N] [--ramp U] [MODE] FILE...
 *
 * (--workload: only the runs of workload W)
 * reads the data blocks of FILEs (ue_data.c), computes each run's figures
 * (ue_figures.c) and prints them in one MODE:
 *
 *   (none)          the figures as a record (ue_table.h: TSV, its header
 *                   first), a row per run, a column per entry of metrics[]
 *                   below, every column in every row: "n/a" where the trace
 *                   does not give it, "-" where its option was not given
 *                   (--duty, --period-us, --switch-at, --mark, --ramp,
 *                   --burst-at). Columns:
 *     workload setting mult opp rep kernel  the run's, from its header
 *     label           the setting, "(stock)" added for the unpatched kernel
 *     path            schedutil's (fast_switch or kthread; "-": not said)
 *     acts act_mean_ms act_min_ms act_max_ms  the activations (the first N
 *                     with --acts N: the workload's, not rt-app's exit)
 *     run_ms top_pct res  run time, its share at the highest OPP, at
 *                     each OPP (khz:pct,...)
 *     samples util_dq_min util_dq_max util_dq_mean util_wake_min util_mean
 *     est_min est_max est_mean  the signals over the steady activations:
 *                     util_avg at dequeue (the kernel's samples, or the
 *                     model's), at wakeup (model), its time average
 *                     (model), the estimate at dequeue (n/a: no samples)
 *     true_util dq_off_pct est_off_pct  with --duty PCT (the task runs
 *                     PCT% of the time at full speed): its true size,
 *                     PCT * 1024 / 100, and how far the mean util_avg at
 *                     dequeue and the mean estimate are from it (%)
 *     opp_changes opp_per_s  OPP changes on the task's CPU, in all and
 *                     per second of the trace
 *     err_util err_ewma err_last  the largest |kernel - model| at a sample
 *     migrations mig_kept migs_kept  enqueues on another CPU than the
 *                     last dequeue, and those that added the task's
 *                     estimate (as a/b, and alone)
 *     wake_est_eq wakes_eq wakes_est wake_util wake_est wake_mhz  at
 *                     wakeups after a sleep: those that added the
 *                     pre-sleep estimate, of those traced (a/b, and each
 *                     alone); util_avg (model), the estimate added (n/a
 *                     without the kernel's CPU events), the OPP 1 ms on
 *     wake_ask_mhz wake_at_ask wakes_ask  the frequency the estimate asks
 *                     for (1.25 * fmax * estimate / 1024, as schedutil
 *                     with invariant PELT), and the wakeups whose OPP 1 ms
 *                     on is at or above it (a/b, and alone; n/a: no
 *                     estimate traced)
 *     acts_all        the task's activations on any CPU (switch-in after
 *                     a sleep to its next sleep)
 *     missed miss_pct slack_ms  with --period-us P: those that ended more
 *                     than P after they began, as a/b and %; the mean time
 *                     from each end to its start + P
 *     on_big big_pct  those that began on a CPU of the largest capacity
 *                     (n/a: capacities not traced)
 *     energy_mj cpu_mj busy_ms  the energy of every CPU over the trace
 *                     from the guest's energy model (n/a: none), and
 *                     each CPU's (mJ, comma-separated) and busy time
 *     opt_mj energy_vs_opt opt_tasks  the model's energy for the run's
 *                     tasks (1% of a CPU or more) at their best placement
 *                     (ue_energy.c), the run's against it (LISA's EAS
 *                     criterion: within 1.05), how many tasks were placed
 *     with --switch-at N (the task changes size after activation N):
 *     est_before size  the estimate over activations N-2..N; util_avg at
 *                     the last 3 dequeues (the new size)
 *     est_mark        with --mark M, the estimate over activations M-2..M
 *                     (n/a: none known there)
 *     conv_est conv_util  activations after N up to the last that began
 *                     more than 10% off the new size ("never")
 *     prov_est prov_util  activations after N before the first that began
 *                     at 90% of it or more
 *     with --burst-at N or --ramp U, a burst: the activation after the
 *     task's sleep N (--burst-at), else the one after its longest sleep:
 *     burst_ms        from its first switch-in to its next sleep, its end
 *                     (periodic-burst: the 5th cycle's end; n/a: no burst)
 *     ramp_ms         with --ramp U: from its first switch-in to the
 *                     estimate at U or more, task_util_est(): the larger
 *                     of util_avg (model) and the last sample's estimate,
 *                     util_avg alone for pelt ("never": not before the
 *                     burst's end; n/a: no burst, or no estimate traced)
 *   --table KEY...  a markdown table row per kernel and setting: each
 *                   KEY's mean over the runs (min-max), from the figures
 *                   as their columns show them; a/b keys summed
 *   --samples       "workload label rep t_ms util_avg estimate ewma model"
 *                   at each sample and wakeup (NaN: not traced there)
 *   --timeline      "workload label rep t_ms khz", the OPP from the task's
 *                   first run
 *   --placements    "workload label rep t_ms cpu capacity" at each of the
 *                   task's switch-ins, from its first (capacity 0: unknown)
 *   --migrations    "workload label rep t_ms from to removed from_sum
 *                   estimate added to_sum" at each migration
 *
 * The unpatched kernel is known from its build's record: the run.info
 * (harness/run.sh) beside a FILE says which series the kernel carries
 * ("none", ue_run_stock()); a FILE without one is the patched kernel's,
 * whatever its release says (harness/report.sh requires a run.info).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_data.h"
#include "ue_figures.h"
#include "ue_table.h"

enum mode { FIGURES, TABLE, SAMPLES, TIMELINE, MIGRATIONS, PLACEMENTS };

#define MAX_KEYS	16

struct options {
	const char *task, *workload;
	int first_n, switch_at, mark, period_us, duty;
	int ramp, burst_at;		/* --ramp U, --burst-at N; 0: not given */
	enum mode mode;
	int keys[MAX_KEYS];		/* --table: indices into metrics[] */
	int nkeys;
	int file_stock;			/* the current FILE's kernel is the stock one */
	struct ue_writer out;
};

/* A figure of a run, as its metric gives it. */
struct value {
	enum { NUM, RATIO, WORD, LIST } kind;
	double x;			/* NUM */
	long num, den;			/* RATIO: num/den */
	const char *word;		/* WORD: n/a, never, a name */
	char list[UE_MAX_OPPS * 24];	/* LIST: comma-separated */
};

/* What a metric reads: a run, its figures, the options and its kernel. */
struct ctx {
	const struct ue_run *r;
	const struct ue_figures *f;
	const struct options *o;
	int stock;
};

/* The option a metric needs: without it, its column says "-". */
enum need { ALWAYS, DUTY, PERIOD, SWITCH, MARK, RAMP, BURST };

/* A column of the figures: its name, a number's decimals, its accessor. */
struct metric {
	const char *name;
	int decimals;
	enum need need;
	void (*get)(const struct ctx *c, struct value *v);
};

static void num(struct value *v, double x)
{
	v->kind = NUM;
	v->x = x;
}

static void ratio(struct value *v, long a, long b)
{
	v->kind = RATIO;
	v->num = a;
	v->den = b;
}

static void word(struct value *v, const char *w)
{
	v->kind = WORD;
	v->word = w && *w ? w : "-";
}

/* A count that may never have come (-1: "never"). */
static void count_or_never(struct value *v, int n)
{
	if (n < 0)
		word(v, "never");
	else
		num(v, n);
}

/* @n doubles, each with @decimals, as a comma-separated list. */
static void list(struct value *v, const double *x, int n, int decimals)
{
	size_t at = 0;
	int i;

	v->kind = LIST;
	v->list[0] = '\0';
	for (i = 0; i < n && at < sizeof(v->list); i++)
		at += snprintf(v->list + at, sizeof(v->list) - at, "%s%.*f", i ? "," : "",
			       decimals, x[i]);
}

static void label(const struct ue_run *r, int stock, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", r->setting, stock ? "(stock)" : "");
}

/* With --duty PCT, the task's true size: PCT% of 1024. */
static double true_size(const struct options *o)
{
	return o->duty * 1024.0 / 100;
}

/* The accessors: GET for a figure always known, KNOWN for one known if COND. */
#define GET(name, expr) \
	static void get_##name(const struct ctx *c, struct value *v) \
	{ const struct ue_figures *f = c->f; (void)f; num(v, (expr)); }
#define KNOWN(name, cond, expr) \
	static void get_##name(const struct ctx *c, struct value *v) \
	{ const struct ue_figures *f = c->f; if (cond) num(v, (expr)); else word(v, "n/a"); }
#define RATIO(name, cond, a, b) \
	static void get_##name(const struct ctx *c, struct value *v) \
	{ const struct ue_figures *f = c->f; if (cond) ratio(v, (a), (b)); else word(v, "n/a"); }
#define COUNT(name, cond, expr) \
	static void get_##name(const struct ctx *c, struct value *v) \
	{ const struct ue_figures *f = c->f; if (cond) count_or_never(v, (expr)); else word(v, "n/a"); }
#define WORD(name, expr) \
	static void get_##name(const struct ctx *c, struct value *v) \
	{ word(v, (expr)); }

WORD(workload, c->r->workload)
WORD(setting, c->r->setting)
GET(mult, c->r->mult)
WORD(opp, c->r->opp)
GET(rep, c->r->rep)
WORD(kernel, c->r->kernel)
WORD(path, c->r->path)
GET(acts, f->acts)
GET(act_mean_ms, f->act_mean_ms)
GET(act_min_ms, f->act_min_ms)
GET(act_max_ms, f->act_max_ms)
GET(run_ms, f->run_ms)
GET(top_pct, f->top_pct)
GET(samples, f->samples)
GET(util_dq_min, f->util_dq_min)
GET(util_dq_max, f->util_dq_max)
GET(util_dq_mean, f->util_dq_mean)
GET(util_wake_min, f->util_wake_min)
GET(util_mean, f->util_mean)
KNOWN(est_min, f->has_est, f->est_min)
KNOWN(est_max, f->has_est, f->est_max)
KNOWN(est_mean, f->has_est, f->est_mean)
GET(true_util, true_size(c->o))
GET(dq_off_pct, (f->util_dq_mean - true_size(c->o)) * 100 / true_size(c->o))
KNOWN(est_off_pct, f->has_est, (f->est_mean - true_size(c->o)) * 100 / true_size(c->o))
GET(opp_changes, f->opp_changes)
GET(opp_per_s, f->opp_per_s)
GET(err_util, f->err_util)
GET(err_ewma, f->err_ewma)
GET(err_last, f->err_last)
GET(migrations, f->migs)
RATIO(mig_kept, 1, f->migs_kept, f->migs)
GET(migs_kept, f->migs_kept)
RATIO(wake_est_eq, 1, f->wakes_eq, f->wakes_est)
GET(wakes_eq, f->wakes_eq)
GET(wakes_est, f->wakes_est)
GET(wake_util, f->wake_util)
KNOWN(wake_est, f->wakes_est, f->wake_est)
GET(wake_mhz, f->wake_mhz)
KNOWN(wake_ask_mhz, f->wakes_est, f->wake_ask_mhz)
RATIO(wake_at_ask, f->wakes_est, f->wakes_ask, f->wakes_est)
KNOWN(wakes_ask, f->wakes_est, f->wakes_ask)
GET(acts_all, f->dl_acts)
RATIO(missed, 1, f->dl_missed, f->dl_acts)
GET(miss_pct, f->dl_miss_pct)
GET(slack_ms, f->dl_slack_ms)
RATIO(on_big, f->has_place, f->dl_big, f->dl_acts)
KNOWN(big_pct, f->has_place, f->dl_big_pct)
KNOWN(energy_mj, f->has_energy, f->energy_mj)
KNOWN(opt_mj, f->has_opt, f->opt_mj)
KNOWN(energy_vs_opt, f->has_opt, f->energy_vs_opt)
KNOWN(opt_tasks, f->has_opt, f->opt_tasks)
KNOWN(est_before, f->has_before && f->est_known, f->est_before)
KNOWN(est_mark, f->has_mark && f->est_known, f->est_mark)
GET(size, f->size)
COUNT(conv_est, f->est_known, f->conv_est)
COUNT(conv_util, 1, f->conv_util)
COUNT(prov_est, f->est_known, f->prov_est)
COUNT(prov_util, 1, f->prov_util)
KNOWN(burst_ms, f->has_burst, f->burst_ms)

/* The ramp's time: unknown without a burst or an estimate to follow. */
static void get_ramp_ms(const struct ctx *c, struct value *v)
{
	const struct ue_figures *f = c->f;

	if (!f->has_burst || !f->ramp_known)
		word(v, "n/a");
	else if (!f->ramp_reached)
		word(v, "never");
	else
		num(v, f->ramp_ms);
}

static void get_label(const struct ctx *c, struct value *v)
{
	label(c->r, c->stock, v->list, sizeof(v->list));
	word(v, v->list);
}

static void get_res(const struct ctx *c, struct value *v)
{
	size_t at = 0;
	int i;

	v->kind = LIST;
	v->list[0] = '\0';
	for (i = 0; i < c->f->nr_opps && at < sizeof(v->list); i++)
		at += snprintf(v->list + at, sizeof(v->list) - at, "%s%ld:%.1f", i ? "," : "",
			       c->f->opps[i], c->f->opp_pct[i]);
}

static void get_cpu_mj(const struct ctx *c, struct value *v)
{
	if (c->f->has_energy)
		list(v, c->f->cpu_mj, c->r->nr_cpus, 3);
	else
		word(v, "n/a");
}

static void get_busy_ms(const struct ctx *c, struct value *v)
{
	if (c->f->has_energy)
		list(v, c->f->busy_ms, c->r->nr_cpus, 1);
	else
		word(v, "n/a");
}

/* Every figure, in the record's order: the one list of the figures. */
#define M(name, decimals, need)	{ #name, decimals, need, get_##name }
static const struct metric metrics[] = {
	M(workload, 0, ALWAYS), M(setting, 0, ALWAYS), M(mult, 0, ALWAYS), M(opp, 0, ALWAYS),
	M(rep, 0, ALWAYS), M(kernel, 0, ALWAYS), M(label, 0, ALWAYS), M(path, 0, ALWAYS),
	M(acts, 0, ALWAYS), M(act_mean_ms, 1, ALWAYS), M(act_min_ms, 1, ALWAYS),
	M(act_max_ms, 1, ALWAYS), M(run_ms, 1, ALWAYS), M(top_pct, 1, ALWAYS), M(res, 1, ALWAYS),
	M(samples, 0, ALWAYS), M(util_dq_min, 0, ALWAYS), M(util_dq_max, 0, ALWAYS),
	M(util_dq_mean, 0, ALWAYS), M(util_wake_min, 0, ALWAYS), M(util_mean, 0, ALWAYS),
	M(est_min, 0, ALWAYS), M(est_max, 0, ALWAYS), M(est_mean, 0, ALWAYS),
	M(true_util, 0, DUTY), M(dq_off_pct, 1, DUTY), M(est_off_pct, 1, DUTY),
	M(opp_changes, 0, ALWAYS), M(opp_per_s, 1, ALWAYS),
	M(err_util, 0, ALWAYS), M(err_ewma, 0, ALWAYS), M(err_last, 0, ALWAYS),
	M(migrations, 0, ALWAYS), M(mig_kept, 0, ALWAYS), M(migs_kept, 0, ALWAYS),
	M(wake_est_eq, 0, ALWAYS), M(wakes_eq, 0, ALWAYS), M(wakes_est, 0, ALWAYS),
	M(wake_util, 0, ALWAYS), M(wake_est, 0, ALWAYS), M(wake_mhz, 0, ALWAYS),
	M(wake_ask_mhz, 0, ALWAYS), M(wake_at_ask, 0, ALWAYS), M(wakes_ask, 0, ALWAYS),
	M(acts_all, 0, ALWAYS), M(missed, 0, PERIOD), M(miss_pct, 1, PERIOD),
	M(slack_ms, 2, PERIOD), M(on_big, 0, ALWAYS), M(big_pct, 1, ALWAYS),
	M(energy_mj, 3, ALWAYS), M(cpu_mj, 3, ALWAYS), M(busy_ms, 1, ALWAYS),
	M(opt_mj, 3, ALWAYS), M(energy_vs_opt, 2, ALWAYS), M(opt_tasks, 0, ALWAYS),
	M(est_before, 0, SWITCH), M(est_mark, 0, MARK), M(size, 0, SWITCH),
	M(conv_est, 0, SWITCH), M(conv_util, 0, SWITCH), M(prov_est, 0, SWITCH),
	M(prov_util, 0, SWITCH),
	M(burst_ms, 1, BURST), M(ramp_ms, 1, RAMP),
};
#define NR_METRICS	((int)(sizeof(metrics) / sizeof(metrics[0])))

static const char * const need_option[] = {
	[DUTY] = "--duty", [PERIOD] = "--period-us", [SWITCH] = "--switch-at", [MARK] = "--mark",
	[RAMP] = "--ramp", [BURST] = "--burst-at or --ramp",
};

/* Whether the options give what @m needs. */
static int asked(const struct metric *m, const struct options *o)
{
	switch (m->need) {
	case DUTY:
		return o->duty;
	case PERIOD:
		return o->period_us;
	case SWITCH:
		return o->switch_at;
	case MARK:
		return o->mark;
	case RAMP:
		return o->ramp;
	case BURST:
		return o->burst_at || o->ramp;
	default:
		return 1;
	}
}

/* The metric named @name, or -1 after a message naming the fix. */
static int metric_index(const char *name, const struct options *o)
{
	int i;

	for (i = 0; i < NR_METRICS; i++) {
		if (strcmp(metrics[i].name, name))
			continue;
		if (!asked(&metrics[i], o)) {
			fprintf(stderr, "ue_metrics: figure %s needs %s\n", name,
				need_option[metrics[i].need]);
			return -1;
		}
		return i;
	}
	fprintf(stderr, "ue_metrics: no figure %s (the columns of ue_metrics' record are the figures)\n",
		name);
	return -1;
}

/* A number as its column shows it, with printf's rounding: a table's figures are the record's. */
static double shown(double x, int decimals)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*f", decimals, x);
	return strtod(buf, NULL);
}

/* The figures' header: the metrics' names. */
static void print_header(struct ue_writer *w)
{
	int i;

	for (i = 0; i < NR_METRICS; i++)
		ue_write(w, "%s", metrics[i].name);
	ue_write_end(w);
}

/* The run's figures, a row of the record. */
static void print_row(struct ue_writer *w, const struct ctx *c)
{
	struct value v;
	int i;

	for (i = 0; i < NR_METRICS; i++) {
		const struct metric *m = &metrics[i];

		if (!asked(m, c->o)) {
			ue_write(w, "-");
			continue;
		}
		m->get(c, &v);
		if (v.kind == NUM)
			ue_write(w, "%.*f", m->decimals, v.x);
		else if (v.kind == RATIO)
			ue_write(w, "%ld/%ld", v.num, v.den);
		else
			ue_write(w, "%s", v.kind == WORD ? v.word : v.list);
	}
	ue_write_end(w);
}

static void print_opp(const struct ue_run *r, const char *l, long long t, long long t0, long khz)
{
	printf("%s %s %d %.3f %ld\n", r->workload, l, r->rep, (t - t0) / 1000.0, khz);
}

/* The OPP over time, from the task's first run on its CPU. */
static void print_timeline(const struct ue_run *r, const char *l, const struct ue_figures *f)
{
	long khz = r->khz0;
	int i, started = 0;

	if (f->t0 < 0)
		return;
	for (i = 0; i < r->nr_ev; i++) {
		const struct ue_event *e = &r->ev[i];

		if (e->kind == UE_IN && e->on_cpu && !started) {
			started = 1;
			print_opp(r, l, e->t, f->t0, khz);
		} else if (e->kind == UE_OPP) {
			/* The old OPP up to the change, the new one from it. */
			if (started)
				print_opp(r, l, e->t, f->t0, khz);
			khz = e->v[0];
			if (started)
				print_opp(r, l, e->t, f->t0, khz);
		}
	}
	print_opp(r, l, r->t_last, f->t0, khz);
}

/* Where the task ran: the CPU and its capacity at each of its switch-ins. */
static void print_placements(const struct ue_run *r, const char *l)
{
	long long t0 = -1;
	int i;

	for (i = 0; i < r->nr_ev; i++) {
		const struct ue_event *e = &r->ev[i];
		long cpu = e->v[0];

		if (e->kind != UE_IN)
			continue;
		if (t0 < 0)
			t0 = e->t;
		printf("%s %s %d %.3f %ld %ld\n", r->workload, l, r->rep, (e->t - t0) / 1000.0, cpu,
		       cpu < r->nr_cpus ? r->cpus[cpu].capacity : 0);
	}
}

struct sample_rows {
	const struct ue_figures *f;
	const char *label;
	int enq_pending;
	long enq_est;
};

static void samples_step(const struct ue_step *s, void *arg)
{
	struct sample_rows *p = arg;
	const struct ue_event *e = s->e;
	const struct ue_run *r = s->run;
	double t = (e->t - p->f->t0) / 1000.0;

	switch (e->kind) {
	case UE_IN:
		if (!s->wake)
			break;
		if (p->enq_pending)
			printf("%s %s %d %.3f NaN %ld NaN %u\n", r->workload, p->label, r->rep, t,
			       p->enq_est, s->after->util_avg);
		else
			printf("%s %s %d %.3f NaN NaN NaN %u\n", r->workload, p->label, r->rep, t,
			       s->after->util_avg);
		break;
	case UE_SLEEP:
		p->enq_pending = 0;
		if (s->model_sample)
			printf("%s %s %d %.3f NaN NaN NaN %u\n", r->workload, p->label, r->rep, t,
			       s->after->util_avg);
		break;
	case UE_SAMPLE:
		printf("%s %s %d %.3f %ld %ld %ld %u\n", r->workload, p->label, r->rep, t,
		       e->v[0], e->v[3], e->v[1], s->after->util_avg);
		break;
	case UE_ENQUEUE:
		p->enq_pending = 1;
		p->enq_est = e->v[0];
		break;
	default:
		break;
	}
}

static void print_migrations(const struct ue_run *r, const char *l, const struct ue_figures *f)
{
	long from_cpu = -1, removed = 0, from_sum = 0, last_est = -1;
	int i;

	for (i = 0; i < r->nr_ev; i++) {
		const struct ue_event *e = &r->ev[i];

		if (e->kind == UE_SAMPLE) {
			last_est = e->v[3];
		} else if (e->kind == UE_DEQUEUE) {
			from_cpu = e->v[1];
			removed = e->v[0];
			from_sum = e->v[2];
		} else if (e->kind == UE_ENQUEUE) {
			if (from_cpu >= 0 && e->v[1] != from_cpu)
				printf("%s %s %d %.3f %ld %ld %ld %ld %ld %ld %ld\n", r->workload, l,
				       r->rep, (e->t - f->t0) / 1000.0, from_cpu, e->v[1], removed,
				       from_sum, last_est >= 0 ? last_est : removed, e->v[0], e->v[2]);
			from_cpu = -1;
		}
	}
}

/* --table: the runs' figures by kernel and setting, in the order seen. */
#define MAX_ROWS	256

struct cell {
	double sum, lo, hi;
	int n;			/* numbers */
	long num, den;		/* a/b figures, summed */
	int ratio;
	char word[64];		/* n/a, never */
};

struct row {
	char kernel[16], setting[96], platform[16];
	int pelt;			/* PELT only: first of its platform's rows */
	int runs;
	struct cell c[MAX_KEYS];
};

static struct row rows[MAX_ROWS];
static int nrows;

/* The test platforms' names in the tables, by a setting's @suffix. */
static const char *platform_name(const char *suffix)
{
	if (!strcmp(suffix, "juno"))
		return "Juno r0";
	if (!strcmp(suffix, "invariant"))
		return "invariant";
	return suffix;
}

/* The table's row of the run's kernel and setting, added if new; NULL if full. */
static struct row *table_row(const struct ue_run *r, int stock)
{
	char kernel[16], setting[96], base[64];
	size_t sl = strlen(r->setting), pl = strlen(r->platform);
	int at = pl && sl > pl && r->setting[sl - pl - 1] == '@' && !strcmp(r->setting + sl - pl, r->platform);
	struct row *w;
	int i;

	/* The row's label: the setting, its platform (ue_data's) said apart. */
	snprintf(kernel, sizeof(kernel), "%s", stock ? "stock 6.12" : "patched");
	snprintf(base, sizeof(base), "%.*s", (int)(at ? sl - pl - 1 : sl), r->setting);
	if (stock && !strcmp(base, "default"))
		snprintf(base, sizeof(base), "util_est (v6.12)");
	else if (!strcmp(base, "pelt"))
		snprintf(base, sizeof(base), "PELT only");
	if (r->platform[0])
		snprintf(setting, sizeof(setting), "%s, %s", base, platform_name(r->platform));
	else
		snprintf(setting, sizeof(setting), "%s", base);
	for (i = 0; i < nrows; i++)
		if (!strcmp(rows[i].kernel, kernel) && !strcmp(rows[i].setting, setting))
			return &rows[i];
	if (nrows == MAX_ROWS) {
		fprintf(stderr, "ue_metrics: more than %d table rows\n", MAX_ROWS);
		return NULL;
	}
	w = &rows[nrows++];
	snprintf(w->kernel, sizeof(w->kernel), "%s", kernel);
	snprintf(w->setting, sizeof(w->setting), "%s", setting);
	snprintf(w->platform, sizeof(w->platform), "%s", r->platform);
	w->pelt = !strcmp(base, "PELT only");
	return w;
}

/* Add a figure, metric @m's value @v, to its cell. */
static void cell_add(struct cell *c, const struct metric *m, const struct value *v)
{
	double x;

	switch (v->kind) {
	case RATIO:
		c->ratio = 1;
		c->num += v->num;
		c->den += v->den;
		return;
	case WORD:
	case LIST:
		snprintf(c->word, sizeof(c->word), "%.*s", (int)sizeof(c->word) - 1,
			 v->kind == WORD ? v->word : v->list);
		return;
	case NUM:
		x = shown(v->x, m->decimals);
		if (!c->n || x < c->lo)
			c->lo = x;
		if (!c->n || x > c->hi)
			c->hi = x;
		c->sum += x;
		c->n++;
		return;
	}
}

static int table_add(const struct ctx *ctx)
{
	struct row *w = table_row(ctx->r, ctx->stock);
	struct value v;
	int i;

	if (!w)
		return -1;
	w->runs++;
	for (i = 0; i < ctx->o->nkeys; i++) {
		const struct metric *m = &metrics[ctx->o->keys[i]];

		m->get(ctx, &v);
		cell_add(&w->c[i], m, &v);
	}
	return 0;
}

/*
 * Rows by kernel, then by platform (the symmetric guest first, the others
 * as they came), as they came within each, PELT only first.
 */
static void print_table(const struct options *o)
{
	static const char * const kernels[] = { "patched", "stock 6.12" };
	const char *platforms[MAX_ROWS + 1] = { "" };
	int np = 1, pass, i, j, pl;
	unsigned int k;

	for (i = 0; i < nrows; i++) {
		for (j = 0; j < np && strcmp(platforms[j], rows[i].platform); j++)
			;
		if (j == np)
			platforms[np++] = rows[i].platform;
	}
	for (k = 0; k < 2; k++) {
		for (pl = 0; pl < np; pl++) {
		for (pass = 0; pass < 2; pass++) {
			for (i = 0; i < nrows; i++) {
				const struct row *w = &rows[i];

				if (strcmp(w->kernel, kernels[k]) || strcmp(w->platform, platforms[pl]) ||
				    w->pelt != !pass)
					continue;
				printf("| %s | %s |", w->kernel, w->setting);
				for (j = 0; j < o->nkeys; j++) {
					const struct cell *c = &w->c[j];

					if (c->ratio)
						printf(" %ld/%ld |", c->num, c->den);
					else if (!c->n)
						printf(" %s |", c->word);
					else if (c->lo == c->hi)
						printf(" %.1f%s%s |", c->lo, c->word[0] ? ", " : "", c->word);
					else
						printf(" %.1f (%.1f-%.1f)%s%s |", c->sum / c->n, c->lo, c->hi,
						       c->word[0] ? ", " : "", c->word);
				}
				printf(" %d |\n", w->runs);
			}
		}
		}
	}
}

static int one_run(const struct ue_run *r, void *arg)
{
	struct options *o = arg;
	struct ue_figures f;
	struct sample_rows p;
	struct ctx c = { .r = r, .f = &f, .o = o };
	char l[80];

	if (o->workload && strcmp(r->workload, o->workload))
		return 0;
	c.stock = o->file_stock;
	label(r, c.stock, l, sizeof(l));
	ue_figures(r, o->first_n, o->switch_at, o->mark, o->period_us, o->burst_at, o->ramp, &f);
	switch (o->mode) {
	case FIGURES:
		print_row(&o->out, &c);
		return 0;
	case TIMELINE:
		print_timeline(r, l, &f);
		return 0;
	case PLACEMENTS:
		print_placements(r, l);
		return 0;
	case MIGRATIONS:
		print_migrations(r, l, &f);
		return 0;
	case SAMPLES:
		memset(&p, 0, sizeof(p));
		p.f = &f;
		p.label = l;
		ue_replay(r, samples_step, &p);
		return 0;
	case TABLE:
		return table_add(&c);
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: ue_metrics [--workload W] [--task COMM] [--acts N] [--switch-at N [--mark M]] [--period-us P] [--duty PCT] [--burst-at N] [--ramp U] [--table KEY... --|--samples|--timeline|--placements|--migrations] FILE...\n");
	return 2;
}

/* An option's value out of its range: which, and what it takes. */
static int bad_value(const char *option, const char *value, const char *takes)
{
	fprintf(stderr, "ue_metrics: %s takes %s, not '%s'\n", option, takes, value);
	return usage();
}

/* A count option's value: a non-negative number, or the usage. */
static int count(const char *s, int *v)
{
	char *end;
	long x = strtol(s, &end, 10);

	if (!*s || *end || x < 0 || x > 1000000)
		return -1;
	*v = x;
	return 0;
}

int main(int argc, char **argv)
{
	struct options o = { .task = "big", .mode = FIGURES, .out = { .out = stdout } };
	int i, nfiles = 0, ret = 0, stock;
	char **files = calloc(argc, sizeof(*files));
	char **keys = NULL;

	if (!files)
		return 1;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--task") && i + 1 < argc) {
			o.task = argv[++i];
		} else if (!strcmp(argv[i], "--workload") && i + 1 < argc) {
			o.workload = argv[++i];
		} else if (!strcmp(argv[i], "--acts") && i + 1 < argc) {
			if (count(argv[++i], &o.first_n))
				return usage();
		} else if (!strcmp(argv[i], "--switch-at") && i + 1 < argc) {
			if (count(argv[++i], &o.switch_at))
				return usage();
		} else if (!strcmp(argv[i], "--mark") && i + 1 < argc) {
			if (count(argv[++i], &o.mark))
				return usage();
		} else if (!strcmp(argv[i], "--period-us") && i + 1 < argc) {
			if (count(argv[++i], &o.period_us) || !o.period_us)
				return usage();
		} else if (!strcmp(argv[i], "--duty") && i + 1 < argc) {
			if (count(argv[++i], &o.duty) || !o.duty || o.duty > 100)
				return usage();
		} else if (!strcmp(argv[i], "--ramp") && i + 1 < argc) {
			if (count(argv[++i], &o.ramp) || !o.ramp || o.ramp > 1024)
				return bad_value("--ramp", argv[i], "a utilization from 1 to 1024");
		} else if (!strcmp(argv[i], "--burst-at") && i + 1 < argc) {
			if (count(argv[++i], &o.burst_at) || !o.burst_at)
				return bad_value("--burst-at", argv[i], "a number of activations, 1 or more");
		} else if (!strcmp(argv[i], "--timeline")) {
			o.mode = TIMELINE;
		} else if (!strcmp(argv[i], "--placements")) {
			o.mode = PLACEMENTS;
		} else if (!strcmp(argv[i], "--samples")) {
			o.mode = SAMPLES;
		} else if (!strcmp(argv[i], "--migrations")) {
			o.mode = MIGRATIONS;
		} else if (!strcmp(argv[i], "--table")) {
			o.mode = TABLE;
			keys = &argv[i + 1];
			for (i++; i < argc && strcmp(argv[i], "--"); i++)
				o.nkeys++;
			if (i == argc || !o.nkeys || o.nkeys > MAX_KEYS)
				return usage();
		} else if (argv[i][0] == '-') {
			return usage();
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (!nfiles || (o.mark && !o.switch_at))
		return usage();
	for (i = 0; i < o.nkeys; i++)
		if ((o.keys[i] = metric_index(keys[i], &o)) < 0)
			return 2;
	if (o.mode == FIGURES)
		print_header(&o.out);
	for (i = 0; i < nfiles && !ret; i++) {
		stock = ue_run_stock(files[i]);
		o.file_stock = stock == 1;
		ret = stock < -1 || ue_read(files[i], o.task, one_run, &o) ? 1 : 0;
	}
	if (!ret && o.mode == TABLE)
		print_table(&o);
	free(files);
	return ret;
}
