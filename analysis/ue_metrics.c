// SPDX-License-Identifier: GPL-2.0
/*
 * ue_metrics: the experiments' figures, for every consumer.
 *
 *   ue_metrics [--workload W] [--task COMM] [--acts N] [--switch-at N [--mark M]]
 *              [--period-us P] [--duty PCT] [MODE] FILE...
 *
 * (--workload: only the runs of workload W)
 * reads the data blocks of FILEs (ue_data.c), computes each run's figures
 * (ue_figures.c) and prints them in one MODE:
 *
 *   (none)          one line of key=value per run, its header first:
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
 *   --table KEY...  a markdown table row per kernel and setting: each
 *                   KEY's mean over the runs (min-max); a/b keys summed
 *   --samples       "workload label rep t_ms util_avg estimate ewma model"
 *                   at each sample and wakeup (NaN: not traced there)
 *   --timeline      "workload label rep t_ms khz", the OPP from the task's
 *                   first run
 *   --placements    "workload label rep t_ms cpu capacity" at each of the
 *                   task's switch-ins, from its first (capacity 0: unknown)
 *   --migrations    "workload label rep t_ms from to removed from_sum
 *                   estimate added to_sum" at each migration
 *
 * A label is the setting, "(stock)" added for the unpatched kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_data.h"
#include "ue_figures.h"

enum mode { KV, TABLE, SAMPLES, TIMELINE, MIGRATIONS, PLACEMENTS };

struct options {
	const char *task, *workload;
	int first_n, switch_at, mark, period_us, duty;
	enum mode mode;
	char **keys;
	int nkeys;
};

static void label(const struct ue_run *r, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", r->setting, r->stock ? "(stock)" : "");
}

static void print_count(FILE *out, const char *key, int n)
{
	if (n < 0)
		fprintf(out, " %s=never", key);
	else
		fprintf(out, " %s=%d", key, n);
}

/* The run's figures as key=value pairs, after its header. */
static void print_kv(FILE *out, const struct ue_run *r, const struct ue_figures *f, int duty)
{
	double size = duty * 1024.0 / 100;
	int i;

	fprintf(out, "%s acts=%d act_mean_ms=%.1f act_min_ms=%.1f act_max_ms=%.1f run_ms=%.1f top_pct=%.1f res=",
	       r->head, f->acts, f->act_mean_ms, f->act_min_ms, f->act_max_ms, f->run_ms, f->top_pct);
	for (i = 0; i < f->nr_opps; i++)
		fprintf(out, "%s%ld:%.1f", i ? "," : "", f->opps[i], f->opp_pct[i]);
	fprintf(out, " samples=%d util_dq_min=%ld util_dq_max=%ld util_dq_mean=%.0f util_wake_min=%ld util_mean=%.0f",
	       f->samples, f->util_dq_min, f->util_dq_max, f->util_dq_mean, f->util_wake_min,
	       f->util_mean);
	if (f->has_est)
		fprintf(out, " est_min=%ld est_max=%ld est_mean=%.0f", f->est_min, f->est_max,
			f->est_mean);
	else
		fprintf(out, " est_min=n/a est_max=n/a est_mean=n/a");
	if (duty) {
		fprintf(out, " true_util=%.0f dq_off_pct=%.1f", size,
			(f->util_dq_mean - size) * 100 / size);
		if (f->has_est)
			fprintf(out, " est_off_pct=%.1f", (f->est_mean - size) * 100 / size);
		else
			fprintf(out, " est_off_pct=n/a");
	}
	fprintf(out, " opp_changes=%d opp_per_s=%.1f err_util=%ld err_ewma=%ld err_last=%ld",
		f->opp_changes, f->opp_per_s, f->err_util, f->err_ewma, f->err_last);
	fprintf(out, " migrations=%d mig_kept=%d/%d migs_kept=%d", f->migs, f->migs_kept, f->migs,
		f->migs_kept);
	fprintf(out, " wake_est_eq=%d/%d wakes_eq=%d wakes_est=%d wake_util=%.0f", f->wakes_eq,
		f->wakes_est, f->wakes_eq, f->wakes_est, f->wake_util);
	if (f->wakes_est)
		fprintf(out, " wake_est=%.0f", f->wake_est);
	else
		fprintf(out, " wake_est=n/a");
	fprintf(out, " wake_mhz=%.0f", f->wake_mhz);
	if (f->wakes_est)
		fprintf(out, " wake_ask_mhz=%.0f wake_at_ask=%d/%d wakes_ask=%d", f->wake_ask_mhz,
			f->wakes_ask, f->wakes_est, f->wakes_ask);
	else
		fprintf(out, " wake_ask_mhz=n/a wake_at_ask=n/a wakes_ask=n/a");
	fprintf(out, " acts_all=%d", f->dl_acts);
	if (f->period_us)
		fprintf(out, " missed=%d/%d miss_pct=%.1f slack_ms=%.2f", f->dl_missed, f->dl_acts,
			f->dl_miss_pct, f->dl_slack_ms);
	if (f->has_place)
		fprintf(out, " on_big=%d/%d big_pct=%.1f", f->dl_big, f->dl_acts, f->dl_big_pct);
	else
		fprintf(out, " big_pct=n/a");
	if (f->has_energy) {
		fprintf(out, " energy_mj=%.3f cpu_mj=", f->energy_mj);
		for (i = 0; i < r->nr_cpus; i++)
			fprintf(out, "%s%.3f", i ? "," : "", f->cpu_mj[i]);
		fprintf(out, " busy_ms=");
		for (i = 0; i < r->nr_cpus; i++)
			fprintf(out, "%s%.1f", i ? "," : "", f->busy_ms[i]);
	} else {
		fprintf(out, " energy_mj=n/a");
	}
	if (f->has_opt)
		fprintf(out, " opt_mj=%.3f energy_vs_opt=%.2f opt_tasks=%d", f->opt_mj,
			f->energy_vs_opt, f->opt_tasks);
	else
		fprintf(out, " opt_mj=n/a energy_vs_opt=n/a");
	if (f->switch_at) {
		if (f->has_before && f->est_known)
			fprintf(out, " est_before=%ld", f->est_before);
		else
			fprintf(out, " est_before=n/a");
		if (f->mark && f->has_mark && f->est_known)
			fprintf(out, " est_mark=%ld", f->est_mark);
		else if (f->mark)
			fprintf(out, " est_mark=n/a");
		fprintf(out, " size=%ld", f->size);
		if (f->est_known)
			print_count(out, "conv_est", f->conv_est);
		else
			fprintf(out, " conv_est=n/a");
		print_count(out, "conv_util", f->conv_util);
		if (f->est_known)
			print_count(out, "prov_est", f->prov_est);
		else
			fprintf(out, " prov_est=n/a");
		print_count(out, "prov_util", f->prov_util);
	}
	fprintf(out, "\n");
}

