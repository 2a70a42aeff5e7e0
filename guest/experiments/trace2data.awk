# SPDX-License-Identifier: GPL-2.0
# trace-cmd report -> the experiments' data lines (guest/experiments/
# experiment.sh documents them): what the host's analysis reads of a run.
#
#   awk -v policy=POLICY -v names=NAMES -v estimates=ESTIMATES \
#       -v own_names=OWN_NAMES -f kv.awk -f trace2data.awk REPORT
#
#   F t_us cpu khz                                  power:cpu_frequency
#   S t_us cpu prev_pid prev_state next_pid next_comm   sched:sched_switch
#   U t_us pid util_avg ewma last ewma_fastup util_est util_est:util_est_sample
#   C t_us cpu pid delta util_est                   util_est:util_est_cpu
#
# util_est in U is what the task's policy makes of its estimators: its own
# (the sample event's own=, an index into OWN_NAMES, the names
# util_est_task lists) if it chose one, else POLICY, the system's; each
# policy of NAMES makes the estimate of its word in ESTIMATES (the columns
# name and estimate of analysis/policies), any other v6.12's. Other lines
# are left out.

# A report's timestamp "1234.567890:" in microseconds.
function us(t) { sub(/:$/, "", t); return int(t * 1000000) }
# The value of "key=value" in the line, or "" (guest/lib/kv.awk).
function f(k) { return kv($0, k) }
function est(ewma, last, ewma_fastup, own,  p) {
	p = own > 0 ? owned[own + 1] : policy
	if (p == "none") return 0
	if (estimate[p] == "max") return ewma > last ? ewma : last
	if (estimate[p] == "ewma") return ewma
	if (estimate[p] == "last") return last
	return ewma_fastup
}
function bad(msg) { print "trace2data.awk: " msg " (analysis/policies: name, estimate)" | "cat 1>&2"; exit 2 }
BEGIN {
	split(own_names, owned)
	if (names == "") bad("no policies: -v names=... estimates=...")
	if (split(names, nm) != split(estimates, es)) bad("policies '" names "', estimates '" estimates "': not one each")
	for (i = 1; i in nm; i++)
		if (es[i] ~ /^(ewma_fastup|ewma|last|max)$/) estimate[nm[i]] = es[i]
		else bad(nm[i] "'s estimate '" es[i] "' is none of ewma_fastup, ewma, last, max")
}
{
	for (e = 1; e <= NF; e++) if ($e ~ /^(sched_switch|cpu_frequency|util_est_sample|util_est_cpu):$/) break
	for (c = 1; c < e; c++) if ($c ~ /^\[[0-9]+\]$/) break
	cpu = substr($c, 2, length($c) - 2) + 0
}
e > NF { next }
$e == "cpu_frequency:" { print "F", us($(e - 1)), f("cpu_id"), f("state") }
$e == "sched_switch:" { print "S", us($(e - 1)), cpu, f("prev_pid"), f("prev_state"), f("next_pid"), f("next_comm") }
$e == "util_est_sample:" { print "U", us($(e - 1)), f("pid"), f("util_avg"), f("ewma"), f("last"), f("ewma_fastup"), est(f("ewma") + 0, f("last") + 0, f("ewma_fastup") + 0, f("own") + 0) }
$e == "util_est_cpu:" { print "C", us($(e - 1)), f("cpu"), f("pid"), f("delta"), f("util_est") }
