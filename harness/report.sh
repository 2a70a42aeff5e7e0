#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# experiment data -> out/report.md and its plots.
#
#   report.sh DATA_FILE...
#
# DATA_FILEs are the data ports (console.log.data) of experiment boots, with
# their .settings beside their console logs. Figures come from
# analysis/ue_metrics.c; every figure is the mean over the runs with its
# spread (min-max) beside it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG DATA_FILE..."; }
[ $# -gt 0 ] || usage_die "no data file"
for f; do [ -s "$f" ] || die "no experiment data in $f"; done
command -v gnuplot >/dev/null || die "gnuplot not found (harness/deps.sh report)"

mkdir -p "$OUT/bin" "$OUT/report"
metrics=$OUT/bin/ue_metrics
build_analysis "$metrics" ||
	die "analysis/ue_metrics.c does not build"

# Figures per scenario: each workload's own options (120/300 and the long
# sleeper: their activations, not rt-app's exit; the size changes: after
# activation 15), one line per run.
metrics_of() { # WORKLOAD [ue_metrics options]
	local w=$1; shift
	"$metrics" "$@" "${data[@]}" | grep -v ' acts_ms=' | grep "^workload=$w " || true
}
data=("$@")
metrics_of periodic-120-300 --acts 10 >"$OUT/report/metrics.txt"
metrics_of periodic-4-16 >>"$OUT/report/metrics.txt"
metrics_of big-small --switch-at 15 >>"$OUT/report/metrics.txt"
metrics_of small-big --switch-at 15 >>"$OUT/report/metrics.txt"
metrics_of long-sleeper --acts 5 >>"$OUT/report/metrics.txt"
metrics_of contention --switch-at 60 >>"$OUT/report/metrics.txt"
metrics_of migrate >>"$OUT/report/metrics.txt"

# table WORKLOAD KEY...: one row per kernel and setting, each KEY's mean
# over runs with (min-max). The stock kernel's "default" is v6.12's
# util_est as it ships. A KEY a/b (wake_est_eq) is summed: a/b over runs;
# a word (n/a, never) is shown as such, beside the figures of other runs.
table() {
	local w=$1; shift
	awk -v w="$w" -v keys="$*" '
	function kv(k,  i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2); return "" }
	$1 == "workload=" w {
		kernel = kv("kernel") ~ /-stock/ ? "stock 6.12" : "patched"
		setting = kv("setting")
		if (kernel == "stock 6.12" && setting == "default") setting = "util_est (v6.12)"
		if (setting == "pelt") setting = "PELT only"
		key = kernel "|" setting
		if (!(kernel in seen)) { seen[kernel] = 1; korder[++nkern] = kernel }
		if (!(key in n)) order[++nr] = key
		n[key]++
		nk = split(keys, ks, " ")
		for (j = 1; j <= nk; j++) {
			v = kv(ks[j])
			if (v == "n/a" || v == "never") { word[key, j] = v; continue }
			if (v ~ /\//) { split(v, ab, "/"); num[key, j] += ab[1]; den[key, j] += ab[2]; continue }
			v += 0
			cnt[key, j]++
			sum[key, j] += v
			if (cnt[key, j] == 1 || v < lo[key, j]) lo[key, j] = v
			if (cnt[key, j] == 1 || v > hi[key, j]) hi[key, j] = v
		}
	}
	# Rows by kernel as they came, with PELT only first for each.
	function row(k,  j, p) {
		split(k, p, "|")
		printf "| %s | %s |", p[1], p[2]
		for (j = 1; j <= nk; j++) {
			if ((k, j) in den) printf " %d/%d |", num[k, j], den[k, j]
			else if (!cnt[k, j]) printf " %s |", word[k, j]
			else if (lo[k, j] == hi[k, j]) printf " %.1f%s |", lo[k, j], (k, j) in word ? ", " word[k, j] : ""
			else printf " %.1f (%.1f-%.1f)%s |", sum[k, j] / cnt[k, j], lo[k, j], hi[k, j],
				    (k, j) in word ? ", " word[k, j] : ""
		}
		printf " %d |\n", n[k]
	}
	END {
		for (c = 1; c <= nkern; c++) {
			if ((korder[c] "|PELT only") in n) row(korder[c] "|PELT only")
			for (i = 1; i <= nr; i++)
				if (index(order[i], korder[c] "|") == 1 && order[i] != korder[c] "|PELT only") row(order[i])
		}
	}' "$OUT/report/metrics.txt"
}

# timeline WORKLOAD XMAX PNG: the OPP over time, first run of each setting.
timeline() {
	local w=$1 xmax=$2 png=$3 titles
	"$metrics" --timeline "${data[@]}" | awk -v w="$w" '$1 == w && $3 == 1 { $1 = ""; sub(/^ /, ""); print }' \
		>"$OUT/report/timeline-$w.txt"
	titles=$(awk '{ print $1 }' "$OUT/report/timeline-$w.txt" | awk '!seen[$0]++' | tr '\n' ' ')
	[ -n "$titles" ] || return 0
	awk -v order="$titles" '
		BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) idx[o[i]] = i }
		{ line[idx[$1]] = line[idx[$1]] sprintf("%s %d\n", $3, $4 / 1000) }
		END { for (i = 1; i <= n; i++) printf "%s\n\n", line[i] }
	' "$OUT/report/timeline-$w.txt" >"$OUT/report/timeline-$w.dat"
	gnuplot -e "data='$OUT/report/timeline-$w.dat'; out='$OUT/report/$png'; titles='$titles'; xmax=$xmax" \
		"$ROOT/analysis/opp-timeline.gp"
}

