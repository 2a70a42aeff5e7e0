#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/bakeoff.sh (shards.sh, shard.sh, GNU parallel, shards-merge.sh)
# with a fake QEMU at the process boundary, on two "hosts": "1/:" and
# "1/lo2", the second through a fake ssh that runs the command here, in a
# home of its own, so that its results must come back (--return). Every
# shard boots once with its tests alone, the merged run is what a serial
# boot makes (its figures those of the whole data; harness/report.sh's
# input, as test-report.sh has it), and a failed shard
# fails the whole, named. Bad input changes nothing.
. "$(dirname "$0")/lib.sh"
plan 18

. "$HARNESS/lib.sh"
[ -f "$KUNIT_PY" ] || { echo "Bail out! no KTAP parser at $KUNIT_PY (harness/tree.sh)"; exit 1; }
command -v parallel >/dev/null && command -v rsync >/dev/null ||
	{ echo "Bail out! GNU parallel and rsync are needed (harness/deps.sh shards)"; exit 1; }
fixture=$TESTS_ROOT/tests/fixtures/experiment-check.data
export KUNIT_PY HOME=$WORK/home UTIL_EST_CACHE=$WORK/cache UTIL_EST_OUT=$WORK/home/out
export UTIL_EST_STUBS=$WORK/stubs UTIL_EST_SCENARIOS=$WORK/scenarios FIXTURE=$fixture BOOTS=$WORK/boots
# Again, for its paths ($OUT) to be the test's.
. "$HARNESS/lib.sh"
build=$WORK/cache/build/test
mkdir -p "$build/arch/x86/boot" "$HOME" "$UTIL_EST_STUBS" "$WORK/lo2"
: >"$build/arch/x86/boot/bzImage"
echo 6.12.118-fake >"$build/kernelrelease"
echo "CONFIG_FAKE=y" >"$build/.config"
: >"$WORK/initrd"

# Scenarios whose runs the fixture holds: five settings in three scenarios.
cat >"$UTIL_EST_SCENARIOS" <<'EOS'
name | thread | mult | opp | metrics | plots | xmax | patched | stock | reps | title
periodic-120-300 | big | 1 | free | --acts 10 | - | 3200 | pelt max_ewma_last | - | 1 | Shard one
periodic-4-16 | big | 4 | fmax | - | - | 1000 | max_ewma_last:after_update | - | 1 | Shard two
long-sleeper | big | 1 | free | --acts 5 | - | - | max_ewma_last max_ewma_last@juno | - | 1 | Shard three
EOS

