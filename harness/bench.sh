#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What util_est costs, as `make bench` runs it: the stock and the patched
# kernel, built from the same config, each booted once per vCPU count under
# -icount, running guest/experiments/bench.sh; then analysis/bench_stats
# pairs the settings round by round and out/bench.md reports the ratios,
# what explains them, and the structs' sizes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() {
	cat <<EOU
usage: $PROG [options]
  --smp LIST      vCPU counts, one boot per kernel each (default: 1,2,4,8)
  --groups LIST   hackbench group counts, 40 tasks each (default: 1,10,40)
  --rounds N      rounds per boot, the first a warm-up (default: 11)
  --loops N       hackbench loops (default: 5)
  --pipe N        ping-pong round trips (default: 10000)
  --icount SHIFT  guest time counts instructions (default: 3)
  --noise         also run the patched kernel without -icount (plain TCG,
                  its vCPUs in one thread as under -icount)
  --keys          also boot the patched kernel with a task's own policy
                  given first (ue.bench_keys=on): its keys stay on for good,
                  so the settings cost what they cost once root has used
                  util_est_task (keys.tsv, keys-cross.tsv)
  --quick         a plumbing check: the test kernel only, 2 vCPUs, 1 group,
                  3 rounds, few loops; no stock kernel, no footprint
EOU
}
smp_list=1,2,4,8 groups=1,10,40 rounds=11 loops=5 pipe=10000 icount=3 noise= keys= quick=
list_ok() { [[ $1 =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]]; }
while [ $# -gt 0 ]; do
	case $1 in
	--smp)    [ $# -ge 2 ] && list_ok "$2" || usage_die "--smp needs a list of counts, e.g. 1,2,4"; smp_list=$2; shift ;;
	--groups) [ $# -ge 2 ] && list_ok "$2" || usage_die "--groups needs a list of counts, e.g. 1,10"; groups=$2; shift ;;
	--rounds) [ $# -ge 2 ] && list_ok "$2" && [ "$2" -ge 2 ] || usage_die "--rounds needs a number >= 2"; rounds=$2; shift ;;
	--loops)  [ $# -ge 2 ] && list_ok "$2" || usage_die "--loops needs a number"; loops=$2; shift ;;
	--pipe)   [ $# -ge 2 ] && list_ok "$2" || usage_die "--pipe needs a number"; pipe=$2; shift ;;
	--icount) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_die "--icount needs a shift"; icount=$2; shift ;;
	--noise)  noise=1 ;;
	--keys)   keys=1 ;;
	--quick)  quick=1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -z "$quick" ] || { smp_list=2 groups=1 rounds=3 loops=2 pipe=2000 noise= keys=; }
for n in ${smp_list//,/ }; do
	[ "$n" -le 8 ] || usage_die "--smp: at most 8 vCPUs (CONFIG_NR_CPUS=8), not $n"
done

harness/deps.sh all
if [ -n "$quick" ]; then
	harness/tree.sh >/dev/null
	kernels=(test)
else
	harness/tree.sh --pristine >/dev/null
	kernels=(stock bench)
fi
# This bench's own run (make record RUN=out/runs/make/bench): its record,
# the boots it made, its timing (from here: the kernels' builds count),
# its comparisons' tables and its footprint.
cold=$(builds_cold "${kernels[@]}")
run=$(suite_run bench) || die "cannot keep this bench's run: is $RUNS writable?"
for k in "${kernels[@]}"; do
	build_kernel "$k"
done

mkdir -p "$OUT/bench"
data=() links=()
# boot KERNEL SMP TAG [qemu options]: one boot of the bench plan.
boot() {
	local k=$1 n=$2 tag=$3; shift 3
	local log=$OUT/runs/$k/bench-$tag/console.log
	log "$k kernel, $n vCPUs ($tag): $rounds rounds, groups $groups"
	harness/run.sh --kernel "$k" --plan bench --tag "$tag" --smp "$n" --timeout 14400 "$@" \
		--append "kunit.enable=0 ue.bench_rounds=$rounds ue.bench_groups=$groups ue.bench_loops=$loops ue.bench_pipe=$pipe ue.test_timeout=14000" ||
		die "the $k kernel's bench boot failed: $log"
	[ -s "$log.data" ] || die "no bench data in $log.data"
	data+=("$log.data") links+=("$OUT/runs/$k/bench-$tag")
}
for n in ${smp_list//,/ }; do
	for k in "${kernels[@]}"; do
		boot "$k" "$n" "smp$n" --icount "$icount"
	done
done
noise_data=()
if [ -n "$noise" ]; then
	for n in ${smp_list//,/ }; do
		boot bench "$n" "smp$n-noicount" --accel tcg-single
		noise_data+=("${data[-1]}")
		unset 'data[-1]'
	done
fi

# The keys' boots: compared with the same kernel's off, and with stock.
keys_data=() stock_data=()
if [ -n "$keys" ]; then
	for n in ${smp_list//,/ }; do
		boot bench "$n" "smp$n-keys" --icount "$icount" --append ue.bench_keys=on
		keys_data+=("${data[-1]}")
		unset 'data[-1]'
	done
	for d in "${data[@]}"; do
		[ "$(run_field "$(dirname "$d")" series)" != none ] || stock_data+=("$d")
	done
fi

mkdir -p "$OUT/bin"
build_analysis || die "the analysis tools do not build (make analysis)"
stats=$OUT/bin/bench_stats
"$stats" --base "$BENCH_BASE" "${data[@]}" >"$run/by-setting.tsv"
: >"$run/cross.tsv"
default=$(policy_column name | head -n 1)
[ -n "$quick" ] || "$stats" --cross "patched:$default" stock:on "${data[@]}" >"$run/cross.tsv"
: >"$run/noise.tsv"
[ ${#noise_data[@]} -eq 0 ] || "$stats" --base "$BENCH_BASE" "${noise_data[@]}" >"$run/noise.tsv"
: >"$run/keys.tsv"
: >"$run/keys-cross.tsv"
if [ ${#keys_data[@]} -gt 0 ]; then
	"$stats" --base "$BENCH_BASE" "${keys_data[@]}" >"$run/keys.tsv"
	"$stats" --cross "patched:$default" stock:on "${stock_data[@]}" "${keys_data[@]}" >"$run/keys-cross.tsv"
fi
# A record of comparisons: its header, then a row each.
[ "$(wc -l <"$run/by-setting.tsv")" -gt 1 ] || die "bench_stats found no pairs in ${data[*]}"
footprint=()
if [ -z "$quick" ]; then
	harness/footprint.sh --out "$run/footprint.tsv"
	footprint=(--footprint "$run/footprint.tsv")
fi
# shellcheck disable=SC2046 # (a file per word)
read -r p f s < <(counts_sum $(suite_boots "$run" "${links[@]}" | sed 's|$|/counts|'))
# Its timing from its run's start: the kernels' builds and the footprint
# included.
suite_timing "$run" "$cold" "$p" "$f" "$s" "${links[@]}"
harness/bench-report.sh --run "$run" --icount "$icount" --took "$(tsv_awk '{ print col("seconds") }' "$run/timing.tsv")" \
	${footprint[@]+"${footprint[@]}"} "${data[@]}"
