// SPDX-License-Identifier: GPL-2.0
/*
 * bench_stats: ratios and their confidence intervals from the benchmark's
 * data blocks (guest/experiments/bench.sh).
 *
 *   bench_stats --base SETTING FILE...
 *   bench_stats --cross BUILD:SETTING BUILD:SETTING FILE...
 *
 * A block is one boot's rounds:
 *
 *   === bench kernel=RELEASE smp=N icount=S begin ===
 *   B round=R setting=S workload=W groups=G value=V ctxt=C idle_pct=I
 *   === bench ... end ===
 *
 * Round 0 is a warm-up and is left out. Every other round ran each
 * setting once, in a rotated order. A comparison pairs the values of two
 * settings in the same round (--base: every setting against SETTING, in
 * the same boot; --cross: BUILD:SETTING against the other, BUILD patched
 * or stock, rounds by number), and prints for each kernel, vCPU count,
 * workload and group count a row of a record (ue_table.h: TSV, its
 * header first) with the columns
 *
 *   kernel build smp workload groups setting base n ratio_median
 *   ratio_min ratio_max ratio_mean ci_lo ci_hi diff_mean diff_lo diff_hi
 *   ctxt_ratio idle_pct base_idle_pct
 *
 * ratio is value / base value (a time: above 1 is slower); ci_lo..ci_hi
 * its mean's 95% confidence interval (Student's t over the paired
 * rounds); diff the same for value - base value, in the workload's unit.
 * build is stock or patched, from the run.info beside a FILE (ue_run_stock():
 * the series its kernel carries), never from its name; a FILE without one
 * is the patched kernel's, except for --cross, which needs both known.
 * --cross's kernel and build are the two kernels', "A/B".
 *
 *   bench_stats --moves FILE...
 *
 * prints the blocks' traced runs (their M lines: "M setting=S groups=G
 * migrations=N switches=N") as a record: kernel build smp groups setting
 * migrations switches.
 *
 * The blocks' lines are key=value words, read by ue_data.c's ue_kv().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_data.h"
#include "ue_table.h"

#define MAX_REC		65536
#define MAX_ROUNDS	256

struct rec {
	char kernel[80];
	int stock;			/* its build carries no series */
	int smp, round, groups;
	char setting[40], workload[40];
	double value, ctxt, idle_pct;
};

static struct rec *recs;
static int nrec;
static struct ue_writer out;	/* the record printed, on stdout */

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "bench_stats: %s%s\n", msg, arg ? arg : "");
	exit(2);
}

/* The value of key @k in a line of key=value words, or NULL. */
static const char *field(const char *line, const char *k, char *buf, size_t n)
{
	return ue_kv(line, k, buf, n);
}

static double number(const char *line, const char *k)
{
	char buf[64], *end;
	double v;

	if (!field(line, k, buf, sizeof(buf)))
		die("record without ", k);
	v = strtod(buf, &end);
	if (*end)
		die("not a number: ", buf);
	return v;
}

/* The build @path's kernel is, from the run.info beside it (-1: none). */
static int built(const char *path)
{
	int stock = ue_run_stock(path);

	if (stock < -1)
		exit(2);
	return stock;
}

static const char *build_name(int stock)
{
	return stock > 0 ? "stock" : "patched";
}

static void read_file(const char *path, int stock)
{
	char line[1024], kernel[80] = "", buf[80];
	int smp = 0, in = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		die("cannot open ", path);
	while (fgets(line, sizeof(line), f)) {
		struct rec *r;

		if (!strncmp(line, "=== bench ", 10)) {
			in = strstr(line, " begin ===") != NULL;
			if (in) {
				if (!field(line, "kernel", kernel, sizeof(kernel)))
					die("block without kernel= in ", path);
				smp = (int)number(line, "smp");
			}
			continue;
		}
		if (!in || strncmp(line, "B ", 2))
			continue;
		if (nrec == MAX_REC)
			die("too many records", NULL);
		r = &recs[nrec++];
		snprintf(r->kernel, sizeof(r->kernel), "%s", kernel);
		r->stock = stock;
		r->smp = smp;
		r->round = (int)number(line, "round");
		if (r->round < 0 || r->round >= MAX_ROUNDS)
			die("round out of range in ", path);
		r->groups = (int)number(line, "groups");
		if (!field(line, "setting", r->setting, sizeof(r->setting)) ||
		    !field(line, "workload", r->workload, sizeof(r->workload)))
			die("record without setting= or workload= in ", path);
		r->value = number(line, "value");
		r->ctxt = field(line, "ctxt", buf, sizeof(buf)) ? number(line, "ctxt") : NAN;
		r->idle_pct = field(line, "idle_pct", buf, sizeof(buf)) ? number(line, "idle_pct") : NAN;
	}
	fclose(f);
}

/* Two-sided 95% quantile of Student's t with @df degrees of freedom. */
double t975(int df)
{
	static const double t[] = {
		0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
		2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093,
		2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
		2.042,
	};

	if (df < 1)
		return NAN;
	if (df <= 30)
		return t[df];
	return df <= 60 ? 2.000 : 1.960;
}

