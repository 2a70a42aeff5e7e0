#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/run.sh with a fake QEMU at the process boundary: a good boot is
# judged and counted; a QEMU killed half-way fails the run naming it,
# keeps its log, and leaves the earlier good run's results in last-good/;
# the next run needs no cleanup. Every run is kept in a directory of its
# own, with its record (run.info), and the kernel's link points to the
# latest; the record knows the stock kernel from its source tree, and the
# run's figures from its record.
. "$(dirname "$0")/lib.sh"
plan 18

. "$HARNESS/lib.sh"
[ -f "$KUNIT_PY" ] || { echo "Bail out! no KTAP parser at $KUNIT_PY (harness/tree.sh)"; exit 1; }
export KUNIT_PY UTIL_EST_CACHE=$WORK/cache UTIL_EST_OUT=$WORK/results
build=$WORK/cache/build/test
mkdir -p "$build/arch/x86/boot"
: >"$build/arch/x86/boot/bzImage"
echo 6.12.118-fake >"$build/kernelrelease"
echo "CONFIG_FAKE=y" >"$build/.config"
: >"$WORK/initrd"

# The kernel's source tree, as tree.sh makes it: pristine, then what it
# carries (here the platform's patch alone: the stock kernel), its series
# and platform patches of their own.
patch_file() { # FILE SUBJECT
	mkdir -p "$(dirname "$1")"
	printf 'From: t <t@example.org>\nSubject: [PATCH] %s\n\nx\n' "$2" >"$1"
}
patch_file "$WORK/patches/fixes/0001-fix.patch" "sched: Fix a"
patch_file "$WORK/patches/lab/0001-lab.patch" "sched: Add b"
patch_file "$WORK/platform/0001-plat.patch" "x86: Platform c"
export UTIL_EST_PATCHES=$WORK/patches UTIL_EST_PLATFORM=$WORK/platform
commit() { git -C "$WORK/tree" -c user.name=t -c user.email=t@example.org commit -q --allow-empty -m "$1"; }
git init -q "$WORK/tree" && commit pristine && git -C "$WORK/tree" tag pristine && commit "x86: Platform c"
ln -s "$WORK/tree" "$build/source"

# The fake writes a finished smoke plan to the console file QEMU was given,
# or half of one and then dies as if killed.
cat >"$WORK/fake-qemu" <<'EOQ'
#!/bin/sh
while [ $# -gt 0 ]; do case $1 in -serial) log=${2#file:}; break ;; esac; shift; done
[ -z "$FAKE_DATA" ] || cp "$FAKE_DATA" "$log.data"
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
# What an older harness left: the plan's results in the link's place.
mkdir -p "$dir" && echo "passed=0 failed=1 skipped=0" >"$dir/counts"

FAKE_DATA=$TESTS_ROOT/tests/fixtures/experiment-check.data check "a good boot passes" r
check "and is counted" grep -qx 'passed=1 failed=0 skipped=0' "$dir/counts"
check "the older harness's directory is kept, a run of its own" \
	grep -qx 'passed=0 failed=1 skipped=0' "$UTIL_EST_OUT"/runs/*-unknown-test-smoke/counts
figures_are "run.info: the run, its kernel, its platform" "$dir/run.info" \
	"kernel plan tag release config_sha256 series platform accel smp icount status" \
	"test smoke - 6.12.118-fake $(sha256sum <"$build/.config" | cut -d' ' -f1) none 0001-plat tcg 2 off ok"
check "run.info: from which commit of the checkout, and when (UTC)" grep -Eqx \
	"$(git -C "$TESTS_ROOT" rev-parse --short HEAD) [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z" \
	<(figures "$dir/run.info" commit started)
check "its figures are kept beside its data, the stock kernel's known from the run's record" \
	[ "$(figures "$dir/figures.tsv" workload label | sed -n 1p)" = "periodic-120-300 pelt(stock)" ]
FAKE_KILLED=1 fails_with "a QEMU killed half-way fails the run, named as such" 'QEMU was killed by signal 9' r
check "its log is kept" grep -q 'ok 1 release' "$dir/console.log"
check "the good run's results stay, in last-good/" grep -qx 'passed=1 failed=0 skipped=0' "$dir/last-good/counts"
check "the broken run leaves no counts of its own" [ ! -f "$dir/counts" ]
figures_are "and its record says how QEMU ended" "$dir/run.info" status killed
# The kernel rebuilt with the series on top.
commit "sched: Fix a" && commit "sched: Add b"
check "the next run recovers without cleanup" r
runs=("$UTIL_EST_OUT"/runs/*-test-smoke*)
check "every run is kept: three runs and the older one, four directories" [ ${#runs[@]} -eq 4 ]
latest=$(printf '%s\n' "${runs[@]}" | grep -v -- -unknown- | LC_ALL=C sort | tail -n 1)
check "the kernel's link points to the latest run" [ "$(readlink -f "$dir")" = "$latest" ]
check "each run is named by its start, the commit, the kernel and the plan" \
	bash -c "basename '$latest' | grep -Eq '^[0-9]{8}T[0-9]{6}Z-$(git -C "$TESTS_ROOT" rev-parse --short HEAD)-test-smoke(\.[0-9]+)?$'"
figures_are "the series comes from the kernel's source tree, not its name" "$dir/run.info" series fixes+lab
figures_are "and the first run's record stays as it was: the stock kernel" "$dir/last-good/run.info" series none
# HEAD moving while a run runs (a git whose HEAD is another commit each
# time it is asked): the run's directory and its run.info name one commit.
mkdir -p "$WORK/stubs"
cat >"$WORK/stubs/git" <<EOG
#!/bin/sh
case "\$*" in *"rev-parse --short HEAD"*)
	n=\$(cat "$WORK/heads" 2>/dev/null || echo 0); echo \$((n + 1)) >"$WORK/heads"; echo "head\$n"; exit 0 ;; esac
exec /usr/bin/git "\$@"
EOG
chmod +x "$WORK/stubs/git"
UTIL_EST_STUBS=$WORK/stubs r >/dev/null 2>&1
check "HEAD moving mid-run: the run's directory and its run.info name the same commit" \
	bash -c "basename \"\$(readlink -f '$dir')\" | grep -q -- '-$(figures "$dir/run.info" commit)-test-smoke'"
finish