# signals WORKLOAD XMAX PNG: util_avg and the estimate at each dequeue and
# wakeup, kernel and model, first run of each setting.
signals() {
	local w=$1 xmax=$2 png=$3 titles
	"$metrics" --samples "${data[@]}" | awk -v w="$w" '$1 == w && $3 == 1' >"$OUT/report/samples-$w.txt"
	titles=$(awk '{ print $2 }' "$OUT/report/samples-$w.txt" | awk '!seen[$0]++' | tr '\n' ' ')
	[ -n "$titles" ] || return 0
	awk -v order="$titles" '
		BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) idx[o[i]] = i }
		{ line[idx[$2]] = line[idx[$2]] sprintf("%s %s %s %s\n", $4, $5, $6, $8) }
		END { for (i = 1; i <= n; i++) printf "%s\n\n", line[i] }
	' "$OUT/report/samples-$w.txt" >"$OUT/report/samples-$w.dat"
	gnuplot -e "data='$OUT/report/samples-$w.dat'; out='$OUT/report/$png'; titles='$titles'; xmax=$xmax" \
		"$ROOT/analysis/signals.gp"
}
# Plots.
timeline periodic-120-300 3200 opp-timeline-120-300.png
timeline big-small 1000 opp-timeline-big-small.png
timeline small-big 800 opp-timeline-small-big.png
signals periodic-4-16 1000 signals-4-16.png
signals big-small 1000 signals-big-small.png
signals small-big 800 signals-small-big.png
signals contention 2700 signals-contention.png
timeline contention 2700 opp-timeline-contention.png
awk '
	function kv(k,  i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2) }
	$1 == "workload=periodic-120-300" {
		label = kv("setting") (kv("kernel") ~ /-stock/ ? "(stock)" : "")
		if (!(label in n)) order[++nl] = label
		n[label]++
		m = split(kv("res"), r, ",")
		for (i = 1; i <= m; i++) { split(r[i], fp, ":"); opp[fp[1]] = 1; pct[label, fp[1]] += fp[2] }
	}
	END {
		no = 0; for (f in opp) fs[++no] = f + 0
		for (i = 1; i <= no; i++) for (j = i + 1; j <= no; j++) if (fs[j] < fs[i]) { t = fs[i]; fs[i] = fs[j]; fs[j] = t }
		printf "setting"; for (i = 1; i <= no; i++) printf " %d", fs[i] / 1000; printf "\n"
		for (l = 1; l <= nl; l++) {
			printf "%s", order[l]
			for (i = 1; i <= no; i++) printf " %.2f", pct[order[l], fs[i]] / n[order[l]]
			printf "\n"
		}
	}' "$OUT/report/metrics.txt" >"$OUT/report/residency.dat"
