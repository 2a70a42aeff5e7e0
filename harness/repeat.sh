#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The flake count: the check plan's boot of the built test kernel, TIMES
# boots in a row (JOBS at once, one vCPU thread each under single-threaded
# TCG), each judged as make check judges it; then one line a boot and
# "N of N boots with 0 failures". make check does not call it: it is what
# a change to a guest test must pass before it lands (make repeat). The
# run is kept (out/runs/make/repeat): its repeat.tsv has a row a boot, and
# make record copies it into results/ for the docs to quote.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() { echo "usage: $PROG [--plan PLAN] [--times N] [--jobs N] [--icount SHIFT|off]"; }
plan=check times=10 jobs=2 icount=3
while [ $# -gt 0 ]; do
	case $1 in
	--plan)   [ $# -ge 2 ] || usage_die "--plan needs a name"; plan=$2; shift ;;
	--times)  [[ ${2-} =~ ^[1-9][0-9]*$ ]] || usage_die "--times needs a number >= 1"; times=$2; shift ;;
	--jobs)   [[ ${2-} =~ ^[1-9][0-9]*$ ]] || usage_die "--jobs needs a number >= 1"; jobs=$2; shift ;;
	--icount) [[ ${2-} =~ ^([0-9]+|off)$ ]] || usage_die "--icount needs a shift or off"; icount=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done

build=$(build_dir test)
[ -f "$build/arch/x86/boot/bzImage" ] || die "the test kernel is not built (make kernel)"
# One initramfs for every boot: boots at once must not rebuild it.
harness/initramfs.sh --build "$build" --out "$build/initramfs.cpio"
icount_args=()
[ "$icount" = off ] || icount_args=(--icount "$icount")
run=$(suite_run repeat) || die "cannot keep this run: is $RUNS writable?"

# boot I: the Ith boot, its output in its run dir's console.log.
boot() {
	harness/run.sh --kernel test --plan "$plan" --tag "rep$1" --initrd "$build/initramfs.cpio" \
		${icount_args[@]+"${icount_args[@]}"} >/dev/null 2>&1 || true
}
running=0
for i in $(seq 1 "$times"); do
	boot "$i" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

# A row a boot in the run's repeat.tsv, a line a boot here.
clean=0 links=() tsv=$run/repeat.tsv
tsv_row boot plan run passed failed skipped >"$tsv"
for i in $(seq 1 "$times"); do
	link=$OUT/runs/test/$plan-rep$i links+=("$link")
	if [ -f "$link/counts" ]; then
		echo "boot $i: $(cat "$link/counts")"
		read -r p f s < <(counts_sum "$link/counts")
		[ "$f" -ne 0 ] || clean=$((clean + 1))
		tsv_row "$i" "$plan" "$(basename "$(readlink -f "$link")")" "$p" "$f" "$s" >>"$tsv"
	else
		echo "boot $i: no results ($link/console.log)"
		tsv_row "$i" "$plan" - - - - >>"$tsv"
	fi
done
# shellcheck disable=SC2046 # (a file per word)
read -r p f s < <(counts_sum $(suite_boots "$run" "${links[@]}" | sed 's|$|/counts|'))
suite_timing "$run" no "$p" "$f" "$s" "${links[@]}"
echo "$clean of $times boots with 0 failures"
[ "$clean" -eq "$times" ]
