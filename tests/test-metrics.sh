#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/ue_metrics.c and harness/expect.sh on synthetic experiment data
# whose figures are known: activations, run time per OPP, thresholds,
# energy, ramp-up.
. "$(dirname "$0")/lib.sh"
plan 44

m=$WORK/ue_metrics
make -s -C "$TESTS_ROOT" analysis BIN="$WORK" >/dev/null ||
	{ echo "Bail out! make analysis fails"; exit 1; }

# Two activations of task "big" (pid 100) on CPU 1. The first: 10 ms at
# 250 MHz, 40 ms at 2000 MHz; its switch-in still shows rt-app's name. The
# second: 100 ms running, 10 ms preempted by a kworker, 40 ms running, all
# at 2000 MHz. Run time 190 ms, 180 of it at the top OPP: 94.7%.
block() { # SETTING [HEADER_WORD]
	cat <<EOB
=== data workload=w setting=$1${2:+ $2} rep=1 kernel=6.12.0-utilest begin ===
I 1 250000 2000000
M path=fast_switch
S 1000000 1 0 R 100 rt-app
F 1010000 1 2000000
F 1020000 0 250000
S 1050000 1 100 S 0 swapper/1
S 1300000 1 0 R 100 big
S 1400000 1 100 R+ 200 kworker/1:1
S 1410000 1 200 I 100 big
S 1450000 1 100 S 0 swapper/1
=== data workload=w setting=$1${2:+ $2} rep=1 kernel=6.12.0-utilest end ===
EOB
}
block max_ewma_last >"$WORK/data"
"$m" "$WORK/data" >"$WORK/out" 2>&1
figures_are "ue_metrics reads a block" "$WORK/out" "workload setting rep kernel label" \
	"w max_ewma_last 1 6.12.0-utilest max_ewma_last"

figures_are "activations from switch-in to sleep, preemption inside: 50 and 150 ms" "$WORK/out" \
	"acts act_mean_ms act_min_ms act_max_ms" "2 100.0 50.0 150.0"
figures_are "run time from the switches: 190 ms" "$WORK/out" run_ms 190.0
figures_are "share at the top OPP, other CPUs' OPPs ignored: 94.7%" "$WORK/out" top_pct 94.7
figures_are "residency per OPP" "$WORK/out" res 250000:5.3,2000000:94.7
figures_are "OPP changes on its CPU: 1 in the trace's 450 ms, 2.2 a second" "$WORK/out" \
	"opp_changes opp_per_s" "1 2.2"
figures_are "a figure whose option is not given says so: -" "$WORK/out" "missed true_util size" "- - -"
"$m" --acts 1 "$WORK/data" >"$WORK/out" 2>&1
figures_are "--acts N keeps the first N activations" "$WORK/out" "acts act_mean_ms" "1 50.0"

# expect.sh on a real run (tests/fixtures/experiment-check.data: the data
# port of make check's boot, 2026-12-06, series v2) passes; its thresholds
# fail when the figures are moved past them.
fixture=$TESTS_ROOT/tests/fixtures/experiment-check.data
check "expect.sh passes make check's recorded experiments" \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$fixture"
# The kernel's util_avg 40 off the model's at every sample.
awk '$1 == "U" { $4 += 40 } { print }' "$fixture" >"$WORK/off"
fails_with "expect.sh fails when the kernel and the model disagree" \
	'not ok [0-9]* the kernel.s util_avg, ewma, last within 22' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/off"
# A migration whose new CPU gets another estimate than the task's.
awk '/workload=migrate/ && /begin/ { m = 1 } m && $1 == "C" && $5 > 0 { $5 += 1 } /end ===/ { m = 0 } { print }' \
	"$fixture" >"$WORK/mig"
fails_with "expect.sh fails when a migration changes the estimate" \
	'not ok [0-9]* migrate: every migration by affinity moved the estimate whole' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/mig"
