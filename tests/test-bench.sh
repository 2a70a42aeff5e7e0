#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/bench_stats.c on rounds whose ratios and intervals are worked
# out by hand. (make check's quick bench runs the guest runner into it.)
. "$(dirname "$0")/lib.sh"
plan 8

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
block 6.12.0-utilest mainline 9 1.00 1.02 0.98 1.01 0.99 >"$WORK/a.data"
"$s" --base off "$WORK/a.data" >"$WORK/out" 2>&1
output_has "five rounds, the warm-up left out" ' setting=mainline base=off n=5 '
output_has "mean, median and range of the ratios" 'ratio_median=1.0000 ratio_min=0.9800 ratio_max=1.0200 ratio_mean=1.0000 '
output_has "Student's t interval of the mean" ' ci_lo=0.9804 ci_hi=1.0196 '
output_has "what went with it: switches and idle time" ' ctxt_ratio=1.1000 idle_pct=12.0 base_idle_pct=10.0'

# Across kernels: the patched kernel's mainline against the stock one's
# "on", round by round: 1.10 / 1.00 and 1.32 / 1.20 are both 1.1; the
# differences 0.10 and 0.12 average 0.11.
{
	echo "=== bench kernel=6.12.0-stock smp=2 begin ==="
	echo "B round=0 setting=on workload=pipe groups=1 value=9"
	echo "B round=1 setting=on workload=pipe groups=1 value=1.00"
	echo "B round=2 setting=on workload=pipe groups=1 value=1.20"
	echo "=== bench kernel=6.12.0-stock smp=2 end ==="
	echo "=== bench kernel=6.12.0-utilest-bench smp=2 begin ==="
	echo "B round=0 setting=mainline workload=pipe groups=1 value=9"
	echo "B round=1 setting=mainline workload=pipe groups=1 value=1.10"
	echo "B round=2 setting=mainline workload=pipe groups=1 value=1.32"
	echo "=== bench kernel=6.12.0-utilest-bench smp=2 end ==="
} >"$WORK/x.data"
"$s" --cross utilest:mainline stock:on "$WORK/x.data" >"$WORK/out" 2>&1
output_has "--cross pairs rounds across kernels" \
	'kernel=utilest/stock smp=2 workload=pipe groups=1 setting=mainline base=on n=2 ratio_median=1.1000 ratio_min=1.1000 ratio_max=1.1000 ratio_mean=1.1000 ci_lo=1.1000 ci_hi=1.1000 '
output_has "and their differences" ' diff_mean=0.11 '

fails_with "a record without a value is refused, naming the key" 'record without value' \
	"$s" --base off <(echo "=== bench kernel=k smp=1 begin ==="; echo "B round=1 setting=x workload=w groups=1")
fails_with "a value that is no number is refused" 'not a number: 1.0x' \
	"$s" --base off <(echo "=== bench kernel=k smp=1 begin ==="; echo "B round=1 setting=x workload=w groups=1 value=1.0x")

finish
