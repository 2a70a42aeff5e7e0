#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The experiments sharded: plans -> shards (harness/shards.sh) -> GNU parallel, here or on other hosts -> merged runs -> out/report.md.
#
#   bakeoff.sh [--jobs N] [--hosts FILE] [--per N] [--icount SHIFT|off] [--initrd CPIO] [--no-report] [PLAN...]
#
# PLANs default to rfc (the test kernel) and rfc-stock (the stock kernel),
# as make experiments runs them serially. Each shard is a boot of its own;
# GNU parallel runs the list from $OUT, N at once (default: the cores), or
# with --hosts over its --sshloginfile (e.g. "1/:" this machine, "1/lab2"
# another through ssh): there the shard runs in the same directory under
# the host's home (--workdir .; the checkout at the same path, its kernels
# built) and its results come back with --return. harness/shards-merge.sh
# then makes of each plan's shards one run, $RUNS/KERNEL/PLAN as a serial
# boot's, and harness/report.sh the report. A shard that failed fails the
# whole, named, after the report (none if a shard left no results).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() { echo "usage: $PROG [--jobs N] [--hosts FILE] [--per N] [--icount SHIFT|off] [--initrd CPIO] [--no-report] [PLAN...]"; }
jobs=$(nproc) hosts= shard_opts=() report=1
while [ $# -gt 0 ]; do
	case $1 in
	--jobs)   [[ ${2-} =~ ^[1-9][0-9]*$ ]] || usage_die "--jobs needs a number >= 1"; jobs=$2; shift ;;
	--hosts)  [ $# -ge 2 ] || usage_die "--hosts needs a file, as parallel's --sshloginfile reads it"; hosts=$2; shift ;;
	--per|--icount|--initrd)
		[ $# -ge 2 ] || usage_die "$1 needs a value"; shard_opts+=("$1" "$2"); shift ;;
	--no-report) report= ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ $# -gt 0 ] || set -- rfc rfc-stock
if [ -n "$hosts" ]; then
	[ -f "$hosts" ] && [ -r "$hosts" ] || die "no hosts file $hosts: one sshlogin a line, e.g. '1/:' and '1/HOST'"
	hosts=$(readlink -f "$hosts")
fi
harness/deps.sh shards

# This run's own record: at exit its duration (sharded, $jobs at once
# or over the hosts) and its merged runs, the results those of the
# patched kernel's (the stock kernel's failures are findings; a kernel
# is stock when its build carries no series, build_series).
cold=$(builds_cold test stock)
suite=$(suite_run bakeoff) || suite=
dir=
bakeoff_done() {
	local patched=() stock=() k p
	[ -f "$dir/shards.tsv" ] || { suite_done "$suite" "$1" "$cold" 0; return; }
	while read -r k p; do
		if [ "$(build_series "$(build_dir "$k")")" = none ]; then stock+=("$RUNS/$k/$p"); else patched+=("$RUNS/$k/$p"); fi
	done < <(tsv_awk '{ print col("kernel"), col("plan") }' "$dir/shards.tsv" | sort -u)
	suite_done "$suite" "$1" "$cold" ${#patched[@]} ${patched[@]+"${patched[@]}"} ${stock[@]+"${stock[@]}"}
}
trap 'bakeoff_done $?' EXIT

batch=$(date -u +%Y%m%dT%H%M%SZ)-$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo nocommit)
harness/shards.sh ${shard_opts[@]+"${shard_opts[@]}"} --batch "$batch" "$@" >/dev/null
dir=$OUT/shards/$batch
run_opts=(-j "$jobs")
[ -z "$hosts" ] || run_opts=(--sshloginfile "$hosts" --workdir . --return "shards/$batch")
log "$(grep -c . "$dir/list") shards (${run_opts[*]}), each its boot's log in $dir/SHARD"
# Each shard's failure is the merge's to name: parallel's status counts them.
# parallel runs a job (and, on another host, its worker) in the shell it
# finds in $SHELL; where that is unset (CI, env -i) the remote job never ran.
export PARALLEL_SHELL=/bin/bash
(cd "$OUT" && parallel --joblog "$dir/joblog" "${run_opts[@]}" <"$dir/list") ||
	log "parallel: $? shard(s) ended with an error (named below)"

status=0
data=$(harness/shards-merge.sh "$dir") || status=1
mapfile -t merged < <(grep . <<<"$data" || true)
if [ -z "$report" ]; then
	log "merged: ${merged[*]}"
elif [ ${#merged[@]} -eq $# ]; then
	harness/report.sh "${merged[@]}"
else
	log "no report: not every plan's shards have results"
fi
[ $status -eq 0 ] || die "some shards failed (named above); their runs are in $dir"
