/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The series' sched_setattr() ABI for a task's own util_est policy
 * (include/uapi/linux/sched.h, sched/types.h: SCHED_FLAG_UTIL_EST,
 * SCHED_ATTR_SIZE_VER2, SCHED_UTIL_EST_*), spelled out: the guest's
 * programs build against the host's headers, which predate it.
 */
#ifndef UTIL_EST_ATTR_H
#define UTIL_EST_ATTR_H

#include <stdint.h>
#include <unistd.h>
#include <sys/syscall.h>

struct util_est_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
	uint32_t sched_util_min, sched_util_max;
	uint32_t sched_util_est, sched_util_est_pad;
};
_Static_assert(sizeof(struct util_est_attr) == 64, "SCHED_ATTR_SIZE_VER2");

#define UTIL_EST_KEEP_ALL	0x18	/* SCHED_FLAG_KEEP_POLICY | _KEEP_PARAMS */
#define UTIL_EST_FLAG		0x80	/* SCHED_FLAG_UTIL_EST */

/* Indexed by SCHED_UTIL_EST_* value. */
static const char * const util_est_own_names[] = {
	"system", "none", "mainline", "max_ewma_last", "ewma", "last", "avg_enq_deq",
};
#define UTIL_EST_NR_OWN	(sizeof(util_est_own_names) / sizeof(util_est_own_names[0]))

/* Give @pid (0: the caller) its own policy @own: 0, or -1 and errno. */
static inline int util_est_set_own(pid_t pid, unsigned int own)
{
	struct util_est_attr attr = {
		.size = sizeof(attr),
		.sched_flags = UTIL_EST_KEEP_ALL | UTIL_EST_FLAG,
		.sched_util_est = own,
	};

	return syscall(SYS_sched_setattr, pid, &attr, 0);
}

#endif /* UTIL_EST_ATTR_H */
