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
sites() { "$OUT/bin/jump_sites" "$(build_dir "$1")/vmlinux" | tail -n +2 | LC_ALL=C sort; }
{
	tsv_row function stock patched
	LC_ALL=C join -t "$(printf '\t')" -a 1 -a 2 -e 0 -o 0,1.2,2.2 <(sites stock) <(sites bench) |
		awk -F '\t' '$2 != $3'
} >"${out%.*}-sites.tsv"
keys() { "$OUT/bin/jump_sites" --keys "$(build_dir "$1")/vmlinux" | tail -n +2 |
	awk -F '\t' '{ print $1 "/" $2 "\t" $3 }' | LC_ALL=C sort; }
{
	tsv_row function key stock patched
	LC_ALL=C join -t "$(printf '\t')" -a 1 -a 2 -e 0 -o 0,1.2,2.2 <(keys stock) <(keys bench) |
		awk -F '\t' -v OFS='\t' '$2 != $3 { split($1, fk, "/"); print fk[1], fk[2], $2, $3 }'
} >"${out%.*}-keys.tsv"
# Where the series' fields sit.
pahole -C sched_entity "$patched" >"${out%.*}-sched_entity.txt"
log "wrote $out"