[ "$(wc -l <"$OUT/report/residency.dat")" -lt 2 ] ||
	gnuplot -e "data='$OUT/report/residency.dat'; out='$OUT/report/opp-residency-120-300.png'" \
		"$ROOT/analysis/opp-residency.gp"

# The size-change table joins the two workloads' rows on kernel and setting.
size_rows() {
	awk -F ' [|] ' 'NR == FNR { sub(/ [|] [0-9]+ [|]$/, ""); a[$1 FS $2] = $0; next }
		($1 FS $2) in a { k = $1 FS $2; r = $0; sub(/^[|] [^|]* [|] [^|]* [|] /, "", r); print a[k] " | " r }' \
		<(table big-small size conv_est conv_util) <(table small-big size conv_est conv_util)
}

# The largest |kernel - model| per scenario, over the runs with samples
# taken after the dequeue's PELT update (where the model samples) under
# a policy of the RFC's (whose estimators are the model's).
model_rows() {
	awk '
	function kv(k,  i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2) }
	kv("samples") > 2 && kv("setting") ~ /^(max_ewma_last|ewma|last):after_update$/ {
		w = substr($1, 10); if (!(w in n)) o[++nw] = w; n[w]++
		if (kv("err_util") > mu[w]) mu[w] = kv("err_util")
		if (kv("err_ewma") > me[w]) me[w] = kv("err_ewma")
		if (kv("err_last") > ml[w]) ml[w] = kv("err_last")
	}
	END { for (i = 1; i <= nw; i++) printf "| %s | %d | %d | %d | %d |\n", o[i], mu[o[i]], me[o[i]], ml[o[i]], n[o[i]] }
	' "$OUT/report/metrics.txt"
}

# Where and how it ran.
settings=$(for f; do cat "${f%.data}.settings" 2>/dev/null; done | sort -u | sed 's/ seconds=[0-9]*//; s/ status=ok//' | sort -u)
kernels=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^kernel=/) print substr($i, 8) }' "$OUT/report/metrics.txt" | sort -u | tr '\n' ' ')
paths=$({ grep -h '^M path=' "$@" || true; } | sort | uniq -c | awk '{ printf "%s%s (%d runs)", sep, substr($3, 6), $1; sep = ", " }')

