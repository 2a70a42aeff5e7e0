# SPDX-License-Identifier: GPL-2.0
# TAP for guest shell tests, in kselftest's form: plan, results, exit code.
#   . /lib/tap.sh; tap_plan 3; tap_ok "$cond" "what"; ...; tap_done
# tap_done exits 0 if everything passed, 1 if anything failed, 4 if all skipped.

_tap_n=0 _tap_fail=0 _tap_pass=0 _tap_skip=0

tap_plan() { echo "TAP version 13"; echo "1..$1"; }
tap_diag() { echo "# $*"; }

# tap_check DESCRIPTION COMMAND...: pass if COMMAND succeeds.
tap_check() {
	_desc=$1; shift
	_tap_n=$((_tap_n + 1))
	if "$@"; then
		echo "ok $_tap_n $_desc"; _tap_pass=$((_tap_pass + 1))
	else
		echo "not ok $_tap_n $_desc"; _tap_fail=$((_tap_fail + 1))
	fi
}

tap_skip() {
	_tap_n=$((_tap_n + 1)); _tap_skip=$((_tap_skip + 1))
	echo "ok $_tap_n $1 # SKIP ${2:-}"
}

tap_done() {
	echo "# Totals: pass:$_tap_pass fail:$_tap_fail skip:$_tap_skip"
	[ $_tap_fail -eq 0 ] || exit 1
	[ $_tap_pass -gt 0 ] || [ $_tap_skip -eq 0 ] || exit 4
	exit 0
}
