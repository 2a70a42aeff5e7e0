#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Thresholds on the quick experiments of `make check`, as TAP:
#
#   expect.sh --counts FILE DATA_FILE
#
# The thresholds are analysis/expect's rows; each condition's {SETTING KEY}
# is that setting's figure in DATA_FILE, as ue_metrics computes it with the
# scenario's options (analysis/scenarios). A figure that is absent or not
# a number fails its condition, which says so.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --counts FILE DATA_FILE"; }
[ "${1:-}" = --counts ] && [ $# -ge 3 ] || usage_die "--counts FILE and a data file are required"
countsf=$2 data=$3
fail_all() { echo "passed=0 failed=1 skipped=0" >"$countsf"; die "$*"; }
[ -s "$data" ] || fail_all "no experiment data in $data"
build_analysis || fail_all "the analysis tools do not build (make analysis)"
rules=$ROOT/analysis/expect

# Every scenario's figures: its runs' rows of ue_metrics' record.
figures=$OUT/check/expect.figures
mkdir -p "$OUT/check"
rules_tsv() { tsv_awk -F ' [|] ' '{ printf "%s\t%s\t%s\n", col("scenario"), col("condition"), col("what") }' "$rules"; }
for s in $(rules_tsv | cut -f1 | awk '!seen[$0]++'); do
	scenario_field "$s" name >/dev/null ||
		fail_all "analysis/expect names scenario $s, which analysis/scenarios has not"
done
scenario_figures "$data" >"$figures" || fail_all "ue_metrics cannot read $data"

# fill SCENARIO CONDITION WHAT: the condition with its {SETTING KEY} made
# numbers (or a division by zero, which fails the condition, for a figure
# that is missing or is no number) and what it checks with them, from the
# first run of each setting, tab-separated.
fill() {
	S=$1 C=$2 W=$3 tsv_awk '
	{ key = col("workload") " " col("setting") }
	!(key in seen) { seen[key] = 1; for (i = 1; i <= tsv_n; i++) v[key, tsv_name[i]] = $i }
	function fill(text, num,   out, k, x) {
		out = ""
		while (match(text, /\{[^}]*\}/)) {
			split(substr(text, RSTART + 1, RLENGTH - 2), k, " ")
			x = ((ENVIRON["S"] " " k[1]), k[2]) in v ? v[ENVIRON["S"] " " k[1], k[2]] : ""
			if (x == "-") x = ""
			if (num && x !~ /^-?[0-9]+(\.[0-9]+)?$/) x = "(1/0)"
			if (!num && x == "") x = "?"
			out = out substr(text, 1, RSTART - 1) x
			text = substr(text, RSTART + RLENGTH)
		}
		return out text
	}
	END { if (tsv_failed) exit 2; printf "%s\t%s\n", fill(ENVIRON["C"], 1), fill(ENVIRON["W"], 0) }' "$figures"
}

n=0 pass=0 tap=
while IFS=$'\t' read -r s rule what; do
	n=$((n + 1))
	out=$(fill "$s" "$rule" "$what")
	cond=${out%%$'\t'*} what=${out#*$'\t'}
	if awk "BEGIN { exit !($cond) }" 2>/dev/null; then
		tap+="ok $n $what"$'\n'; pass=$((pass + 1))
	else
		tap+="not ok $n $what"$'\n'
		case $cond in *'(1/0)'*) tap+="# a figure of this condition is missing: $rule"$'\n' ;; esac
	fi
done < <(rules_tsv)
printf 'TAP version 13\n1..%d\n%s' "$n" "$tap"
echo "passed=$pass failed=$((n - pass)) skipped=0" >"$countsf"
[ "$pass" -eq "$n" ]
