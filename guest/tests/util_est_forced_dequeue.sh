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
tap_plan 4

D=/sys/kernel/debug/sched
# This shell on CPU 0, the hog and the sleeper on the last CPU (nproc
# counts the CPUs this shell may use: read it before pinning).
cpu=$(($(nproc) - 1))
taskset -p 1 $$ >/dev/null
rm -f /tmp/ue_fd_spin /tmp/ue_fd_spinning

estimate() { awk '$1 == "se.avg.util_est" { print $3 % 2147483648 }' /proc/$1/sched; }

# The hog builds an estimate with short activations, then spins for good.
(
	while [ ! -e /tmp/ue_fd_spin ]; do
		j=0; while [ $j -lt 3000 ]; do j=$((j + 1)); done
		usleep 2000
	done
	: >/tmp/ue_fd_spinning
	while :; do :; done
) &
hog=$!
taskset -p $((1 << cpu)) $hog >/dev/null
i=0 est=0
while [ $i -lt 1000 ]; do
	est=$(estimate $hog)
	[ "${est:-0}" -ge 100 ] && break
	usleep 10000; i=$((i + 1))
done
: >/tmp/ue_fd_spin
i=0
while [ ! -e /tmp/ue_fd_spinning ] && [ $i -lt 1000 ]; do usleep 10000; i=$((i + 1)); done

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
	sh -c "[ '${est:-0}' -ge 100 ] && [ '${flips:-0}' -eq 2000 ]"
tap_check "the sleeper is gone" [ ! -e /proc/$sleeper ]
tap_diag "util_est samples during the flips: $se, of which $foreign taken outside the sampled task's context"
tap_check "no forced dequeue took a util_est sample (samples in another task's context: ${foreign:-none})" \
	[ "${foreign:-1}" -eq 0 ]

# 50 snapshots of the CPU's root cfs_rq. When the hog is its only task
# (queued, not delayed), its sum must be the hog's estimate: a kworker
# passing through is queued too, and such a snapshot does not count.
i=0 alone=0 exact=0 last=
while [ $i -lt 50 ]; do
	snap=$(awk -v c="cfs_rq[$cpu]:/" '
		$0 == c { root = 1; next }
		/^cfs_rq\[/ { root = 0 }
		root && $1 == ".h_nr_queued" { q = $3 }
		root && $1 == ".h_nr_delayed" { d = $3 }
		root && $1 == ".util_est" { est = $3 }
		END { print q - d, est }' $D/debug)
	set -- $snap
	if [ "$1" = 1 ]; then
		alone=$((alone + 1)) last=$2
		[ "$2" = "$est" ] && exact=$((exact + 1))
	fi
	usleep 1000; i=$((i + 1))
done
kill -KILL $hog
wait $hog 2>/dev/null
rm -f /tmp/ue_fd_spin /tmp/ue_fd_spinning
tap_diag "the hog alone in $alone of 50 snapshots, its estimate in $exact of them (last sum ${last:-none}, the hog's estimate $est)"
tap_check "CPU $cpu's sum is the hog's estimate when the hog is alone" \
	[ "$exact" -gt 0 ]
tap_done
