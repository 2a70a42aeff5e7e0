#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# tree + BUILD_DIR/.config -> BUILD_DIR/arch/x86/boot/bzImage and modules.
#
# Out-of-tree (O=), through ccache, with a fixed build identity so that
# rebuilding the same sources gives the same version string and hits ccache.
# VAR=VALUE arguments are make variables (harness/lib.sh kernel_make_vars),
# the others targets.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--tree DIR] --out BUILD_DIR [VAR=VALUE...] [TARGET...]"; }

tree=$TREE out=
while [ $# -gt 0 ]; do
	case $1 in
	--tree) [ $# -ge 2 ] || usage_die "--tree needs a directory"; tree=$2; shift ;;
	--out)  [ $# -ge 2 ] || usage_die "--out needs a directory"; out=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	--) shift; break ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ -n "$out" ] || usage_die "--out is required"
[ -f "$out/.config" ] || die "no $out/.config (run harness/config.sh first)"
command -v ccache >/dev/null || die "ccache not found (harness/deps.sh build)"

mkdir -p "$CCACHE_DIR"
ccache -M 5G >/dev/null
jobs=${JOBS:-$(nproc)}
export KBUILD_BUILD_USER=util-est KBUILD_BUILD_HOST=qemu
export KBUILD_BUILD_TIMESTAMP="$(git -C "$tree" log -1 --format=%cd --date=rfc 2>/dev/null || echo 'Thu Jan  1 00:00:00 UTC 1970')"

vars=() targets=()
for arg; do
	case $arg in
	[A-Za-z_]*=*) vars+=("$arg") ;;
	*) targets+=("$arg") ;;
	esac
done
if [ ${#targets[@]} -eq 0 ]; then
	targets=(bzImage)
	grep -q '^CONFIG_MODULES=y' "$out/.config" && targets+=(modules)
fi

log "building ${targets[*]} in $out (-j$jobs)"
start=$(date +%s)
if ! make -C "$tree" O="$out" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
	${vars[@]+"${vars[@]}"} -j"$jobs" "${targets[@]}" >"$out/build.log" 2>&1; then
	grep -E -m 20 'error:|Error [0-9]' "$out/build.log" >&2 || tail -n 20 "$out/build.log" >&2
	die "kernel build failed (log: $out/build.log)"
fi
release=$(make -s -C "$tree" O="$out" ARCH=x86_64 kernelrelease)
echo "$release" >"$out/kernelrelease"
log "built $release in $(( $(date +%s) - start ))s"
