#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run the harness's own tests (tests/test-*.sh) as one TAP document, each
# file a nested subtest, and count its results. test-config and
# test-verdict need the extracted tree (harness/tree.sh): its kconfig and
# kunit.py.
#   run.sh [--counts FILE] [TEST...]
set -uo pipefail
. "$(dirname "$0")/../harness/lib.sh"

usage() { echo "usage: $PROG [--counts FILE] [tests/test-NAME.sh...]"; }
countsf=
while [ $# -gt 0 ]; do
	case $1 in
	--counts) [ $# -ge 2 ] || usage_die "--counts needs a file"; countsf=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=("$ROOT"/tests/test-*.sh)

mkdir -p "$OUT/host"
tap=$OUT/host/results.tap
{
	echo "TAP version 13"
	echo "1..${#tests[@]}"
	i=0
	for t in "${tests[@]}"; do
		i=$((i + 1))
		name=$(basename "$t" .sh)
		echo "$PROG: $name" >&2
		bash "$t" </dev/null 2>&1 | sed 's/^/    /'
		if [ "${PIPESTATUS[0]}" -eq 0 ]; then echo "ok $i $name"; else echo "not ok $i $name"; fi
	done
} >"$tap"

read -r p failed s < <(tap_counts "$tap")
tap_failures "$tap" | sed 's/^/  FAILED: /'
[ -z "$countsf" ] || echo "passed=$p failed=$failed skipped=$s" >"$countsf"
echo "host tests: $p passed, $failed failed, $s skipped (TAP: $tap)"
[ "$failed" -eq 0 ]
