#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The series' util_est tracepoints, as trace events: guest/modules/
# util_est_events makes events of them, trace-cmd records them. They carry
# their fields, and the CPU event is self-consistent: each CPU's new sum is
# its previous one plus the event's delta.
. /lib/tap.sh
. /lib/kv.sh
. /lib/choices.sh
tap_plan 5

ko=/lib/modules/$(uname -r)/extra/util_est_events.ko
D=/sys/kernel/debug/sched
tap_check "the events module loads" insmod $ko
echo max_ewma_last >$D/util_est_policy
dat=/tmp/util_est.dat
# A task with a few real activations: 20 sleeps of 2 ms in one process.
sleeper() { # REPORT
	trace-cmd record -q -b 8192 -o $dat -e util_est \
		sh -c 'i=0; while [ $i -lt 20 ]; do usleep 2000; i=$((i + 1)); done' >/tmp/record.log 2>&1
	trace-cmd report -i $dat >"$1" 2>/tmp/report.err
}
sleeper /tmp/report.txt
choice_reset $D/util_est_policy
rmmod util_est_events
tap_diag "$(grep -c util_est_sample: /tmp/report.txt) sample events, $(grep -c util_est_cpu: /tmp/report.txt) CPU events"
grep -m1 util_est_sample: /tmp/report.txt | sed 's/^ */# /'
grep -m1 util_est_cpu: /tmp/report.txt | sed 's/^ */# /'

has_sample_fields() {
	grep util_est_sample: /tmp/report.txt |
		grep -Eq 'comm=[^ ]+ pid=[0-9]+ cpu=[0-9]+ util_avg=[0-9]+ ewma=[0-9]+ last=[0-9]+ mainline=[0-9]+ own=[0-9]+$'
}
has_cpu_fields() {
	grep util_est_cpu: /tmp/report.txt | grep -Eq 'cpu=[0-9]+ pid=[0-9]+ delta=-?[0-9]+ util_est=[0-9]+$'
}
# Each CPU's sum moves by exactly the delta of each event (no lost events).
sums_add_up() {
	! grep -q 'LOST' /tmp/report.txt || return 1
	grep util_est_cpu: /tmp/report.txt | kv_awk '
		{ cpu = kv($0, "cpu"); delta = kv($0, "delta") + 0; est = kv($0, "util_est") + 0 }
		(cpu in sum) && sum[cpu] + delta != est {
			printf "# cpu %s: %d %+d != %d\n", cpu, sum[cpu], delta, est; bad++ }
		{ sum[cpu] = est; n++ }
		END { exit !(n > 0 && !bad) }'
}
tap_check "trace-cmd records util_est:util_est_sample for the sleeper" \
	sh -c "[ \$(grep -Ec 'util_est_sample: +comm=sh ' /tmp/report.txt) -ge 20 ]"
tap_check "util_est_sample carries its fields" has_sample_fields
tap_check "util_est_cpu carries its fields" has_cpu_fields
tap_check "each CPU's sum is the previous one plus the event's delta" sums_add_up
tap_done
