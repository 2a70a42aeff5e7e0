#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The test suite, as `make check` and .ci/run run it:
#   1. the kernel tree (tarball + series), then the harness's own tests on
#      the host (tests/run.sh: two of them use the tree's kconfig and
#      kunit.py)
#   2. the test kernel: config, build
#   3. a boot of it: plan "check" (KUnit at boot, then the guest tests:
#      smoke, kselftests, accounting, tracing, the fixes' reproducers),
#      under -icount for reproducible guest time
#   4. the quick experiments' thresholds (harness/expect.sh)
#   5. the debug kernel: config, build, a short storm (plan "storm")
#   6. the benchmark's plumbing (make bench QUICK=1: no timing threshold)
# A step that cannot run counts as a failure naming why. The last line is
# "N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--plan PLAN] [--smp N] [--icount SHIFT|off]"; }
plan=${CHECK_PLAN:-check} smp=2 icount=${CHECK_ICOUNT:-3}
while [ $# -gt 0 ]; do
	case $1 in
	--plan)   [ $# -ge 2 ] || usage_die "--plan needs a name"; plan=$2; shift ;;
	--smp)    [ $# -ge 2 ] || usage_die "--smp needs a number"; smp=$2; shift ;;
	--icount) [ $# -ge 2 ] || usage_die "--icount needs a shift or off"; icount=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done

passed=0 failed=0 skipped=0 failures=()
start=$(date +%s) suite= cold=
step_failed() { failed=$((failed + 1)); failures+=("$1"); echo "$PROG: FAIL: $1" >&2; }
add_counts() { # FILE
	local p f s
	read -r p f s < <(counts_sum "$1")
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
}
finish() {
	local secs=$(( $(date +%s) - start ))
	echo
	echo "check: ${secs}s; kernel tree: Debian linux-source-6.12 $(debian_version)"
	# The record of this check's duration (make record RUN=out/runs/make/check).
	if [ -n "$suite" ] && suite_timing "$suite" "$cold" "$passed" "$failed" "$skipped" \
		"$RUNS/test/$plan" "$RUNS/debug/storm" "$RUNS/test/bench-smp2"; then
		echo "timing: $suite/timing.tsv"
	fi
	for f in ${failures[@]+"${failures[@]}"}; do echo "  failed: $f"; done
	[ "$skipped" -eq 0 ] || echo "$skipped skipped"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

# step LABEL CMD...: run a step; if it fails, count a failure named by its
# own error message and stop.
step() {
	local label=$1 err=$OUT/check/step.err; shift
	# stderr both to the terminal and to $err; pipefail keeps the step's status
	if ! { "$@" 2>&1 1>&3 | tee "$err" >&2; } 3>&1; then
		step_failed "$label: $(grep -m1 ': error: ' "$err" | sed 's/^[^:]*: error: //')"
		finish
	fi
}

cd "$ROOT" || exit 1
mkdir -p "$OUT/check"
# Every count comes from this run: a step that dies before it writes its
# file adds nothing, not an earlier run's results (the boots' counts are
# removed by run.sh as each boot starts).
rm -f "$OUT/check/"*.counts
# This check's own run: its record and, at the end, its timing; its
# kernels' builds are cold if their build directories start empty.
cold=$(builds_cold test debug)
suite=$(suite_run check) || log "no record of this check's duration: $RUNS is not writable"
step "installing packages" harness/deps.sh all

step "kernel tree" harness/tree.sh

# Host tests first: they need no kernel, only the tree.
tests/run.sh --counts "$OUT/check/host.counts" || true
add_counts "$OUT/check/host.counts"

build=$(build_dir test)
step "building the test kernel" build_kernel test

step "building the initramfs" harness/initramfs.sh --build "$build" --out "$build/initramfs.cpio"
icount_args=()
[ "$icount" = off ] || icount_args=(--icount "$icount")
# The boot of the test kernel: KUnit, then PLAN.
harness/run.sh --kernel test --plan "$plan" --initrd "$build/initramfs.cpio" --smp "$smp" \
	${icount_args[@]+"${icount_args[@]}"} ||
	echo "$PROG: boot of plan $plan failed (log: $OUT/runs/test/$plan/console.log)" >&2
if [ -f "$OUT/runs/test/$plan/counts" ]; then
	add_counts "$OUT/runs/test/$plan/counts"
else
	step_failed "booting the test kernel for plan $plan: no results (log: $OUT/runs/test/$plan/console.log)"
fi
# The quick experiments' figures against their thresholds.
if [ -s "$OUT/runs/test/$plan/console.log.data" ]; then
	harness/expect.sh --counts "$OUT/check/expect.counts" "$OUT/runs/test/$plan/console.log.data" || true
	add_counts "$OUT/check/expect.counts"
else
	step_failed "quick experiments: no data from plan $plan ($OUT/runs/test/$plan/console.log.data)"
fi
# A short storm on the debug kernel (lockdep, KASAN, UBSAN, panic_on_warn):
# plan "storm", as make stress runs it for longer.
if build_kernel debug; then
	storm_boot debug "${CHECK_STORM_SECS:-120}" 4 ||
		echo "$PROG: the debug kernel's storm failed (log: $OUT/runs/debug/storm/console.log)" >&2
	if [ -f "$OUT/runs/debug/storm/counts" ]; then
		add_counts "$OUT/runs/debug/storm/counts"
	else
		step_failed "the debug kernel's storm: no results (log: $OUT/runs/debug/storm/console.log)"
	fi
else
	step_failed "building the debug kernel (log: $(build_dir debug)/build.log)"
fi
# The benchmark's plumbing, with no timing threshold: a quick run on the
# test kernel, from which the statistics must yield, for each policy and
# workload, a ratio and its interval.
if harness/bench.sh --quick --icount "${icount/off/3}"; then
	add_counts "$OUT/runs/test/bench-smp2/counts"
	# A comparison for each setting but "off", its base, and each workload
	# (hackbench and the pipe): the guest's bench runs off and each policy
	# the kernel lists, which smoke checks are analysis/policies'.
	nset=$(( $(policy_column name | wc -l) + 1 ))
	want=$(( (nset - 1) * 2 ))
	pairs=$(tsv_awk 'col("ratio_mean") ~ /^[0-9.]+$/ && col("ci_lo") ~ /^-?[0-9.]+$/ &&
		col("ci_hi") ~ /^[0-9.]+$/ { n++ } END { print n + 0 }' "$RUNS/make/bench/by-setting.tsv" || echo 0)
	if [ "$nset" -gt 1 ] && [ "$pairs" -eq "$want" ]; then
		passed=$((passed + 1))
	else
		step_failed "quick bench: $pairs of $want comparisons with a ratio and an interval ($RUNS/make/bench/by-setting.tsv)"
	fi
else
	step_failed "quick bench: make bench QUICK=1 failed (log: $OUT/runs/test/bench-smp2/console.log)"
fi
finish
