#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The util_est trace events, recorded with trace-cmd: they are there, carry
# their fields and policy name, and the CPU event is self-consistent: each
# CPU's new sum is its previous one plus the event's delta.
. /lib/tap.sh
tap_plan 4

dat=/tmp/util_est.dat
# A task with a few real activations: 20 sleeps of 2 ms in one process.
trace-cmd record -q -b 8192 -o $dat -e sched:sched_util_est_task -e sched:sched_util_est_cpu \
	sh -c 'i=0; while [ $i -lt 20 ]; do usleep 2000; i=$((i + 1)); done' >/tmp/record.log 2>&1
trace-cmd report -i $dat >/tmp/report.txt 2>/tmp/report.err
tap_diag "$(grep -c sched_util_est_task: /tmp/report.txt) task events, $(grep -c sched_util_est_cpu: /tmp/report.txt) CPU events"
grep -m1 sched_util_est_task: /tmp/report.txt | sed 's/^ */# /'
grep -m1 sched_util_est_cpu: /tmp/report.txt | sed 's/^ */# /'

has_task_fields() {
	grep sched_util_est_task: /tmp/report.txt |
		grep -Eq 'comm=[^ ]+ pid=[0-9]+ cpu=[0-9]+ util_avg=[0-9]+ ewma=[0-9]+ last=[0-9]+ mainline=[0-9]+ util_est=[0-9]+ policy=max_ewma_last'
}
has_cpu_fields() {
	grep sched_util_est_cpu: /tmp/report.txt |
		grep -Eq 'cpu=[0-9]+ pid=[0-9]+ delta=-?[0-9]+ util_avg=[0-9]+ util_est=[0-9]+ policy=max_ewma_last'
}
# Each CPU's sum moves by exactly the delta of each event (no lost events).
sums_add_up() {
	! grep -q 'LOST' /tmp/report.txt || return 1
	grep sched_util_est_cpu: /tmp/report.txt | sed 's/.*sched_util_est_cpu: //' | awk '
		{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
		(f["cpu"] in sum) && sum[f["cpu"]] + f["delta"] != f["util_est"] {
			printf "# cpu %s: %d %+d != %d\n", f["cpu"], sum[f["cpu"]], f["delta"], f["util_est"]; bad++ }
		{ sum[f["cpu"]] = f["util_est"]; n++ }
		END { exit !(n > 0 && !bad) }'
}
tap_check "trace-cmd records sched:sched_util_est_task for the sleeper" \
	sh -c "[ \$(grep -Ec 'sched_util_est_task: +comm=sh ' /tmp/report.txt) -ge 20 ]"
tap_check "sched_util_est_task carries its fields and the policy" has_task_fields
tap_check "sched_util_est_cpu carries its fields and the policy" has_cpu_fields
tap_check "each CPU's sum is the previous one plus the event's delta" sums_add_up
tap_done
