#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench: what util_est costs. hackbench (threads over pipes, as the RFC's
# perf bench sched messaging --pipe --thread) and a ping-pong over a pipe
# pinned to one CPU (perf bench sched pipe), under each setting in turn,
# the settings' order rotated from one round to the next; round 0 is a
# warm-up. The parameters come from the kernel command line
# (harness/bench.sh):
#
#   ue.bench_rounds=N   rounds, the warm-up included
#   ue.bench_groups=G,G hackbench's group counts (40 tasks each)
#   ue.bench_loops=L    hackbench's loops
#   ue.bench_pipe=P     the ping-pong's round trips
#   ue.bench_keys=on    first give this shell a policy of its own, "system"
#                       (util_est_task): tasks' own policies' keys go on for
#                       good, so the settings cost what they cost once any
#                       task has been given one; the block's kernel is
#                       RELEASE+keys
#
# The settings: off (NO_UTIL_EST), then on the patched kernel each util_est
# policy, on the stock kernel "on" (its util_est as it ships); on the
# patched kernel, off and the default policy run once the lab's static keys
# are off again (without ue.bench_keys=on). Each run goes to the data port
# (ttyS1):
#
#   === bench kernel=R smp=N begin ===
#   B round=R setting=S workload=hackbench|pipe groups=G value=V ctxt=C idle_pct=I
#   M setting=S groups=G migrations=N switches=N    (one traced run each)
#   === bench kernel=R smp=N end ===
#
# value: hackbench's time in ns (guest/programs/elapsed), the ping-pong's
# us per round trip (two wakeups and two sleeps); ctxt: context switches in the run; idle_pct:
# the CPUs' idle share of it.
. /lib/tap.sh
. /lib/kv.sh
. /lib/choices.sh
rounds=${UE_BENCH_ROUNDS:-11} loops=${UE_BENCH_LOOPS:-5} pipe=${UE_BENCH_PIPE:-10000}
groups=$(echo "${UE_BENCH_GROUPS:-1,10,40}" | tr , ' ')
D=/sys/kernel/debug/sched
if [ -f $D/util_est_policy ]; then
	settings="off $(tr -d '[]' <$D/util_est_policy)"	# the kernel's policies
else
	settings="off on"
fi
nset=$(echo $settings | wc -w)
kernel=$(uname -r)
if [ "${UE_BENCH_KEYS:-}" = on ]; then
	echo "$$ system" >$D/util_est_task || { echo "Bail out! ue.bench_keys=on needs util_est_task"; exit 1; }
	kernel=$kernel+keys
fi
tap_plan $((rounds + 1))
stty -F /dev/ttyS1 clocal raw -echo || { echo "Bail out! no data port /dev/ttyS1"; exit 1; }
exec 3>/dev/ttyS1

# apply SETTING; off and the default policy (the first listed) are also
# waited on until the lab's keys are off, so that they measure the code
# v6.12 runs, unless ue.bench_keys=on keeps keys on for good.
apply() {
	case $1 in
	off) echo NO_UTIL_EST >$D/features &&
		{ [ ! -f $D/util_est_policy ] || choice_reset $D/util_est_policy; } ;;
	on) echo UTIL_EST >$D/features ;;
	*) echo UTIL_EST >$D/features && echo "$1" >$D/util_est_policy ;;
	esac || return 1
	[ "${UE_BENCH_KEYS:-}" != on ] && [ -f $D/util_est_policy ] || return 0
	[ "$(choice_current $D/util_est_policy)" = "$(choice_default $D/util_est_policy)" ] || return 0
	lab_keys_off $D
}
# "ctxt idle total" from /proc/stat.
procstat() { awk '$1 == "ctxt" { c = $2 } $1 == "cpu" { for (i = 2; i <= NF; i++) t += $i; i = $5 }
	END { print c, i, t }' /proc/stat; }
# run SETTING ROUND WORKLOAD GROUPS COMMAND...: the command's figure, with
# what the run cost in switches and idle time, to the data port.
run() {
	set_=$1 round=$2 w=$3 g=$4; shift 4
	read -r c0 i0 t0 <<EOT
$(procstat)
EOT
	out=$("$@" 2>&1)
	read -r c1 i1 t1 <<EOT
$(procstat)
EOT
	case $w in
	hackbench) v=$(echo "$out" | kv elapsed_ns) ;;
	pipe) v=$(echo "$out" | sed -n 's/^ *\([0-9.]*\) usecs\/op.*/\1/p') ;;
	esac
	[ -n "$v" ] || { echo "# $w under $set_: no figure in: $out" | head -n 3; return 1; }
	echo "B round=$round setting=$set_ workload=$w groups=$g value=$v ctxt=$((c1 - c0))" \
		"idle_pct=$(awk -v i=$((i1 - i0)) -v t=$((t1 - t0)) 'BEGIN { printf "%.1f", t ? 100 * i / t : 0 }')" >&3
}

smp=$(nproc)
echo "=== bench kernel=$kernel smp=$smp begin ===" >&3
tap_diag "settings: $settings; groups: $groups; $loops loops; $pipe round trips; $rounds rounds"
r=0
while [ $r -lt $rounds ]; do
	i=0 ok=0
	while [ $i -lt $nset ]; do
		s=$(echo $settings | awk -v k=$(( (r + i) % nset + 1 )) '{ print $k }')
		apply $s || ok=1
		for g in $groups; do
			run $s $r hackbench $g elapsed hackbench -p -T -g $g -l $loops || ok=1
		done
		run $s $r pipe 1 taskset 1 perf bench sched pipe -l $pipe || ok=1
		i=$((i + 1))
	done
	tap_check "round $r ran every setting" [ $ok -eq 0 ]
	r=$((r + 1))
done

# What explains a difference in time: how often tasks moved, one traced
# run of the middle group count per setting (not timed).
g=$(echo $groups | awk '{ print $((NF + 1) / 2) }')
ok=0
for s in $settings; do
	apply $s || ok=1
	trace-cmd record -q -o /tmp/bench.dat -e sched:sched_migrate_task -e sched:sched_switch \
		hackbench -p -T -g $g -l $loops >/dev/null 2>&1 || ok=1
	trace-cmd report -i /tmp/bench.dat 2>/dev/null |
		awk -v s=$s -v g=$g '/sched_migrate_task:/ { m++ } /sched_switch:/ { w++ }
			END { printf "M setting=%s groups=%s migrations=%d switches=%d\n", s, g, m, w }' >&3
done
echo UTIL_EST >$D/features
[ ! -f $D/util_est_policy ] || choice_reset $D/util_est_policy
echo "=== bench kernel=$kernel smp=$smp end ===" >&3
tap_check "one traced run per setting" [ $ok -eq 0 ]
tap_done
