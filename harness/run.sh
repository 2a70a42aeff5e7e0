#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One boot, judged: initramfs -> QEMU -> serial log -> verdict.
#
#   run.sh --kernel NAME [--plan PLAN] [--tag TAG] [qemu.sh options]
#
# NAME is a built kernel (harness/build.sh into $BUILD_ROOT/NAME). Every run
# is kept, in a directory of its own, $OUT/runs/STAMP-COMMIT-NAME-PLAN[-TAG]
# (STAMP its start, UTC; COMMIT the checkout's): run.info (the record of
# what ran: the settings, the kernel's release, config hash and series,
# the platform), console.log, its .data and .settings, counts, reports
# (the kernel's, one a line; a KCSAN kernel's races not the series' in
# races), figures.tsv (an experiment boot's figures, ue_metrics') or
# bench.tsv (a bench boot's comparisons, bench_stats'). $OUT/runs/NAME/
# PLAN[-TAG] links to the latest run, last-good in it to the last that
# passed before it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --kernel NAME [--plan PLAN] [--tag TAG] [--initrd CPIO] [qemu.sh options]"; }

name= plan=smoke tag= initrd= qemu_args=() args=$*
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

# A directory left at the link by an older harness becomes a run of its
# own, the link's latest.
migrate_legacy() { # LINK
	local to
	[ -d "$1" ] && [ ! -L "$1" ] || return 0
	to=$RUNS/$(date -u -r "$1" +%Y%m%dT%H%M%SZ)-unknown-$(basename "$(dirname "$1")")-$(basename "$1")
	mv -T "$1" "$to" || die "cannot move $1 to $to: move it out of the way"
	ln -s "../$(basename "$to")" "$1"
}
# last_good LINK: the last run that passed, as a new run behind LINK sees
# it: the latest if it passed, else the one it saw.
last_good() {
	local prev
	prev=$(readlink -f "$1") && [ -d "$prev" ] || return 0
	if [ "$(kv failed "$prev/counts" 2>/dev/null)" = 0 ]; then
		echo "$prev"
	elif [ -d "$prev/last-good" ]; then
		readlink -f "$prev/last-good"
	fi
}
# new_run_dir: a new directory for this run, named by its start and
# commit (a suffix if one of the same second has its name).
new_run_dir() {
	local base d n=1
	base=$RUNS/$(date -u -d "$started" +%Y%m%dT%H%M%SZ)-$commit-$name-$plan${tag:+-$tag}
	mkdir -p "$RUNS"
	d=$base
	until mkdir "$d" 2>/dev/null; do
		n=$((n + 1)) d=$base.$n
		[ $n -le 99 ] || die "cannot make a directory $base.N under $RUNS"
	done
	echo "$d"
}
# write_info: the run's record, run.info (a header, one row): the run's
# own columns, then qemu.sh's settings once QEMU has run ("-" before).
write_info() {
	local settings=(- - - - - - - -)
	[ ! -f "$dir/console.log.settings" ] || IFS=$'\t' read -ra settings < <(tsv_awk 'BEGIN { OFS = "\t" }
		{ print col("accel"), col("cpu"), col("smp"), col("mem"), col("icount"), col("timeout"), col("seconds"), col("status") }' \
		"$dir/console.log.settings")
	{
		tsv_row started commit dirty kernel plan tag args release config_sha256 series platform \
			accel cpu smp mem icount timeout seconds status
		tsv_row "$started" "$commit" "$dirty" \
			"$name" "$plan" "${tag:--}" "${args//$'\t'/ }" "$(cat "$build/kernelrelease")" \
			"$(sha256sum <"$build/.config" | cut -d' ' -f1)" "$series" "$platform" "${settings[@]}"
	} >"$dir/run.info"
}
# run_figures: the figures of the boot's data, if it has any (an
# experiment's, a benchmark's) beside it; a boot without them is no error.
run_figures() {
	local data=$dir/console.log.data
	grep -qs -e '^=== data ' -e '^=== bench ' "$data" || return 0
	build_analysis || { log "the analysis tools do not build (make analysis): no figures in $dir"; return 0; }
	if grep -q '^=== data ' "$data"; then
		scenario_figures "$data" >"$dir/figures.tsv" ||
			{ rm -f "$dir/figures.tsv"; log "no figures from $data"; }
	else
		"$OUT/bin/bench_stats" --base "$BENCH_BASE" "$data" >"$dir/bench.tsv" ||
			{ rm -f "$dir/bench.tsv"; log "no comparisons from $data"; }
	fi
}

link=$RUNS/$name/$plan${tag:+-$tag}
mkdir -p "$(dirname "$link")"
migrate_legacy "$link"
good=$(last_good "$link")
# The checkout as the run starts, read once: HEAD may move while it runs,
# and its directory's name and its run.info must agree.
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null) || commit=nocommit
dirty=no
[ -z "$(git -C "$ROOT" status --porcelain 2>/dev/null)" ] || dirty=yes
dir=$(new_run_dir)
series=$(build_series "$build") platform=$(build_platform "$build")
write_info
[ -z "$good" ] || ln -s "../${good#"$RUNS"/}" "$dir/last-good"
ln -s "../$(basename "$dir")" "$link.new" && mv -T "$link.new" "$link"
log "run: $dir (latest: $link)"
kind_args=()
cmdline=$(kernel_cmdline "$name")
[ -z "$cmdline" ] || kind_args=(--append "$cmdline")
qrc=0
"$ROOT/harness/qemu.sh" --kernel "$bzimage" --initrd "$initrd" --log "$dir/console.log" \
	--plan "$plan" --release "$(cat "$build/kernelrelease")" ${qemu_args[@]+"${qemu_args[@]}"} \
	${kind_args[@]+"${kind_args[@]}"} || qrc=$?
write_info
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
rc=0
"$ROOT/harness/verdict.sh" --log "$dir/console.log" --plan "$plan" --counts "$dir/counts" \
	--reports "$dir/reports" ${expect[@]+"${expect[@]}"} || rc=$?
run_figures
exit $rc
