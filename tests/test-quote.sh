#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/quote.sh: README.md's table and docs/history.md's generated part
# are what results/ gives, so a figure typed by hand into them fails here,
# and so does a record without run.info. On the checkout's own docs and
# records first, then on fixtures: the table takes each row from the
# latest passing record of its kind, says "not recorded" where there is
# none, and make quote rewrites only what lies between the markers.
. "$(dirname "$0")/lib.sh"
plan 33

quote() { "$HARNESS/quote.sh" "$@"; }
check "the checkout: README.md's table and docs/history.md are what results/ gives" quote check
check "the checkout: results/ stays small (under 4 MiB of files)" \
	[ "$(find "$TESTS_ROOT/results" -type f -printf '%s\n' 2>/dev/null | awk '{ b += $1 } END { print b + 0 }')" -lt 4194304 ]

export UTIL_EST_RESULTS=$WORK/results
. "$HARNESS/lib.sh"
# record NAME WHAT STARTED SECONDS COLD PASSED FAILED: a command's record.
record() {
	mkdir -p "$RESULTS/$1"
	{ tsv_row started commit dirty what cores runs; tsv_row "$3" abc1234 no "$2" 2 -; } >"$RESULTS/$1/run.info"
	{
		tsv_row what started_utc seconds cold passed failed skipped commit cores
		tsv_row "$2" "$3" "$4" "$5" "$6" "$7" 1 abc1234 2
	} >"$RESULTS/$1/timing.tsv"
}
record 2026-12-06-check check 2026-12-06T03:21:00Z 2156 yes 289 0
record 2026-12-06-check-warm check 2026-12-06T20:03:00Z 416 no 421 0
record 2026-12-07-check-warm check 2026-12-07T01:00:00Z 30 no 12 3
docs=$WORK/docs && mkdir -p "$docs"
printf '# A README\n\ntext before\n<!-- quote:begin -->\nold\n<!-- quote:end -->\ntext after\n' >"$docs/README.md"
printf '# History\n<!-- history:begin -->\n<!-- history:end -->\n## Before results/\nkept\n' >"$docs/history.md"
cover_begin='Measured (make quote writes this part from the records in results/):'
cover_end='(End of the part make quote writes.)'
printf 'Subject: [PATCH 0/2] a lab\n\nTested\n------\n%s\n%s\n\nCost\n' "$cover_begin" "$cover_end" >"$docs/cover"
q() { quote --readme "$docs/README.md" --history "$docs/history.md" --cover "$docs/cover" "$@"; }

check "make quote writes both docs" q write
# shellcheck disable=SC2016 # (Markdown's backquotes)
check "the table: the cold check from its record, with its date" grep -qxF \
	'| `make check` | cold: empty build dirs | 35 min 56 s | 289 passed, 0 failed, 1 skipped | 2026-12-06 03:21 | abc1234 | 2 | [2026-12-06-check](results/2026-12-06-check/) |' \
	"$docs/README.md"
check "the warm check: the latest that passed, not a later failed one" grep -q \
	'warm: build dirs kept | 6 min 56 s | 421 passed, 0 failed' "$docs/README.md"
record 2026-12-06-demo-cold demo 2026-12-06T05:00:00Z 4000 yes 600 0
echo "the machine shared" >"$RESULTS/2026-12-06-demo-cold/note.txt"
q write >/dev/null
check "a record's note goes with its time" grep -qF '| 66 min 40 s (the machine shared) | 600 passed' "$docs/README.md"
rm -r "$RESULTS/2026-12-06-demo-cold" && q write >/dev/null
# shellcheck disable=SC2016
check "a row without a record says so" grep -q '`make demo` | cold: empty build dirs | not recorded |' "$docs/README.md"
check "only the part between the markers is rewritten" \
	diff <(grep -v '^|' "$docs/README.md") <(printf '# A README\n\ntext before\n<!-- quote:begin -->\n<!-- quote:end -->\ntext after\n')
check "the history: a section a record, newest first, before its hand-written part" diff \
	<(grep -e '^### ' -e '^kept$' "$docs/history.md") \
	<(printf '### %s\n' 2026-12-07-check-warm 2026-12-06-check-warm 2026-12-06-check; echo kept)
check "the docs agree with the records" q check
check "the cover letter: a paragraph a record, its figures in words" grep -qxF \
	'   make check, build dirs cold: 289 passed, 0 failed, 1 skipped in 35' "$docs/cover"
