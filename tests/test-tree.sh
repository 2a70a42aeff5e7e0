#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/tree.sh and harness/patches.sh on a small fake kernel tarball:
# pristine + series, re-application only when the series changes, local
# work kept, errors that name their cause, the format-patch round trip;
# the test platform stacked on the series and on pristine.
. "$(dirname "$0")/lib.sh"
plan 30

# A tarball shaped like Debian's: one top directory, a Makefile, Debian's
# top-level .gitignore that hides every new file.
mkdir -p "$WORK/src/linux-source-6.12/kernel/sched"
cd "$WORK/src/linux-source-6.12" || exit 1
printf 'kernelversion:\n\t@echo 6.12.0-fake\n' >Makefile
printf '/*\n!/debian/\n' >.gitignore
printf 'int a = 1;\nint b = 2;\nint c = 3;\n' >kernel/sched/fair.c
tar -cJf "$WORK/linux.tar.xz" -C "$WORK/src" linux-source-6.12

# The series, made against that tree.
git init -q -b main && git add -A -f && git -c user.name=t -c user.email=t@t commit -qm base
sed -i 's/a = 1/a = 10/' kernel/sched/fair.c
git -c user.name=t -c user.email=t@t commit -qam "sched/fair: Change a"
sed -i 's/c = 3/c = 30/' kernel/sched/fair.c
git -c user.name=t -c user.email=t@t commit -qam "sched/fair: Change c"
mkdir -p "$WORK/patches"
git -c user.name=t -c user.email=t@t format-patch -q --cover-letter -o "$WORK/patches" HEAD~2
# A subject long enough that the header is folded, as format-patch does.
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/fake: a test series whose subject runs past the width of\n one mail header line/; s/\*\*\* BLURB HERE \*\*\*/Why this series exists./' \
	"$WORK/patches/0000-cover-letter.patch"
# The test platform, made against the same base: a file of its own.
git checkout -q -b platform HEAD~2
mkdir -p arch/x86 && echo 'int platform;' >arch/x86/platform.c
git add -f arch/x86/platform.c && git -c user.name=t -c user.email=t@t commit -qm "x86: Add a platform"
mkdir -p "$WORK/platform"
git -c user.name=t -c user.email=t@t format-patch -q --cover-letter -o "$WORK/platform" HEAD~1
# One that applies to pristine but not on the series.
sed -i 's/a = 1/a = 100/' kernel/sched/fair.c
git -c user.name=t -c user.email=t@t commit -qam "x86: Change a as well"
git -c user.name=t -c user.email=t@t format-patch -q -o "$WORK/bad-platform" HEAD~2
cd "$WORK" || exit 1

export UTIL_EST_TARBALL=$WORK/linux.tar.xz UTIL_EST_TREE=$WORK/tree/linux
# shellcheck disable=SC2120 # (callers pass options, or none)
tree() { "$HARNESS/tree.sh" --patches "$WORK/patches" --platform "$WORK/platform" "$@"; }
tgit() { git -C "$UTIL_EST_TREE" "$@"; }

UTIL_EST_TARBALL=$WORK/absent.tar.xz fails_with "an absent tarball is named, with the package to install" \
	'absent.tar.xz not found: install .*linux-source-6.12' tree
head -c 5000 /dev/urandom >"$WORK/corrupt.tar.xz"
UTIL_EST_TARBALL=$WORK/corrupt.tar.xz fails_with "a corrupt tarball is reported as such" \
	'corrupt.tar.xz is corrupt or truncated' tree
tar -cJf "$WORK/other.tar.xz" -C "$WORK" patches
UTIL_EST_TARBALL=$WORK/other.tar.xz fails_with "a tarball without a kernel tree is refused" \
	'does not hold a kernel tree' tree

# Faults while extracting, faked at the process boundary by a tar that
# writes a little and then finds the disk full, or is stopped by Ctrl-C.
mkdir -p "$WORK/stubs"
stub_tar() { # WHAT-IT-DOES-AFTER-A-FIRST-FILE
	printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -C ] && dir=$2; shift; done\n' >"$WORK/stubs/tar"
	printf 'mkdir -p "$dir/linux-source-6.12" && : >"$dir/linux-source-6.12/Makefile"\n%s\n' "$1" >>"$WORK/stubs/tar"
	chmod +x "$WORK/stubs/tar"
}
left_nothing() { [ -z "$(ls -A "$WORK/tree")" ]; }
stub_tar 'echo "tar: linux-source-6.12/kernel/sched/fair.c: Cannot write: No space left on device" >&2; exit 2'
UTIL_EST_STUBS=$WORK/stubs fails_with "a full disk is named as such, with where and what to do" \
	'no space left on device under .*/tree .*UTIL_EST_CACHE' tree