struct summary {
	int n;
	double median, min, max, mean, lo, hi;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Mean, its 95% interval, median and range of @n values (sorted in place). */
struct summary summarize(double *v, int n)
{
	struct summary s = { .n = n };
	double sum = 0, ss = 0, half;
	int i;

	if (!n)
		return s;
	qsort(v, n, sizeof(*v), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	s.mean = sum / n;
	for (i = 0; i < n; i++)
		ss += (v[i] - s.mean) * (v[i] - s.mean);
	half = n > 1 ? t975(n - 1) * sqrt(ss / (n - 1) / n) : NAN;
	s.lo = s.mean - half;
	s.hi = s.mean + half;
	s.min = v[0];
	s.max = v[n - 1];
	s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return s;
}

/* The record of @kernel's @setting in that round, or NULL. */
static const struct rec *find(const char *kernel, int smp, const char *workload,
			      int groups, const char *setting, int round)
{
	int i;

	for (i = 0; i < nrec; i++) {
		const struct rec *r = &recs[i];

		if (r->smp == smp && r->groups == groups && r->round == round &&
		    !strcmp(r->kernel, kernel) && !strcmp(r->workload, workload) &&
		    !strcmp(r->setting, setting))
			return r;
	}
	return NULL;
}

/* The first kernel release with @smp vCPUs of the build @stock (1 or 0). */
static const char *kernel_built(int stock, int smp)
{
	int i;

	for (i = 0; i < nrec; i++)
		if (recs[i].smp == smp && recs[i].stock == stock)
			return recs[i].kernel;
	return NULL;
}

/* Print one comparison, @label of @build, of @a (kernel ka) against @b (kernel kb). */
static void compare(const char *label, const char *build, const char *ka, const char *a,
		    const char *kb, const char *b, int smp, const char *workload,
		    int groups)
{
	static double ratio[MAX_ROUNDS], diff[MAX_ROUNDS];
	double ctxt_a = 0, ctxt_b = 0, idle_a = 0, idle_b = 0;
	struct summary sr, sd;
	int round, n = 0;

	for (round = 1; round < MAX_ROUNDS; round++) {
		const struct rec *x = find(ka, smp, workload, groups, a, round);
		const struct rec *y = find(kb, smp, workload, groups, b, round);

		if (!x || !y || y->value <= 0)
			continue;
		ratio[n] = x->value / y->value;
		diff[n] = x->value - y->value;
		ctxt_a += x->ctxt;
		ctxt_b += y->ctxt;
		idle_a += x->idle_pct;
		idle_b += y->idle_pct;
		n++;
	}
	if (!n)
		return;
	sr = summarize(ratio, n);
	sd = summarize(diff, n);
	ue_write(&out, "%s", label);
	ue_write(&out, "%s", build);
	ue_write(&out, "%d", smp);
	ue_write(&out, "%s", workload);
	ue_write(&out, "%d", groups);
	ue_write(&out, "%s", a);
	ue_write(&out, "%s", b);
	ue_write(&out, "%d", n);
	ue_write(&out, "%.4f", sr.median);
	ue_write(&out, "%.4f", sr.min);
	ue_write(&out, "%.4f", sr.max);
	ue_write(&out, "%.4f", sr.mean);
	ue_write(&out, "%.4f", sr.lo);
	ue_write(&out, "%.4f", sr.hi);
	ue_write(&out, "%.4g", sd.mean);
	ue_write(&out, "%.4g", sd.lo);
	ue_write(&out, "%.4g", sd.hi);
	ue_write(&out, "%.4f", ctxt_b > 0 ? ctxt_a / ctxt_b : NAN);
	ue_write(&out, "%.1f", idle_a / n);
	ue_write(&out, "%.1f", idle_b / n);
	ue_write_end(&out);
}

/* The header of the comparisons' record. */
static void compare_header(void)
{
	static const char * const cols[] = {
		"kernel", "build", "smp", "workload", "groups", "setting", "base", "n", "ratio_median",
		"ratio_min", "ratio_max", "ratio_mean", "ci_lo", "ci_hi", "diff_mean", "diff_lo",
		"diff_hi", "ctxt_ratio", "idle_pct", "base_idle_pct",
	};
	unsigned int i;

	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		ue_write(&out, "%s", cols[i]);
	ue_write_end(&out);
}

/* Each distinct (kernel, smp, workload, groups) once, in the order seen. */
static int first_of_kind(int i, int with_kernel)
{
	int j;

	for (j = 0; j < i; j++)
		if (recs[j].smp == recs[i].smp && recs[j].groups == recs[i].groups &&
		    !strcmp(recs[j].workload, recs[i].workload) &&
		    (!with_kernel || !strcmp(recs[j].kernel, recs[i].kernel)))
			return 0;
	return 1;
}

static void by_base(const char *base)
{
	int i, j, k;

	for (i = 0; i < nrec; i++) {
		if (!first_of_kind(i, 1))
			continue;
		/* Every other setting of this kernel, in the order seen. */
		for (j = 0; j < nrec; j++) {
			const struct rec *r = &recs[j];
			int seen = 0;

			if (r->smp != recs[i].smp || r->groups != recs[i].groups ||
			    strcmp(r->kernel, recs[i].kernel) || strcmp(r->workload, recs[i].workload) ||
			    !strcmp(r->setting, base))
				continue;
			for (k = 0; k < j && !seen; k++)
				seen = recs[k].smp == r->smp && recs[k].groups == r->groups &&
				       !strcmp(recs[k].kernel, r->kernel) &&
				       !strcmp(recs[k].workload, r->workload) &&
				       !strcmp(recs[k].setting, r->setting);
			if (seen)
				continue;
			compare(r->kernel, build_name(r->stock), r->kernel, r->setting, r->kernel, base,
				r->smp, r->workload, r->groups);
		}
	}
}

/* @arg's build, "patched:SETTING" or "stock:SETTING": 1 or 0, its setting in @setting. */
static int cross_arg(const char *arg, const char **setting)
{
	const char *colon = strchr(arg, ':');

	*setting = colon ? colon + 1 : "";
	if (colon && colon - arg == 5 && !strncmp(arg, "stock", 5) && **setting)
		return 1;
	if (colon && colon - arg == 7 && !strncmp(arg, "patched", 7) && **setting)
		return 0;
	die("--cross takes BUILD:SETTING BUILD:SETTING, BUILD patched or stock, not ", arg);
	return -1;
}

static void cross(const char *a, const char *b)
{
	char kernel[164], build[32];
	const char *sa, *sb;
	int i, stock_a = cross_arg(a, &sa), stock_b = cross_arg(b, &sb);

	snprintf(build, sizeof(build), "%s/%s", build_name(stock_a), build_name(stock_b));
	for (i = 0; i < nrec; i++) {
		const char *xa, *xb;

		if (!first_of_kind(i, 0))
			continue;
		xa = kernel_built(stock_a, recs[i].smp);
		xb = kernel_built(stock_b, recs[i].smp);
		if (!xa || !xb)
			continue;
		snprintf(kernel, sizeof(kernel), "%s/%s", xa, xb);
		compare(kernel, build, xa, sa, xb, sb, recs[i].smp, recs[i].workload,
			recs[i].groups);
	}
}

/* --moves: each block's M lines, a row each, after the record's header. */
static void moves(char **files, int n)
{
	static const char * const keys[] = { "groups", "setting", "migrations", "switches" };
	char line[1024], kernel[80] = "", smp[16] = "", buf[80];
	unsigned int k;
	int i;

	ue_write(&out, "kernel");
	ue_write(&out, "build");
	ue_write(&out, "smp");
	for (k = 0; k < 4; k++)
		ue_write(&out, "%s", keys[k]);
	ue_write_end(&out);
	for (i = 0; i < n; i++) {
		const char *build = build_name(built(files[i]));
		FILE *f = fopen(files[i], "r");

		if (!f)
			die("cannot open ", files[i]);
		while (fgets(line, sizeof(line), f)) {
			if (!strncmp(line, "=== bench ", 10) && strstr(line, " begin ===")) {
				if (!field(line, "kernel", kernel, sizeof(kernel)) ||
				    !field(line, "smp", smp, sizeof(smp)))
					die("block without kernel= or smp= in ", files[i]);
			}
			if (strncmp(line, "M ", 2))
				continue;
			ue_write(&out, "%s", kernel);
			ue_write(&out, "%s", build);
			ue_write(&out, "%s", smp);
			for (k = 0; k < 4; k++) {
				if (!field(line, keys[k], buf, sizeof(buf)))
					die("M line without ", keys[k]);
				ue_write(&out, "%s", buf);
			}
			ue_write_end(&out);
		}
		fclose(f);
	}
}

#ifndef BENCH_STATS_NO_MAIN
int main(int argc, char **argv)
{
	const char *base = NULL, *ca = NULL, *cb = NULL;
	int i = 1;

	out.out = stdout;
	if (argc > 2 && !strcmp(argv[1], "--moves")) {
		moves(argv + 2, argc - 2);
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "--base")) {
		base = argv[2];
		i = 3;
	} else if (argc > 3 && !strcmp(argv[1], "--cross")) {
		ca = argv[2];
		cb = argv[3];
		i = 4;
	}
	if ((!base && !ca) || i >= argc)
		die("usage: bench_stats --base SETTING FILE... | --cross BUILD:S BUILD:S FILE... | --moves FILE...", NULL);
	recs = calloc(MAX_REC, sizeof(*recs));
	if (!recs)
		die("out of memory", NULL);
	for (; i < argc; i++) {
		int stock = built(argv[i]);

		if (stock < 0 && ca)
			die("--cross: which build ran it is the run.info beside it (harness/run.sh writes one), none for ", argv[i]);
		read_file(argv[i], stock == 1);
	}
	compare_header();
	if (base)
		by_base(base);
	else
		cross(ca, cb);
	return 0;
}
#endif
