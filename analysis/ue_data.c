// SPDX-License-Identifier: GPL-2.0
/*
 * ue_data: reads the experiments' data blocks.
 *
 *   === data workload=W setting=S platform=P mult=M opp=O rep=N kernel=R begin ===
 *   I cpu khz fmax_khz
 *   M path=fast_switch|kthread
 *   O cpu khz                    every CPU's OPP when tracing starts
 *   E cpu khz uw                 its energy model: power at each OPP
 *   K cpu capacity [pd]          its capacity at its top OPP, its
 *                                performance domain (first CPU; itself)
 *   F t_us cpu khz
 *   S t_us cpu prev_pid prev_state next_pid next_comm
 *   U t_us pid util_avg ewma last ewma_fastup util_est
 *   C t_us cpu pid delta util_est
 *   === data ... end ===
 *
 * P is the setting's test platform (juno, invariant; empty: the symmetric
 * guest), written by the guest's parser of the setting; a header without
 * platform= (data from before it had one) takes the setting's @PLATFORM.
 *
 * A block is read whole before its events are made, because the task is
 * known by its thread's name and rt-app names the thread only once it
 * runs: its pid is that of the first switch-in under that name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_data.h"

#define MAX_LINE	1024

struct lines {
	char **l;
	int n, max, first;	/* first: the begin line's number */
};

static int fail(const char *path, int line, const char *what)
{
	fprintf(stderr, "%s:%d: %s\n", path, line, what);
	return -1;
}

static void *grow(void *p, int *max, size_t size)
{
	*max = *max ? 2 * *max : 256;
	p = realloc(p, *max * size);
	if (!p) {
		perror("ue_data");
		exit(1);
	}
	return p;
}

static void add(struct ue_run *r, enum ue_ev_kind kind, long long t, int on_cpu,
		long v0, long v1, long v2, long v3)
{
	struct ue_event *e;

	if (r->nr_ev == r->max_ev)
		r->ev = grow(r->ev, &r->max_ev, sizeof(*r->ev));
	e = &r->ev[r->nr_ev++];
	e->kind = kind;
	e->t = t;
	e->on_cpu = on_cpu;
	e->v[0] = v0;
	e->v[1] = v1;
	e->v[2] = v2;
	e->v[3] = v3;
}

static void add_cpu(struct ue_run *r, enum ue_cpu_kind kind, long long t, int cpu,
		    long v, long prev)
{
	struct ue_cpu_event *e;

	if (r->nr_cev == r->max_cev)
		r->cev = grow(r->cev, &r->max_cev, sizeof(*r->cev));
	e = &r->cev[r->nr_cev++];
	e->kind = kind;
	e->t = t;
	e->cpu = cpu;
	e->v = v;
	e->prev = prev;
}

/* Power state @khz @uw of @cpu's model, kept in rising order of khz. */
static int add_ps(struct ue_run *r, int cpu, long khz, long uw)
{
	struct ue_cpu *c = &r->cpus[cpu];
	int i;

	if (c->nr_ps == UE_MAX_PS || khz <= 0 || uw < 0)
		return -1;
	for (i = c->nr_ps; i > 0 && c->ps[i - 1].khz > khz; i--)
		c->ps[i] = c->ps[i - 1];
	if (i > 0 && c->ps[i - 1].khz == khz)
		return -1;
	c->ps[i] = (struct ue_ps){ khz, uw };
	c->nr_ps++;
	return 0;
}

const char *ue_kv(const char *line, const char *key, char *buf, size_t n)
{
	size_t kl = strlen(key), len;
	const char *p;

	for (p = strstr(line, key); p; p = strstr(p + kl, key)) {
		if ((p != line && p[-1] != ' ') || p[kl] != '=')
			continue;
		p += kl + 1;
		len = strcspn(p, " \r\n");
		if (len >= n)
			return NULL;
		memcpy(buf, p, len);
		buf[len] = '\0';
		return buf;
	}
	return NULL;
}

/* The header's value of @key into @buf, or "" if it has none. */
static void header(const char *head, const char *key, char *buf, size_t n)
{
	if (!ue_kv(head, key, buf, n))
		buf[0] = '\0';
}

/*
 * The run's platform: the header's platform=; a header without one is
 * older data, whose setting ends in its @PLATFORM, if any.
 */
static void platform(struct ue_run *r)
{
	const char *at = strchr(r->setting, '@');

	if (ue_kv(r->head, "platform", r->platform, sizeof(r->platform)))
		return;
	snprintf(r->platform, sizeof(r->platform), "%s", at ? at + 1 : "");
}

static int begin(struct ue_run *r, const char *line)
{
	char num[16];
	const char *end = strstr(line, " begin ===");

	r->nr_ev = 0;
	r->nr_cev = 0;
	r->nr_cpus = 0;
	memset(r->cpus, 0, sizeof(r->cpus));
	r->pid = -1;
	r->t_last = 0;
	r->cpu = -1;
	r->khz0 = r->fmax = 0;
	r->path[0] = '\0';
	if (!end || end - (line + 9) >= (long)sizeof(r->head))
		return -1;
	snprintf(r->head, sizeof(r->head), "%.*s", (int)(end - (line + 9)), line + 9);
	header(r->head, "workload", r->workload, sizeof(r->workload));
	header(r->head, "setting", r->setting, sizeof(r->setting));
	platform(r);
	header(r->head, "opp", r->opp, sizeof(r->opp));
	header(r->head, "kernel", r->kernel, sizeof(r->kernel));
	header(r->head, "mult", num, sizeof(num));
	r->mult = num[0] ? atoi(num) : 1;
	header(r->head, "rep", num, sizeof(num));
	r->rep = atoi(num);
	return r->workload[0] && r->setting[0] ? 0 : -1;
}

