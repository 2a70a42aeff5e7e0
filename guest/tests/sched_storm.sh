#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The storm (guest/programs/ue_storm.c): hackbench, stress-ng and rt-app
# periodic tasks under policy switches, UTIL_EST toggles, PELT multiplier
# changes, CPU hotplug, cgroup moves with CFS bandwidth, affinity, nice
# and class changes, fork/exit and sched/debug readers, with quiet points
# at which every empty CPU's root cfs_rq must hold a util_est of 0.
#
# Meanwhile the util_est events are traced with filters that keep only
# impossible values: a task's estimate or util_avg above 1024, a CPU's sum
# above 1024 x the most tasks the guest may have (kernel.threads-max is
# lowered for the storm): a sum that underflowed shows up there. Before the
# storm, a filter every event passes shows that the trace records.
#
# The kernel's own checks (lockdep, KASAN, UBSAN, KCSAN, with panic_on_warn)
# judge the rest: the host's verdict fails the boot on any report.
#
# The stock kernel runs it too, without what it lacks (the selectors, the
# events): there the quiet points find v6.12's residue of a UTIL_EST
# toggle under enqueued tasks, which the series fixes.
#
#   sched_storm [SECONDS [SEED]]   (guest time; ue.storm_secs=N and
#                                   ue.storm_seed=N override them;
#                                   ue.storm_actors=a,b runs only those)
#
# A residue is explained by what sched/debug shows of its CPU and by the
# last CPU events, from a second trace instance that keeps them all.
. /lib/tap.sh
. /lib/kv.sh
. /lib/choices.sh
tap_plan 7

secs=${UE_STORM_SECS:-${1:-120}}
seed=${UE_STORM_SEED:-${2:-20261206}}
case $secs$seed in ''|*[!0-9]*) echo "Bail out! SECONDS and SEED must be numbers, not '$secs' '$seed'"; exit 2 ;; esac
D=/sys/kernel/debug/sched
T=/sys/kernel/tracing
E=$T/events/util_est
ko=/lib/modules/$(uname -r)/extra/util_est_events.ko
series=
[ -f $D/util_est_policy ] && series=1
[ -z "$series" ] || [ -d $E ] || insmod $ko || { echo "Bail out! cannot load $ko"; exit 1; }

tasks_max=1024
sum_bound=$((1024 * tasks_max))
threads_max=$(cat /proc/sys/kernel/threads-max)
echo $tasks_max >/proc/sys/kernel/threads-max
echo 4096 >$T/buffer_size_kb

# trace ON|OFF: the events, with filters that keep only what cannot be.
trace() {
	[ -n "$series" ] || return 0
	echo "$1" >$E/util_est_sample/enable
	echo "$1" >$E/util_est_cpu/enable
}
if [ -n "$series" ]; then
	# The trace records: with a filter every CPU event passes, a few
	# sleeps leave events behind.
	echo 'util_est >= 0' >$E/util_est_cpu/filter
	echo 1 >$E/util_est_cpu/enable
	: >$T/trace
	i=0; while [ $i -lt 10 ]; do usleep 1000; i=$((i + 1)); done
	probe=$(grep -c 'util_est_cpu:' $T/trace)
	tap_check "the trace records util_est events (a filter that takes all: $probe events)" [ "$probe" -gt 0 ]
	echo "util_est > $sum_bound" >$E/util_est_cpu/filter
	echo 'util_avg > 1024 || ewma > 1024 || last > 1024 || ewma_fastup > 1024' >$E/util_est_sample/filter
	: >$T/trace
else
	tap_skip "the trace records util_est events" "a kernel without the series has none"