static void print_opp(const struct ue_run *r, const char *l, long long t, long long t0, long khz)
{
	printf("%s %s %d %.3f %ld\n", r->workload, l, r->rep, (t - t0) / 1000.0, khz);
}

/* The OPP over time, from the task's first run on its CPU. */
static void print_timeline(const struct ue_run *r, const struct ue_figures *f)
{
	long khz = r->khz0;
	int i, started = 0;
	char l[80];

	if (f->t0 < 0)
		return;
	label(r, l, sizeof(l));
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
static void print_placements(const struct ue_run *r)
{
	long long t0 = -1;
	int i;
	char l[80];

	label(r, l, sizeof(l));
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
	char label[80];
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

static void print_migrations(const struct ue_run *r, const struct ue_figures *f)
{
	long from_cpu = -1, removed = 0, from_sum = 0, last_est = -1;
	char l[80];
	int i;

	label(r, l, sizeof(l));
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
#define MAX_KEYS	16

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

/* The value of @key in a key=value line, or NULL. */
static const char *kv_get(const char *line, const char *key, char *buf, size_t n)
{
	size_t kl = strlen(key);
	const char *p;

	for (p = strstr(line, key); p; p = strstr(p + 1, key)) {
		if ((p == line || p[-1] == ' ') && p[kl] == '=') {
			snprintf(buf, n, "%.*s", (int)strcspn(p + kl + 1, " \n"), p + kl + 1);
			return buf;
		}
	}
	return NULL;
}

/* The test platforms' names in the tables, by a setting's @suffix. */
static const char *platform_name(const char *suffix)
{
	if (!strcmp(suffix, "juno"))
		return "Juno r0";
	if (!strcmp(suffix, "invariant"))
		return "invariant";
	return suffix;
}

static int table_add(const char *line, const struct ue_run *r, const struct options *o)
{
	char v[64], kernel[16], setting[96], base[64];
	const char *at = strchr(r->setting, '@');
	struct row *w = NULL;
	int i;

	snprintf(kernel, sizeof(kernel), "%s", r->stock ? "stock 6.12" : "patched");
	snprintf(base, sizeof(base), "%.*s", at ? (int)(at - r->setting) : (int)strlen(r->setting),
		 r->setting);
	if (r->stock && !strcmp(base, "default"))
		snprintf(base, sizeof(base), "util_est (v6.12)");
	else if (!strcmp(base, "pelt"))
		snprintf(base, sizeof(base), "PELT only");
	if (at)
		snprintf(setting, sizeof(setting), "%s, %s", base, platform_name(at + 1));
	else
		snprintf(setting, sizeof(setting), "%s", base);
	for (i = 0; i < nrows && !w; i++)
		if (!strcmp(rows[i].kernel, kernel) && !strcmp(rows[i].setting, setting))
			w = &rows[i];
	if (!w) {
		if (nrows == MAX_ROWS) {
			fprintf(stderr, "ue_metrics: more than %d table rows\n", MAX_ROWS);
			return -1;
		}
		w = &rows[nrows++];
		snprintf(w->kernel, sizeof(w->kernel), "%s", kernel);
		snprintf(w->setting, sizeof(w->setting), "%s", setting);
		snprintf(w->platform, sizeof(w->platform), "%s", at ? at + 1 : "");
		w->pelt = !strcmp(base, "PELT only");
	}
	w->runs++;
	for (i = 0; i < o->nkeys; i++) {
		struct cell *c = &w->c[i];
		char *end;
		double x;
		long a, b;

		if (!kv_get(line, o->keys[i], v, sizeof(v))) {
			fprintf(stderr, "ue_metrics: no figure %s\n", o->keys[i]);
			return -1;
		}
		if (sscanf(v, "%ld/%ld", &a, &b) == 2) {
			c->ratio = 1;
			c->num += a;
			c->den += b;
			continue;
		}
		x = strtod(v, &end);
		if (*end) {
			snprintf(c->word, sizeof(c->word), "%s", v);
			continue;
		}
		if (!c->n || x < c->lo)
			c->lo = x;
		if (!c->n || x > c->hi)
			c->hi = x;
		c->sum += x;
		c->n++;
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
	const struct options *o = arg;
	struct ue_figures f;
	struct sample_rows p;
	char *line = NULL;
	size_t len = 0;
	FILE *mem;
	int ret;

	if (o->workload && strcmp(r->workload, o->workload))
		return 0;
	ue_figures(r, o->first_n, o->switch_at, o->mark, o->period_us, &f);
	switch (o->mode) {
	case KV:
		print_kv(stdout, r, &f, o->duty);
		return 0;
	case TIMELINE:
		print_timeline(r, &f);
		return 0;
	case PLACEMENTS:
		print_placements(r);
		return 0;
	case MIGRATIONS:
		print_migrations(r, &f);
		return 0;
	case SAMPLES:
		memset(&p, 0, sizeof(p));
		p.f = &f;
		label(r, p.label, sizeof(p.label));
		ue_replay(r, samples_step, &p);
		return 0;
	case TABLE:
		/* The table reads the figures as the key=value line has them. */
		mem = open_memstream(&line, &len);
		if (!mem) {
			perror("ue_metrics");
			return -1;
		}
		print_kv(mem, r, &f, o->duty);
		fclose(mem);
		ret = table_add(line, r, o);
		free(line);
		return ret;
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: ue_metrics [--workload W] [--task COMM] [--acts N] [--switch-at N [--mark M]] [--period-us P] [--duty PCT] [--table KEY... --|--samples|--timeline|--placements|--migrations] FILE...\n");
	return 2;
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
	struct options o = { .task = "big", .mode = KV };
	int i, nfiles = 0, ret = 0;
	char **files = calloc(argc, sizeof(*files));

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
			o.keys = &argv[i + 1];
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
	for (i = 0; i < nfiles && !ret; i++)
		ret = ue_read(files[i], o.task, one_run, &o) ? 1 : 0;
	if (!ret && o.mode == TABLE)
		print_table(&o);
	free(files);
	return ret;
}
