#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Turning UTIL_EST off while a task with an estimate is enqueued, then
# letting that task go: its CPU's root cfs_rq must end at a util_est of 0
# once the CPU is empty. v6.12 skips util_est_dequeue() while the feature
# is off, so the task's share stays in the sum for good; the fixes' patch
# 4 keeps the sums whatever the feature says. The reproducer of that
# patch: only v6.12's interfaces are used (features, sched/debug,
# /proc/PID/sched), so the stock kernel runs it too, and fails it.
. /lib/tap.sh
. /lib/hog.sh
tap_plan 3

D=/sys/kernel/debug/sched
# This shell and its snapshots on CPU 0, the hog on the last: a reader the
# scheduler put on the hog's CPU (EAS does, where the last CPU is the big
# one) would keep it from ever being seen empty. (nproc counts the CPUs
# this shell may use: read it before pinning.)
cpu=$(($(nproc) - 1))
taskset -p 1 $$ >/dev/null

echo UTIL_EST >$D/features
hog= ready=no	# hog_start sets $hog
hog_start $cpu && ready=yes
est=$(estimate $hog)
tap_diag "hog pid $hog on CPU $cpu: estimate $est, spinning"
tap_check "the hog built an estimate and is spinning" [ $ready = yes ]

echo NO_UTIL_EST >$D/features
kill -KILL $hog
wait $hog 2>/dev/null
echo UTIL_EST >$D/features
tap_check "the hog is gone" [ ! -e /proc/$hog ]

# The hog's CPU, empty: its smallest sum over 50 snapshots when it had
# no task in it (a kworker passing through adds only for a while).
i=0 min= empty=0
while [ $i -lt 50 ]; do
	set -- $(cpu_sum $cpu)
	if [ "$1" = 0 ]; then
		empty=$((empty + 1))
		{ [ -z "$min" ] || [ "$2" -lt "$min" ]; } && min=$2
	fi
	usleep 1000; i=$((i + 1))
done
tap_diag "CPU $cpu empty in $empty of 50 snapshots, smallest util_est ${min:-none} (the hog's estimate was $est)"
clean() { [ "$empty" -gt 0 ] && [ "$min" = 0 ]; }
tap_check "CPU $cpu's util_est is 0 once empty" clean
tap_done
