#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/ue_metrics.c and harness/expect.sh on synthetic experiment data
# whose figures are known: activations, run time per OPP, thresholds.
. "$(dirname "$0")/lib.sh"
plan 15

m=$WORK/ue_metrics
make -s -C "$TESTS_ROOT" analysis BIN="$WORK" >/dev/null ||
	{ echo "Bail out! make analysis fails"; exit 1; }

# Two activations of task "big" (pid 100) on CPU 1. The first: 10 ms at
# 250 MHz, 40 ms at 2000 MHz; its switch-in still shows rt-app's name. The
# second: 100 ms running, 10 ms preempted by a kworker, 40 ms running, all
# at 2000 MHz. Run time 190 ms, 180 of it at the top OPP: 94.7%.
block() { # SETTING
	cat <<EOB
=== data workload=w setting=$1 rep=1 kernel=6.12.0-utilest begin ===
I 1 250000 2000000
M path=fast_switch
S 1000000 1 0 R 100 rt-app
F 1010000 1 2000000
F 1020000 0 250000
S 1050000 1 100 S 0 swapper/1
S 1300000 1 0 R 100 big
S 1400000 1 100 R+ 200 kworker/1:1
S 1410000 1 200 I 100 big
S 1450000 1 100 S 0 swapper/1
=== data workload=w setting=$1 rep=1 kernel=6.12.0-utilest end ===
EOB
}
block max_ewma_last >"$WORK/data"
"$m" "$WORK/data" >"$WORK/out" 2>&1
output_has "ue_metrics reads a block" 'setting=max_ewma_last rep=1'

output_has "activations from switch-in to sleep, preemption inside: 50 and 150 ms" ' acts=2 act_mean_ms=100.0 act_min_ms=50.0 act_max_ms=150.0 '
output_has "run time from the switches: 190 ms" ' run_ms=190.0 '
output_has "share at the top OPP, other CPUs' OPPs ignored: 94.7%" ' top_pct=94.7 '
output_has "residency per OPP" ' res=250000:5.3,2000000:94.7 '
"$m" --acts 1 "$WORK/data" >"$WORK/out" 2>&1
output_has "--acts N keeps the first N activations" ' acts=1 act_mean_ms=50.0 '

# expect.sh on a real run (tests/fixtures/experiment-check.data: the data
# port of make check's boot, 2026-12-04, series v2) passes; its thresholds
# fail when the figures are moved past them.
fixture=$TESTS_ROOT/tests/fixtures/experiment-check.data
check "expect.sh passes make check's recorded experiments" \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$fixture"
# The kernel's util_avg 40 off the model's at every sample.
awk '$1 == "U" { $4 += 40 } { print }' "$fixture" >"$WORK/off"
fails_with "expect.sh fails when the kernel and the model disagree" \
	'not ok 7 the kernel.s util_avg, ewma, last within 22' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/off"
# A migration whose new CPU gets another estimate than the task's.
awk '/workload=migrate/ && /begin/ { m = 1 } m && $1 == "C" && $5 > 0 { $5 += 1 } /end ===/ { m = 0 } { print }' \
	"$fixture" >"$WORK/mig"
fails_with "expect.sh fails when a migration changes the estimate" \
	'not ok 10 migrate: every migration by affinity moved the estimate whole' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/mig"
# Contention with the two estimators' runs swapped: the one that holds its
# estimate is no longer the one called mainline.
awk '/workload=contention/ { if (/setting=mainline/) sub(/setting=mainline/, "setting=max_ewma_last")
	else sub(/setting=max_ewma_last/, "setting=mainline") } { print }' "$fixture" >"$WORK/swap"
fails_with "expect.sh fails when mainline lets its estimate fall under contention" \
	'not ok 11 contention: mainline holds >= 90% of its estimate alone' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/swap"
{ block pelt; block max_ewma_last; } | sed 's/workload=w/workload=periodic-120-300/' >"$WORK/close"
fails_with "expect.sh fails when util_est is not clearly above PELT" \
	'not ok 2 120/300: max_ewma_last >= PELT alone \(.*\) \+ 15 points' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/close"
# Limits are errors, not silent truncation: a 33rd OPP the task runs at.
{
	echo "=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest begin ==="
	echo "I 1 100000 3300000"
	echo "S 1000 1 0 R 100 big"
	for i in $(seq 2 33); do echo "F $((1000 + i * 100)) 1 $((i * 100000))"; done
	echo "S 9000 1 100 S 0 swapper/1"
	echo "=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest end ==="
} >"$WORK/opps"
fails_with "a 33rd OPP is an error, not a 32nd bucket" 'more than 32 OPPs' "$m" "$WORK/opps"
fails_with "--acts takes a number" 'usage: ue_metrics' "$m" --acts x "$WORK/data"
fails_with "--mark needs --switch-at" 'usage: ue_metrics' "$m" --mark 3 "$WORK/data"
# Options after a file name count for it too.
"$m" "$WORK/data" --acts 1 >"$WORK/out" 2>&1
output_has "an option after the file counts" ' acts=1 act_mean_ms=50.0 '
finish
