#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The storm's host side: guest/programs/ue_storm.c's arguments and its
# reading of sched/debug (a recorded one: the next CPU's header carries an
# .nr_running of its own, the whole rq's), harness/stress.sh's arguments,
# and out/stress.md made from a recorded storm.
. "$(dirname "$0")/lib.sh"
plan 24

storm=$WORK/ue_storm
gcc -O2 -Wall -Wextra -Werror -o "$storm" "$TESTS_ROOT/guest/programs/ue_storm.c" ||
	{ echo "Bail out! ue_storm does not build"; exit 1; }
fails_with "the storm's length must be a number" 'usage: ue_storm' "$storm" -t 1x
fails_with "an unknown actor is named" "no actor 'hotplugs'" "$storm" -a toggle,hotplugs
fails_with "an argument it does not take is refused" 'usage: ue_storm' "$storm" -t 5 extra

"$storm" -P "$TESTS_ROOT/tests/fixtures/sched-debug.txt" >"$WORK/parsed" 2>&1
check "a CPU's root cfs_rq is read, not the next CPU's header" \
	grep -qx 'cpu0 nr_running=1 util_est=892' "$WORK/parsed"
check "an empty CPU reads as empty, with its sum" grep -qx 'cpu1 nr_running=0 util_est=0' "$WORK/parsed"
check "a group's cfs_rq is not taken for the root" [ "$(wc -l <"$WORK/parsed")" -eq 2 ]
fails_with "a file it cannot read is named" 'cannot read .*/absent' "$storm" -P "$WORK/absent"

fails_with "stress.sh: a duration in hours is refused" '--duration needs a time' "$HARNESS/stress.sh" --duration 1h
fails_with "stress.sh: only checking kernels are stormed" 'test is not a checking kernel' \
	"$HARNESS/stress.sh" --kernels debug,test
fails_with "stress.sh: hotplug needs a second vCPU" '--smp needs 2 to 8' "$HARNESS/stress.sh" --smp 1

# out/stress.md from recorded runs: a clean one, and one with a report.
export UTIL_EST_OUT=$WORK/results
for k in debug kcsan; do
	mkdir -p "$UTIL_EST_OUT/runs/$k/storm"
	cp "$TESTS_ROOT/tests/fixtures/storm-console.log" "$UTIL_EST_OUT/runs/$k/storm/console.log"
	echo "passed=13 failed=0 skipped=0" >"$UTIL_EST_OUT/runs/$k/storm/counts"
	echo 125 >"$UTIL_EST_OUT/runs/$k/storm/wall"
	: >"$UTIL_EST_OUT/runs/$k/storm/reports"
done
echo "KCSAN (the series): data-race in util_est_update_rfc / sched_util_est_set_policy (console.log:200)" \
	>"$UTIL_EST_OUT/runs/kcsan/storm/reports"
printf '%s\n' '300 6.12 data-race in __update_load_avg_cfs_rq+0x1/0x9 / avg_vruntime.constprop.0' \
	'310 6.12 data-race in __update_load_avg_cfs_rq+0x7/0x9 / avg_vruntime' \
	'320 changed data-race in enqueue_task_fair / update_sd_lb_stats' >"$UTIL_EST_OUT/runs/kcsan/storm/races"
mkdir -p "$UTIL_EST_OUT/runs/debug/latency" "$WORK/run"
printf '%s\n' '    # switch_latency: the crowd took 1010 s of guest time to form' \
	'    # switch_latency: phase=quiet threads=2000 loops=10000 min_us=104 avg_us=394 max_us=7142' \
	'    # switch_latency: phase=switching threads=2000 loops=10000 switches=100 min_us=99 avg_us=401 max_us=9001' \
	>"$UTIL_EST_OUT/runs/debug/latency/console.log"
"$HARNESS/stress-report.sh" --kernels debug,kcsan --tsv "$WORK/run" >"$WORK/stress.md" 2>&1
row() { grep -F "| $1 |" "$WORK/stress.md"; }
check "the report has a column per kernel" grep -qx '| | debug | kcsan |' "$WORK/stress.md"
check "the storm's counts come from its line" \
	sh -c "grep -qxF '| policy switches | 79 | 79 |' '$WORK/stress.md' && grep -qxF '| CPU offline/online cycles | 19 | 19 |' '$WORK/stress.md'"
