# SPDX-License-Identifier: GPL-2.0
# Shared by every harness step: paths, logging, and the one way we fail.
# Source it; it defines no side effects beyond variables and functions.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian's tools first: what deps.sh installs is what we run (a python3 from
# pyenv, say, would not see python3-ply).
PATH=/usr/sbin:/usr/bin:/sbin:/bin:$PATH

# Everything big and rebuildable lives outside the checkout (kernel tree,
# build dirs, ccache); UTIL_EST_CACHE moves it.
CACHE=${UTIL_EST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/util-est}
OUT=${UTIL_EST_OUT:-$ROOT/out}

TARBALL=${UTIL_EST_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
TREE=${UTIL_EST_TREE:-$CACHE/tree/linux}
# A worktree of $TREE at "pristine": the unpatched baseline kernel's source.
PRISTINE_TREE=$(dirname "$TREE")/pristine
BUILD_ROOT=$CACHE/build
export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}

PROG=$(basename "$0")

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
die()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }
usage_die() { printf '%s: %s\n' "$PROG" "$*" >&2; usage >&2; exit 2; }

# Debian package version of the tarball we build from, e.g. 6.12.118-1~deb12u1.
debian_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown
}

# Build directory of a named kernel (O=): "test" is the patched kernel the
# suite boots, "stock" the unpatched baseline.
build_dir() { echo "$BUILD_ROOT/$1"; }

# The kernels, by kind: the tree each builds from and its config fragments.
#   test   the series, with its KUnit suites built in: what make check boots
#   stock  the pristine tarball: the baseline of the experiments
#   bench  the series with the stock kernel's config: the benchmark compares
#          it with stock, so nothing but the series may differ
kernel_source() {
	case $1 in
	test|bench) echo "$TREE" ;;
	stock) echo "$PRISTINE_TREE" ;;
	*) die "no kernel kind '$1' (test, stock or bench)" ;;
	esac
}
kernel_fragments() {
	case $1 in
	test)  echo "$ROOT/configs/base.config $ROOT/configs/test.config" ;;
	stock) echo "$ROOT/configs/base.config $ROOT/configs/stock.config" ;;
	bench) echo "$ROOT/configs/base.config $ROOT/configs/bench.config" ;;
	*) die "no kernel kind '$1' (test, stock or bench)" ;;
	esac
}

# The series: patches/NNNN-*.patch in name order, without the cover letter.
series_files() {
	find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | LC_ALL=C sort
}

# The applied series is identified by the names and contents of its files,
# cover letter included: its text becomes the tree's branch description.
series_id() {
	local f
	for f in $(find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' | LC_ALL=C sort); do
		basename "$f"; cat "$f"
	done | sha256sum | cut -c1-16
}

# The tree's KTAP parser reads every result we count: KUnit's at boot, the
# guest's TAP, the host tests'.
KUNIT_PY=${KUNIT_PY:-$TREE/tools/testing/kunit/kunit.py}

# ktap_counts FILE: prints "PASSED FAILED SKIPPED ERRORS" from kunit.py's
# summary ("Ran N tests: passed: a, failed: b, ..."); crashed counts as
# failed. Fails if there is no summary, i.e. no parseable KTAP.
ktap_counts() {
	local summary n field counts=()
	summary=$(python3 "$KUNIT_PY" parse "$1" 2>&1 | grep -o 'Ran [0-9]* tests:.*' | tail -n 1 || true)
	[ -n "$summary" ] || return 1
	for field in passed failed crashed skipped errors; do
		n=$(echo "$summary" | sed -n "s/.* $field: \([0-9]*\).*/\1/p")
		counts+=("${n:-0}")
	done
	echo "${counts[0]} $(( counts[1] + counts[2] )) ${counts[3]} ${counts[4]}"
}

# ktap_failures FILE: the names of the failed tests, one a line.
ktap_failures() {
	{ python3 "$KUNIT_PY" parse "$1" 2>&1 || true; } | sed -n 's/^\[[0-9:]*\] *//; s/^\[\(FAILED\|CRASHED\)\] /\1: /p' || true
}

# build_analysis OUTPUT: analysis/ue_metrics with its model, warnings as errors.
build_analysis() {
	gcc -O2 -Wall -Wextra -Werror -o "$1" "$ROOT/analysis/ue_metrics.c" "$ROOT/analysis/ue_model.c" -lm
}
