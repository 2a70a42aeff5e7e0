#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Thresholds on the quick experiments of `make check`, as TAP:
#
#   expect.sh --counts FILE DATA_FILE
#
# 120 ms every 300 ms: under max_ewma_last the task spends at least 90% of
# its run time at the top OPP (the RFC's claim), at least 15
# points more than with PELT alone, and its activations are
# shorter than with PELT alone.
# 4 ms every 16 ms at an 8 ms half-life, at fmax: PELT swings by at least
# 200 (the model, analysis/ue_model.c: 145 to 393), the estimate by less
# than a quarter of that, and never below PELT's time average.
# The kernel agrees with the model within 22 (of 1024) on util_avg, ewma
# and last at every sample of every run sampled after the dequeue's PELT
# update (after_update: the model samples there; before it, the kernel's
# util_avg is as of its last update, which the trace does not show): one
# PELT period's change at most, 1024 (1 - y), since the kernel refreshes
# util_avg only when an update crosses a period boundary and the model at
# every update.
# The long sleeper (50 ms, 2 s asleep): every wakeup adds to its CPU the
# estimate it had before the sleep, while its util_avg has decayed to
# nothing (model: 0); the estimate is at least 500 (model: 50 ms of running
# from nothing at a 32 ms half-life, 680).
# Moved between CPUs by affinity: at least 3 migrations, and each one adds
# to the new CPU exactly the estimate the old CPU's sum lost.
# Three 40% tasks contending for one CPU (contention.json): v6.12's
# estimator, which keeps its value while the task waits for the CPU, holds
# at least 90% of the task's size alone; max_ewma_last, which takes every
# sample, falls below 75% of it (it follows the task's util_avg, which
# waiting lowers).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --counts FILE DATA_FILE"; }
countsf=
[ "${1:-}" = --counts ] && [ $# -ge 3 ] || usage_die "--counts FILE and a data file are required"
countsf=$2 data=$3
[ -s "$data" ] || { echo "passed=0 failed=1 skipped=0" >"$countsf"; die "no experiment data in $data"; }

mkdir -p "$OUT/bin"
build_analysis "$OUT/bin/ue_metrics" || die "analysis/ue_metrics.c does not build"
# Figures per scenario; contention's phases change after its activation 60.
m=$({ "$OUT/bin/ue_metrics" --acts 10 "$data" | grep -v -e ' acts_ms=' -e '^workload=contention '
      "$OUT/bin/ue_metrics" --switch-at 60 "$data" | grep -v ' acts_ms=' | grep '^workload=contention '; } || true)
fig() { echo "$m" | grep "workload=$1 setting=$2 " | head -n 1 | tr ' ' '\n' | sed -n "s/^$3=//p"; }
# The largest of a figure over every after_update run with samples (-1 if none).
worst() { echo "$m" | awk -v k="$1" '
	{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
	f["samples"] > 2 && f["setting"] ~ /:after_update$/ { n++; if (f[k] > w) w = f[k] }
	END { print n ? w + 0 : -1 }'; }

pelt_top=$(fig periodic-120-300 pelt top_pct) ue_top=$(fig periodic-120-300 max_ewma_last top_pct)
pelt_act=$(fig periodic-120-300 pelt act_mean_ms) ue_act=$(fig periodic-120-300 max_ewma_last act_mean_ms)
w416() { fig periodic-4-16 max_ewma_last:after_update "$1"; }
lo=$(w416 util_wake_min) hi=$(w416 util_dq_max) elo=$(w416 est_min) ehi=$(w416 est_max) mean=$(w416 util_mean)
wake_eq=$(fig long-sleeper max_ewma_last wake_est_eq) wake_util=$(fig long-sleeper max_ewma_last wake_util)
wake_est=$(fig long-sleeper max_ewma_last wake_est)
mig=$(fig migrate max_ewma_last mig_kept)
c_main=$(fig contention mainline est_before) c_main_size=$(fig contention mainline size)
c_rfc=$(fig contention max_ewma_last est_before) c_rfc_size=$(fig contention max_ewma_last size)
eu=$(worst err_util) ee=$(worst err_ewma) el=$(worst err_last)
n=0 pass=0
check() { # DESC AWK_CONDITION
	n=$((n + 1))
	if awk "BEGIN { exit !($2) }" 2>/dev/null; then echo "ok $n $1"; pass=$((pass + 1)); else echo "not ok $n $1"; fi
}
tap=$(
	echo "TAP version 13"; echo "1..12"
	echo "# 120/300: top OPP ${ue_top:-?}% under max_ewma_last, ${pelt_top:-?}% with PELT alone; activations ${ue_act:-?} and ${pelt_act:-?} ms"
	check "120/300, max_ewma_last: >= 90% of run time at the top OPP" "${ue_top:--1} >= 90"
	check "120/300: max_ewma_last >= PELT alone + 15 points at the top OPP" "${ue_top:--1} >= ${pelt_top:-1000} + 15"
	check "120/300: activations shorter under max_ewma_last than with PELT alone" "${ue_act:-1e9} < ${pelt_act:--1}"
	echo "# 4/16 at 8 ms: PELT ${lo:-?}..${hi:-?} (mean ${mean:-?}), estimate ${elo:-?}..${ehi:-?}"
	check "4/16 at 8 ms: PELT swings by at least 200" "${hi:--1} - ${lo:-1e9} >= 200"
	check "4/16 at 8 ms: max_ewma_last swings by less than a quarter of PELT's swing" \
		"${ehi:-1e9} - ${elo:--1e9} < (${hi:--1} - ${lo:-1e9}) / 4"
	check "4/16 at 8 ms: max_ewma_last stays above PELT's time average" "${elo:--1} >= ${mean:-1e9}"
	check "the kernel's util_avg, ewma, last within 22 of the model's (${eu}, ${ee}, ${el})" \
		"$eu >= 0 && $eu <= 22 && $ee >= 0 && $ee <= 22 && $el >= 0 && $el <= 22"
	echo "# long sleeper: ${wake_eq:-?} wakeups added the pre-sleep estimate; util_avg ${wake_util:-?}, estimate ${wake_est:-?} at wakeup"
	check "long sleeper: every wakeup adds the estimate from before its sleep" \
		"split(\"${wake_eq:-0/0}\", q, \"/\") == 2 && q[1] == q[2] && q[2] >= 4"
	check "long sleeper: util_avg decayed to <= 10 at wakeup, the estimate >= 500" \
		"${wake_util:-1e9} <= 10 && ${wake_est:--1} >= 500"
	check "migrate: every migration by affinity moved the estimate whole (${mig:-?})" \
		"split(\"${mig:-0/0}\", q, \"/\") == 2 && q[1] == q[2] && q[2] >= 3"
	echo "# contention: estimate while contended ${c_main:-?} of ${c_main_size:-?} (mainline), ${c_rfc:-?} of ${c_rfc_size:-?} (max_ewma_last)"
	check "contention: mainline holds >= 90% of the task's size while it waits" \
		"${c_main:--1} >= 0.9 * ${c_main_size:-1e9} && ${c_main_size:-0} > 0"
	check "contention: max_ewma_last falls below 75% of it" \
		"${c_rfc:-1e9} < 0.75 * ${c_rfc_size:--1}"
)
echo "$tap"
p=$(echo "$tap" | grep -c '^ok ') f=$(echo "$tap" | grep -c '^not ok ')
echo "passed=$p failed=$f skipped=0" >"$countsf"
[ "$f" -eq 0 ]
