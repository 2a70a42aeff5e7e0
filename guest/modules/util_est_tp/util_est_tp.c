// SPDX-License-Identifier: GPL-2.0
/*
 * Counts hits on v6.12's bare util_est tracepoints, the hooks out-of-tree
 * tools (LISA's sched_tp, for one) attach to: the series must keep firing
 * them. Loaded in the guest only; the counts are module parameters:
 *
 *   /sys/module/util_est_tp/parameters/{se,cfs}_hits
 *   /sys/module/util_est_tp/parameters/foreign_se_hits
 *
 * A task's util_est sample is taken when it goes to sleep, in its own
 * context. foreign_se_hits counts the samples of a task taken while
 * another runs: dequeues forced by another (a class change,
 * wait_task_inactive()), which sample the task a second time on 6.12.118
 * (the fixes' patch 2).
 */
#include <linux/atomic.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

static atomic_t se_hits = ATOMIC_INIT(0);
static atomic_t cfs_hits = ATOMIC_INIT(0);
static atomic_t foreign_se_hits = ATOMIC_INIT(0);

/* The tracepoint fires for a task's entity only (util_est_update()). */
static void probe_se(void *data, struct sched_entity *se)
{
	atomic_inc(&se_hits);
	if (container_of(se, struct task_struct, se) != current)
		atomic_inc(&foreign_se_hits);
}

static void probe_cfs(void *data, struct cfs_rq *cfs_rq)
{
	atomic_inc(&cfs_hits);
}

static int get_hits(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops hits_ops = {
	.get = get_hits,
};

module_param_cb(se_hits, &hits_ops, &se_hits, 0444);
MODULE_PARM_DESC(se_hits, "sched_util_est_se_tp hits since load");
module_param_cb(cfs_hits, &hits_ops, &cfs_hits, 0444);
MODULE_PARM_DESC(cfs_hits, "sched_util_est_cfs_tp hits since load");
module_param_cb(foreign_se_hits, &hits_ops, &foreign_se_hits, 0444);
MODULE_PARM_DESC(foreign_se_hits, "sched_util_est_se_tp hits for a task other than current");

static int __init util_est_tp_init(void)
{
	int ret;

	ret = register_trace_sched_util_est_se_tp(probe_se, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_util_est_cfs_tp(probe_cfs, NULL);
	if (ret)
		unregister_trace_sched_util_est_se_tp(probe_se, NULL);
	return ret;
}

static void __exit util_est_tp_exit(void)
{
	unregister_trace_sched_util_est_cfs_tp(probe_cfs, NULL);
	unregister_trace_sched_util_est_se_tp(probe_se, NULL);
	tracepoint_synchronize_unregister();
}

module_init(util_est_tp_init);
module_exit(util_est_tp_exit);
MODULE_DESCRIPTION("Counts hits on the bare util_est tracepoints");
MODULE_LICENSE("GPL");
