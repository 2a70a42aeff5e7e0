#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# serial log -> results: what passed, what failed, and why.
#
# The log holds the kernel's boot (with the built-in KUnit suites' KTAP),
# then the guest plan's TAP between two frame lines. Both are read with the
# tree's kunit.py parser. A panic, oops, BUG, WARN, lockdep, KASAN or UBSAN
# report anywhere, a timeout, or a plan that never finished fails the run
# and is named with its place in the log.
#
# Exit status 0 only if nothing failed. --counts FILE gets
# "passed=N failed=N skipped=N" for the caller to add up; --reports FILE
# the kernel's reports, one a line (empty if there were none).
#
# A KCSAN kernel (--kcsan-funcs FILE, from lib.sh series_functions) fails
# only on a data race that names a function the series defines; the others
# go to --races FILE, "LINE CLASS TITLE", CLASS "changed" (a function the
# series changes, where 6.12 races too) or "6.12" (neither).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --log FILE [--plan NAME] [--expect-kunit] [--counts FILE] [--reports FILE] [--kcsan-funcs FILE --races FILE] [--kunit KUNIT.PY]"; }

logf= plan=smoke expect_kunit= countsf= reportsf= funcsf= racesf=
while [ $# -gt 0 ]; do
	case $1 in
	--log)    [ $# -ge 2 ] || usage_die "--log needs a file"; logf=$2; shift ;;
	--plan)   [ $# -ge 2 ] || usage_die "--plan needs a name"; plan=$2; shift ;;
	--counts) [ $# -ge 2 ] || usage_die "--counts needs a file"; countsf=$2; shift ;;
	--reports) [ $# -ge 2 ] || usage_die "--reports needs a file"; reportsf=$2; shift ;;
	--kcsan-funcs) [ $# -ge 2 ] || usage_die "--kcsan-funcs needs a file"; funcsf=$2; shift ;;
	--races) [ $# -ge 2 ] || usage_die "--races needs a file"; racesf=$2; shift ;;
	--kunit)  [ $# -ge 2 ] || usage_die "--kunit needs a path"; KUNIT_PY=$2; shift ;;
	--expect-kunit) expect_kunit=1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -n "$logf" ] || usage_die "--log is required"
[ -f "$logf" ] || die "no log $logf"
[ -f "$KUNIT_PY" ] || die "no KTAP parser at $KUNIT_PY (run harness/tree.sh)"
[ -z "$funcsf" ] || [ -f "$funcsf" ] || die "no function list $funcsf"
[ -z "$funcsf" ] || [ -n "$racesf" ] || usage_die "--kcsan-funcs needs --races"

passed=0 failed=0 skipped=0
problems=()
fail() { problems+=("$*"); failed=$((failed + 1)); }

# Strip CRs the serial line may add; everything below reads $clean.
clean=$(mktemp)
trap 'rm -f "$clean" "$clean".*' EXIT
tr -d '\r' <"$logf" >"$clean"

begin="=== util-est plan $plan begin ==="
end="=== util-est plan $plan end ==="

# 1. Kernel reports, anywhere in the log.
reports=()
[ -z "$racesf" ] || : >"$racesf"
while IFS=: read -r line what; do
	fail "$what ($logf:$line)"
	reports+=("$what ($logf:$line)")