in_subshell() { ("$@"); }	# (lib.sh's die ends the shell it runs in)
# lib.sh's marked, the one walk over a generated part, both ways.
printf 'a\nBEGIN\nx\nEND\nz\n' >"$WORK/marked"
check "marked: inside, the lines between the markers; outside, the others with the markers" \
	diff <(marked inside "$WORK/marked" BEGIN END; echo --; marked outside "$WORK/marked" BEGIN END) \
	<(printf 'x\n--\na\nBEGIN\nEND\nz\n')
fails_with "marked: a part neither inside nor outside is refused, naming both" \
	"marked: say inside or outside, not 'within'" in_subshell marked within "$WORK/marked" BEGIN END
check "the cover letter: only the part between its markers is rewritten" diff \
	<(marked outside "$docs/cover" "$cover_begin" "$cover_end") \
	<(printf 'Subject: [PATCH 0/2] a lab\n\nTested\n------\n%s\n%s\n\nCost\n' "$cover_begin" "$cover_end")

# A figure typed by hand: the mutation this test exists to catch.
sed -i 's/| 35 min 56 s |/| 17 min 36 s |/' "$docs/README.md"
fails_with "a figure typed into the table fails, naming the fix" 'typed by hand.*make quote' q check
q write >/dev/null 2>&1
sed -i '/^### 2026-12-06-check$/a typed' "$docs/history.md"
fails_with "so does a line typed into the history's generated part" 'generated history.*make quote' q check
q write >/dev/null 2>&1
sed -i 's/289 passed/298 passed/' "$docs/cover"
fails_with "and a figure typed into the cover letter's measured part" 'measured part.*make quote' q check
q write >/dev/null 2>&1
# A measured figure typed outside the measured part (the design's own,
# such as PELT's 32 ms half-life, are not measurements).
printf 'PELT has a 32 ms half-life.\n' >>"$docs/cover"
check "a cover letter's design figure outside its measured part is no typed figure" q check
printf 'each activation took 96.0 ms\n' >>"$docs/cover"
fails_with "a measured one typed there fails, naming it and the fix" \
	'a figure typed by hand outside its measured part: each activation took 96.0 ms - record its run' q check
sed -i 's/took 96.0 ms/took 12%/' "$docs/cover"
fails_with "so does a percentage" 'outside its measured part: each activation took 12%' q check
sed -i '$d' "$docs/cover"
mkdir "$RESULTS/2026-12-07-stray" && echo x >"$RESULTS/2026-12-07-stray/figures.tsv"
fails_with "a record without run.info fails, naming it" 'results/2026-12-07-stray has no run.info' q table
rm -r "$RESULTS/2026-12-07-stray"
# A bench's record: its results and its comparisons in its section.
b=$RESULTS/2026-12-08-bench
mkdir -p "$b"
{ tsv_row started commit dirty what cores runs; tsv_row 2026-12-08T01:00:00Z abc1234 no bench 2 -; } >"$b/run.info"
echo "passed=4 failed=0 skipped=1" >"$b/counts"
printf 'kernel\tsetting\tbase\tratio_mean\nk\tewma_fastup\toff\t1.0100\n' >"$b/by-setting.tsv"
q write >/dev/null 2>&1
check "a record's results in its section, from its counts" grep -qx 'Results: passed 4 failed 0 skipped 1.' "$docs/history.md"
check "and a bench's comparisons, from its by-setting.tsv" grep -qxF '| k | ewma_fastup | off | 1.0100 |' "$docs/history.md"
printf 'kernel\tbuild\tsmp\tworkload\tsetting\tbase\tn\tratio_mean\tci_lo\tci_hi\nk\tpatched\t1\tpipe\tewma_fastup\toff\t10\t1.0042\t1.0030\t1.0054\n' >"$b/by-setting.tsv"
q write >/dev/null 2>&1
check "the cover letter: the ping-pong's ratio as a percentage, with its interval" \
	grep -qF 'ewma_fastup against off: +0.42% [+0.30%, +0.54%], 10 pairs.' <(tr -s ' \n' ' ' <"$docs/cover")
# make repeat's record: a row a boot, one that failed.
r=$RESULTS/2026-12-08-repeat
mkdir -p "$r"
{ tsv_row started commit dirty what cores runs; tsv_row 2026-12-08T02:00:00Z abc1234 no repeat 2 -; } >"$r/run.info"
{ tsv_row boot plan run passed failed skipped; tsv_row 1 check a 187 0 1; tsv_row 2 check b 186 1 1
  tsv_row 3 check c 187 0 1; } >"$r/repeat.tsv"
q write >/dev/null 2>&1
check "the cover letter: make repeat's boots, those with 0 failures counted" \
	grep -qF '3 boots of plan check in a row: 2 with 0 failures (186 to 187 passed a boot).' <(tr -s ' \n' ' ' <"$docs/cover")