check "and leaves no partial extraction behind" left_nothing
stub_tar ": >'$WORK/tar.started'; exec sleep 60"
# Ctrl-C reaches the whole foreground process group; job control gives
# the background run a group of its own (without it, it would ignore
# SIGINT), and env gives it SIGINT's default action even when this test
# itself was started with SIGINT ignored (a background `make check`).
set -m
UTIL_EST_STUBS=$WORK/stubs env --default-signal=INT "$HARNESS/tree.sh" --patches "$WORK/patches" >"$WORK/int.out" 2>&1 &
pid=$!
set +m
for _ in $(seq 100); do [ -e "$WORK/tar.started" ] && break; sleep 0.1; done
kill -INT -- -$pid
wait $pid
rc=$?
check "Ctrl-C while extracting ends with a non-zero exit (status $rc)" [ $rc -ne 0 ]
check "and leaves no partial extraction behind" left_nothing
# What a kill -9 would leave: the next extraction removes it.
mkdir -p "$WORK/tree/.extract.killed/linux-source-6.12"

check "the series applies onto the pristine tree" tree
output_has "and the tree says what it is" 'Linux 6.12.0-fake\) \+ 2 patch\(es\)'
output_has "an extraction stopped by a kill is cleaned up by the next" 'removing .*/\.extract\.killed'
check "the series' changes are in the tree" grep -q 'c = 30' "$UTIL_EST_TREE/kernel/sched/fair.c"
check "the cover letter's folded subject is the description's first line, whole" \
	[ "$(tgit config branch.series.description | head -n 1)" = "fake: a test series whose subject runs past the width of one mail header line" ]

head=$(tgit rev-parse HEAD)
tree >/dev/null 2>&1
check "an unchanged series is not re-applied" [ "$(tgit rev-parse HEAD)" = "$head" ]

# The platform, stacked in worktrees beside the tree.
T=$WORK/tree
check "the test kernel's tree is the series and the platform" \
	sh -c "grep -q 'c = 30' '$T/series+platform/kernel/sched/fair.c' && [ -f '$T/series+platform/arch/x86/platform.c' ]"
check "--pristine: the stock kernel's is pristine and the platform" \
	sh -c "'$HARNESS/tree.sh' --patches '$WORK/patches' --platform '$WORK/platform' --pristine >/dev/null 2>&1 &&
		grep -q 'c = 3;' '$T/pristine+platform/kernel/sched/fair.c' && [ -f '$T/pristine+platform/arch/x86/platform.c' ]"
check "and the pristine tree has no platform" [ ! -e "$T/pristine/arch/x86/platform.c" ]
touch -d 2000-01-01 "$T/series+platform/arch/x86/platform.c"
echo 'int f = 6;' >>"$UTIL_EST_TREE/kernel/sched/fair.c"
tree >"$WORK/out" 2>&1
output_has "uncommitted changes are said to be left out of the test kernel's tree" 'uncommitted changes in .* are not in the test kernel'
tgit commit -qam "sched/fair: Add f"
tree >/dev/null 2>&1
check "a commit in the tree reaches the test kernel's tree at the next run" grep -q 'f = 6' "$T/series+platform/kernel/sched/fair.c"
check "which rewrites only what changed: the platform's file is untouched" \
	[ "$(stat -c %Y "$T/series+platform/arch/x86/platform.c")" = "$(date -d 2000-01-01 +%s)" ]
tgit reset -q --hard HEAD~1
UTIL_EST_PLATFORM=$WORK/bad-platform fails_with "a platform patch that does not apply on the series is named" \
	'platform patch 0002-x86-Change-a-as-well.patch does not apply to the series' \
	"$HARNESS/tree.sh" --patches "$WORK/patches"

