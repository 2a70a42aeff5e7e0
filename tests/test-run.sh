#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/run.sh with a fake QEMU at the process boundary: a good boot is
# judged and counted; a QEMU killed half-way fails the run naming it,
# keeps its log, and leaves the earlier good run's results in last-good/;
# the next run needs no cleanup.
. "$(dirname "$0")/lib.sh"
plan 7

. "$HARNESS/lib.sh"
[ -f "$KUNIT_PY" ] || { echo "Bail out! no KTAP parser at $KUNIT_PY (harness/tree.sh)"; exit 1; }
export KUNIT_PY UTIL_EST_CACHE=$WORK/cache UTIL_EST_OUT=$WORK/results
build=$WORK/cache/build/test
mkdir -p "$build/arch/x86/boot"
: >"$build/arch/x86/boot/bzImage"
echo 6.12.118-fake >"$build/kernelrelease"
: >"$build/.config"
: >"$WORK/initrd"

# The fake writes a finished smoke plan to the console file QEMU was given,
# or half of one and then dies as if killed.
cat >"$WORK/fake-qemu" <<'EOQ'
#!/bin/sh
while [ $# -gt 0 ]; do case $1 in -serial) log=${2#file:}; break ;; esac; shift; done
{
	echo '=== util-est plan smoke begin ==='
	echo 'TAP version 13'; echo '1..1'
	echo '    TAP version 13'; echo '    1..1'; echo '    ok 1 release'
	[ -z "$FAKE_KILLED" ] || kill -KILL $$
	echo 'ok 1 smoke'; echo '=== util-est plan smoke end ==='
} >"$log"
EOQ
chmod +x "$WORK/fake-qemu"
export QEMU_BIN=$WORK/fake-qemu
r() { "$HARNESS/run.sh" --kernel test --plan smoke --initrd "$WORK/initrd" --accel tcg; }
dir=$UTIL_EST_OUT/runs/test/smoke

check "a good boot passes" r
check "and is counted" grep -qx 'passed=1 failed=0 skipped=0' "$dir/counts"
FAKE_KILLED=1 fails_with "a QEMU killed half-way fails the run, named as such" 'QEMU was killed by signal 9' r
check "its log is kept" grep -q 'ok 1 release' "$dir/console.log"
check "the good run's results stay, in last-good/" grep -qx 'passed=1 failed=0 skipped=0' "$dir/last-good/counts"
check "the broken run leaves no counts of its own" [ ! -f "$dir/counts" ]
check "the next run recovers without cleanup" r
finish
