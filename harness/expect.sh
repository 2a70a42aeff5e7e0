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

# Each scenario's figures, a line per run: "SETTING key=value...".
figures=$OUT/check/expect.figures
mkdir -p "$OUT/check"
: >"$figures"
for s in $(awk -F' [|] ' '!/^#/ && NF { print $1 }' "$rules" | awk '!seen[$0]++'); do
	opts=$(scenario_field "$s" 5) || fail_all "analysis/expect names scenario $s, which analysis/scenarios has not"
	# shellcheck disable=SC2086 # the options are words
	"$OUT/bin/ue_metrics" --workload "$s" --task "$(scenario_field "$s" 2)" $opts "$data" | awk -v s="$s" '
		{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
		f["workload"] == s { sub(/^.* setting=/, ""); print s, f["setting"], $0 }' >>"$figures" ||
		fail_all "ue_metrics cannot read $data"
done

# The rules, with their {SETTING KEY} made numbers (or a division by zero,
# which fails the condition, for a figure that is missing or is no number).
n=0 pass=0 tap=
while IFS= read -r rule; do
	case $rule in '#'*|'') continue ;; esac
	n=$((n + 1))
	read -r out < <(awk -F' [|] ' -v fig="$figures" '
		BEGIN {	# the first run of each scenario and setting
			while ((getline l < fig) > 0) {
				nw = split(l, w, " "); key = w[1] " " w[2]
				for (i = 3; i <= nw; i++) {
					split(w[i], kv, "=")
					if (!((key, kv[1]) in v)) v[key, kv[1]] = kv[2]
				}
			}
		}
		function fill(text, num,   out, m, k, x) {
			out = ""
			while (match(text, /\{[^}]*\}/)) {
				split(substr(text, RSTART + 1, RLENGTH - 2), k, " ")
				x = (($1 " " k[1]), k[2]) in v ? v[$1 " " k[1], k[2]] : ""
				if (num && x !~ /^-?[0-9]+(\.[0-9]+)?$/) x = "(1/0)"
				if (!num && x == "") x = "?"
				out = out substr(text, 1, RSTART - 1) x
				text = substr(text, RSTART + RLENGTH)
			}
			return out text
		}
		{ printf "%s\t%s\n", fill($2, 1), fill($3, 0) }' <<<"$rule")
	cond=${out%%$'\t'*} what=${out#*$'\t'}
	if awk "BEGIN { exit !($cond) }" 2>/dev/null; then
		tap+="ok $n $what"$'\n'; pass=$((pass + 1))
	else
		tap+="not ok $n $what"$'\n'
		case $cond in *'(1/0)'*) tap+="# a figure of this condition is missing: $(echo "$rule" | awk -F' [|] ' '{ print $2 }')"$'\n' ;; esac
	fi
done <"$rules"
printf 'TAP version 13\n1..%d\n%s' "$n" "$tap"
echo "passed=$pass failed=$((n - pass)) skipped=0" >"$countsf"
[ "$pass" -eq "$n" ]
