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
tap_plan 3

D=/sys/kernel/debug/sched
# This shell and its snapshots on CPU 0, the worker on the last: a reader
# the scheduler put on the worker's CPU (EAS does, where the last CPU is
# the big one) would keep it from ever being seen empty. (nproc counts the
# CPUs this shell may use: read it before pinning.)
cpu=$(($(nproc) - 1))
taskset -p 1 $$ >/dev/null
rm -f /tmp/ue_flip_spin /tmp/ue_flip_spinning

# estimate PID: the task's own util_est, as /proc/PID/sched shows it.
estimate() { awk '$1 == "se.avg.util_est" { print $3 }' /proc/$1/sched; }

# The worker builds an estimate with short run/sleep activations (it sleeps
# waiting for usleep), then, told to, spins without ever sleeping again:
# from then on it stays enqueued on its CPU.
echo UTIL_EST >$D/features
(
	while [ ! -e /tmp/ue_flip_spin ]; do
		j=0; while [ $j -lt 3000 ]; do j=$((j + 1)); done
		usleep 2000
	done
	: >/tmp/ue_flip_spinning
	while :; do :; done
) &
worker=$!
taskset -p $((1 << cpu)) $worker >/dev/null

# Wait (10 s at most) for an estimate worth measuring, then for the spin.
i=0 est=0
while [ $i -lt 1000 ]; do
	est=$(estimate $worker)
	[ "${est:-0}" -ge 100 ] && break
	usleep 10000; i=$((i + 1))
done
: >/tmp/ue_flip_spin
i=0
while [ ! -e /tmp/ue_flip_spinning ] && [ $i -lt 1000 ]; do usleep 10000; i=$((i + 1)); done
est=$(estimate $worker)
tap_diag "worker pid $worker on CPU $cpu: estimate $est, spinning"
ready() { [ -e /tmp/ue_flip_spinning ] && [ "${est:-0}" -ge 100 ]; }
tap_check "the worker built an estimate and is spinning" ready

echo NO_UTIL_EST >$D/features
kill -KILL $worker
wait $worker 2>/dev/null
echo UTIL_EST >$D/features
tap_check "the worker is gone" [ ! -e /proc/$worker ]

# The worker's CPU, empty: its smallest sum over 50 snapshots when it had
# nothing queued (a kworker passing through adds only for a while).
i=0 min= empty=0
while [ $i -lt 50 ]; do
	snap=$(awk -v c="cfs_rq[$cpu]:/" '
		$0 == c { root = 1; next }
		/^cfs_rq\[/ { root = 0 }
		root && $1 == ".nr_running" { nr = $3 }
		root && $1 == ".util_est" { est = $3 }
		END { print nr, est }' $D/debug)
	set -- $snap
	if [ "$1" = 0 ]; then
		empty=$((empty + 1))
		{ [ -z "$min" ] || [ "$2" -lt "$min" ]; } && min=$2
	fi
	usleep 1000; i=$((i + 1))
done
tap_diag "CPU $cpu empty in $empty of 50 snapshots, smallest util_est ${min:-none} (the worker's estimate was $est)"
clean() { [ "$empty" -gt 0 ] && [ "$min" = 0 ]; }
tap_check "CPU $cpu's util_est is 0 once empty" clean
rm -f /tmp/ue_flip_spin /tmp/ue_flip_spinning
tap_done
