#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The CPU sums stay exact through everything that can happen between a
# task's enqueue and its dequeue: policy, sample point, PELT multiplier and
# UTIL_EST flips, migration by affinity and by CPU hotplug, cgroup moves,
# CFS bandwidth throttling, delayed dequeues. Every UTIL_EST write makes a
# SCHED_DEBUG kernel check each CPU's sum against its tasks (a warning,
# fatal to the run, if one is off); afterwards every idle CPU's sum is
# exactly 0.
. /lib/tap.sh
. /lib/choices.sh
tap_plan 4

D=/sys/kernel/debug/sched
CG=/sys/fs/cgroup
ncpu=$(nproc)
# The kernel's policies (sched/util_est_policy), the one in force last:
# each round ends under it. Its sample points, taken in turn.
current=$(choice_current $D/util_est_policy)
names="$(choice_names $D/util_est_policy | grep -vxF "$current") $current"
samples=$(choice_names $D/util_est_sample)

echo +cpu >$CG/cgroup.subtree_control
mkdir -p $CG/ue_throttled $CG/ue_free
echo "2000 10000" >$CG/ue_throttled/cpu.max	# 20% of a CPU: throttled often

# Workers: spinners, and sleepers that run a little and sleep a little.
pids=
for _ in 1 2; do (while :; do :; done) & pids="$pids $!"; done
for _ in 1 2 3 4; do
	(while :; do j=0; while [ $j -lt 200 ]; do j=$((j + 1)); done; usleep 1000; done) &
	pids="$pids $!"
done

flips=0
for round in $(seq 1 24); do
	for name in $names; do echo $name >$D/util_est_policy; flips=$((flips + 1)); done
	[ $((round % 3)) -eq 0 ] && echo NO_UTIL_EST >$D/features
	[ $((round % 3)) -eq 1 ] && echo UTIL_EST >$D/features
	echo "$samples" | sed -n "$((round % $(echo "$samples" | wc -l) + 1))p" >$D/util_est_sample
	echo $((1 << (round % 3))) >$D/pelt_multiplier
	n=0
	for pid in $pids; do
		n=$((n + 1))
		case $(( (round + n) % 3 )) in
		0) echo $pid >$CG/ue_throttled/cgroup.procs ;;
		1) echo $pid >$CG/ue_free/cgroup.procs ;;
		2) echo $pid >$CG/cgroup.procs ;;
		esac
		taskset -p $(( 1 << ((round + n) % ncpu) )) $pid >/dev/null
	done
	if [ "$ncpu" -gt 1 ] && [ $((round % 8)) -eq 0 ]; then
		echo 0 >/sys/devices/system/cpu/cpu1/online
		usleep 20000
		echo 1 >/sys/devices/system/cpu/cpu1/online
	fi
	usleep 20000
done
echo UTIL_EST >$D/features
choice_reset $D/util_est_policy $D/util_est_sample
echo 1 >$D/pelt_multiplier
# All six must still be there to be killed: none died on the way.
survived=no
kill $pids && survived=yes
wait 2>/dev/null
tap_diag "$flips policy writes, 24 rounds of cgroup moves, affinity changes, feature, sample point and multiplier flips, $((24 / 8)) CPU1 offline/online"
tap_check "all workers ran through it" [ $survived = yes ]
# A UTIL_EST write, with everything quiet: each CPU's sum is checked.
tap_check "UTIL_EST written again, all quiet (the kernel checks each CPU's sum: a warning fails the run)" \
	sh -c "echo UTIL_EST >$D/features"

# Now idle: each root cfs_rq with no task in it (queued, not delayed) must
# show util_est 0. A residue persists; a task entering between two reads of
# the debug file does not: a CPU fails only if three snapshots in a row
# show one.
idle_clean() {
	awk -v ncpu="$ncpu" '
		/^cfs_rq\[[0-9]+\]:\/$/ { cpu = substr($0, 8) + 0; root = 1; next }
		/^cfs_rq\[/ { root = 0; next }
		root && $1 == ".util_est" { est[cpu] = $3 }
		root && $1 == ".h_nr_queued" { q[cpu] = $3 }
		root && $1 == ".h_nr_delayed" { d[cpu] = $3 }
		END { for (c = 0; c < ncpu; c++) printf "%d %s %s\n", c, q[c] - d[c], est[c] }
	' $D/debug
}
tries=0 seen=0 runs=0 residue=
while [ $tries -lt 200 ]; do
	tries=$((tries + 1))
	snap=$(idle_clean)
	bad=$(echo "$snap" | awk '$2 == 0 && $3 != 0 { printf " cpu%s=%s", $1, $3 }')
	[ -n "$(echo "$snap" | awk '$2 == 0')" ] && seen=$((seen + 1))
	if [ -n "$bad" ]; then runs=$((runs + 1)) residue=$bad; else runs=0 residue=; fi
	[ $runs -ge 3 ] && break
	[ $seen -ge 10 ] && [ $runs -eq 0 ] && break
	usleep 1000
done
tap_diag "last snapshot (cpu nr util_est): $(echo $snap | tr '\n' ' ')"
tap_check "idle CPUs were seen ($seen snapshots)" [ $seen -gt 0 ]
tap_check "an idle CPU's util_est is exactly 0${residue:+ (residue:$residue)}" [ $runs -lt 3 ]
rmdir $CG/ue_throttled $CG/ue_free
tap_done
