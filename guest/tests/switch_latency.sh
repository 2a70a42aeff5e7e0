#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What a switch of util_est's policy costs an RT task's wake-up while every
# CPU's runqueue holds a crowd of CFS tasks: cyclictest's worst latency,
# first with the crowd alone, then while the policy is switched SWITCHES
# times, in one boot. A switch that walks the runqueues with IRQs off
# (v2, and v3 before its switches walked nothing) delays the RT task by
# that walk; one that walks nothing does not. A measurement for
# out/stress.md (plan latency), not a pass/fail check: the results say
# only whether each phase was measured. Guest time, so TCG's pace counts.
# A third phase switches only among the policies that feed the RFC's
# estimators the same sample (analysis/policies' sample "dequeue"): they
# keep the same static keys, so its writes cost what a switch costs
# without text patching (the sums' check under SCHED_DEBUG, the locks),
# and the second phase's writes, beside them, what the patching adds.
# The script runs under SCHED_FIFO 50 (below cyclictest's 95): among 5000
# spinning tasks a CPU, a CFS shell would wait seconds for each turn and
# the 100 switches would take hours; the crowd sets itself back to CFS.
#
#   switch_latency [THREADS [SWITCHES]]     defaults: 200 and 100
#
# ue.latency_threads=N on the command line stands for THREADS: a run with
# another crowd is still the plan named latency in its record.
[ -n "$SWITCH_LATENCY_FIFO" ] || SWITCH_LATENCY_FIFO=50 exec fifo 50 /bin/sh "$0" "$@"
. /lib/tap.sh
. /lib/choices.sh
. /lib/table.sh
tap_plan 4

D=/sys/kernel/debug/sched
threads=${UE_LATENCY_THREADS:-${1:-200}} switches=${2:-100}
case $threads$switches in *[!0-9]*|'') echo "Bail out! THREADS and SWITCHES are numbers"; exit 2 ;; esac
loops=$((switches * 100))	# cyclictest wakes each ms: 100 ms a switch

# The crowd, on every CPU; cyclictest's thread on CPU 0 at RT priority 95.
# The kernel's thread limit scales with memory (a debug kernel's stacks are
# larger): raised for the crowd, restored afterwards.
max=/proc/sys/kernel/threads-max
old_max=$(cat $max)
[ "$old_max" -gt $((threads + 1000)) ] || echo $((threads + 1000)) >$max
uptime_s() { cut -d. -f1 /proc/uptime; }
t0=$(uptime_s)
crowd "$threads" >/tmp/crowd.out 2>&1 &
crowd=$!
until grep -q '^crowd:' /tmp/crowd.out 2>/dev/null; do
	kill -0 $crowd 2>/dev/null || break
	sleep 1
done
ready=$(cat /tmp/crowd.out)
tap_diag "switch_latency: the crowd took $(($(uptime_s) - t0)) s of guest time to form"
tap_check "the crowd runs ($ready)" [ "$ready" = "crowd: $threads threads" ]

# A watchdog at RT priority above the test's: while the test runs, every
# WATCH s of guest time, where each process other than the crowd stands
# (state, wait channel, kernel stack) and what each CPU runs, through the
# kernel log, which reaches the console even if the reader of the test's
# output is what waits. Its dump, at FIFO 99 through the serial console,
# delays cyclictest by up to seconds: WATCH (ue.latency_watch=S) is past
# the time a whole run takes on the debug kernel, so that it speaks only
# for a run that hangs (at 120 s it fired during the third phase of a
# normal debug run, and that phase's figures were its own).
watch=${UE_LATENCY_WATCH:-900}
rm -f /tmp/switch_latency.done
# shellcheck disable=SC2016 # (the watchdog's own variables)
SL_WATCH=$watch SL_CROWD=$crowd fifo 99 /bin/sh -c '
	n=0
	while [ $n -lt 5 ]; do
		sleep $SL_WATCH
		[ ! -e /tmp/switch_latency.done ] || exit 0
		n=$((n + 1))
		echo "switch_latency: watchdog $n, still running after $((n * SL_WATCH)) s" >/dev/kmsg
		for d in /proc/[0-9]*; do
			p=${d#/proc/}
			[ "$p" != "$SL_CROWD" ] || continue
			set -- $(cat $d/stat 2>/dev/null)
			[ $# -gt 3 ] || continue
			echo "switch_latency: pid $p $2 state $3 wchan $(cat $d/wchan 2>/dev/null)" >/dev/kmsg
			[ "$3" = R ] || [ "$3" = D ] || continue
			sed "s/^/switch_latency:   /" $d/stack >/dev/kmsg 2>/dev/null
		done
		grep -E "^cpu#|\.curr->pid|\.nr_running|\.nr_switches" /sys/kernel/debug/sched/debug |
			sed "s/^/switch_latency: /" >/dev/kmsg
	done' &
watchdog=$!

# cyclictest -q prints one line a thread at its end: "... Max: N".
latency() {
	cyclictest -q -m -p 95 -t 1 -a 0 -i 1000 -l "$loops" 2>/dev/null |
		sed -n 's/.*Min: *\([0-9]*\).*Avg: *\([0-9]*\).*Max: *\([0-9]*\).*/min_us=\1 avg_us=\2 max_us=\3/p'
}

quiet=$(latency)
kill -0 $crowd 2>/dev/null || quiet=
tap_diag "switch_latency: phase=quiet threads=$threads loops=$loops $quiet"
tap_check "cyclictest measured the crowd alone, the crowd running throughout" [ -n "$quiet" ]

# switching PHASE DESC NAME...: cyclictest while the policy is switched
# among the NAMEs, SWITCHES times; its line, and a check that it measured
# them with the crowd running throughout (and had two names at least).
switching() {
	sw_phase=$1 sw_desc=$2
	shift 2
	switches $D/util_est_policy "$switches" 100000 "$@" >/tmp/switches.out 2>&1 &
	switcher=$!
	sw_measured=$(latency)
	wait $switcher
	kill -0 $crowd 2>/dev/null || sw_measured=
	sw_written=$(cat /tmp/switches.out)
	tap_diag "switch_latency: phase=$sw_phase threads=$threads loops=$loops policies=$(echo "$@" | tr ' ' ,) $sw_written $sw_measured"
	tap_check "cyclictest measured $switches switches $sw_desc ($*), the crowd running throughout" \
		test -n "$sw_measured" -a "${sw_written%% *}" = "switches=$switches" -a $# -ge 2
}

names=$(tr -d '[]' <$D/util_est_policy)
# shellcheck disable=SC2086 # (a name a word)
switching switching "among every policy" $names
# The policies that keep the same keys: in the kernel's list and the
# table's, fed the dequeue sample.
same=
for n in $names; do
	[ "$(table_field /lib/policies sample "$n" 2>/dev/null)" != dequeue ] || same="$same $n"
done
# shellcheck disable=SC2086 # (a name a word)
switching samekeys "among policies with the same keys" $same
touch /tmp/switch_latency.done
kill $watchdog 2>/dev/null

kill $crowd
echo "$old_max" >$max
choice_reset $D/util_est_policy
tap_done
