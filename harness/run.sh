#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One boot, judged: initramfs -> QEMU -> serial log -> verdict.
#
#   run.sh --kernel NAME [--plan PLAN] [--tag TAG] [qemu.sh options]
#
# NAME is a built kernel (harness/build.sh into $BUILD_ROOT/NAME). The run's
# files go to $OUT/runs/NAME/PLAN[-TAG]/: console.log, its .settings,
# counts, and reports (the kernel's, one a line; a KCSAN kernel's races
# not the series' in races); the last run that passed stays in last-good/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --kernel NAME [--plan PLAN] [--tag TAG] [--initrd CPIO] [qemu.sh options]"; }

name= plan=smoke tag= initrd= qemu_args=()
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) [ $# -ge 2 ] || usage_die "--kernel needs a name"; name=$2; shift ;;
	--plan)   [ $# -ge 2 ] || usage_die "--plan needs a name"; plan=$2; shift ;;
	--tag)    [ $# -ge 2 ] || usage_die "--tag needs a value"; tag=$2; shift ;;
	--initrd) [ $# -ge 2 ] || usage_die "--initrd needs a file"; initrd=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) qemu_args+=("$1") ;;
	esac
	shift
done
[ -n "$name" ] || usage_die "--kernel is required"
case $name$plan$tag in *[!A-Za-z0-9_.-]*) usage_die "names may hold only letters, digits, '_', '.', '-'" ;; esac
plan_text "$plan" >/dev/null || die "no plan $plan in guest/plans/, nor one harness/plans.sh makes"

build=$(build_dir "$name")
bzimage=$build/arch/x86/boot/bzImage
[ -f "$bzimage" ] && [ -f "$build/kernelrelease" ] || die "kernel '$name' is not built (make kernel KERNEL=$name)"
if [ -z "$initrd" ]; then
	initrd=$build/initramfs.cpio
	"$ROOT/harness/initramfs.sh" --build "$build" --out "$initrd"
fi

dir=$OUT/runs/$name/$plan${tag:+-$tag}
mkdir -p "$dir"
# A run that passed stays in last-good/ until another passes: a run that
# fails, or that the host breaks off, overwrites no good result.
if [ -f "$dir/counts" ] && grep -q ' failed=0 ' "$dir/counts"; then
	rm -rf "$dir/last-good" && mkdir "$dir/last-good"
	mv "$dir"/console.log* "$dir/counts" "$dir/last-good/"
	for f in reports races; do [ ! -f "$dir/$f" ] || mv "$dir/$f" "$dir/last-good/"; done
fi
rm -f "$dir"/console.log* "$dir/counts" "$dir/reports" "$dir/races"
kind_args=()
cmdline=$(kernel_cmdline "$name")
[ -z "$cmdline" ] || kind_args=(--append "$cmdline")
qrc=0
"$ROOT/harness/qemu.sh" --kernel "$bzimage" --initrd "$initrd" --log "$dir/console.log" \
	--plan "$plan" --release "$(cat "$build/kernelrelease")" ${qemu_args[@]+"${qemu_args[@]}"} \
	${kind_args[@]+"${kind_args[@]}"} || qrc=$?
# A QEMU that could not start leaves nothing to judge; a timeout still does.
[ $qrc -eq 0 ] || [ $qrc -eq 3 ] || exit $qrc
# Built-in KUnit suites run at boot unless the command line says kunit.enable=0.
expect=()
grep -q '^CONFIG_KUNIT=y' "$build/.config" && [[ " ${qemu_args[*]-} " != *" kunit.enable=0"* ]] &&
	expect=(--expect-kunit)
# A KCSAN kernel's races are told apart by the functions they name.
if grep -q '^CONFIG_KCSAN=y' "$build/.config"; then
	series_functions "$ROOT/patches" >"$dir/series-functions"
	expect+=(--kcsan-funcs "$dir/series-functions" --races "$dir/races")
fi
"$ROOT/harness/verdict.sh" --log "$dir/console.log" --plan "$plan" --counts "$dir/counts" \
	--reports "$dir/reports" ${expect[@]+"${expect[@]}"}
