/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events for util_est's bare tracepoints: what trace-cmd records in
 * the experiments. The scheduler exports tracepoints, not events; this
 * module, outside the series, makes events of them.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM util_est

#if !defined(_UTIL_EST_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _UTIL_EST_EVENTS_H

#include <linux/sched.h>
#include <linux/tracepoint.h>

/*
 * A task's sample, once every estimator in use has taken it, and the
 * task's own policy (a SCHED_UTIL_EST_* value, 0: the system's).
 */
TRACE_EVENT(util_est_sample,
	TP_PROTO(struct task_struct *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__array(char, comm, TASK_COMM_LEN)
		__field(pid_t, pid)
		__field(int, cpu)
		__field(unsigned long, util_avg)
		__field(unsigned int, ewma)
		__field(unsigned int, last)
		__field(unsigned int, ewma_fastup)
		__field(unsigned int, own)
	),
	TP_fast_assign(
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->pid = p->pid;
		__entry->cpu = task_cpu(p);
		__entry->util_avg = READ_ONCE(p->se.avg.util_avg);
		__entry->ewma = READ_ONCE(p->se.util_est_ewma);
		__entry->last = READ_ONCE(p->se.util_est_last);
		__entry->ewma_fastup = READ_ONCE(p->se.avg.util_est) & ~UTIL_AVG_UNCHANGED;
		__entry->own = READ_ONCE(p->se.util_est_policy);
	),
	TP_printk("comm=%s pid=%d cpu=%d util_avg=%lu ewma=%u last=%u ewma_fastup=%u own=%u",
		  __entry->comm, __entry->pid, __entry->cpu, __entry->util_avg,
		  __entry->ewma, __entry->last, __entry->ewma_fastup, __entry->own)
);

/*
 * A task entered (delta > 0) or left CPU cpu's sum, now util_est; delta is
 * the sum's change since the CPU's last event (util_est_events.c).
 */
TRACE_EVENT(util_est_cpu,
	TP_PROTO(struct task_struct *p, int cpu, int delta, unsigned int util_est),
	TP_ARGS(p, cpu, delta, util_est),
	TP_STRUCT__entry(
		__field(int, cpu)
		__field(pid_t, pid)
		__field(int, delta)
		__field(unsigned int, util_est)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->pid = p->pid;
		__entry->delta = delta;
		__entry->util_est = util_est;
	),
	TP_printk("cpu=%d pid=%d delta=%d util_est=%u",
		  __entry->cpu, __entry->pid, __entry->delta, __entry->util_est)
);

#endif /* _UTIL_EST_EVENTS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE util_est_events
#include <trace/define_trace.h>
