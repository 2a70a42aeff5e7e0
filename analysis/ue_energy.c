// SPDX-License-Identifier: GPL-2.0
/*
 * ue_energy: a run's energy from the guest's energy model, and the energy
 * the model gives its tasks at their best placement. Both read every
 * CPU's OPP changes and switches (struct ue_run's cev) and its model (E
 * and K lines); neither needs the traced task.
 */
#include <stdio.h>
#include "ue_figures.h"

/* The model's active power at @khz: its lowest state at or above; -1: none. */
static long power_at(const struct ue_cpu *c, long khz)
{
	int i;

	for (i = 0; i < c->nr_ps; i++)
		if (c->ps[i].khz >= khz)
			return c->ps[i].uw;
	return -1;
}

/*
 * Every CPU's time over the trace (its first event to its last, on any
 * CPU), in pieces: @fn gets each stretch of @us during which @cpu ran @pid
 * (0: idle) at @khz. A CPU's OPP before its first change is its O line;
 * what it ran before its first switch is what that switch ends (nothing
 * known: idle). Returns -1 without a starting OPP for every CPU or with an
 * event on a CPU beyond them, else 0; a non-zero return of @fn stops the
 * walk and is returned.
 */
typedef int (*piece_fn)(int cpu, long pid, long khz, long long us, void *arg);

static int cpu_walk(const struct ue_run *run, piece_fn fn, void *arg)
{
	long long t[UE_MAX_CPUS];
	long khz[UE_MAX_CPUS], pid[UE_MAX_CPUS];
	int cpu, i, ret;

	if (!run->nr_cev || !run->nr_cpus)
		return -1;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		if (!run->cpus[cpu].khz0)
			return -1;
		t[cpu] = run->cev[0].t;
		khz[cpu] = run->cpus[cpu].khz0;
		pid[cpu] = -1;
	}
	for (i = 0; i < run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i];

		if (e->cpu >= run->nr_cpus)
			return -1;
		if (e->kind == UE_CPU_SWITCH && pid[e->cpu] < 0)
			pid[e->cpu] = e->prev;
	}
	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		if (pid[cpu] < 0)
			pid[cpu] = 0;
	for (i = 0; i <= run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i < run->nr_cev ? i : i - 1];
		int from = i < run->nr_cev ? e->cpu : 0;
		int to = i < run->nr_cev ? e->cpu + 1 : run->nr_cpus;

		/* Each CPU's time up to this event (after the last: every CPU's). */
		for (cpu = from; cpu < to; cpu++) {
			ret = fn(cpu, pid[cpu], khz[cpu], e->t - t[cpu], arg);
			if (ret)
				return ret;
			t[cpu] = e->t;
		}
		if (i == run->nr_cev)
			break;
		if (e->kind == UE_CPU_OPP)
			khz[e->cpu] = e->v;
		else
			pid[e->cpu] = e->v;
	}
	return 0;
}

struct energy {
	const struct ue_run *run;
	double uj[UE_MAX_CPUS], us[UE_MAX_CPUS];
};

static int energy_piece(int cpu, long pid, long khz, long long us, void *arg)
{
	struct energy *en = arg;
	long uw = power_at(&en->run->cpus[cpu], khz);

	if (!pid)
		return 0;
	if (uw < 0)
		return -1;
	en->uj[cpu] += (double)uw * us / 1e6;
	en->us[cpu] += us;
	return 0;
}

/*
 * The run's energy, over the whole trace, from every CPU's OPPs and
 * switches and the energy model the guest registered:
 *
 *	E = sum over CPUs of the integral of busy(t) * P(f(t)) dt
 *
 * P(f) is the model's active power at the OPP f. An idle CPU costs
 * nothing: the energy model, as EAS reads it, has no idle power. Without
 * a model and a starting OPP for every CPU, or with an OPP above a model's
 * states, the run has no energy.
 */
void ue_energy(const struct ue_run *run, struct ue_figures *f)
{
	struct energy en = { .run = run };
	int cpu;

	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		if (!run->cpus[cpu].nr_ps)
			return;
	if (cpu_walk(run, energy_piece, &en))
		return;
	f->has_energy = 1;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		f->cpu_mj[cpu] = en.uj[cpu] / 1000;
		f->busy_ms[cpu] = en.us[cpu] / 1000;
		f->energy_mj += f->cpu_mj[cpu];
	}
}

