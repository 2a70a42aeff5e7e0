#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/record.sh on fake kept runs: a boot's record and figures go to
# results/DATE-NAME/, its console log and raw data do not; a run without
# run.info, one not finished, a name already recorded or a file too big
# writes nothing.
# And the records of whole commands (lib.sh suite_run, suite_timing):
# their run.info and timing.tsv, whether their builds started cold, their
# boots' counts summed.
. "$(dirname "$0")/lib.sh"
plan 27

export UTIL_EST_OUT=$WORK/o UTIL_EST_RESULTS=$WORK/results UTIL_EST_CACHE=$WORK/cache
. "$HARNESS/lib.sh"
rec() { "$HARNESS/record.sh" "$@"; }

# A boot as run.sh keeps it, and its link.
run=$RUNS/20261207T011951Z-abc1234-test-check
mkdir -p "$run" "$RUNS/test"
{
	tsv_row started commit kernel plan tag status
	tsv_row 2026-12-07T01:19:51Z abc1234 test check - ok
} >"$run/run.info"
printf 'workload\tlabel\ttop_pct\nperiodic-120-300\tpelt\t66.2\n' >"$run/figures.tsv"
echo "passed=177 failed=0 skipped=1" >"$run/counts"
echo "a console log" >"$run/console.log"
echo "raw data" >"$run/console.log.data"
ln -s "../$(basename "$run")" "$RUNS/test/check"
rec_dir=$RESULTS/2026-12-07-test-check

check "a boot is recorded through its link" rec --run "$RUNS/test/check"
output_has "the size of results/ is printed" '^results/: [0-9.]+ KiB, 1 records$'
check "as results/DATE-KERNEL-PLAN, with its record, figures and counts" \
	diff <(printf '%s\n' counts figures.tsv run.info) <(ls "$rec_dir")
check "copied as they are" cmp "$run/figures.tsv" "$rec_dir/figures.tsv"
fails_with "the same name twice is refused, naming the fix" 'already recorded.*NAME=' rec --run "$run"
check "a name of one's own records it again" rec --run "$run" --name again
check "a note goes beside the record, one line" rec --run "$run" --name noted --note "the machine was shared"
check "as note.txt" grep -qx 'the machine was shared' "$RESULTS/2026-12-07-noted/note.txt"
fails_with "a note with a '|' is refused (the README's table quotes it)" "one line, without tabs or '\|'" \
	rec --run "$run" --name pipe --note "a | b"

plain=$WORK/old-run
mkdir -p "$plain" && echo "passed=1 failed=0 skipped=0" >"$plain/counts"
rm -rf "$RESULTS"
fails_with "a run without run.info is refused" 'has no run.info.*record a run under' rec --run "$plain"
check "and nothing is written" [ ! -e "$RESULTS" ]
sed -i 's/\tok$/\t-/' "$run/run.info"
fails_with "a boot not finished is refused" 'has not finished' rec --run "$run"
check "and nothing is written" [ ! -e "$RESULTS" ]
sed -i 's/\t-$/\tok/' "$run/run.info"
head -c 600000 /dev/zero | tr '\0' 'x' >"$run/figures.tsv"
fails_with "a file too big for a record is refused" 'more than a record keeps' rec --run "$run"
check "and nothing is written" [ ! -e "$rec_dir" ]

# make check's own record: its directory, link, run.info and timing.
mkdir -p "$(build_dir test)" && : >"$(build_dir test)/.config"
check "builds: one of two built is partly cold" [ "$(builds_cold test debug)" = partly ]
check "builds: none built is cold, all built warm" [ "$(builds_cold debug stock)/$(builds_cold test)" = yes/no ]
suite=$(suite_run check)
check "a command's run is kept beside the boots', its link the latest" \
	[ "$(readlink -f "$RUNS/make/check")" = "$suite" ]
# Its boot (one made after it started), and an older run at another link.
boot=$RUNS/29991231T235959Z-abc1234-test-check
mkdir -p "$boot" "$RUNS/debug" && ln -sfn "../$(basename "$boot")" "$RUNS/test/check"
ln -s "../$(basename "$run")" "$RUNS/debug/storm"
read -r p f s < <(counts_sum "$run/counts" "$run/counts" "$WORK/none")
# The command's run began 421 s ago (its kernels' builds, say): its timing
# counts from there, not from whatever its script did after them.
began=$(date -u -d @$(( $(date +%s) - 421 )) +%Y-%m-%dT%H:%M:%SZ)
suite_info "$suite" "$began" "$(run_field "$suite" commit)" check -
suite_timing "$suite" partly "$p" "$f" "$s" "$RUNS/test/check" "$RUNS/debug/storm" "$RUNS/test/none"
figures_are "its timing: what, how cold, its results, on how many cores" "$suite/timing.tsv" \
	"what cold passed failed skipped cores" "check partly 354 0 2 $(nproc)"
check "and how long: from its run's start (suite_run, before any build), not a clock of its own" \
	[ "$(figures "$suite/timing.tsv" seconds)" -ge 421 -a "$(figures "$suite/timing.tsv" seconds)" -le 431 ]
mkdir -p "$WORK/badrun"
printf 'started\tcommit\tdirty\twhat\tcores\truns\nnot a time\tabc\tno\tcheck\t2\t-\n' >"$WORK/badrun/run.info"
fails_with "a run.info whose start is no time gives no timing, and says so" \
	"start 'not a time' is no time: no timing record" suite_timing "$WORK/badrun" no 1 0 0
check "and writes none" [ ! -e "$WORK/badrun/timing.tsv" ]
fails_with "a call with seconds before how cold (its old form) is refused, not written shifted" \
	"suite_timing: '602 no 561 0' is not COLD PASSED FAILED SKIPPED" suite_timing "$suite" 602 no 561 0 3
figures_are "its run.info names the boots it made, not older ones" "$suite/run.info" "what runs" \
	"check $(basename "$boot")"
check "and make record takes it, named by the command" rec --run "$RUNS/make/check"
# make bench's own run, its comparisons kept in it (harness/bench.sh).
bench=$(suite_run bench)
printf 'kernel\tsetting\tratio_mean\nk\tewma_fastup\t1.0000\n' >"$bench/by-setting.tsv"
: >"$bench/cross.tsv"
printf 'struct\tstock\tpatched\tstock_lines\tpatched_lines\nrq\t3392\t3456\t53\t54\n' >"$bench/footprint.tsv"
echo "bloat-o-meter's report" >"$bench/footprint-bloat.txt"
check "make bench's run is recorded" rec --run "$RUNS/make/bench"
started=$(run_field "$bench" started)
check "with its comparisons by setting and its footprint, not an empty table" \
	diff <(printf '%s\n' by-setting.tsv footprint.tsv run.info) <(ls "$RESULTS/${started%%T*}-bench")
finish
