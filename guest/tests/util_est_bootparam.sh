#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Booted with "util_est_policy=bogus util_est_policy=ewma
# sched_pelt_multiplier=3 sched_pelt_multiplier=2": the bad values are
# reported and ignored, the good ones are in force.
. /lib/tap.sh
tap_plan 4

policy=/sys/kernel/debug/sched/util_est_policy
tap_diag "cmdline: $(cat /proc/cmdline)"
tap_diag "$policy: $(cat $policy)"
tap_check "util_est_policy=ewma is in force" grep -qx 'max_ewma_last \[ewma\] last mainline' $policy
tap_check "util_est_policy=bogus is reported and ignored" \
	sh -c "dmesg | grep -q 'util_est_policy=bogus: unknown policy, keeping max_ewma_last'"
tap_check "sched_pelt_multiplier=2 is in force" [ "$(cat /proc/sys/kernel/sched_pelt_multiplier)" = 2 ]
tap_check "sched_pelt_multiplier=3 is reported and ignored" \
	sh -c "dmesg | grep -q 'sched_pelt_multiplier=3: must be 1, 2 or 4, keeping 1'"
tap_done
