#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One shard of a plan (a line of harness/shards.sh's list): one judged boot
# running some of the plan's tests, its whole output in DIR.
#
#   shard.sh --kernel NAME --plan PLAN --tests N,M,... --tag TAG [--icount SHIFT] [--initrd CPIO] DIR
#
# DIR (relative to where it runs) becomes the boot's $OUT: the run is
# DIR/runs/STAMP-COMMIT-NAME-PLAN-TAG, linked from DIR/runs/NAME/PLAN-TAG,
# and DIR/shard.info says which host ran it and how it ended (exit, "-"
# while it runs), so that DIR alone can be returned from another host. The
# initramfs is built once at a time per kernel (shards at once share it),
# unless --initrd gives one. Exit status: harness/run.sh's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --kernel NAME --plan PLAN --tests N,M,... --tag TAG [--icount SHIFT] [--initrd CPIO] DIR"; }
name= plan= tests= tag= icount= initrd=
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) [ $# -ge 2 ] || usage_die "--kernel needs a name"; name=$2; shift ;;
	--plan)   [ $# -ge 2 ] || usage_die "--plan needs a name"; plan=$2; shift ;;
	--tests)  [[ ${2-} =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || usage_die "--tests needs the plan's test numbers, N,M,..."
		tests=$2; shift ;;
	--tag)    [ $# -ge 2 ] || usage_die "--tag needs a value"; tag=$2; shift ;;
	--icount) [[ ${2-} =~ ^[0-9]+$ ]] || usage_die "--icount needs a shift"; icount=$2; shift ;;
	--initrd) [ $# -ge 2 ] || usage_die "--initrd needs a file"; initrd=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ $# -eq 1 ] || usage_die "one DIR for the shard's results"
for v in name plan tests tag; do
	[ -n "${!v}" ] || usage_die "--kernel, --plan, --tests and --tag are required"
done
host=$(hostname)
build=$(build_dir "$name")
[ -f "$build/arch/x86/boot/bzImage" ] || die "kernel '$name' is not built on $host (make kernel KERNEL=$name there)"
[ -z "$initrd" ] || [ -f "$initrd" ] || die "no initramfs $initrd on $host"
mkdir -p "$1"
dir=$(cd "$1" && pwd)

info() { # STATUS
	{ tsv_row shard host kernel plan tests status; tsv_row "$(basename "$dir")" "$host" "$name" "$plan" "$tests" "$1"; } >"$dir/shard.info"
}
info -
if [ -z "$initrd" ]; then
	initrd=$build/initramfs.cpio
	flock "$build/.initramfs.lock" "$ROOT/harness/initramfs.sh" --build "$build" --out "$initrd"
fi
# The host's analysis tools, not one build a shard.
mkdir -p "$OUT/bin"
[ -e "$dir/bin" ] || ln -s "$OUT/bin" "$dir/bin"
rc=0
UTIL_EST_OUT=$dir "$ROOT/harness/run.sh" --kernel "$name" --plan "$plan" --tag "$tag" --initrd "$initrd" \
	--append "ue.tests=$tests" --timeout 5400 ${icount:+--icount "$icount"} || rc=$?
info "$rc"
exit $rc
