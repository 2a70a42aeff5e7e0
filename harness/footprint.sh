#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# stock and bench kernels -> what the series adds to the kernel's footprint:
# the sizes of the scheduler's structs (pahole, from kernel/sched/fair.o
# built with debug info) and the code's (scripts/bloat-o-meter on vmlinux).
#
#   footprint.sh --out FILE.tsv
#
# FILE.tsv gets a record (analysis/ue_table.h: TSV with a header) of the
# structs' sizes, a row each: struct stock patched stock_lines
# patched_lines (bytes, cache lines); FILE-bloat.txt bloat-o-meter's
# report, FILE-sched_entity.txt pahole's layout of the series' struct
# sched_entity (make bench: footprint.tsv in its run, which make record
# keeps); FILE-sites.tsv the static branches (analysis/jump_sites.c) of
# each function whose count the series changes: function stock patched.
# FILE-keys.tsv the same by key (function key stock patched: which
# static key or tracepoint each site belongs to). A site is a nop that
# every pass through it executes while its key is off (a site in a path
# that another key's branch skips is passed only when that one is on),
# so a hot function's extra sites bound what the default pays there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --out FILE"; }
out=
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || usage_die "--out needs a file"; out=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -n "$out" ] || usage_die "--out is required"
command -v pahole >/dev/null || die "pahole not found (harness/deps.sh bench installs dwarves)"
for k in stock bench; do
	[ -f "$(build_dir $k)/vmlinux" ] || die "kernel '$k' is not built (make kernel KERNEL=$k)"
done

structs="task_struct sched_entity sched_avg cfs_rq rq"
# fair.o with DWARF, from the kernel's own config, in a build dir of its own.
dwarf_obj() { # KIND
	local dir=$BUILD_ROOT/pahole-$1
	mkdir -p "$dir"
	cp "$(build_dir "$1")/.config" "$dir/.config"
	make -s -C "$(kernel_source "$1")" O="$dir" ARCH=x86_64 olddefconfig >"$dir/make.log" 2>&1 &&
		make -s -C "$(kernel_source "$1")" O="$dir" ARCH=x86_64 CC="ccache gcc" KCFLAGS=-g \
			-j"$(nproc)" kernel/sched/fair.o >>"$dir/make.log" 2>&1 ||
		die "fair.o with debug info does not build for $1 (log: $dir/make.log)"
	echo "$dir/kernel/sched/fair.o"
}
size_of() { # OBJ STRUCT: "BYTES CACHELINES"
	pahole -C "$2" "$1" | sed -n 's/.*size: \([0-9]*\), cachelines: \([0-9]*\),.*/\1 \2/p' | tail -n 1
}
stock=$(dwarf_obj stock)
patched=$(dwarf_obj bench)
{
	tsv_row struct stock patched stock_lines patched_lines
	for s in $structs; do
		read -r sb sl <<<"$(size_of "$stock" "$s")"
		read -r pb pl <<<"$(size_of "$patched" "$s")"
		[ -n "${sb:-}" ] && [ -n "${pb:-}" ] || die "pahole found no struct $s"
		tsv_row "$s" "$sb" "$pb" "$sl" "$pl"
	done
} >"$out"
"$TREE/scripts/bloat-o-meter" "$(build_dir stock)/vmlinux" "$(build_dir bench)/vmlinux" >"${out%.*}-bloat.txt"
build_analysis || die "the analysis tools do not build (make analysis)"
# site_rows KIND [--keys]: KIND's jump_sites rows, the names before the
# count joined by "/" into one field, sorted for join.
site_rows() {
	"$OUT/bin/jump_sites" "${@:2}" "$(build_dir "$1")/vmlinux" | tail -n +2 |
		awk -F '\t' -v OFS='\t' '{ n = $NF; NF--; gsub(/\t/, "/"); print $0, n }' | LC_ALL=C sort
}
# site_changes [--keys] COLUMN...: the rows (by function, or by function
# and key) whose counts differ between stock and bench, as a record with
# COLUMNs: the row's names, then both counts.
site_changes() {
	local opts=()
	[ "$1" != --keys ] || { opts=(--keys); shift; }
	tsv_row "$@"
	LC_ALL=C join -t "$(printf '\t')" -a 1 -a 2 -e 0 -o 0,1.2,2.2 \
		<(site_rows stock ${opts[@]+"${opts[@]}"}) <(site_rows bench ${opts[@]+"${opts[@]}"}) |
		awk -F '\t' -v OFS='\t' '$2 != $3 { gsub(/\//, "\t", $1); print }'
}
site_changes function stock patched >"${out%.*}-sites.tsv"
site_changes --keys function key stock patched >"${out%.*}-keys.tsv"
# Where the series' fields sit.
pahole -C sched_entity "$patched" >"${out%.*}-sched_entity.txt"
log "wrote $out"