fi
# Every CPU event, in an instance of its own, to explain a residue.
I=$T/instances/storm
mkdir -p $I
[ -z "$series" ] || { echo 8192 >$I/buffer_size_kb; echo 1 >$I/events/util_est/util_est_cpu/enable; }
trace 1
rc=0
ue_storm -s "$seed" -t "$secs" -q 10 ${UE_STORM_ACTORS:+-a "$UE_STORM_ACTORS"} \
	-x 'hackbench -p -g 2 -f 5 -l 200 >/dev/null 2>&1' \
	-x 'stress-ng --cpu 1 --fork 1 --switch 1 --schedpolicy 1 --timeout 10 --temp-path /tmp --quiet >/dev/null 2>&1' \
	-x 'rt-app /root/storm.json >/dev/null 2>&1' >/tmp/storm.out 2>&1 || rc=$?
trace 0
[ -z "$series" ] || echo 0 >$I/events/util_est/util_est_cpu/enable
sed 's/^/# /' /tmp/storm.out
# explain CPU: its last events (a switch recomputes the sums without one).
explain() {
	grep "util_est_cpu: cpu=$1 " $I/trace >/tmp/storm.cpu
	echo "cpu$1: $(wc -l </tmp/storm.cpu) events kept; the last 15:"
	tail -n 15 /tmp/storm.cpu
}
if [ -n "$series" ]; then
	for cpu in $(sed -n 's/^storm: quiet point [0-9]*: cpu\([0-9]*\) .*/\1/p' /tmp/storm.out | sort -u); do
		explain "$cpu" | sed 's/^/# /'
	done
fi
over=$(grep -c 'util_est_' $T/trace)
echo $threads_max >/proc/sys/kernel/threads-max
if [ -n "$series" ]; then
	choice_reset $D/util_est_policy $D/util_est_sample
	echo 1 >$D/pelt_multiplier
fi

summary=$(grep '^storm: policy_switches=' /tmp/storm.out)
value() { echo "$summary" | kv "$1"; }
tap_check "the storm ran its course and told its counts (exit status $rc)" [ -n "$summary" ]
residue() { [ -n "$summary" ] && [ "$(value idle_residues)" -eq 0 ] && [ "$(value idle_checks)" -gt 0 ]; }
tap_check "every CPU seen empty at a quiet point held a util_est of 0 ($(value idle_checks) checks)" residue
tap_check "no write the storm had to make failed ($(value errors) errors)" [ "$(value errors)" = 0 ]
# What each actor counts: those that ran must have acted.
actor_counts() {
	case $1 in
	policy) [ -z "$series" ] || echo policy_switches sample_switches ;;
	pelt) [ -z "$series" ] || echo pelt_switches ;;
	toggle) echo util_est_toggles ;;
	hotplug) echo hotplug_cycles ;;
	cgroup) echo cgroup_moves bandwidth_changes ;;
	attr) echo affinity_changes nice_changes class_changes
		[ -z "$series" ] || echo own_policy_changes ;;
	forker) echo forks ;;
	reader) echo debug_reads ;;
	esac
}
idle=
for a in $(echo "${UE_STORM_ACTORS:-policy,toggle,pelt,hotplug,cgroup,attr,forker,reader}" | tr , ' '); do
	for c in $(actor_counts "$a"); do
		[ "$(value "$c")" != 0 ] || idle="$idle $c"
	done
done
[ "$(value command_starts)" != 0 ] || idle="$idle command_starts"
tap_check "every actor acted${idle:+ (none of:$idle)}" [ -z "$idle" ]
if [ -n "$series" ]; then
	[ "$over" -eq 0 ] || grep 'util_est_' $T/trace | head -n 5 | sed 's/^/# /'
	tap_check "no estimate above 1024, no CPU sum above $sum_bound in the trace ($over events)" [ "$over" -eq 0 ]
else
	tap_skip "no estimate above 1024 in the trace" "a kernel without the series has no events"
fi
state_restored() {
	grep -qw UTIL_EST $D/features && { [ -z "$series" ] ||
		[ "$(choice_current $D/util_est_policy)" = "$(choice_default $D/util_est_policy)" ]; }
}
tap_check "util_est is on${series:+, under the default policy,} at the end" state_restored
tap_done