# Contention with the two estimators' runs swapped: the one that holds its
# estimate is no longer the one called ewma_fastup.
awk '/workload=contention/ { if (/setting=ewma_fastup/) sub(/setting=ewma_fastup/, "setting=max_ewma_last")
	else sub(/setting=max_ewma_last/, "setting=ewma_fastup") } { print }' "$fixture" >"$WORK/swap"
fails_with "expect.sh fails when ewma_fastup lets its estimate fall under contention" \
	'not ok [0-9]* contention: ewma_fastup holds >= 90% of its estimate alone' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/swap"
# The platform's long sleeper held at its lowest OPP (as a CPU whose PELT
# is not invariant would climb from it).
awk '/^=== data .*setting=max_ewma_last@juno/ { j = /begin/ } j && $1 == "F" { $4 = 450000 } { print }' \
	"$fixture" >"$WORK/low"
fails_with "expect.sh fails when a wakeup on the platform is below the OPP its estimate asks for" \
	'not ok [0-9]* long sleeper, Juno r0: every wakeup at the OPP its estimate asks for \(0/5' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/low"
# The symmetric platform's model made flat for max_ewma_last's 120/300 run:
# its time at the top OPP no longer costs more than PELT's lower OPPs.
awk '/^=== data workload=periodic-120-300 setting=max_ewma_last / { f = /begin/ } f && $1 == "E" { $4 = 1 } { print }' \
	"$fixture" >"$WORK/flat"
fails_with "expect.sh fails when util_est's run costs no more energy than PELT's" \
	'not ok [0-9]* 120/300, symmetric: max_ewma_last spends more energy' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/flat"
{ block pelt; block max_ewma_last; } | sed 's/workload=w/workload=periodic-120-300/' >"$WORK/close"
fails_with "expect.sh fails when util_est is not clearly above PELT" \
	'not ok [0-9]* 120/300: max_ewma_last >= PELT alone \(.*\) \+ 15 points' \
	"$HARNESS/expect.sh" --counts "$WORK/counts" "$WORK/close"
# Limits are errors, not silent truncation: a 33rd OPP the task runs at.
{
	echo "=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest begin ==="
	echo "I 1 100000 3300000"
	echo "S 1000 1 0 R 100 big"
	for i in $(seq 2 33); do echo "F $((1000 + i * 100)) 1 $((i * 100000))"; done
	echo "S 9000 1 100 S 0 swapper/1"
	echo "=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest end ==="
} >"$WORK/opps"
fails_with "a 33rd OPP is an error, not a 32nd bucket" 'more than 32 OPPs' "$m" "$WORK/opps"
fails_with "--acts takes a number" 'usage: ue_metrics' "$m" --acts x "$WORK/data"
fails_with "--mark needs --switch-at" 'usage: ue_metrics' "$m" --mark 3 "$WORK/data"
# Energy, integrated by hand: two CPUs with a model each (uW at 100 and
# 200 MHz: CPU 0 1000 and 3000, CPU 1 2000 and 8000), over the trace's
# 1000..7000 us. CPU 0 idle until 1000, busy at 100 MHz until 2000 (1 uJ),
# at 200 MHz until 4000 (6 uJ), then idle: 7 uJ. CPU 1 busy from the start
# (its first switch leaves pid 7) at 200 MHz until 1500 (4 uJ), idle, then
# busy at 100 MHz from 6000 to 7000 (2 uJ): 6 uJ. In all 13 uJ.
energy_block() {
	cat <<EOB
=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest begin ===
I 0 100000 200000
O 0 100000
O 1 200000
E 0 200000 3000
E 0 100000 1000
E 1 100000 2000
E 1 200000 8000
S 1000 0 0 R 100 big
S 1500 1 7 S 0 swapper/1
F 2000 0 200000
S 4000 0 100 S 0 swapper/0
F 5000 1 100000
S 6000 1 0 R 9 kworker/1:1
S 7000 1 9 I 0 swapper/1
=== data workload=w setting=pelt rep=1 kernel=6.12.0-utilest end ===
EOB
}
energy_block >"$WORK/energy"
"$m" "$WORK/energy" >"$WORK/out" 2>&1
figures_are "energy: busy time x the model's power at the OPP, every CPU: 13 uJ" "$WORK/out" \
	"energy_mj cpu_mj busy_ms" "0.013 0.007,0.006 3.0,1.5"
