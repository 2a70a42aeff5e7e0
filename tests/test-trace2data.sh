#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest/experiments/trace2data.awk, the experiments' trace-to-data step, on
# a trace recorded in the guest (tests/fixtures/migrate.trace: trace-cmd
# report of one run of the migrate scenario under max_ewma_last, 2026-12-04)
# and the data lines the guest made of it in that run (migrate.lines).
. "$(dirname "$0")/lib.sh"
. "$HARNESS/lib.sh"
plan 8

F=$TESTS_ROOT/tests/fixtures
# trace2data.awk as the guest's runner calls it: the policies and their
# estimates from analysis/policies, util_est_task's names.
t2d() { # [-v VAR=VALUE]... [FILE...]
	local opts=()
	while [ "${1-}" = -v ]; do opts+=(-v "$2"); shift 2; done
	awk -v names="$(policy_column name)" -v estimates="$(policy_column estimate)" \
		-v own_names="$(policy_own_names)" "${opts[@]}" -f "$TESTS_ROOT/guest/lib/kv.awk" -f "$TESTS_ROOT/guest/experiments/trace2data.awk" "$@"
}
conv() { t2d -v policy="$1" "$F/migrate.trace"; }
conv max_ewma_last >"$WORK/lines"
check "the host makes of the trace what the guest made of it" cmp "$WORK/lines" "$F/migrate.lines"
counts() { # events in the trace, lines out: "S F U C" each
	echo "$(grep -c ' sched_switch: ' "$1") $(grep -c ' cpu_frequency: ' "$1")" \
	     "$(grep -c ' util_est_sample: ' "$1") $(grep -c ' util_est_cpu: ' "$1")"
}
out=$(awk '{ n[$1]++ } END { print n["S"] + 0, n["F"] + 0, n["U"] + 0, n["C"] + 0 }' "$WORK/lines")
check "a line for every switch, OPP change, sample and CPU event ($out)" [ "$out" = "$(counts "$F/migrate.trace")" ]
# U: t pid util_avg ewma last ewma_fastup util_est, util_est by the policy.
policy_ok() { # POLICY AWK_EXPR_OF_THE_ESTIMATE
	conv "$1" | awk -v p="$1" '$1 == "U" { n++; if ($8 != ('"$2"')) { print p ": " $0; bad++ } }
		END { exit !(n > 0 && !bad) }'
}
# The fields of U that each estimate of analysis/policies is.
est_expr() { # ESTIMATE
	case $1 in ewma_fastup) echo '$7' ;; ewma) echo '$5' ;; last) echo '$6' ;; max) echo '($5 > $6 ? $5 : $6)' ;; esac
}
each_policy_ok() {
	local p e
	while read -r p e; do policy_ok "$p" "$(est_expr "$e")" || return 1; done < <(paste -d ' ' \
		<(policy_column name) <(policy_column estimate))
}
check "util_est is each policy's estimate (analysis/policies) among ewma, last, ewma_fastup" each_policy_ok
# A task's own policy (own=, a SCHED_UTIL_EST_* value) outranks POLICY.
own_ok() { # OWN AWK_EXPR_OF_THE_ESTIMATE
	sed "/ util_est_sample: /s/\$/ own=$1/" "$F/migrate.trace" | t2d -v policy=max_ewma_last |
		awk -v o="$1" '$1 == "U" { n++; if ($8 != ('"$2"')) { print "own=" o ": " $0; bad++ } }
			END { exit !(n > 0 && !bad) }'
}
check "a task's own policy outranks the system's: none 0, ewma_fastup, last, and 0 the system's" \
	eval 'own_ok 1 0 && own_ok 2 \$7 && own_ok 5 \$6 && own_ok 0 "(\$5 > \$6 ? \$5 : \$6)"'
fails_with "a policy whose estimate trace2data.awk does not make is refused, naming it" \
	"avg_enq_deq's estimate 'min' is none of" t2d -v policy=ewma_fastup -v estimates="ewma_fastup max ewma last min" /dev/null
fails_with "no policies is refused" "no policies" awk -f "$TESTS_ROOT/guest/lib/kv.awk" -f "$TESTS_ROOT/guest/experiments/trace2data.awk" /dev/null
# The lines, framed as the runner frames them, are data ue_metrics reads.
{
	echo "=== data workload=migrate setting=max_ewma_last mult=1 opp=free rep=1 kernel=6.12.0-utilest begin ==="
	echo "I 1 250000 2000000"
	echo "M path=fast_switch"
	cat "$WORK/lines"
	echo "=== data workload=migrate setting=max_ewma_last mult=1 opp=free rep=1 kernel=6.12.0-utilest end ==="
} >"$WORK/block"
make -s -C "$TESTS_ROOT" analysis BIN="$WORK/bin" >/dev/null
"$WORK/bin/ue_metrics" "$WORK/block" >"$WORK/out" 2>&1
check "ue_metrics reads them: the task's migrations, each keeping its estimate" \
	awk '{ if (!($1 > 0 && $2 == $1 "/" $1)) exit 1 }' <(figures "$WORK/out" migrations mig_kept)
# A line the reader does not know is an error naming the file and line.
sed '5s/^/X /' "$WORK/block" >"$WORK/bad"
fails_with "ue_metrics refuses a line it does not know, naming it" "bad:5: not a data line" \
	"$WORK/bin/ue_metrics" "$WORK/bad"
finish
