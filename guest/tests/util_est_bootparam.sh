#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Booted with a bad and then a good value of each of the series' boot
# parameters (harness/check.sh): the bad ones are reported and ignored, the
# good ones are in force.
. /lib/tap.sh
tap_plan 8

D=/sys/kernel/debug/sched
tap_diag "cmdline: $(cat /proc/cmdline)"
tap_diag "policy: $(cat $D/util_est_policy), sample: $(cat $D/util_est_sample), CPU: $(cat $D/util_est_cpu), PELT x$(cat $D/pelt_multiplier)"
logged() { dmesg | grep -q "$1"; }
tap_check "sched_util_est_policy=ewma is in force" grep -qx 'mainline max_ewma_last \[ewma\] last avg_enq_deq' $D/util_est_policy
tap_check "sched_util_est_policy=bogus is reported and ignored" \
	logged 'sched_util_est_policy=bogus: not a policy, keeping mainline'
tap_check "sched_util_est_sample=after_update is in force" grep -qx 'before_update \[after_update\]' $D/util_est_sample
tap_check "sched_util_est_sample=later is reported and ignored" \
	logged 'sched_util_est_sample=later: not a sample point, keeping before_update'
tap_check "sched_pelt_multiplier=2 is in force" [ "$(cat $D/pelt_multiplier)" = 2 ]
tap_check "sched_pelt_multiplier=3 is reported and ignored" \
	logged 'sched_pelt_multiplier=3: not 1, 2 or 4, keeping 1'
tap_check "sched_util_est_cpu=history is in force" grep -qx 'sum \[history\]' $D/util_est_cpu
tap_check "sched_util_est_cpu=both is reported and ignored" \
	logged 'sched_util_est_cpu=both: not a CPU estimate, keeping sum'
tap_done