"$m" "$WORK/data" >"$WORK/out" 2>&1
figures_are "no energy model: no energy" "$WORK/out" "energy_mj cpu_mj" "n/a n/a"
energy_block | sed 's/^E 1 200000 8000$/E 1 150000 8000/' >"$WORK/energy"
"$m" "$WORK/energy" >"$WORK/out" 2>&1
figures_are "an OPP above the model's states: no energy, not a wrong one" "$WORK/out" energy_mj n/a
energy_block | sed 's/^E 1 100000 2000$/E 1 100000/' >"$WORK/energy"
fails_with "a malformed E line is an error" 'malformed E line' "$m" "$WORK/energy"
# The OPP the estimate asks for at wakeup: 1.25 * 1100 MHz * 600 / 1024 =
# 806 MHz. The first wakeup finds 950 MHz 1 ms on (at or above: counted),
# the second 800 MHz (below: not).
{
	echo "=== data workload=w setting=ewma_fastup rep=1 kernel=6.12.0-utilest begin ==="
	echo "I 1 450000 1100000"
	echo "S 1000 1 0 R 100 big"
	t=1000
	for khz in 950000 800000; do
		echo "S $((t + 10000)) 1 100 S 0 swapper/1"
		echo "U $((t + 10000)) 100 600 600 600 600 600"
		echo "C $((t + 10000)) 1 100 -600 0"
		t=$((t + 400000))
		echo "C $t 1 100 600 600"
		echo "F $((t + 10)) 1 $khz"
		echo "S $((t + 20)) 1 0 R 100 big"
	done
	echo "S $((t + 10000)) 1 100 S 0 swapper/1"
	echo "=== data workload=w setting=ewma_fastup rep=1 kernel=6.12.0-utilest end ==="
} >"$WORK/wake"
"$m" "$WORK/wake" >"$WORK/out" 2>&1
figures_are "wakeups at the OPP their estimate asks for (806 MHz): 1 of 2" "$WORK/out" \
	"wake_ask_mhz wake_at_ask wakes_ask" "806 1/2 1"
# Deadlines and placement: a task of period 10 ms on a little CPU 0 (446)
# and a big CPU 1 (1024). Activation 1 on CPU 1, 1000 to 5000 (slack 6
# ms), 2 on CPU 0, 11000 to 23000, after its deadline 21000 (-2 ms), 3 on
# CPU 1, 23500 to 25000 (8.5 ms): 1 of 3 missed, mean slack 4.17 ms, 2 of
# 3 begun on the big CPU.
cat >"$WORK/dl" <<EOB
=== data workload=w setting=ewma_fastup@juno rep=1 kernel=6.12.0-utilest begin ===
I 1 450000 1100000
K 0 446
K 1 1024
S 1000 1 0 R 100 big
S 5000 1 100 S 0 swapper/1
S 11000 0 0 R 100 big
S 23000 0 100 S 0 swapper/0
S 23500 1 0 R 100 big
S 25000 1 100 S 0 swapper/1
=== data workload=w setting=ewma_fastup@juno rep=1 kernel=6.12.0-utilest end ===
EOB
"$m" --period-us 10000 "$WORK/dl" >"$WORK/out" 2>&1
figures_are "deadlines against the period: 1 of 3 missed, mean slack 4.17 ms" "$WORK/out" \
	"acts_all missed miss_pct slack_ms" "3 1/3 33.3 4.17"
