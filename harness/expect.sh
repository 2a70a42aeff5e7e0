#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Thresholds on the quick experiments of `make check`, as TAP:
#
#   expect.sh --counts FILE DATA_FILE
#
# 120 ms every 300 ms: under max_ewma_last the task spends at least 90% of
# its run time at the top OPP (the RFC's claim; 98% measured), at least 15
# points more than with PELT alone (65% measured), and its activations are
# shorter than with PELT alone.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --counts FILE DATA_FILE"; }
countsf=
[ "${1:-}" = --counts ] && [ $# -ge 3 ] || usage_die "--counts FILE and a data file are required"
countsf=$2 data=$3
[ -s "$data" ] || { echo "passed=0 failed=1 skipped=0" >"$countsf"; die "no experiment data in $data"; }

mkdir -p "$OUT/bin"
gcc -O2 -Wall -Wextra -Werror -o "$OUT/bin/ue_metrics" "$ROOT/analysis/ue_metrics.c" || die "analysis/ue_metrics.c does not build"
m=$("$OUT/bin/ue_metrics" --acts 10 "$data" | grep -v ' acts_ms=')
fig() { echo "$m" | grep "workload=$1 setting=$2 " | head -n 1 | tr ' ' '\n' | sed -n "s/^$3=//p"; }

pelt_top=$(fig periodic-120-300 pelt top_pct) ue_top=$(fig periodic-120-300 max_ewma_last top_pct)
pelt_act=$(fig periodic-120-300 pelt act_mean_ms) ue_act=$(fig periodic-120-300 max_ewma_last act_mean_ms)
n=0 pass=0
check() { # DESC AWK_CONDITION
	n=$((n + 1))
	if awk "BEGIN { exit !($2) }" 2>/dev/null; then echo "ok $n $1"; pass=$((pass + 1)); else echo "not ok $n $1"; fi
}
tap=$(
	echo "TAP version 13"; echo "1..3"
	echo "# 120/300: top OPP ${ue_top:-?}% under max_ewma_last, ${pelt_top:-?}% with PELT alone; activations ${ue_act:-?} and ${pelt_act:-?} ms"
	check "120/300, max_ewma_last: >= 90% of run time at the top OPP" "${ue_top:--1} >= 90"
	check "120/300: max_ewma_last >= PELT alone + 15 points at the top OPP" "${ue_top:--1} >= ${pelt_top:-1000} + 15"
	check "120/300: activations shorter under max_ewma_last than with PELT alone" "${ue_act:-1e9} < ${pelt_act:--1}"
)
echo "$tap"
p=$(echo "$tap" | grep -c '^ok ') f=$(echo "$tap" | grep -c '^not ok ')
echo "passed=$p failed=$f skipped=0" >"$countsf"
[ "$f" -eq 0 ]