done < <(awk -v funcs="$funcsf" -v races="$racesf" '
	BEGIN { while (funcs != "" && (getline l < funcs) > 0) { split(l, w, " "); kind[w[2]] = w[1] } }
	function report(what) { printf "%d:%s\n", NR, what }
	# "BUG: KCSAN: data-race in A+0x1/0x2 / B [mod]": which functions raced
	/BUG: KCSAN: / {
		t = substr($0, index($0, "KCSAN: ") + 7)
		if (funcs == "") { report("KCSAN: " t); next }
		s = t; sub(/^[a-z-]+ in /, "", s); n = split(s, f, / \/ /); class = "6.12"
		for (i = 1; i <= n; i++) {
			g = f[i]; sub(/[+ ].*/, "", g); sub(/\..*/, "", g)
			if (kind[g] == "new") class = "new"
			else if (kind[g] == "changed" && class == "6.12") class = "changed"
		}
		if (class == "new") report("KCSAN (the series): " t)
		else print NR, class, t > races
		next
	}
	/Kernel panic - not syncing/		{ report("kernel panic: " substr($0, index($0, "Kernel panic"))); next }
	/WARNING: CPU: [0-9]+ PID: [0-9]+ at /	{ report("kernel WARNING at " substr($0, index($0, " at ") + 4)); next }
	/WARNING: possible |WARNING: suspicious RCU|INFO: possible (recursive|circular)|WARNING: bad unlock/ {
						  report("lockdep: " substr($0, index($0, ": ") + 2)); next }
	/BUG: KASAN: /				{ report("KASAN: " substr($0, index($0, "KASAN: ") + 7)); next }
	/UBSAN: /				{ report("UBSAN: " substr($0, index($0, "UBSAN: ") + 7)); next }
	/(^|\] )BUG: /				{ report("kernel BUG: " substr($0, index($0, "BUG: ") + 5)); next }
	/(^|\] )Oops: |general protection fault/ { report("oops: " substr($0, index($0, "] ") + 2)); next }
	/rcu: INFO: .*detected stalls/		{ report("RCU stall: " substr($0, index($0, "rcu: ") + 5)); next }
' "$clean")

# 2. How the boot ended (qemu.sh leaves its settings and status beside the log).
if [ -f "$logf.settings" ] &&
	[ "$(tsv_awk '{ print col("status") }' "$logf.settings")" = timeout ]; then
	fail "timeout: the guest did not power off ($(tsv_awk '{ print col("timeout") }' "$logf.settings")s limit) ($logf)"
fi

# 3. Results, counted by kunit.py.
add_counts() { # LABEL FILE
	local p f s e
	if ! read -r p f s e < <(ktap_counts "$2"); then
		fail "$1: no parseable KTAP ($logf)"
		return
	fi
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
	echo "$PROG: $1: $p passed, $f failed, $s skipped"
	[ "$f" -eq 0 ] || ktap_failures "$2" | sed "s/^/  $1: /" >&2
	[ "$e" -eq 0 ] || fail "$1: $e KTAP parse error(s), e.g. a plan count that does not match the results ($logf)"
}

has_begin=$(grep -n -F -x -m1 "$begin" "$clean" | cut -d: -f1 || true)
head -n "$(( ${has_begin:-$(wc -l <"$clean")} ))" "$clean" >"$clean.boot"
if grep -q 'KTAP version' "$clean.boot"; then
	add_counts "kunit" "$clean.boot"
elif [ -n "$expect_kunit" ]; then
	fail "kunit: no KUnit results on the console: is the suite built in? ($logf)"
fi

if [ -z "$has_begin" ]; then
	fail "guest: plan $plan never started: the kernel did not reach /init ($logf)"
else
	awk -v b="$begin" -v e="$end" '$0 == e { exit } on { print } $0 == b { on = 1 }' "$clean" >"$clean.plan"
	if grep -q '^Bail out!' "$clean.plan"; then
		fail "guest: $(grep -m1 '^Bail out!' "$clean.plan") ($logf)"
	elif ! grep -q -F -x "$end" "$clean"; then
		fail "guest: plan $plan stopped before its end, last line: $(tail -n 1 "$clean") ($logf)"
		add_counts "guest plan $plan" "$clean.plan"
	else
		add_counts "guest plan $plan" "$clean.plan"
	fi
fi

for p in "${problems[@]}"; do echo "$PROG: FAIL: $p" >&2; done
[ -z "$countsf" ] || echo "passed=$passed failed=$failed skipped=$skipped" >"$countsf"
[ -z "$reportsf" ] || printf '%s\n' ${reports[@]+"${reports[@]}"} | sed '/^$/d' >"$reportsf"
echo "$PROG: $(basename "$logf"): $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
