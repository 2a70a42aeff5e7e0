#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# v6.12's bare tracepoints, sched_util_est_se_tp and sched_util_est_cfs_tp,
# still fire: a module hooks them while a task sleeps 20 times.
. /lib/tap.sh
tap_plan 3

ko=/lib/modules/$(uname -r)/extra/util_est_tp.ko
P=/sys/module/util_est_tp/parameters
tap_check "the probe module loads" insmod $ko
i=0; while [ $i -lt 20 ]; do usleep 2000; i=$((i + 1)); done
se=$(cat $P/se_hits 2>/dev/null || echo 0)
cfs=$(cat $P/cfs_hits 2>/dev/null || echo 0)
rmmod util_est_tp
tap_diag "se_hits $se, cfs_hits $cfs"
tap_check "sched_util_est_se_tp fires at each dequeue for sleep (>= 20)" [ "$se" -ge 20 ]
tap_check "sched_util_est_cfs_tp fires at each enqueue and dequeue (>= 40)" [ "$cfs" -ge 40 ]
tap_done
