#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest/experiments/trace2data.awk, the experiments' trace-to-data step, on
# a trace recorded in the guest (tests/fixtures/migrate.trace: trace-cmd
# report of one run of the migrate scenario under max_ewma_last, 2026-12-04)
# and the data lines the guest made of it in that run (migrate.lines).
. "$(dirname "$0")/lib.sh"
plan 6

F=$TESTS_ROOT/tests/fixtures
conv() { awk -v policy="$1" -f "$TESTS_ROOT/guest/experiments/trace2data.awk" "$F/migrate.trace"; }
conv max_ewma_last >"$WORK/lines"
check "the host makes of the trace what the guest made of it" cmp "$WORK/lines" "$F/migrate.lines"
counts() { # events in the trace, lines out: "S F U C" each
	echo "$(grep -c ' sched_switch: ' "$1") $(grep -c ' cpu_frequency: ' "$1")" \
	     "$(grep -c ' util_est_sample: ' "$1") $(grep -c ' util_est_cpu: ' "$1")"
}
out=$(awk '{ n[$1]++ } END { print n["S"] + 0, n["F"] + 0, n["U"] + 0, n["C"] + 0 }' "$WORK/lines")
check "a line for every switch, OPP change, sample and CPU event ($out)" [ "$out" = "$(counts "$F/migrate.trace")" ]
# U: t pid util_avg ewma last mainline util_est, util_est by the policy.
policy_ok() { # POLICY AWK_EXPR_OF_THE_ESTIMATE
	conv "$1" | awk -v p="$1" '$1 == "U" { n++; if ($8 != ('"$2"')) { print p ": " $0; bad++ } }
		END { exit !(n > 0 && !bad) }'
}
check "util_est is each policy's choice among ewma, last, mainline" \
	eval 'policy_ok ewma \$5 && policy_ok avg_enq_deq \$5 && policy_ok last \$6 && policy_ok mainline \$7 &&
	      policy_ok max_ewma_last "(\$5 > \$6 ? \$5 : \$6)"'
# A task's own policy (own=, a SCHED_UTIL_EST_* value) outranks POLICY.
own_ok() { # OWN AWK_EXPR_OF_THE_ESTIMATE
	sed "/ util_est_sample: /s/\$/ own=$1/" "$F/migrate.trace" |
		awk -v policy=max_ewma_last -f "$TESTS_ROOT/guest/experiments/trace2data.awk" |
		awk -v o="$1" '$1 == "U" { n++; if ($8 != ('"$2"')) { print "own=" o ": " $0; bad++ } }
			END { exit !(n > 0 && !bad) }'
}
check "a task's own policy outranks the system's: none 0, mainline, last, and 0 the system's" \
	eval 'own_ok 1 0 && own_ok 2 \$7 && own_ok 5 \$6 && own_ok 0 "(\$5 > \$6 ? \$5 : \$6)"'
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