# A command's record is "make VERB" for any verb of the Makefile's, a
# plan's record "plan NAME".
record 2026-12-09-repeat repeat 2026-12-09T01:00:00Z 600 no 10 0
record 2026-12-09-latency latency 2026-12-09T02:00:00Z 600 no 18 0
q write >/dev/null 2>&1
check "the cover letter: make repeat's record as a make verb (the Makefile's list)" \
	grep -qxF '   make repeat, build dirs warm: 10 passed, 0 failed, 1 skipped in 10' "$docs/cover"
check "and a plan's record as a plan" \
	grep -qxF '   plan latency, build dirs warm: 18 passed, 0 failed, 1 skipped in 10' "$docs/cover"
# Plan latency's record, of the older format (no switch times) and the new.
for v in old new; do
	l=$RESULTS/2026-12-09-latency-$v
	mkdir -p "$l"
	{ tsv_row started commit dirty what cores runs; tsv_row 2026-12-09T03:00:00Z abc1234 no latency 2 -; } >"$l/run.info"
done
{ tsv_row kernel threads switches formed_s quiet_max_us switching_max_us quiet_avg_us switching_avg_us
  tsv_row debug 200 100 18 6076 17087 364 1013; } >"$RESULTS/2026-12-09-latency-old/latency.tsv"
{ tsv_row kernel threads switches formed_s quiet_max_us switching_max_us quiet_avg_us switching_avg_us write_max_us write_avg_us passed failed
  tsv_row debug 2000 100 976 8071 57913 496 1071 115979 19533 19 0
  tsv_row debug-before 2000 100 961 50225 9953 730 510 145010 27744 15 2; } >"$RESULTS/2026-12-09-latency-new/latency.tsv"
q write >/dev/null 2>&1
tr -s ' \n' ' ' <"$docs/cover" >"$WORK/cover.flat"
check "the cover letter: plan latency's older record, its figures alone" \
	grep -qF 'means 364 and 1013 us). ' "$WORK/cover.flat"
check "and the newer: how long a switch took, and a boot that failed its checks" \
	sh -c "grep -qF 'a switch took up to 115979 us (mean 19533 us).' '$WORK/cover.flat' &&
		grep -qF 'the boot failed 2 of its checks' '$WORK/cover.flat'"
# A boot's own record (make record of one run): its run.info names its
# kernel and plan, no cores; with the same-keys phase.
l=$RESULTS/2026-12-09-latency-boot
mkdir -p "$l"
{ tsv_row started commit dirty kernel plan tag status; tsv_row 2026-12-09T04:00:00Z abc1234 no debug latency samekeys ok; } >"$l/run.info"
{ tsv_row kernel threads switches formed_s quiet_max_us switching_max_us quiet_avg_us switching_avg_us write_max_us write_avg_us samekeys_max_us samekeys_avg_us samekeys_write_max_us samekeys_write_avg_us passed failed
  tsv_row debug 200 100 17 8106 54959 828 929 39131 18820 8072 394 37532 21119 20 0; } >"$l/latency.tsv"
q write >/dev/null 2>&1
tr -s ' \n' ' ' <"$docs/cover" >"$WORK/cover.flat"
check "a boot's record: its kernel and plan where a command's says its cores" \
	grep -qF 'results/2026-12-09-latency-boot, 2026-12-09 04:00 UTC, commit abc1234, debug kernel, plan latency: ' "$WORK/cover.flat"
check "and the switches that keep their keys" \
	grep -qF 'among policies keeping the same static keys, up to 37532 us (mean 21119 us), the RT task'"'"'s worst 8072 us (mean 394 us).' "$WORK/cover.flat"
# A comparison's record (harness/compare.sh --summary): its totals in words.
{ tsv_row plan run_a run_b keys figures same within outside one_run_only
  tsv_row rfc serial-run sharded-run 136 19765 11809 2482 5474 0; } >"$l/compare.tsv"
q write >/dev/null 2>&1
tr -s ' \n' ' ' <"$docs/cover" >"$WORK/cover.flat"
check "a comparison's record: its totals in words" \
	grep -qF 'plan rfc, run serial-run against run sharded-run: of 19765 figures in 136 settings, 11809 the same, 2482 within the first run'"'"'s range, 5474 outside it.' "$WORK/cover.flat"
printf '# no markers\n' >"$docs/README.md"
fails_with "a README without the markers is named, and how to fix it" "needs one line '<!-- quote:begin -->'" q write
finish
