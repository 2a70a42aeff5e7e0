#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Booted with "util_est_policy=bogus util_est_policy=ewma": the bad name is
# reported and ignored, the good one is in force.
. /lib/tap.sh
tap_plan 2

policy=/sys/kernel/debug/sched/util_est_policy
tap_diag "cmdline: $(cat /proc/cmdline)"
tap_diag "$policy: $(cat $policy)"
tap_check "util_est_policy=ewma is in force" grep -qx 'max_ewma_last \[ewma\] last mainline' $policy
tap_check "util_est_policy=bogus is reported and ignored" \
	sh -c "dmesg | grep -q 'util_est_policy=bogus: unknown policy, keeping max_ewma_last'"
tap_done