cp "$WORK/patches/0002-sched-fair-Change-c.patch" "$WORK/0002.good"
sed -i 's/^-int c = 3;$/-int c = 4;/' "$WORK/patches/0002-sched-fair-Change-c.patch"
fails_with "a patch that does not apply is named" \
	'patch 0002-sched-fair-Change-c.patch does not apply' tree
check "and the tree is left pristine" grep -q 'c = 3;' "$UTIL_EST_TREE/kernel/sched/fair.c"

cp "$WORK/0002.good" "$WORK/patches/0002-sched-fair-Change-c.patch"
check "the mended series is applied again" tree

# Local work: a commit in the tree survives, and goes out through patches.sh.
echo 'int d = 4;' >>"$UTIL_EST_TREE/kernel/sched/fair.c"
fails_with "uncommitted changes stop a re-application" 'uncommitted changes' tree --force
tgit commit -qam "sched/fair: Add d"
"$HARNESS/patches.sh" --out "$WORK/patches" >"$WORK/out" 2>&1
check "patches.sh exports the tree's commits with the cover letter text" \
	sh -c "grep -q 'Subject: \[PATCH 0/3\] fake: a test series whose' '$WORK/patches/0000-cover-letter.patch' &&
		grep -q 'one mail header line' '$WORK/patches/0000-cover-letter.patch'"
head=$(tgit rev-parse HEAD)
tree >/dev/null 2>&1
check "the exported series is the tree: no re-application" [ "$(tgit rev-parse HEAD)" = "$head" ]

echo 'int e = 5;' >>"$UTIL_EST_TREE/kernel/sched/fair.c"
tgit commit -qam "sched/fair: Add e, not exported"
sed -i 's/^Subject: \[PATCH 1\/3\] sched\/fair: Change a$/Subject: [PATCH 1\/3] sched\/fair: Change a, reworded/' \
	"$WORK/patches/0001-sched-fair-Change-a.patch"
tree >"$WORK/reapply.out" 2>&1
check "a changed series saves unexported commits on a backup branch" \
	sh -c "grep -q 'saved as branch backup/' '$WORK/reapply.out' && git -C '$UTIL_EST_TREE' log --oneline --branches='backup/*' | grep -q 'Add e'"
# Two series, fixes/ then lab/, each with its cover letter: both applied,
# branch "fixes" where the first ends, and exported back each to its own.
mkdir -p "$WORK/two/fixes" "$WORK/two/lab"
cp "$WORK/patches/0001-"*.patch "$WORK/two/fixes/"
cp "$WORK/patches/0002-"*.patch "$WORK/patches/0003-"*.patch "$WORK/two/lab/"
sed 's/fake: a test series whose/fake fixes: a series whose/' "$WORK/patches/0000-cover-letter.patch" \
	>"$WORK/two/fixes/0000-cover-letter.patch"
cp "$WORK/patches/0000-cover-letter.patch" "$WORK/two/lab/"
"$HARNESS/tree.sh" --patches "$WORK/two" --platform "$WORK/platform" >/dev/null 2>&1
check "two series: both applied, branch fixes where the first ends" \
	sh -c "[ \$(git -C '$UTIL_EST_TREE' rev-list --count pristine..fixes) = 1 ] &&
		[ \$(git -C '$UTIL_EST_TREE' rev-list --count fixes..HEAD) = 2 ]"
"$HARNESS/patches.sh" --out "$WORK/two-out" >"$WORK/out" 2>&1
check "two series: each exported to its folder with its own cover letter" \
	sh -c "grep -q 'Subject: \[PATCH 0/1\] fake fixes: a series whose' '$WORK/two-out/fixes/0000-cover-letter.patch' &&
		grep -q 'Subject: \[PATCH 0/2\] fake: a test series whose' '$WORK/two-out/lab/0000-cover-letter.patch' &&
		grep -q '^prerequisite-patch-id: ' '$WORK/two-out/lab/0000-cover-letter.patch' &&
		[ \$(ls '$WORK/two-out/lab' | wc -l) = 3 ]"
sed -i 's/^-int c = 3;$/-int c = 4;/' "$WORK/two/lab/0002-"*.patch
fails_with "two series: a patch that does not apply is named with its series" \
	'patch lab/0002-sched-fair-Change-c.patch does not apply' \
	"$HARNESS/tree.sh" --patches "$WORK/two" --platform "$WORK/platform"
finish