/*
 * The energy the model gives the run's tasks at their best placement, for
 * LISA's EAS criterion (a run's energy within 5% of it). A task's size is
 * its work over the run: its running time on each CPU at each OPP times
 * the speed it ran at there (capacity * f / fmax, of 1024). A placement
 * puts each task on one CPU for the whole run; each CPU then runs at the
 * lowest OPP whose capacity covers its tasks (the OPPs of a performance
 * domain are one, the one its busiest CPU needs), and is busy for their
 * work at that speed:
 *
 *	E = sum over CPUs of P(f) * U / cap(f) * T
 *
 * The best placement is searched whole (CPUs ^ tasks placements, at most
 * UE_MAX_PLACEMENTS); tasks under 1% of a CPU are left out, their energy
 * is in the run's and not in the optimum.
 */
#define UE_MAX_RAN		256	/* tasks that ran */
#define UE_MAX_TASKS		16	/* of them, placed */
#define UE_MAX_PLACEMENTS	1000000

struct task_work {
	long pid;
	double work_us;		/* its running time at full speed */
};

/* A CPU's speed at @khz, of 1024: its capacity scaled by f / fmax. */
double ue_speed(const struct ue_cpu *c, long khz)
{
	return (double)c->capacity * khz / c->ps[c->nr_ps - 1].khz;
}

struct works {
	const struct ue_run *run;
	struct task_work tw[UE_MAX_RAN];
	int n;
};

/* A piece of a task's running: its work at the CPU's speed; -1: too many tasks. */
static int work_piece(int cpu, long pid, long khz, long long us, void *arg)
{
	struct works *w = arg;
	int i;

	if (!pid)
		return 0;
	for (i = 0; i < w->n && w->tw[i].pid != pid; i++)
		;
	if (i == w->n) {
		if (w->n == UE_MAX_RAN)
			return -1;
		w->tw[w->n++] = (struct task_work){ pid, 0 };
	}
	w->tw[i].work_us += us * ue_speed(&w->run->cpus[cpu], khz) / 1024;
	return 0;
}

/* The energy rate (uW) of CPUs loaded with @u (of 1024), -1: too much. */
static double placement_uw(const struct ue_run *run, const double *u)
{
	double uw = 0;
	int cpu, other, i;

	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		const struct ue_cpu *c = &run->cpus[cpu];
		double need = 0;

		/* Its domain's OPP is the one its busiest CPU needs. */
		for (other = 0; other < run->nr_cpus; other++)
			if (run->cpus[other].pd == c->pd && u[other] > need)
				need = u[other];
		for (i = 0; i < c->nr_ps && ue_speed(c, c->ps[i].khz) < need; i++)
			;
		if (i == c->nr_ps)
			return -1;
		uw += c->ps[i].uw * u[cpu] / ue_speed(c, c->ps[i].khz);
	}
	return uw;
}

void ue_optimal(const struct ue_run *run, struct ue_figures *f)
{
	struct works w = { .run = run };
	long long duration, nplace = 1, p;
	double size[UE_MAX_TASKS], best = -1;
	int nt = 0, cpu, i;

	if (!f->has_energy)
		return;
	for (cpu = 0; cpu < run->nr_cpus; cpu++)
		if (!run->cpus[cpu].capacity)
			return;
	if (cpu_walk(run, work_piece, &w))
		return;
	duration = run->cev[run->nr_cev - 1].t - run->cev[0].t;
	if (duration <= 0)
		return;
	/* The tasks of 1% of a CPU or more, as utilizations. */
	for (i = 0; i < w.n; i++) {
		double u = 1024 * w.tw[i].work_us / duration;

		if (u < 10.24)
			continue;
		if (nt == UE_MAX_TASKS)
			return;
		size[nt++] = u;
	}
	for (i = 0; i < nt; i++) {
		nplace *= run->nr_cpus;
		if (nplace > UE_MAX_PLACEMENTS)
			return;
	}
	/* Every placement: task i on CPU (p / nr_cpus^i) % nr_cpus. */
	for (p = 0; p < nplace; p++) {
		double u[UE_MAX_CPUS] = { 0 }, uw;
		long long q = p;

		for (i = 0; i < nt; i++, q /= run->nr_cpus)
			u[q % run->nr_cpus] += size[i];
		uw = placement_uw(run, u);
		if (uw >= 0 && (best < 0 || uw < best))
			best = uw;
	}
	if (best < 0)
		return;
	f->has_opt = 1;
	f->opt_tasks = nt;
	f->opt_mj = best * duration / 1e9;
	f->energy_vs_opt = f->energy_mj / f->opt_mj;
}
