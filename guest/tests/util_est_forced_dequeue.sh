#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The reproducer of the fixes' patch 2: a forced dequeue of a delayed task
# (here a class change, SCHED_FIFO and back) must not take its estimate
# out of its CPU's sum a second time. A hog with an estimate spins on one
# CPU beside a sleeper that comes and goes; the sleeper's class is flipped
# each time it has just gone to sleep (classflip), then it exits. The hog is then alone on its CPU, and the
# CPU's sum must hold exactly the hog's estimate, which no longer changes
# (the hog never sleeps). v6.12.118 removes the sleeper's estimate twice
# whenever a flip finds it delayed, and the sum stays short of the hog's
# estimate for as long as the hog runs; and it samples the sleeper a
# second time, at the forced dequeue, which the probe module counts as a
# sample taken outside the task's own context (util_est_tp's
# foreign_se_hits). Only v6.12's interfaces are used (sched/debug,
# /proc/PID/sched, sched_setscheduler(), its bare tracepoints), so the
# stock kernel runs it too, where it is expected to fail.
. /lib/tap.sh
. /lib/hog.sh
tap_plan 4

# This shell on CPU 0, the hog and the sleeper on the last CPU (nproc
# counts the CPUs this shell may use: read it before pinning).
cpu=$(($(nproc) - 1))
taskset -p 1 $$ >/dev/null
hog= ready=no	# hog_start sets $hog
hog_start $cpu && ready=yes

# The sleeper (classflip's own, on the hog's CPU): 0.5 ms of work, then a
# sleep, and right then a class change from another CPU, 2000 times.
ko=/lib/modules/$(uname -r)/extra/util_est_tp.ko
insmod $ko || echo "Bail out! cannot load $ko"
set -- $(classflip $cpu 2000)
sleeper=$1 flips=$2
foreign=$(cat /sys/module/util_est_tp/parameters/foreign_se_hits)
se=$(cat /sys/module/util_est_tp/parameters/se_hits)
rmmod util_est_tp
est=$(estimate $hog)
tap_diag "hog pid $hog on CPU $cpu, estimate $est; $flips class round trips of the sleeper"
tap_check "the hog built an estimate, and the sleeper's class was flipped" \
	sh -c "[ $ready = yes ] && [ '${flips:-0}' -eq 2000 ]"
tap_check "the sleeper is gone" [ ! -e /proc/$sleeper ]
tap_diag "util_est samples during the flips: $se, of which $foreign taken outside the sampled task's context"
tap_check "no forced dequeue took a util_est sample (samples in another task's context: ${foreign:-none})" \
	[ "${foreign:-1}" -eq 0 ]

# 50 snapshots of the CPU's root cfs_rq. When the hog is its only task
# (queued, not delayed), its sum must be the hog's estimate: a kworker
# passing through is queued too, and such a snapshot does not count.
i=0 alone=0 exact=0 last=
while [ $i -lt 50 ]; do
	set -- $(cpu_sum $cpu)
	if [ "$1" = 1 ]; then
		alone=$((alone + 1)) last=$2
		[ "$2" = "$est" ] && exact=$((exact + 1))
	fi
	usleep 1000; i=$((i + 1))
done
kill -KILL $hog
wait $hog 2>/dev/null
tap_diag "the hog alone in $alone of 50 snapshots, its estimate in $exact of them (last sum ${last:-none}, the hog's estimate $est)"
tap_check "CPU $cpu's sum is the hog's estimate when the hog is alone" \
	[ "$exact" -gt 0 ]
tap_done