check "the plan's results from its counts" grep -qxF '| plan results | 13 passed, 0 failed | 13 passed, 0 failed |' "$WORK/stress.md"
check "the fuzzer's cases are counted" grep -qxF '| fuzz cases | 3000 | 3000 |' "$WORK/stress.md"
check "splats are counted per kernel, and the report listed" \
	sh -c "grep -qxF '| splats (kernel reports) | 0 | 1 |' '$WORK/stress.md' && grep -q '^- KCSAN (the series): data-race in util_est_update_rfc' '$WORK/stress.md'"
check "6.12's races are counted once per pair of functions, offsets aside" \
	sh -c "grep -qxF '| KCSAN: distinct races in 6.12'\''s own functions | - | 1 |' '$WORK/stress.md' && grep -qxF -- '- 2 x data-race in __update_load_avg_cfs_rq / avg_vruntime' '$WORK/stress.md'"
. "$HARNESS/lib.sh"	# tsv_awk, the records' reader
check "--tsv: the storm's counts as a record, a row a kernel" \
	[ "$(tsv_awk '$1 == "kcsan" { print col("policy_switches") "/" col("splats") }' "$WORK/run/stress.tsv")" = 79/1 ]
check "--tsv: the latency plan's figures as a record" \
	[ "$(tsv_awk '{ print col("formed_s") "/" col("quiet_max_us") "/" col("switching_max_us") "/" col("switches") }' "$WORK/run/latency.tsv")" = 1010/7142/9001/100 ]
# A tagged run (run.sh --tag), its line cut by a kernel message.
mkdir -p "$UTIL_EST_OUT/runs/debug/latency-w2" "$WORK/run2"
printf '%s\n' '    # switch_latency: the crowd took 976 s of guest time to form' \
	'    # switch_latency: phase=quiet threads=2000 loops=10000 min_us=105 avg_us=496 max_us=8071[ 1223.976437] switch_latency: cpu#0, 1000.007 MHz' \
	'    # switch_latency: phase=switching threads=2000 loops=10000 switches=100 write_max_us=115979 write_avg_us=19533 min_us=105 avg_us=1071 max_us=57913' \
	'    # switch_latency: phase=samekeys threads=2000 loops=10000 policies=max_ewma_last,ewma,last switches=100 write_max_us=30001 write_avg_us=9002 min_us=104 avg_us=700 max_us=12003' \
	>"$UTIL_EST_OUT/runs/debug/latency-w2/console.log"
"$HARNESS/stress-report.sh" --kernels debug --latency latency-w2 --tsv "$WORK/run2" >/dev/null 2>&1
check "--latency: a tagged run, a number cut by a kernel message kept whole" \
	[ "$(tsv_awk '{ print col("quiet_max_us") "/" col("switching_max_us") "/" col("write_max_us") }' "$WORK/run2/latency.tsv")" = 8071/57913/115979 ]
check "--latency: and the switches that keep their keys, a phase of their own" \
	[ "$(tsv_awk '{ print col("samekeys_max_us") "/" col("samekeys_avg_us") "/" col("samekeys_write_max_us") "/" col("samekeys_write_avg_us") }' "$WORK/run2/latency.tsv")" = 12003/700/30001/9002 ]
check "--tsv: a run without that phase says so" \
	[ "$(tsv_awk '{ print col("samekeys_write_max_us") }' "$WORK/run/latency.tsv")" = - ]
"$HARNESS/stress-report.sh" --kernels debug --latency latency-w2 >"$WORK/w2.md" 2>&1
check "and the report's table says the same as the record" \
	grep -qxF '| debug | 2000 | 100 | 8071 | 57913 | 496 / 1071 | 115979 / 19533 | 12003 / 700 | 30001 / 9002 |' "$WORK/w2.md"
fails_with "--latency: a run that is not plan latency's is refused" '--latency needs a run of plan latency' \
	"$HARNESS/stress-report.sh" --kernels debug --latency storm
fails_with "--tsv needs a directory that exists" '--tsv needs a directory' \
	"$HARNESS/stress-report.sh" --kernels debug --tsv "$WORK/absent"
finish
