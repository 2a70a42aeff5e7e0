#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The reports from recorded runs: harness/report.sh on make check's
# experiments (tests/fixtures/experiment-check.data) booted twice, once on
# a kernel whose run.info says it carries no series; harness/
# bench-report.sh on rounds whose comparison is known (test-bench's). Both
# read their figures, QEMU's settings and the runs' records by column.
. "$(dirname "$0")/lib.sh"
plan 18

. "$HARNESS/lib.sh"
export UTIL_EST_OUT=$WORK/results
command -v gnuplot >/dev/null || { echo "Bail out! gnuplot not found (harness/deps.sh report)"; exit 1; }
settings() { # FILE ACCEL SMP TIMEOUT
	{ tsv_row accel cpu smp mem icount plan timeout seconds status
	  tsv_row "$2" max "$3" 512 3 rfc "$4" 100 ok; } >"$1"
}
# The same runs, on a patched kernel and, by its record alone, the stock
# one (its release says utilest; its run.info, no series).
for k in patched stock; do
	d=$WORK/runs/$k
	mkdir -p "$d"
	cp "$TESTS_ROOT/tests/fixtures/experiment-check.data" "$d/console.log.data"
	settings "$d/console.log.settings" tcg 2 900
	{ tsv_row release series; tsv_row 6.12.118-utilest-g0cb47229b0fa "$([ $k = stock ] && echo none || echo fixes+lab)"; } >"$d/run.info"
	echo "not ok 3 $k's test" >"$d/console.log"
done
"$HARNESS/report.sh" "$WORK/runs/patched/console.log.data" "$WORK/runs/stock/console.log.data" >"$WORK/log" 2>&1 ||
	{ sed 's/^/# /' "$WORK/log"; echo "Bail out! report.sh fails"; exit 1; }
r=$UTIL_EST_OUT/report.md
check "a table row per kernel and setting, the mean of the figures" \
	grep -qx '| patched | max_ewma_last | 97.2 | 124.5 | 45.0 | 1 |' "$r"
check "the stock kernel's rows, known from its run.info" \
	grep -qx '| stock 6.12 | max_ewma_last | 97.2 | 124.5 | 45.0 | 1 |' "$r"
check "residency by label from the figures' record, the stock kernel's marked" \
	grep -qx 'max_ewma_last(stock) 0.60 0.60 0.40 0.40 0.40 0.00 0.40 97.20' "$UTIL_EST_OUT/report/residency-periodic-120-300.dat"
check "the model's table: the largest differences from the record, per scenario" \
	grep -qx '| periodic-4-16 | 4 | 4 | 4 | 2 |' "$r"
check "the kernels from the figures' record" grep -q '^- Kernels: 6.12.118-utilest-g0cb47229b0fa (Debian' "$r"
check "schedutil's paths from the figures' record" grep -q 'changed OPPs by fast_switch (16 runs)\.' "$r"
check "QEMU from its settings' record" grep -qx -- '- QEMU: accel=tcg cpu=max smp=2 mem=512 icount=3 timeout=900;' "$r"
check "the boots' failed tests, by kernel, from their run.info" grep -qx -- "- stock 6.12: FAILED: stock's test" "$r"
mkdir "$WORK/runs/norecord"
cp "$WORK/runs/stock/console.log"* "$WORK/runs/norecord/"
fails_with "a run without its run.info is refused: which kernel ran is its record, not its name" \
	"run.info .* beside .*norecord/console.log.data: stock or patched is unknown" \
	"$HARNESS/report.sh" "$WORK/runs/norecord/console.log.data"
# Which policies it takes is analysis/policies': none fed the dequeue sample, no row.
sed 's/^max_ewma_last | max | dequeue$/max_ewma_last | max | enq_deq/' "$POLICIES" >"$WORK/policies"
UTIL_EST_POLICIES=$WORK/policies "$HARNESS/report.sh" "$WORK/runs/patched/console.log.data" >"$WORK/log" 2>&1
check "the model's table takes the policies analysis/policies says are fed the dequeue sample" \
	sh -c "! grep -q '^| periodic-4-16 |' '$r'"

# bench-report.sh: one boot's rounds (test-bench's: ewma_fastup 1.00 of off,
# +-1.96%), its traced runs, the footprint; the comparisons from the
# bench's run, as bench.sh keeps them.
B=$UTIL_EST_OUT/bench R=$WORK/bench-run
mkdir -p "$R" "$WORK/bench"
{
	echo "=== bench kernel=6.12.0-utilest smp=2 begin ==="
	r=0
	for v in 9 1.00 1.02 0.98 1.01 0.99; do
		echo "B round=$r setting=off workload=hackbench groups=1 value=1.00 ctxt=100 idle_pct=10"
		echo "B round=$r setting=ewma_fastup workload=hackbench groups=1 value=$v ctxt=110 idle_pct=12"
		r=$((r + 1))
	done
	echo "M setting=ewma_fastup groups=1 migrations=3 switches=40"
	echo "=== bench kernel=6.12.0-utilest smp=2 end ==="
} >"$WORK/bench/console.log.data"
settings "$WORK/bench/console.log.settings" tcg 2 60
make -s -C "$TESTS_ROOT" analysis BIN="$UTIL_EST_OUT/bin" >/dev/null
"$UTIL_EST_OUT/bin/bench_stats" --base off "$WORK/bench/console.log.data" >"$R/by-setting.tsv"
: >"$R/cross.tsv"
: >"$R/noise.tsv"
{ tsv_row struct stock patched stock_lines patched_lines; tsv_row rq 3392 3456 53 54; } >"$WORK/fp.txt"
echo "add/remove: 1/0" >"$WORK/fp-bloat.txt"
"$HARNESS/bench-report.sh" --run "$R" --icount 3 --took 60 --footprint "$WORK/fp.txt" "$WORK/bench/console.log.data" >"$WORK/log" 2>&1 ||
	{ sed 's/^/# /' "$WORK/log"; echo "Bail out! bench-report.sh fails"; exit 1; }
b=$UTIL_EST_OUT/bench.md
check "bench: a row per comparison from bench_stats' record" grep -qx \
	'| 2 | hackbench | 1 | ewma_fastup vs off | +0.00% \[-1.96, +1.96\] | 1.0000 (0.9800-1.0200) | 5 | 1.100 | 12.0 / 10.0 |' "$b"
check "bench: the traced runs' migrations and switches" grep -qx '| patched | 2 | 1 | ewma_fastup | 3 | 40 |' "$b"
check "bench: the kernels from the blocks' headers" grep -q '^- Kernels: 6.12.0-utilest (Debian' "$b"
check "bench: its comparisons' run named" grep -qF "Its comparisons are kept in \`$R\`" "$b"
check "bench: the footprint's record" grep -qx '| rq | 3392 | 3456 | 53 | 54 |' "$b"
check "bench: bloat-o-meter's report beside it" grep -qx 'add/remove: 1/0' "$b"
check "bench: QEMU's settings, the vCPUs left to the rows" grep -q '^- QEMU: accel=tcg cpu=max mem=512 icount=3 timeout=60; -icount' "$b"
check "bench: the plot's points from the record" grep -qx '1 "2/1" 1.0000 0.9804 1.0196' "$B/plot.dat"
finish
