#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The series' util_est tracepoints, as trace events: guest/modules/
# util_est_events makes events of them, trace-cmd records them. They carry
# their fields, and the CPU events show the kernel's invariant: a task
# takes out of its CPU's sum what it put in (the module derives each
# event's delta from the CPU's sums, which change nowhere else).
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
		grep -Eq 'comm=[^ ]+ pid=[0-9]+ cpu=[0-9]+ util_avg=[0-9]+ ewma=[0-9]+ last=[0-9]+ ewma_fastup=[0-9]+ own=[0-9]+$'
}
has_cpu_fields() {
	grep util_est_cpu: /tmp/report.txt | grep -Eq 'cpu=[0-9]+ pid=[0-9]+ delta=-?[0-9]+ util_est=[0-9]+$'
}
# Each time a task leaves a CPU's sum, it takes out what it put in when it
# entered it, on that CPU (no lost events; a task whose entry came before
# the recording, or whose estimate is 0, has nothing to match).
takes_out_what_it_put_in() {
	! grep -q 'LOST' /tmp/report.txt || return 1
	grep util_est_cpu: /tmp/report.txt | kv_awk '
		{ cpu = kv($0, "cpu"); pid = kv($0, "pid"); d = kv($0, "delta") + 0 }
		d > 0 { entered[pid] = cpu " " d; next }
		d < 0 && (pid in entered) {
			n++; out = cpu " " (0 - d)
			if (entered[pid] != out) {
				printf "# pid %s left (CPU, delta) %s, entered %s\n", pid, out, entered[pid]; bad++ }
			delete entered[pid] }
		END { exit !(n > 0 && !bad) }'
}
tap_check "trace-cmd records util_est:util_est_sample for the sleeper" \
	sh -c "[ \$(grep -Ec 'util_est_sample: +comm=sh ' /tmp/report.txt) -ge 20 ]"
tap_check "util_est_sample carries its fields" has_sample_fields
tap_check "util_est_cpu carries its fields" has_cpu_fields
tap_check "a task takes out of its CPU's sum what it put in" takes_out_what_it_put_in
tap_done
