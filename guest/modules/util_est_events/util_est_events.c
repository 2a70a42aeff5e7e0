// SPDX-License-Identifier: GPL-2.0
/*
 * Turns the series' bare util_est tracepoints into trace events,
 * util_est:util_est_sample and util_est:util_est_cpu, for trace-cmd: load
 * it, then record -e util_est. Loaded in the guest only.
 */
#include <linux/module.h>
#include <linux/tracepoint.h>
/* The scheduler's tracepoints, declared before this module creates its own. */
#include <trace/events/sched.h>

#define CREATE_TRACE_POINTS
#include "util_est_events.h"

static void probe_sample(void *data, struct task_struct *p)
{
	trace_util_est_sample(p);
}

/*
 * Each CPU's root cfs_rq sum as its last event left it. The tracepoint
 * gives the sched_avg whose sum it has just written, on the task's CPU,
 * and the sum changes nowhere else, so the difference from the last is
 * what the task added (> 0) or removed. A CPU's events come under its
 * runqueue lock, one at a time. Its first since the module was loaded has
 * no last sum: 0.
 */
static unsigned int last_sum[NR_CPUS];
static bool seen[NR_CPUS];

static void probe_cpu(void *data, struct task_struct *p, const struct sched_avg *avg)
{
	int cpu = task_cpu(p);
	unsigned int sum = READ_ONCE(avg->util_est);
	int delta = seen[cpu] ? (int)(sum - last_sum[cpu]) : 0;

	last_sum[cpu] = sum;
	seen[cpu] = true;
	trace_util_est_cpu(p, cpu, delta, sum);
}

static int __init util_est_events_init(void)
{
	int ret;

	ret = register_trace_sched_util_est_sample_tp(probe_sample, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_util_est_cpu_tp(probe_cpu, NULL);
	if (ret)
		unregister_trace_sched_util_est_sample_tp(probe_sample, NULL);
	return ret;
}

static void __exit util_est_events_exit(void)
{
	unregister_trace_sched_util_est_cpu_tp(probe_cpu, NULL);
	unregister_trace_sched_util_est_sample_tp(probe_sample, NULL);
	tracepoint_synchronize_unregister();
}

module_init(util_est_events_init);
module_exit(util_est_events_exit);
MODULE_DESCRIPTION("Trace events for the scheduler's util_est tracepoints");
MODULE_LICENSE("GPL");
