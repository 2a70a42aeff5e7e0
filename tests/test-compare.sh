#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/compare.sh: two runs' figures, matched by workload, setting, mult
# and opp; a figure the same as one of A's, a number within A's range, or
# outside it (named, with how far), and a key in one run only. Bad input
# is named and writes nothing.
. "$(dirname "$0")/lib.sh"
plan 10

mkdir -p "$WORK/a" "$WORK/b" "$WORK/c"
hdr=$'workload\tsetting\tmult\topp\trep\tkernel\tlabel\tacts\tenergy_mj\tres'
# A: two reps of one key, one of another.
printf '%s\n' "$hdr" \
	$'periodic\tewma_fastup\t1\tfree\t1\tk1\tewma_fastup\t10\t100.0\t250000:1.0' \
	$'periodic\tewma_fastup\t1\tfree\t2\tk1\tewma_fastup\t12\t110.0\t250000:2.0' \
	$'burst\tlast@juno\t4\tfmax\t1\tk1\tlast@juno\t5\t50.5\t-' >"$WORK/a/figures.tsv"
# B: the first key's figures the same (acts 12, res of rep 1) or within
# (energy 105.5), the second's the same but for energy, 10% above A's.
printf '%s\n' "$hdr" \
	$'periodic\tewma_fastup\t1\tfree\t1\tk2\tewma_fastup\t12\t105.5\t250000:1.0' \
	$'burst\tlast@juno\t4\tfmax\t1\tk2\tlast@juno\t5\t55.55\t-' >"$WORK/b/figures.tsv"
cp "$WORK/a/figures.tsv" "$WORK/c/"

check "a run against itself: every figure the same" "$HARNESS/compare.sh" "$WORK/a" "$WORK/a"
output_has "and counted: 12 figures" '^12 figures: 12 same, 0 within A.s range, 0 outside; 0 key\(s\) in one run only$'
fails_with "a figure outside A's range fails, named with its distance" 'burst last@juno x4 fmax: 3/4 same, 0 within A.s range, 1 outside \(energy_mj=10\.00%\)' \
	"$HARNESS/compare.sh" --out "$WORK/t.tsv" "$WORK/a" "$WORK/b"
output_has "one within A's range is counted so" 'periodic ewma_fastup x1 free: 3/4 same, 1 within'
check "the table names each key's counts" \
	bash -c "awk -F '\t' '\$1 == \"periodic\" { print \$5, \$6, \$7, \$8, \$9 }' '$WORK/t.tsv' | grep -qx 'both 4 3 1 0'"
{ printf 'started\tplan\n'; printf '2026-12-09T00:00:00Z\trfc\n'; } >"$WORK/a/run.info"
"$HARNESS/compare.sh" --summary "$WORK/sum.tsv" "$WORK/a" "$WORK/a" >/dev/null 2>&1
"$HARNESS/compare.sh" --summary "$WORK/sum.tsv" "$WORK/a" "$WORK/b" >/dev/null 2>&1
check "--summary: a row a comparison, under one header: the plan, the runs, the totals" \
	diff "$WORK/sum.tsv" <(printf 'plan\trun_a\trun_b\tkeys\tfigures\tsame\twithin\toutside\tone_run_only\nrfc\ta\ta\t2\t12\t12\t0\t0\t0\nrfc\ta\tb\t2\t8\t6\t1\t1\t0\n')
printf '%s\n' "$hdr" $'periodic\tewma_fastup\t1\tfree\t1\tk1\tewma_fastup\t10\t100.0\t250000:1.0' >"$WORK/c/figures.tsv"
fails_with "a key in one run only fails" 'burst last@juno x4 fmax: in run A only' "$HARNESS/compare.sh" "$WORK/a" "$WORK/c"
before=$(find "$WORK" | sort)
fails_with "a run without figures is named" "no figures.tsv in $WORK/nothing" "$HARNESS/compare.sh" "$WORK/a" "$WORK/nothing"
fails_with "one run is not enough" 'two runs to compare' "$HARNESS/compare.sh" "$WORK/a"
check "and bad input wrote nothing" [ "$(find "$WORK" -path "$WORK/out" -prune -o -print | sort)" = "$(echo "$before" | grep -vx "$WORK/out")" ]
finish