figures_are "placement: 2 of 3 activations began on the big CPU" "$WORK/out" "on_big big_pct" "2/3 66.7"
"$m" --placements "$WORK/dl" >"$WORK/out" 2>&1
check "--placements: the CPU and its capacity at each switch-in, from the first" \
	[ "$(tr '\n' ';' <"$WORK/out")" = "w ewma_fastup@juno 1 0.000 1 1024;w ewma_fastup@juno 1 10.000 0 446;w ewma_fastup@juno 1 22.500 1 1024;" ]
# The best placement, by hand: a little CPU 0 (512; 100 and 400 uW at 500
# and 1000 MHz) and a big CPU 1 (1024; 300 and 1000 uW), domains of their
# own, over 100 ms. Task a ran 20 ms and b 10 ms, both on CPU 1 at 1000
# MHz: 30 uJ, and sizes 204.8 and 102.4. Placed: both little 240 uW,
# a little and b big 80 + 60 = 140 uW, a big and b little 40 + 120, both
# big 180: the best is 140 uW over 100 ms, 14 uJ; the run spent 2.14 times
# that.
cat >"$WORK/opt" <<EOB
=== data workload=w setting=pelt@juno rep=1 kernel=6.12.0-utilest begin ===
I 1 1000000 1000000
O 0 500000
O 1 1000000
E 0 500000 100
E 0 1000000 400
E 1 500000 300
E 1 1000000 1000
K 0 512 0
K 1 1024 1
S 0 1 0 R 10 a
S 20000 1 10 S 11 b
S 30000 1 11 S 0 swapper/1
S 100000 0 0 R 12 kworker/0:1
=== data workload=w setting=pelt@juno rep=1 kernel=6.12.0-utilest end ===
EOB
"$m" "$WORK/opt" >"$WORK/out" 2>&1
figures_are "the model's best placement of the run's tasks: 14 uJ against the run's 30" "$WORK/out" \
	"energy_mj opt_mj energy_vs_opt opt_tasks" "0.030 0.014 2.14 2"
# Two big CPUs (300 and 1000 uW at 500 and 1000 MHz), a task of 716.8
# (70 ms of 100, at 1000 MHz) and one of 102.4: in domains of their own
# the best is a at 1000 MHz on one (700 uW) and b at 500 on the other
# (60): 76 uJ. In one domain b's CPU runs at a's OPP (100 uW): 80 uJ,
# no better than both on one CPU.
cat >"$WORK/opt" <<EOB
=== data workload=w setting=pelt@juno rep=1 kernel=6.12.0-utilest begin ===
I 1 1000000 1000000
O 0 1000000
O 1 1000000
E 0 500000 300
E 0 1000000 1000
E 1 500000 300
E 1 1000000 1000
K 0 1024 0
K 1 1024 1
S 0 1 0 R 10 a
S 70000 1 10 S 11 b
S 80000 1 11 S 0 swapper/1
S 100000 0 0 R 12 kworker/0:1
=== data workload=w setting=pelt@juno rep=1 kernel=6.12.0-utilest end ===
EOB
"$m" "$WORK/opt" >"$WORK/out" 2>&1
figures_are "two domains: each CPU at its own OPP, 76 uJ" "$WORK/out" "opt_mj energy_vs_opt" "0.076 1.05"
sed -i 's/^K 1 1024 1$/K 1 1024 0/' "$WORK/opt"
"$m" "$WORK/opt" >"$WORK/out" 2>&1
figures_are "one domain: its CPUs at the OPP the busier needs, 80 uJ" "$WORK/out" "opt_mj energy_vs_opt" "0.080 1.00"
# Tables: the symmetric guest's rows first, then each platform's, PELT
# only first within each, the platform named. These headers have no
# platform= (data from before they had): it is the setting's @PLATFORM.
{ block max_ewma_last@juno; block pelt@juno; block max_ewma_last; block pelt; } >"$WORK/rows"
"$m" --table acts -- "$WORK/rows" | cut -d'|' -f3 >"$WORK/out"
check "table rows by platform, PELT first in each" \
	[ "$(tr -d '\n' <"$WORK/out")" = " PELT only  max_ewma_last  PELT only, Juno r0  max_ewma_last, Juno r0 " ]
