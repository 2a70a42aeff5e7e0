/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ue_figures: the figures of one run (struct ue_run), each family computed
 * by a function of its own into struct ue_figures. See ue_figures.c, and
 * ue_energy.c for the energy.
 */
#ifndef UE_FIGURES_H
#define UE_FIGURES_H

#include "ue_data.h"
#include "ue_model.h"

#define UE_MAX_OPPS	32
#define UE_MAX_ACTS	4096

struct ue_figures {
	/* ue_activations(): from the task's switches on its CPU */
	int acts;
	double act_ms[UE_MAX_ACTS];	/* in order */
	double act_mean_ms, act_min_ms, act_max_ms;
	/* ue_residency(): its run time at each OPP of its CPU */
	int nr_opps;
	long opps[UE_MAX_OPPS];
	double opp_pct[UE_MAX_OPPS];
	double run_ms, top_pct;
	int opp_changes;
	double opp_per_s;		/* over the trace, from its first event to its last */
	long long t0;			/* the task's first run on its CPU, us */
	/* ue_signals(): util_avg and the estimate, kernel and model */
	int samples;
	long util_dq_min, util_dq_max, util_wake_min, est_min, est_max;
	int has_est;
	double util_mean, util_dq_mean, est_mean;	/* over the steady samples */
	long err_util, err_ewma, err_last;
	/* ue_wakeups(): what each wakeup after a sleep brings */
	int wakes, wakes_est, wakes_eq, wakes_ask;
	double wake_util, wake_est, wake_mhz, wake_ask_mhz;
	/* ue_migrations(): enqueues on another CPU than the last dequeue */
	int migs, migs_kept;
	/* ue_convergence(): after a change of size at activation N */
	int switch_at, mark;
	int has_before, has_mark;
	long est_before, est_mark, size;
	int est_known;			/* an estimate to follow: samples, or PELT */
	int conv_est, conv_util, prov_est, prov_util;	/* -1: never */
	/* ue_deadlines(): activations on any CPU against the period */
	long period_us;			/* 0: no period given */
	int dl_acts, dl_missed, dl_big;
	double dl_miss_pct, dl_slack_ms, dl_big_pct;
	int has_place;			/* the CPUs' capacities are known */
	/* ue_energy(): every CPU's, from the guest's energy model */
	int has_energy;
	double energy_mj, cpu_mj[UE_MAX_CPUS], busy_ms[UE_MAX_CPUS];
	/* ue_optimal(): the model's energy at the best placement */
	int has_opt, opt_tasks;
	double opt_mj, energy_vs_opt;
	/* ue_rampup(): from the burst's first switch-in */
	int has_burst;			/* a burst was found */
	int ramp_known;			/* an estimate to follow: samples, or PELT */
	int ramp_reached;		/* the estimate reached the threshold in the burst */
	double ramp_ms, burst_ms;	/* to the threshold; to the burst's end */
};

/*
 * One step of a run's replay through the model: an event of the task,
 * with PELT and the estimator as ue_model.c has them around it.
 */
struct ue_step {
	const struct ue_run *run;
	const struct ue_event *e;
	const struct ue_model *before;	/* the model up to the event */
	const struct ue_model *after;	/* and after it */
	long long prev_t;		/* ns, the previous switch; -1 */
	int ran;			/* the task ran from prev_t to the event */
	int k;				/* activations completed before this one */
	int steady_from;		/* the second half of the activations */
	int has_samples;		/* the kernel traced samples */
	int wake;			/* an IN that ends a sleep, not the first */
	int model_sample;		/* a SLEEP the model samples (no samples) */
	int anchor;			/* the model was anchored at this event */
	long long pelt_t;		/* ns, PELT's clock at the event, as the model takes it */
};

typedef void (*ue_step_fn)(const struct ue_step *s, void *arg);
void ue_replay(const struct ue_run *run, ue_step_fn fn, void *arg);

/* The OPP of the run's CPU at @t_us. */
long ue_opp_at(const struct ue_run *run, long long t_us);

void ue_activations(const struct ue_run *run, int first_n, struct ue_figures *f);
void ue_residency(const struct ue_run *run, struct ue_figures *f);
void ue_signals(const struct ue_run *run, struct ue_figures *f);
void ue_wakeups(const struct ue_run *run, struct ue_figures *f);
void ue_migrations(const struct ue_run *run, struct ue_figures *f);
void ue_convergence(const struct ue_run *run, int switch_at, int mark, struct ue_figures *f);
void ue_deadlines(const struct ue_run *run, long period_us, struct ue_figures *f);
/*
 * ue_rampup() - how fast the task's estimate follows a burst
 * @burst_at:	the burst is activation @burst_at + 1; 0: the activation that
 *		follows the run's longest sleep
 * @ramp:	the threshold, of 1024; 0: no ramp figure
 */
void ue_rampup(const struct ue_run *run, int burst_at, long ramp, struct ue_figures *f);

/* ue_energy.c */
void ue_energy(const struct ue_run *run, struct ue_figures *f);
void ue_optimal(const struct ue_run *run, struct ue_figures *f);
/* A CPU's speed at an OPP (kHz), of 1024: its capacity * f / fmax (needs its model). */
double ue_speed(const struct ue_cpu *c, long khz);

/* Every family, as the report and the thresholds read them. */
void ue_figures(const struct ue_run *run, int first_n, int switch_at, int mark,
		long period_us, int burst_at, long ramp, struct ue_figures *f);

#endif
