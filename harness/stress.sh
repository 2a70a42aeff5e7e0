#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The storm on the checking kernels, as `make stress` runs it: the debug
# kernel (lockdep, KASAN, UBSAN) and the KCSAN kernel, each booted once
# running plan "storm" (the debugfs fuzzer, then guest/tests/sched_storm)
# for DURATION of guest time; then out/stress.md with what each storm did
# and what the kernels reported (it must be nothing).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() {
	cat <<EOU
usage: $PROG [options]
  --duration D    guest time of each storm: N, Ns or Nm (default: 10m)
  --kernels LIST  kernels to storm (default: debug,kcsan)
  --seed N        the storm's seed (default: 20261206)
  --smp N         vCPUs (default: 4)
EOU
}
duration=10m kernels=debug,kcsan seed=20261206 smp=4
while [ $# -gt 0 ]; do
	case $1 in
	--duration) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*[sm]?$ ]] ||
			usage_die "--duration needs a time such as 600, 600s or 10m"
		    duration=$2; shift ;;
	--kernels)  [ $# -ge 2 ] && [[ $2 =~ ^[a-z-]+(,[a-z-]+)*$ ]] || usage_die "--kernels needs a list, e.g. debug,kcsan"
		    kernels=$2; shift ;;
	--seed)     [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_die "--seed needs a number"; seed=$2; shift ;;
	--smp)      [ $# -ge 2 ] && [[ $2 =~ ^[2-8]$ ]] || usage_die "--smp needs 2 to 8 (hotplug needs a second CPU)"; smp=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
case $duration in
*m) secs=$(( ${duration%m} * 60 )) ;;
*)  secs=${duration%s} ;;
esac
for k in ${kernels//,/ }; do
	case $k in
	debug|kcsan|stock-debug) ;;
	*) usage_die "--kernels: $k is not a checking kernel (debug, kcsan, stock-debug)" ;;
	esac
done

harness/deps.sh all
harness/tree.sh --pristine >/dev/null
# This stress's own run (make record RUN=out/runs/make/stress): its
# record, the boots it made, its timing, and its figures' tables.
# shellcheck disable=SC2086 # (a kernel a word)
cold=$(builds_cold ${kernels//,/ })
run=$(suite_run stress) || die "cannot keep this run: is $RUNS writable?"
for k in ${kernels//,/ }; do
	build_kernel "$k"
done

failed=() links=()
for k in ${kernels//,/ }; do
	log "$k kernel: a storm of ${secs}s (seed $seed, $smp vCPUs)"
	start=$(date +%s)
	storm_boot "$k" "$secs" "$smp" "$seed" || failed+=("$k")
	links+=("$OUT/runs/$k/storm")
	echo "$(( $(date +%s) - start ))" >"$OUT/runs/$k/storm/wall"
done

# The latency plan on the debug kernel: an RT task's worst wake-up beside
# a crowd of CFS threads (guest/plans/latency), with and without policy
# switches. 4 GiB: the threads' stacks, KASAN's shadow; RCU's kthreads at
# an RT priority, or the crowd starves its grace periods (a stall, which
# panic_on_warn makes fatal); an hour for the test, whose crowd takes the debug kernel more guest time to
# make than the plan's default 600 s (guest/init: ue.test_timeout).
if [[ ,$kernels, == *,debug,* ]]; then
	log "debug kernel: plan latency ($(grep -v "^#" guest/plans/latency))"
	harness/run.sh --kernel debug --plan latency --smp 2 --mem 4096 --icount 3 --timeout 7200 \
		--append "$(kernel_cmdline debug) rcutree.kthread_prio=10 ue.test_timeout=3600" ||
		log "plan latency failed (log: $OUT/runs/debug/latency/console.log)"
	links+=("$OUT/runs/debug/latency")
fi

# A storm the host broke off (QEMU killed, no verdict) has no results: it
# leaves out/stress.md as it was. One that found something is a result.
for k in ${kernels//,/ }; do
	[ -f "$OUT/runs/$k/storm/counts" ] ||
		die "no results from the $k kernel's storm (log: $OUT/runs/$k/storm/console.log); $OUT/stress.md left as it was"
done
# shellcheck disable=SC2046 # (a file per word)
read -r p f s < <(counts_sum $(suite_boots "$run" "${links[@]}" | sed 's|$|/counts|'))
suite_timing "$run" "$cold" "$p" "$f" "$s" "${links[@]}"
harness/stress-report.sh --kernels "$kernels" --tsv "$run" >"$OUT/stress.md.tmp"
mv "$OUT/stress.md.tmp" "$OUT/stress.md"
log "wrote $OUT/stress.md"
[ ${#failed[@]} -eq 0 ] || die "the storm failed on: ${failed[*]} (logs: $OUT/runs/KERNEL/storm/console.log)"