# The platform is the header's own field (experiment.sh writes the one
# setting_parse gives), not read off the setting: a setting without
# @PLATFORM under platform=invariant is that platform's row.
{ block max_ewma_last@juno platform=juno; block ewma platform=invariant; block pelt platform=; } >"$WORK/rows"
"$m" --table acts -- "$WORK/rows" | cut -d'|' -f3 >"$WORK/out"
check "table rows by the header's platform=, the setting named once" \
	[ "$(tr -d '\n' <"$WORK/out")" = " PELT only  max_ewma_last, Juno r0  ewma, invariant " ]
# Options after a file name count for it too.
"$m" "$WORK/data" --acts 1 >"$WORK/out" 2>&1
figures_are "an option after the file counts" "$WORK/out" "acts act_mean_ms" "1 50.0"
# Ramp-up (tests/fixtures/rampup.data says how each block's figures
# come): from the burst's first switch-in to the estimate at --ramp U.
ramp=$TESTS_ROOT/tests/fixtures/rampup.data
"$m" --workload ramp-pelt --ramp 512 "$ramp" >"$WORK/out" 2>&1
figures_are "ramp-up, PELT only: util_avg from 0 to 512 in 32 periods, 33.6 ms; the burst 200 ms" \
	"$WORK/out" "burst_ms ramp_ms" "200.0 33.6"
"$m" --workload ramp-juno --ramp 512 "$ramp" >"$WORK/out" 2>&1
figures_are "ramp-up on invariant PELT: half speed for 20 ms, then full: 43.6 ms" "$WORK/out" ramp_ms 43.6
"$m" --workload ramp-held --ramp 512 "$ramp" >"$WORK/out" 2>&1
figures_are "ramp-up with util_est: the estimate from before the sleep (600) is there at once" \
	"$WORK/out" ramp_ms 0.0
"$m" --workload ramp-held --ramp 700 "$ramp" >"$WORK/out" 2>&1
figures_are "ramp-up above the held estimate: util_avg's, 53.1 periods, 55.7 ms" "$WORK/out" ramp_ms 55.7
"$m" --workload ramp-pelt --ramp 1010 "$ramp" >"$WORK/out" 2>&1
figures_are "a threshold not reached before the burst's end: never" "$WORK/out" ramp_ms never
"$m" --workload ramp-untraced --ramp 512 "$ramp" >"$WORK/out" 2>&1
figures_are "util_est without its samples traced: no ramp-up, the burst's length still" "$WORK/out" \
	"burst_ms ramp_ms" "200.0 n/a"
"$m" --workload ramp-pelt --burst-at 2 "$ramp" >"$WORK/out" 2>&1
figures_are "--burst-at N: the activation after sleep N, not after the longest (50 ms)" "$WORK/out" \
	"burst_ms ramp_ms" "50.0 -"
"$m" --workload ramp-pelt "$ramp" >"$WORK/out" 2>&1
figures_are "no --ramp or --burst-at: the burst's figures say so" "$WORK/out" "burst_ms ramp_ms" "- -"
fails_with "--ramp takes a utilization of 1024 at most" '--ramp takes a utilization from 1 to 1024, not .2000.' \
	"$m" --ramp 2000 "$ramp"
fails_with "--ramp takes a number" '--ramp takes a utilization from 1 to 1024, not .x.' "$m" --ramp x "$ramp"
fails_with "--burst-at takes an activation, 1 or more" '--burst-at takes a number of activations, 1 or more, not .0.' \
	"$m" --burst-at 0 "$ramp"
fails_with "a table of ramp_ms needs --ramp" 'figure ramp_ms needs --ramp' "$m" --table ramp_ms -- "$ramp"
finish
