#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Is the booted kernel ours, and does it show util_est where we read it?
. /lib/tap.sh
. /lib/table.sh

tap_plan 6

release=$(uname -r)
tap_diag "kernel $release, expected ${UE_RELEASE:-(not given)}"
release_is_ours() { [ -n "${UE_RELEASE:-}" ] && [ "$release" = "$UE_RELEASE" ]; }
tap_check "kernel release is the one the harness built" release_is_ours
# The policies the harness knows (analysis/policies, as /lib/policies), in
# the kernel's order, the first chosen: "[ewma_fastup] max_ewma_last ...".
policies=$(table_field /lib/policies name | awk '{ printf NR == 1 ? "[%s]" : " %s", $0 } END { print "" }')
tap_diag "sched/util_est_policy: $(cat /sys/kernel/debug/sched/util_est_policy 2>&1)"
tap_check "series applied, at its default: sched/util_est_policy lists /lib/policies' names, the first chosen" \
	grep -qxF "$policies" /sys/kernel/debug/sched/util_est_policy
tap_check "UTIL_EST is a sched feature, on by default" grep -qw UTIL_EST /sys/kernel/debug/sched/features

# A task's fields: read our own /proc entry.
sched=$(cat /proc/self/sched)
has_field() { printf '%s\n' "$sched" | grep -q "^$1 *: *[0-9]"; }
tap_check "/proc/<pid>/sched shows se.util_est_ewma" has_field 'se\.util_est_ewma'
tap_check "/proc/<pid>/sched shows se.util_est_last" has_field 'se\.util_est_last'
tap_check "sched/debug shows each cfs_rq's .util_est" grep -q '^  *\.util_est  *: [0-9]' /sys/kernel/debug/sched/debug
tap_done