# The fake QEMU runs the plan's tests that ue.tests names, each passing
# (failing if FAKE_FAIL is its line, killed if FAKE_KILL is), an
# experiment's data the fixture's runs of its scenario and setting; it
# notes each boot's plan and tests in $BOOTS.
cat >"$WORK/fake-qemu" <<'EOQ'
#!/bin/bash
while [ $# -gt 0 ]; do
	case $1 in
	-serial) [ -n "${log-}" ] || log=${2#file:}; shift ;;
	-append) for w in $2; do case $w in ue.plan=*) p=${w#*=} ;; ue.tests=*) t=${w#*=} ;; esac; done; shift ;;
	esac
	shift
done
echo "$p $t" >>"$BOOTS"
mapfile -t lines < <("$HARNESS/plans.sh" "$p" | grep -v -e '^#' -e '^$' | awk -v w=",$t," 'index(w, "," NR ",")')
: >"$log.data"
{
	echo "=== util-est plan $p begin ==="
	echo 'TAP version 13'; echo "1..${#lines[@]}"
	i=0
	for l in "${lines[@]}"; do
		i=$((i + 1))
		set -- $l
		[ "$1" != experiment ] || awk -v h="workload=$2 setting=$3 " '/^=== data / && index($0, h) { on = 1 }
			on { print } /^=== data .* end ===$/ { on = 0 }' "$FIXTURE" >>"$log.data"
		[ "$l" != "${FAKE_KILL-}" ] || kill -KILL $$
		r=ok; [ "$l" != "${FAKE_FAIL-}" ] || r="not ok"
		echo '    TAP version 13'; echo '    1..1'; echo "    $r 1 $1"; echo "$r $i $1"
	done
	echo "=== util-est plan $p end ==="
} >"$log"
EOQ
# ssh HOST COMMAND: runs it here, in HOST's own home ($WORK/HOST).
cat >"$UTIL_EST_STUBS/ssh" <<'EOS'
#!/bin/bash
while [ $# -gt 0 ]; do case $1 in -[opli]) shift 2 ;; -*) shift ;; *) break ;; esac; done
host=$1; shift
[ "${1-}" != -- ] || shift
echo "$host $*" >>"$WORK/ssh.log"
cd "$WORK/$host" && HOME=$WORK/$host exec bash -c "$*"
EOS
chmod +x "$WORK/fake-qemu" "$UTIL_EST_STUBS/ssh"
export QEMU_BIN=$WORK/fake-qemu HARNESS WORK
printf '1/:\n1/lo2\n' >"$WORK/hosts"
# (The report needs analysis/scenarios' every scenario: test-report's.)
bakeoff() { "$HARNESS/bakeoff.sh" --hosts "$WORK/hosts" --initrd "$WORK/initrd" --no-report "$@" rfc; }
latest_batch() { find "$UTIL_EST_OUT/shards" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort | tail -n 1; }

check "a plan, sharded a setting a shard, runs on both hosts and merges" bakeoff --per 1
batch=$(latest_batch)
want=$(tsv_awk '{ print "rfc", col("tests") }' "$batch/shards.tsv" | sort)
check "five shards, each booted once with its own tests" \
	bash -c "[ \"\$(sort '$BOOTS')\" = '$want' ] && [ \$(grep -c . <<<'$want') -eq 5 ]"
check "host lo2 ran shards in its own home" \
	bash -c "ls -d '$WORK'/lo2/out/shards/*/test-rfc-s0* && grep -q 'lo2 .*exec perl' '$WORK/ssh.log'"
check "and their results came back" \
	bash -c "for d in '$WORK'/lo2/out/shards/*/test-rfc-s0*; do [ -f \"$batch/\${d##*/}/shard.info\" ] || exit 1; done"
dir=$UTIL_EST_OUT/runs/test/rfc
check "the merged run's counts: every shard's tests" grep -qx 'passed=15 failed=0 skipped=0' "$dir/counts"
figures_are "its record names the plan and each shard's run" "$dir/run.info" "kernel plan tag status" "test rfc - ok"
check "with the five shards' runs" [ "$(figures "$dir/run.info" shards | tr , '\n' | grep -c -- '-test-rfc-s0')" -eq 5 ]
serial=$WORK/serial.data
for s in $(scenario_names); do
	for set in $(scenario_field "$s" patched); do
		awk -v h="workload=$s setting=$set " '/^=== data / && index($0, h) { on = 1 } on { print } / end ===$/ { on = 0 }' "$fixture"
	done
done >"$serial"
scenario_figures "$serial" | sort >"$WORK/serial.figures"
check "its figures are those of the same runs in one boot" \
	bash -c "[ -s '$WORK/serial.figures' ] && sort '$dir/figures.tsv' | diff '$WORK/serial.figures' -"
check "and beside its data QEMU's settings, as harness/report.sh reads them" [ -s "$dir/console.log.settings" ]
figures_are "the run's own record: what ran, and the merged run's results" "$UTIL_EST_OUT/runs/make/bakeoff/timing.tsv" \
	"what passed failed" "bakeoff 15 0"

: >"$BOOTS"
FAKE_FAIL="experiment long-sleeper max_ewma_last@juno 1" FAKE_KILL="experiment periodic-4-16 max_ewma_last:after_update 1" \
	fails_with "a failed shard fails the whole, named" 'shard test-rfc-s03 failed 1 tests' bakeoff --per 2
output_has "and one whose boot did not finish" 'shard test-rfc-s02 failed: its boot did not finish'
output_has "each of the two fails it" '2 problem\(s\) with the shards'
check "every shard still ran once" [ "$(grep -c . "$BOOTS")" -eq 3 ]
check "and the run's record counts a failure" \
	[ "$(figures "$UTIL_EST_OUT/runs/make/bakeoff/timing.tsv" failed)" -gt 0 ]

before=$(find "$UTIL_EST_OUT" | sort)
fails_with "a plan no one makes is named" 'no plan no-such-plan' "$HARNESS/shards.sh" no-such-plan
fails_with "a hosts file that is not there is named" "no hosts file $WORK/nohosts" \
	"$HARNESS/bakeoff.sh" --hosts "$WORK/nohosts" rfc
check "and bad input changed nothing" [ "$(find "$UTIL_EST_OUT" | sort)" = "$before" ]
finish