/* The events of a whole block, its task being @task. */
static int parse(struct ue_run *r, const struct lines *b, const char *task)
{
	char comm[64], state[16];
	long long t;
	long a, c, d, khz, u[4];
	int i;

	for (i = 0; i < b->n && r->pid < 0; i++)
		if (sscanf(b->l[i], "S %lld %ld %ld %15s %ld %63s", &t, &c, &a, state, &d, comm) == 6 &&
		    !strcmp(comm, task))
			r->pid = d;
	for (i = 0; i < b->n; i++) {
		const char *l = b->l[i];
		int line = b->first + 1 + i;

		switch (l[0]) {
		case 'I':
			if (sscanf(l, "I %d %ld %ld", &r->cpu, &r->khz0, &r->fmax) != 3)
				return fail(r->file, line, "malformed I line");
			break;
		case 'M':
			header(l, "path", r->path, sizeof(r->path));
			break;
		case 'O':
			if (sscanf(l, "O %ld %ld", &c, &khz) != 2 || c < 0 || c >= UE_MAX_CPUS)
				return fail(r->file, line, "malformed O line");
			r->cpus[c].khz0 = khz;
			if (c >= r->nr_cpus)
				r->nr_cpus = c + 1;
			break;
		case 'E':
			if (sscanf(l, "E %ld %ld %ld", &c, &khz, &a) != 3 || c < 0 || c >= UE_MAX_CPUS ||
			    add_ps(r, c, khz, a))
				return fail(r->file, line, "malformed E line");
			if (c >= r->nr_cpus)
				r->nr_cpus = c + 1;
			break;
		case 'K':
			d = -1;
			if (sscanf(l, "K %ld %ld %ld", &c, &a, &d) < 2 || c < 0 || c >= UE_MAX_CPUS ||
			    a <= 0 || d >= UE_MAX_CPUS)
				return fail(r->file, line, "malformed K line");
			r->cpus[c].capacity = a;
			r->cpus[c].pd = d < 0 ? c : d;
			if (c >= r->nr_cpus)
				r->nr_cpus = c + 1;
			break;
		case 'F':
			if (sscanf(l, "F %lld %ld %ld", &t, &c, &khz) != 3)
				return fail(r->file, line, "malformed F line");
			if (c >= 0 && c < UE_MAX_CPUS)
				add_cpu(r, UE_CPU_OPP, t, c, khz, 0);
			if (c != r->cpu)
				break;
			r->t_last = t;
			add(r, UE_OPP, t, 1, khz, 0, 0, 0);
			break;
		case 'S':
			if (sscanf(l, "S %lld %ld %ld %15s %ld %63s", &t, &c, &a, state, &d, comm) != 6)
				return fail(r->file, line, "malformed S line");
			if (c >= 0 && c < UE_MAX_CPUS)
				add_cpu(r, UE_CPU_SWITCH, t, c, d, a);
			if (r->pid < 0)
				break;
			if (c == r->cpu)
				r->t_last = t;
			if (a == r->pid)
				add(r, state[0] == 'R' ? UE_PREEMPT : UE_SLEEP, t, c == r->cpu, c, 0, 0, 0);
			if (d == r->pid)
				add(r, UE_IN, t, c == r->cpu, c, 0, 0, 0);
			break;
		case 'U':
			if (sscanf(l, "U %lld %ld %ld %ld %ld %ld %ld", &t, &a, &u[0], &u[1], &u[2], &c, &u[3]) != 7)
				return fail(r->file, line, "malformed U line");
			if (a == r->pid)
				add(r, UE_SAMPLE, t, 1, u[0], u[1], u[2], u[3]);
			break;
		case 'C':
			if (sscanf(l, "C %lld %ld %ld %ld %ld", &t, &c, &a, &d, &u[0]) != 5)
				return fail(r->file, line, "malformed C line");
			if (a == r->pid)
				add(r, d >= 0 ? UE_ENQUEUE : UE_DEQUEUE, t, 1, labs(d), c, u[0], 0);
			break;
		default:
			return fail(r->file, line, "not a data line");
		}
	}
	if (r->cpu < 0)
		return fail(r->file, b->first, "run without its I line");
	return 0;
}

int ue_read(const char *path, const char *task, ue_run_fn fn, void *arg)
{
	static struct ue_run run;
	struct lines b = { 0 };
	char line[MAX_LINE];
	int in = 0, nr = 0, ret = 0, i;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	run.file = path;
	while (!ret && fgets(line, sizeof(line), f)) {
		nr++;
		if (!strchr(line, '\n') && !feof(f)) {
			ret = fail(path, nr, "line too long");
			break;
		}
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "=== data ", 9)) {
			if (strstr(line, " begin ===")) {
				if (in)
					ret = fail(path, nr, "run begins inside another");
				else if (begin(&run, line))
					ret = fail(path, nr, "run header without workload= or setting=");
				in = 1;
				for (i = 0; i < b.n; i++)
					free(b.l[i]);
				b.n = 0;
				b.first = nr;
			} else if (in && strstr(line, " end ===")) {
				in = 0;
				ret = parse(&run, &b, task);
				if (!ret)
					ret = fn(&run, arg);
			}
			continue;
		}
		if (!in)
			continue;
		if (b.n == b.max)
			b.l = grow(b.l, &b.max, sizeof(*b.l));
		b.l[b.n] = strdup(line);
		if (!b.l[b.n++]) {
			perror("ue_data");
			exit(1);
		}
	}
	if (!ret && in)
		ret = fail(path, nr, "run not ended (the guest stopped inside it?)");
	for (i = 0; i < b.n; i++)
		free(b.l[i]);
	free(b.l);
	fclose(f);
	return ret;
}
