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
 * The run's energy, over the whole trace (its first event to its last, on
 * any CPU), from every CPU's OPPs and switches and the energy model the
 * guest registered:
 *
 *	E = sum over CPUs of the integral of busy(t) * P(f(t)) dt
 *
 * P(f) is the model's active power at the OPP f. An idle CPU costs
 * nothing: the energy model, as EAS reads it, has no idle power. A CPU's
 * OPP before its first change is its O line; its state before its first
 * switch is what that switch ends (busy unless it switched away from the
 * idle task). Without a model and a starting OPP for every CPU, or with an
 * OPP above a model's states, the run has no energy.
 */
void ue_energy(const struct ue_run *run, struct ue_figures *f)
{
	long long t[UE_MAX_CPUS];
	long khz[UE_MAX_CPUS];
	int busy[UE_MAX_CPUS], cpu, i;
	double uj[UE_MAX_CPUS] = { 0 }, us[UE_MAX_CPUS] = { 0 };

	if (!run->nr_cev || !run->nr_cpus)
		return;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		if (!run->cpus[cpu].nr_ps || !run->cpus[cpu].khz0)
			return;
		t[cpu] = run->cev[0].t;
		khz[cpu] = run->cpus[cpu].khz0;
		busy[cpu] = -1;
	}
	for (i = 0; i < run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i];

		if (e->cpu >= run->nr_cpus)
			return;
		if (e->kind == UE_CPU_SWITCH && busy[e->cpu] < 0)
			busy[e->cpu] = e->prev != 0;
	}
	for (i = 0; i <= run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i < run->nr_cev ? i : i - 1];
		int from = i < run->nr_cev ? e->cpu : 0, to = i < run->nr_cev ? e->cpu + 1 : run->nr_cpus;

		/* Each CPU's time up to this event (after the last: every CPU's). */
		for (cpu = from; cpu < to; cpu++) {
			long uw = power_at(&run->cpus[cpu], khz[cpu]);

			if (busy[cpu] > 0) {
				if (uw < 0)
					return;
				uj[cpu] += (double)uw * (e->t - t[cpu]) / 1e6;
				us[cpu] += e->t - t[cpu];
			}
			t[cpu] = e->t;
		}
		if (i == run->nr_cev)
			break;
		if (e->kind == UE_CPU_OPP)
			khz[e->cpu] = e->v;
		else
			busy[e->cpu] = e->v != 0;
	}
	f->has_energy = 1;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		f->cpu_mj[cpu] = uj[cpu] / 1000;
		f->busy_ms[cpu] = us[cpu] / 1000;
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
static double speed_at(const struct ue_cpu *c, long khz)
{
	return (double)c->capacity * khz / c->ps[c->nr_ps - 1].khz;
}

/* Add @us of work to task @pid's; -1: more tasks than @tw holds. */
static int add_work(struct task_work *tw, int *n, long pid, double us)
{
	int i;

	for (i = 0; i < *n && tw[i].pid != pid; i++)
		;
	if (i == *n) {
		if (*n == UE_MAX_RAN)
			return -1;
		tw[(*n)++] = (struct task_work){ pid, 0 };
	}
	tw[i].work_us += us;
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
		for (i = 0; i < c->nr_ps && speed_at(c, c->ps[i].khz) < need; i++)
			;
		if (i == c->nr_ps)
			return -1;
		uw += c->ps[i].uw * u[cpu] / speed_at(c, c->ps[i].khz);
	}
	return uw;
}

void ue_optimal(const struct ue_run *run, struct ue_figures *f)
{
	struct task_work tw[UE_MAX_RAN];
	long pid[UE_MAX_CPUS], khz[UE_MAX_CPUS];
	long long t[UE_MAX_CPUS], duration, nplace = 1, p;
	double size[UE_MAX_TASKS], best = -1;
	int n = 0, nt = 0, cpu, i;

	if (!f->has_energy)
		return;
	for (cpu = 0; cpu < run->nr_cpus; cpu++) {
		if (!run->cpus[cpu].capacity)
			return;
		pid[cpu] = -1;
		khz[cpu] = run->cpus[cpu].khz0;
		t[cpu] = run->cev[0].t;
	}
	for (i = 0; i < run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i];

		if (e->kind == UE_CPU_SWITCH && pid[e->cpu] < 0)
			pid[e->cpu] = e->prev;
	}
	for (i = 0; i < run->nr_cev; i++) {
		const struct ue_cpu_event *e = &run->cev[i];

		cpu = e->cpu;
		if (pid[cpu] > 0 && add_work(tw, &n, pid[cpu], (e->t - t[cpu]) *
					      speed_at(&run->cpus[cpu], khz[cpu]) / 1024))
			return;
		t[cpu] = e->t;
		if (e->kind == UE_CPU_OPP)
			khz[cpu] = e->v;
		else
			pid[cpu] = e->v;
	}
	duration = run->cev[run->nr_cev - 1].t - run->cev[0].t;
	if (duration <= 0)
		return;
	/* The tasks of 1% of a CPU or more, as utilizations. */
	for (i = 0; i < n; i++) {
		double u = 1024 * tw[i].work_us / duration;

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
