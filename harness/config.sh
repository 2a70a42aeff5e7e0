#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# tree + config fragments -> BUILD_DIR/.config
#
# tinyconfig, then our fragments merged in order (later ones win), then
# olddefconfig. Every option a fragment asks for must survive the merge:
# Kconfig silently drops options whose dependencies are missing, and a test
# kernel quietly built without, say, CFS_BANDWIDTH tests nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--tree DIR] --out BUILD_DIR FRAGMENT..."; }

tree=$TREE out=
while [ $# -gt 0 ]; do
	case $1 in
	--tree) [ $# -ge 2 ] || usage_die "--tree needs a directory"; tree=$2; shift ;;
	--out)  [ $# -ge 2 ] || usage_die "--out needs a directory"; out=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ -n "$out" ] || usage_die "--out is required"
[ $# -gt 0 ] || usage_die "no config fragment given"
[ -f "$tree/Makefile" ] || die "no kernel tree at $tree (run harness/tree.sh)"

# Check the fragments before touching anything.
for frag; do
	[ -f "$frag" ] || die "config fragment $frag not found"
	awk -v f="$frag" '
		/^[ \t]*$/ || /^# CONFIG_[A-Za-z0-9_]+ is not set$/ || /^CONFIG_[A-Za-z0-9_]+=/ { next }
		/^#/ { next }
		{ printf "%s:%d: not a config line: %s\n", f, NR, $0; bad = 1 }
		END { exit bad }
	' "$frag" >&2 || die "malformed config fragment $frag"
done

gen=$out/.config-gen
mkdir -p "$gen"
make -s -C "$tree" O="$gen" ARCH=x86_64 tinyconfig >"$gen/make.log" 2>&1 ||
	{ tail -n 20 "$gen/make.log" >&2; die "make tinyconfig failed (log: $gen/make.log)"; }
"$tree/scripts/kconfig/merge_config.sh" -m -O "$gen" "$gen/.config" "$@" >>"$gen/make.log" 2>&1 ||
	{ tail -n 20 "$gen/make.log" >&2; die "merging fragments failed (log: $gen/make.log)"; }
make -s -C "$tree" O="$gen" ARCH=x86_64 olddefconfig >>"$gen/make.log" 2>&1 ||
	{ tail -n 20 "$gen/make.log" >&2; die "make olddefconfig failed (log: $gen/make.log)"; }

# Every requested value must be in the result: the last fragment naming an
# option decides what is asked of it; "=n" and "is not set" mean absent.
missing=$(awk '
	FNR == NR { if (/^CONFIG_/) { split($0, kv, "="); set[kv[1]] = $0 } next }
	/^CONFIG_[A-Za-z0-9_]+=/ { split($0, kv, "="); want[kv[1]] = $0; from[kv[1]] = FILENAME; next }
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { want[$2] = $2 "=n"; from[$2] = FILENAME }
	END {
		for (opt in want) {
			w = want[opt]
			have = (opt in set) ? set[opt] : ""
			if (w ~ /=n$/) {
				if (have != "") print from[opt] ": " opt " unset, but it is " have
			} else if (have != w) {
				print from[opt] ": " w " did not take (" (have != "" ? have : "unset") \
				      "; a missing dependency or an unknown option?)"
			}
		}
	}
' "$gen/.config" "$@" | sort)
[ -z "$missing" ] || { printf '%s\n' "$missing" >&2; die "kernel config for $out does not have what the fragments ask"; }

# Replace .config only when it changed, so an unchanged config costs no rebuild.
if ! cmp -s "$gen/.config" "$out/.config"; then
	cp "$gen/.config" "$out/.config"
	log "wrote $out/.config"
fi