cat >"$OUT/report.md" <<EOR
# util_est for Linux 6.12: the RFC's experiments

Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`harness/experiments.sh\` (\`make experiments\`, or \`make demo\` after its build).

- Kernels: $kernels(Debian linux-source-6.12 $(debian_version); "stock" is the pristine tarball, "patched" has patches/ applied)
- QEMU: $(echo "$settings" | sed 's/ plan=[^ ]*//' | sort -u | tr '\n' ';')
- cpufreq: guest/modules/ue_cpufreq, 8 OPPs 250-2000 MHz, one policy per CPU, enacted (a CPU at f runs tasks at f/fmax); schedutil changed OPPs by $paths. x86 has no frequency-invariant PELT here (no APERF/MPERF under TCG): schedutil scales its request from the current OPP.
- Every figure is the mean over the runs, with min-max in brackets.

## 120 ms of work every 300 ms

rt-app, \`guest/workloads/periodic-120-300.json\`: 120 ms of work as measured at
fmax (rt-app calibrated at fmax), a 300 ms period, 10 activations, pinned to
CPU 1. *Top OPP* is the share of the task's run time at 2000 MHz, from its
switches and the OPP changes on its CPU; *activation* is from its first
switch-in after a sleep to its next sleep (120 ms at fmax plus overheads;
longer at lower OPPs, which the enactment makes real).

| kernel | setting | top OPP (% of run time) | activation (ms) | OPP changes | runs |
|---|---|---|---|---|---|
$(table periodic-120-300 top_pct act_mean_ms opp_changes)

The RFC's claim: with util_est, schedutil switches to the highest OPP as soon
as such a big task wakes up, instead of scaling up progressively.

![OPP over time, first run of each setting](report/opp-timeline-120-300.png)

In the plots, "(stock)" marks the unpatched kernel; its "default" is v6.12's
util_est as it ships, "pelt" the same kernel with NO_UTIL_EST. Dips between
activations are schedutil updates from other tasks waking on the idle CPU
(kworkers): the next activation starts from there.

![OPP residency of the task's run time](report/opp-residency-120-300.png)

## 4 ms every 16 ms at an 8 ms half-life

\`guest/workloads/periodic-4-16.json\`, 60 activations, PELT multiplier 4,
CPU 1 held at 2000 MHz (so the task is 25% whatever schedutil does). Over
the second half of the activations: PELT's util_avg at wakeup (its
troughs, from the model: the trace has no util_avg at enqueue), at
dequeue (its peaks, from the kernel's trace; the model's with PELT alone,
which traces no samples), its time average (model), and the estimate at
dequeue. The stock kernel has no PELT multiplier: no column for it. The
RFC reports PELT in ~[140, 400] here. Settings marked *:after_update*
take every estimator's sample once the dequeue has updated PELT (the
RFC's point, and mainline's from v5.12 to v6.11), the others before it
(v6.12's point): the last tick of the activation is missing from their
sample.

| kernel | setting | util_avg at wakeup, min | util_avg at dequeue, max | util_avg, mean | estimate, min | estimate, max | runs |
|---|---|---|---|---|---|---|---|
$(table periodic-4-16 util_wake_min util_dq_max util_mean est_min est_max)

![util_avg and the estimate, 4/16 at 8 ms](report/signals-4-16.png)

## Size changes: 80% to 10%, 10% to 80%

\`guest/workloads/big-small.json\` (15 activations of 16 ms every 20 ms,
then 30 of 2 ms) and \`small-big.json\` (15 of 2 ms, then 20 of 16 ms):
work as measured at fmax, the OPP left to schedutil, so that a task's
size in util_avg, which is not frequency-invariant here, is what it
becomes at the OPP schedutil gives it. *New size*: util_avg at the last 3
dequeues. *Activations to follow*: the activations of the new phase that
began with an estimate more than 10% off the new size, up to the last such
one (with PELT alone, util_avg at dequeue stands for the estimate).

| kernel | setting | new size (80% to 10%) | activations to follow | util_avg's | new size (10% to 80%) | activations to follow | util_avg's | runs |
|---|---|---|---|---|---|---|---|---|
$(size_rows)

![util_avg and the estimate, 80% to 10%](report/signals-big-small.png)
![the OPP, 80% to 10%](report/opp-timeline-big-small.png)
![util_avg and the estimate, 10% to 80%](report/signals-small-big.png)
![the OPP, 10% to 80%](report/opp-timeline-small-big.png)

## Contention: three 40% tasks on one CPU

\`guest/workloads/contention.json\`: the traced task runs 8 ms of work
(at fmax) and sleeps 12 ms, alone on CPU 1 for 30 activations; then two
more like it are pinned to CPU 1 too (120% demand at fmax: they wait for
the CPU, but each still sleeps 12 ms after its work, so util_est takes
samples) for 30; then those two move to CPU 0 and the task is alone
again for 30. *While contended*:
its estimate over the last 3 activations with the others there
(util_avg at dequeue with PELT alone); *alone*: util_avg at its last 3
dequeues; *activations to be provisioned*: the activations after the
others left that began with an estimate below 90% of that size, before
the first that did not. v6.12's estimator keeps its value
while a task waits for the CPU (runnable above util); the RFC's
estimators take every sample as it comes. (The phases are synchronised
with rt-app barriers.)

| kernel | setting | estimate while contended | alone | activations to be provisioned | util_avg's | activation (ms) | runs |
|---|---|---|---|---|---|---|---|
$(table contention est_before size prov_est prov_util act_mean_ms)

![util_avg and the estimate under contention](report/signals-contention.png)
![the OPP under contention](report/opp-timeline-contention.png)

## A long sleeper: 50 ms of work, 2 s asleep

\`guest/workloads/long-sleeper.json\`, 5 activations. At each wakeup
after the first: util_avg (model: it has decayed for 2 s), the estimate
the task adds to its CPU's sum at enqueue (the kernel's trace), how many
wakeups added exactly the estimate of the dequeue before the sleep, and
the OPP 1 ms after the task's switch-in.

| kernel | setting | util_avg at wakeup | estimate at wakeup | = pre-sleep estimate | OPP after 1 ms (MHz) | activation (ms) | OPP changes | runs |
|---|---|---|---|---|---|---|---|---|
$(table long-sleeper wake_util wake_est wake_est_eq wake_mhz act_mean_ms opp_changes)

x86's PELT is not frequency-invariant here: schedutil scales the current
OPP by util / capacity, so from 250 MHz even an estimate of 700 asks for
1.25 x 0.7 x 250 MHz at first, and the OPP climbs over several updates.

## The kernel against the model

\`analysis/ue_model.c\` replays each run's switches (from the trace)
through PELT's and the RFC's estimators' integer arithmetic, anchored on
the kernel's first sample. The largest difference, in units of 1024, over
the samples of the workloads' activations (not rt-app's setup and exit),
in the runs that sample where the model does (after the dequeue's PELT
update) under an RFC policy (whose estimators the model replays):

| scenario | util_avg | ewma | last | runs |
|---|---|---|---|---|
$(model_rows)

## A task moved between CPUs by affinity

\`guest/workloads/migrate.json\`: 8 ms every 16 ms, 8 activations on CPU 1,
then 8 on CPU 0, on 1, on 0 (rt-app sets each phase's affinity from the
thread as it starts the phase). At each migration the old CPU's dequeue
removes what the task had added to its sum, and the new CPU's enqueue adds
the task's estimate: *kept* counts the migrations that added exactly the
estimate of the task's last sample (the RFC: migration keeps it).

| kernel | setting | migrations | kept | runs |
|---|---|---|---|---|
$(table migrate migrations mig_kept)

The first run of each setting, each CPU's sum just after (CPU 0 also runs
rt-app's main thread and the shell):

| kernel | setting | t (ms) | from | to | removed | old CPU's sum | task's estimate | added | new CPU's sum |
|---|---|---|---|---|---|---|---|---|---|
$("$metrics" --migrations "${data[@]}" | awk '$1 == "migrate" && $3 == 1 {
	k = $2 ~ /\(stock\)/ ? "stock 6.12" : "patched"; s = $2; sub(/\(stock\)/, "", s)
	printf "| %s | %s | %.1f | %d | %d | %d | %d | %d | %d | %d |\n", k, s, $4, $5, $6, $7, $8, $9, $10, $11 }')

## The kernels' tests in these boots

Each boot ends with two tests that read only fields v6.12 has too.
\`idle_util_est\` takes 50 snapshots of \`/sys/kernel/debug/sched/debug\`
after the experiments: every CPU whose root cfs_rq had nothing queued must
show a \`.util_est\` of 0. \`util_est_flip_residue\` reproduces the way a
residue is made: a task with an estimate spins on CPU 1, UTIL_EST is turned
off, the task is killed, UTIL_EST is turned back on; CPU 1, once empty,
must again show 0. Results that failed, and the snapshots' summaries:

$(for f in "${data[@]}"; do
	log=${f%.data}
	k=$(basename "$(dirname "$(dirname "$log")")")
	[ "$k" = stock ] && k="stock 6.12" || k=patched
	grep -h -e '^ *not ok' -e 'empty snapshots' -e 'empty in [0-9]* of' "$log" 2>/dev/null | tr -d '\r' |
		sed "s/^ *# */- $k: /; s/^ *not ok [0-9]* /- $k: FAILED: /" || true
done)

A residue on an empty CPU stays in its sum: schedutil and load balancing
see utilization that no task brings, and on the experiments' CPU it holds
the OPP up (*OPP changes* of 0 in a run is the sign). On v6.12 one cause
is its own NO_UTIL_EST, as \`util_est_flip_residue\` shows:
util_est_dequeue() returns early while the feature is off, so every task
enqueued when it was turned off leaves its estimate in the sum for good
(the experiments turn it off for their *PELT only* runs, with the shell
and kworkers enqueued). So the stock kernel's plan runs its util_est
settings first, before any such flip; a residue made by its PELT-only runs
is left for \`idle_util_est\` to find. The series recomputes every CPU's
sum from its tasks when UTIL_EST is switched (patch 3).

Raw figures per run: \`report/metrics.txt\`.
EOR
echo "report: $OUT/report.md"
