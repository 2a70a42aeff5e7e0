#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# pipe_pairs: perf bench sched pipe on CPU 0 alone, N round trips (two
# wakeups and two sleeps each), and nothing else: what harness/
# insn_profile.sh counts the kernel's instructions around. Two boots that
# differ only in N tell a round trip's instructions from the boot's.
#
#   pipe_pairs [N]    N: round trips (ue.pipe_pairs=N overrides; default 10000)
#
# ue.pipe_policy=NAME first switches util_est to policy NAME, where the
# kernel has the lab's util_est_policy; a kernel without it runs as it
# ships (stock, the profile's other side).
. /lib/tap.sh
tap_plan 1
n=${UE_PIPE_PAIRS:-${1:-10000}}
case $n in ''|*[!0-9]*) echo "Bail out! N must be a number of round trips, not '$n'"; exit 2 ;; esac
P=/sys/kernel/debug/sched/util_est_policy
if [ -n "${UE_PIPE_POLICY:-}" ] && [ -f $P ]; then
	echo "$UE_PIPE_POLICY" >$P || { echo "Bail out! $P refused '$UE_PIPE_POLICY'"; exit 2; }
	tap_diag "util_est policy: $(cat $P)"
fi
out=$(taskset 1 perf bench sched pipe -l "$n" 2>&1)
tap_diag "$(echo "$out" | grep usecs/op)"
tap_check "$n round trips on CPU 0" sh -c 'echo "$1" | grep -q "usecs/op"' - "$out"
tap_done
