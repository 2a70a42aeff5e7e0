# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
# (variables defined here are for the scripts that source it)
# TAP for the harness's own tests (bash). Each tests/test-*.sh sources this,
# declares its plan and makes assertions; tests/run.sh nests their output.

TESTS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HARNESS=$TESTS_ROOT/harness
_n=0 _fail=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/harness-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

plan() { echo "TAP version 13"; echo "1..$1"; }
diag() { sed 's/^/# /'; }

_result() { # STATUS DESC
	_n=$((_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $_n $2"; else echo "not ok $_n $2"; _fail=$((_fail + 1)); fi
}

# check DESC CMD...: passes if CMD succeeds.
check() {
	local desc=$1; shift
	"$@" >"$WORK/out" 2>&1
	local rc=$?
	[ $rc -eq 0 ] || diag <"$WORK/out"
	_result $rc "$desc"
}

# fails_with DESC PATTERN CMD...: passes if CMD exits non-zero and its
# output matches the extended regex PATTERN (the message names the cause).
fails_with() {
	local desc=$1 pattern=$2 rc; shift 2
	"$@" >"$WORK/out" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && grep -Eq -- "$pattern" "$WORK/out"; then
		_result 0 "$desc"
	else
		{ echo "exit status $rc, wanted non-zero and /$pattern/ in:"; cat "$WORK/out"; } | diag
		_result 1 "$desc"
	fi
}

# output_has DESC PATTERN: the last command's output matches PATTERN.
output_has() {
	if grep -Eq -- "$2" "$WORK/out"; then _result 0 "$1"; else
		{ echo "wanted /$2/ in:"; cat "$WORK/out"; } | diag; _result 1 "$1"; fi
}

finish() { [ $_fail -eq 0 ]; exit; }

# figures FILE COLUMN...: the values of COLUMNs in each row of FILE, a
# record with a header (harness/tsv.awk reads it), space-separated.
figures() {
	local f=$1; shift
	awk -v cols="$*" -f "$HARNESS/tsv.awk" -f /dev/fd/3 "$f" 3<<'EOA'
BEGIN { n = split(cols, c, " ") }
{ s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") col(c[i]); print s }
EOA
}

# figures_are DESC FILE COLUMNS VALUES: the first row of FILE (a record)
# has VALUES in COLUMNS, both space-separated lists.
figures_are() {
	local got
	# shellcheck disable=SC2086 # (a column per word)
	got=$(figures "$2" $3 2>&1 | head -n 1)
	if [ "$got" = "$4" ]; then _result 0 "$1"; else
		{ echo "columns: $3"; echo "wanted:  $4"; echo "got:     $got"; } | diag; _result 1 "$1"; fi
}
