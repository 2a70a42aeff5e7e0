#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/bench_stats.c on rounds whose ratios and intervals are worked
# out by hand. (make check's quick bench runs the guest runner into it.)
. "$(dirname "$0")/lib.sh"
plan 13

s=$WORK/bench_stats
make -s -C "$TESTS_ROOT" analysis BIN="$WORK" >/dev/null ||
	{ echo "Bail out! make analysis fails"; exit 1; }

# block KERNEL SETTING VALUE...: one boot's rounds, round 0 first (a
# warm-up far off the others, which must not count).
block() {
	local k=$1 set=$2 r=0 v; shift 2
	echo "=== bench kernel=$k smp=2 begin ==="
	for v; do
		echo "B round=$r setting=off workload=hackbench groups=1 value=1.00 ctxt=100 idle_pct=10"
		echo "B round=$r setting=$set workload=hackbench groups=1 value=$v ctxt=110 idle_pct=12"
		r=$((r + 1))
	done
	echo "=== bench kernel=$k smp=2 end ==="
}
# Ratios 1.00 1.02 0.98 1.01 0.99: mean 1, s = 0.01581, t(4) = 2.776,
# half-width 2.776 * 0.01581 / sqrt(5) = 0.0196.
block 6.12.0-utilest ewma_fastup 9 1.00 1.02 0.98 1.01 0.99 >"$WORK/a.data"
"$s" --base off "$WORK/a.data" >"$WORK/out" 2>&1
figures_are "five rounds, the warm-up left out" "$WORK/out" "setting base n" "ewma_fastup off 5"
figures_are "mean, median and range of the ratios" "$WORK/out" \
	"ratio_median ratio_min ratio_max ratio_mean" "1.0000 0.9800 1.0200 1.0000"
figures_are "Student's t interval of the mean" "$WORK/out" "ci_lo ci_hi" "0.9804 1.0196"
figures_are "what went with it: switches and idle time" "$WORK/out" \
	"ctxt_ratio idle_pct base_idle_pct" "1.1000 12.0 10.0"

# Across kernels: the patched kernel's ewma_fastup against the stock one's
# "on", round by round: 1.10 / 1.00 and 1.32 / 1.20 are both 1.1; the
# differences 0.10 and 0.12 average 0.11. Which is which is each boot's
# record, the run.info beside its data (the series its kernel carries),
# not its release: here the names say the opposite.
boot() { # DIR RELEASE SERIES SETTING VALUE...
	local d=$WORK/$1 k=$2 series=$3 set=$4 r=0 v; shift 4
	mkdir -p "$d"
	printf 'release\tseries\n%s\t%s\n' "$k" "$series" >"$d/run.info"
	{
		echo "=== bench kernel=$k smp=2 begin ==="
		for v; do echo "B round=$r setting=$set workload=pipe groups=1 value=$v"; r=$((r + 1)); done
		echo "M setting=$set groups=1 migrations=3 switches=40"
		echo "=== bench kernel=$k smp=2 end ==="
	} >"$d/console.log.data"
}
boot stock 6.12.0-utilest-bench none on 9 1.00 1.20
boot patched 6.12.0-stock fixes+lab ewma_fastup 9 1.10 1.32
"$s" --cross patched:ewma_fastup stock:on "$WORK/stock/console.log.data" "$WORK/patched/console.log.data" >"$WORK/out" 2>&1
figures_are "--cross pairs rounds across kernels, each known from its run.info" "$WORK/out" \
	"kernel build smp workload groups setting base n ratio_median ratio_min ratio_max ratio_mean ci_lo ci_hi" \
	"6.12.0-stock/6.12.0-utilest-bench patched/stock 2 pipe 1 ewma_fastup on 2 1.1000 1.1000 1.1000 1.1000 1.1000 1.1000"
figures_are "and their differences" "$WORK/out" diff_mean 0.11
"$s" --base off "$WORK/a.data" >"$WORK/out" 2>&1
figures_are "--base: a boot without a run.info is the patched kernel's" "$WORK/out" "kernel build" "6.12.0-utilest patched"
fails_with "--cross refuses a boot without its run.info, naming it" "run.info .*none for .*/a.data" \
	"$s" --cross patched:ewma_fastup stock:on "$WORK/a.data"
fails_with "--cross takes a build, patched or stock, not a kernel's name" "BUILD patched or stock, not utilest:ewma_fastup" \
	"$s" --cross utilest:ewma_fastup stock:on "$WORK/stock/console.log.data"

# The traced run of each setting: its M line, by the block's kernel.
printf '%s\n' "=== bench kernel=k1 smp=4 begin ===" "M setting=off groups=10 migrations=3 switches=40" \
	"=== bench kernel=k1 smp=4 end ===" >"$WORK/m.data"
"$s" --moves "$WORK/m.data" >"$WORK/out" 2>&1
figures_are "--moves: each traced run's migrations and switches" "$WORK/out" \
	"kernel build smp groups setting migrations switches" "k1 patched 4 10 off 3 40"
"$s" --moves "$WORK/stock/console.log.data" >"$WORK/out" 2>&1
figures_are "--moves: the build from the run.info" "$WORK/out" "kernel build" "6.12.0-utilest-bench stock"

fails_with "a record without a value is refused, naming the key" 'record without value' \
	"$s" --base off <(echo "=== bench kernel=k smp=1 begin ==="; echo "B round=1 setting=x workload=w groups=1")
fails_with "a value that is no number is refused" 'not a number: 1.0x' \
	"$s" --base off <(echo "=== bench kernel=k smp=1 begin ==="; echo "B round=1 setting=x workload=w groups=1 value=1.0x")

finish
