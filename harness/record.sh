#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What a quoted figure needs from a kept run, as `make record` copies it
# into the tracked results/:
#
#   record.sh --run DIR [--name NAME] [--note TEXT]
#
# DIR is a run under out/runs (STAMP-COMMIT-KERNEL-PLAN, or a link to the
# latest: out/runs/KERNEL/PLAN, out/runs/make/check). Its run.info and its
# figures' tables (lib.sh's RECORD_FILES) go to results/DATE-NAME/, DATE the run's
# start (UTC), NAME by default its kernel and plan (a boot) or its command
# (make check, make demo). Small text files only, never console logs or
# raw traces. A run without run.info, one not finished, a NAME already
# recorded or a file too big writes nothing. harness/quote.sh makes the docs' figures from
# these records. --note keeps one line beside them, note.txt, what the
# record's files cannot say (the machine was shared, say), which the docs
# quote with its figures.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# No file of a record is bigger: results/ stays small.
RECORD_MAX_BYTES=524288

usage() { echo "usage: $PROG --run DIR [--name NAME] [--note TEXT]   (make record RUN=out/runs/KERNEL/PLAN [NAME=...] [NOTE=...])"; }
run= name= note=
while [ $# -gt 0 ]; do
	case $1 in
	--run)  [ $# -ge 2 ] || usage_die "--run needs a run directory"; run=$2; shift ;;
	--name) [ $# -ge 2 ] || usage_die "--name needs a name"; name=$2; shift ;;
	--note) [ $# -ge 2 ] && [ -n "$2" ] || usage_die "--note needs a line of text"; note=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done

# default_name DIR: a boot's KERNEL-PLAN[-TAG], or a command's name.
default_name() {
	tsv_awk '{ if (has("what")) print col("what")
		else print col("kernel") "-" col("plan") (col("tag") == "-" ? "" : "-" col("tag")) }' "$1/run.info"
}

# recordable FILE: a small text file, or an error naming why not.
recordable() {
	local size
	size=$(stat -c %s "$1")
	[ "$size" -le $RECORD_MAX_BYTES ] ||
		die "$1 has $size bytes, more than a record keeps ($RECORD_MAX_BYTES): record its figures, not its raw data"
	[ "$(tr -d '\000' <"$1" | wc -c)" -eq "$size" ] || die "$1 is not text: a record keeps text files only"
}

# results_size: the size of results/ (its files' bytes) and its records.
results_size() {
	local n kib
	n=$(find "$RESULTS" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | wc -l)
	kib=$(find "$RESULTS" -type f -printf '%s\n' | awk '{ b += $1 } END { printf "%.1f", b / 1024 }')
	echo "results/: $kib KiB, $n records"
}

[ -n "$run" ] || usage_die "--run needs a run directory, e.g. make record RUN=$RUNS/test/check"
[[ $note != *$'\n'* && $note != *$'\t'* && $note != *'|'* ]] ||
	usage_die "--note is one line, without tabs or '|' (the README's table quotes it)"
dir=$(readlink -f "$run") || dir=
[ -d "$dir" ] || die "no run directory $run: name one under $RUNS (ls $RUNS)"
[ -f "$dir/run.info" ] ||
	die "$run has no run.info, so it is no kept run (runs before the harness kept them have none): record a run under $RUNS/STAMP-COMMIT-KERNEL-PLAN"
started=$(run_field "$dir" started) || started=
[[ $started =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T ]] ||
	die "$dir/run.info has no start time (column started, YYYY-MM-DDTHH:MM:SSZ): not a run's record"
# A boot's record says how QEMU ended; "-" until it has.
[ "$(tsv_awk '{ print has("status") ? col("status") : "none" }' "$dir/run.info")" != - ] ||
	die "$run has not finished (its run.info's status is '-'): record it once it has"
[ -n "$name" ] || name=$(default_name "$dir") || die "$dir/run.info names neither a command nor a kernel and plan: give NAME="
[[ $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "the record's name '$name': letters, digits, '.', '_' and '-' only"
dest=$RESULTS/${started%%T*}-$name
[ ! -e "$dest" ] || die "$dest is already recorded: give this one another name (make record RUN=$run NAME=...)"

files=()
for f in $RECORD_FILES; do
	[ -s "$dir/$f" ] || continue
	recordable "$dir/$f"
	files+=("$f")
done
mkdir -p "$RESULTS"
tmp=$(mktemp -d "$RESULTS/.record.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for f in "${files[@]}"; do cp "$dir/$f" "$tmp/$f"; done
[ -z "$note" ] || { printf '%s\n' "$note" >"$tmp/note.txt"; files+=(note.txt); }
chmod 755 "$tmp"
mv -T -n "$tmp" "$dest"
[ ! -d "$tmp" ] || die "$dest appeared while recording: give this one another name (NAME=...)"
trap - EXIT
echo "recorded $(basename "$dir") as ${dest#"$ROOT"/}: ${files[*]}"
results_size
