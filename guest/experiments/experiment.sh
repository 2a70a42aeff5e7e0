#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# experiment SCENARIO SETTING REPS: run the scenario's workload,
# guest/workloads/SCENARIO.json, under rt-app REPS times with the test
# cpufreq driver enacting OPPs, under SETTING, POLICY[:SAMPLE][/THREAD=OWN]
# [@PLATFORM] (guest/lib/setting.sh parses it and says what each part is;
# pelt: NO_UTIL_EST; default: the kernel as booted, for the stock
# baseline; a thread's own policy is set as soon as rt-app has made the
# thread, which runs under POLICY until then), tracing OPP changes, the
# task's switches and its
# estimates (the series' tracepoints, as events of
# guest/modules/util_est_events). The scenario's row of analysis/scenarios
# (/lib/scenarios) gives its PELT multiplier (1, 2 or 4: a half-life of
# 32, 16 or 8 ms; patched kernel only) and its OPP (free, or fmax: held at
# the highest, for the signals of a task whose size does not depend on
# it). Each run goes to the data port (ttyS1) as a framed block the host's
# analysis reads:
#
#   === data workload=W setting=S platform=P mult=M opp=fmax|free rep=N kernel=R begin ===
#   I cpu khz fmax_khz         OPP when tracing starts, highest OPP
#   M path=fast_switch|kthread how schedutil changed OPPs
#   O cpu khz                  every CPU's OPP when tracing starts
#   E cpu khz uw               its energy model: power at each OPP (the
#                              host integrates energy)
#   K cpu capacity pd          its capacity at its top OPP (from the model),
#                              its performance domain (the domain's first CPU)
#   F t_us cpu khz             OPP change
#   S t_us cpu prev_pid prev_state next_pid next_comm   (every CPU)
#   U t_us pid util_avg ewma last ewma_fastup util_est     (at each sample;
#                              util_est: what SETTING's policy makes of them)
#   C t_us cpu pid delta util_est                       (a CPU's sum changed)
#   === data ... end ===
#
# P is the setting's platform as setting_parse gives it (juno, invariant;
# empty: the symmetric guest), the host's one source of it.
#
# The trace's lines come from /lib/trace2data.awk (guest/experiments/
# trace2data.awk), which the host's tests run on a recorded trace. This
# runner produces data; it asserts only that rt-app ran.
. /lib/tap.sh
. /lib/table.sh
. /lib/choices.sh
# shellcheck source=guest/lib/setting.sh
. /lib/setting.sh
workload=$1 setting=$2 reps=${3:-3}
mult=$(table_field /lib/scenarios mult "$workload" 2>&1) ||
	{ echo "Bail out! experiment: $mult"; exit 1; }
pin=$(table_field /lib/scenarios opp "$workload")
[ "$pin" != free ] || pin=
setting_parse "$setting" 2>/tmp/setting.err ||
	{ echo "Bail out! experiment: $(cat /tmp/setting.err)"; exit 1; }
tap_plan $((reps + 1))

D=/sys/kernel/debug/sched
CPU=1
P=/sys/devices/system/cpu/cpufreq/policy$CPU
# A serial port's open waits for carrier unless CLOCAL is set: set it (stty
# opens without waiting) before opening the data port for good.
stty -F /dev/ttyS1 clocal raw -echo || { echo "Bail out! no data port /dev/ttyS1"; exit 1; }
exec 3>/dev/ttyS1

# The platform: the driver loaded with its parameters, again if the
# loaded one has others.
want=$setting_driver
# A name util_est_task does not list, or a kernel without the file, fails
# here, before anything runs.
[ -z "$setting_own" ] || grep -qw -- "$setting_own" $D/util_est_task 2>/dev/null ||
	{ echo "Bail out! experiment: no own policy '$setting_own' for thread $setting_thread in $D/util_est_task"; exit 1; }
ko=/lib/modules/$(uname -r)/extra/ue_cpufreq.ko
MP=/sys/module/ue_cpufreq/parameters
[ -d $MP ] && [ "$(cat $MP/platform) $(cat $MP/invariant) $(cat $MP/little_cpus)" = "$want" ] || {
	[ ! -d $MP ] || rmmod ue_cpufreq || { echo "Bail out! cannot unload ue_cpufreq"; exit 1; }
	set -- $want
	insmod $ko platform=$1 invariant=$2 little_cpus=$3 ||
		{ echo "Bail out! cannot load ue_cpufreq platform=$1 invariant=$2 little_cpus=$3"; exit 1; }
}
fmax=$(awk '{ print $NF }' $P/scaling_available_frequencies)
fmin=$(awk '{ print $1 }' $P/scaling_available_frequencies)

# rt-app's "run" is work: loops of a calibrated length. (Debian's rt-app 1.0
# writes no per-activation log for phases: activations come from the trace.) Calibrate once at
# fmax, so that 120 ms means 120 ms of work at fmax whatever the OPP.
if [ ! -f /tmp/calibration ]; then
	echo $fmax >$P/scaling_min_freq
	printf '{"tasks":{"c":{"loop":1,"run":1000,"cpus":[%d]}},"global":{"calibration":"CPU%d","log_size":"disable"}}\n' \
		$CPU $CPU >/tmp/cal.json
	timeout 60 rt-app /tmp/cal.json >/tmp/cal.out 2>&1 3>&-
	sed -n 's/.*pLoad = \([0-9]*\)ns.*/\1/p' /tmp/cal.out | head -n 1 >/tmp/calibration
	echo $fmin >$P/scaling_min_freq
fi
cal=$(cat /tmp/calibration)
case $pin in
fmax) echo $fmax >$P/scaling_min_freq ;;
'') ;;
*) echo "Bail out! experiment: scenario $workload's OPP is '$pin' (fmax or free)"; exit 1 ;;
esac
tap_check "rt-app calibrated at fmax: ${cal:-?} ns per loop" [ -n "$cal" ]

policy=$setting_policy sample=$setting_sample
case $policy in
pelt) echo NO_UTIL_EST >$D/features ;;
default) ;;
*)
	echo UTIL_EST >$D/features
	# No SAMPLE in the setting: the kernel's default sample point.
	[ -n "$sample" ] || sample=$(choice_default $D/util_est_sample) ||
		{ echo "Bail out! experiment: no sample point for $setting"; exit 1; }
	echo $policy >$D/util_est_policy &&
	echo $sample >$D/util_est_sample ||
		{ echo "Bail out! cannot set policy $policy, sample point $sample"; exit 1; } ;;
esac
M=$D/pelt_multiplier
if [ "$mult" != 1 ]; then
	[ -f $M ] || { echo "Bail out! no $M: PELT multiplier $mult needs the patched kernel"; exit 1; }
	echo "$mult" >$M || { echo "Bail out! cannot set the PELT multiplier to $mult"; exit 1; }
fi
events="-e sched:sched_switch -e power:cpu_frequency"
ev=/lib/modules/$(uname -r)/extra/util_est_events.ko
if [ -f $ev ]; then
	[ -d /sys/kernel/tracing/events/util_est ] || insmod $ev ||
		{ echo "Bail out! cannot load $ev"; exit 1; }
	events="$events -e util_est:util_est_sample -e util_est:util_est_cpu"
fi
sed "s/@CALIBRATION@/$cal/" /root/${workload%%.*}.json >/tmp/workload.json

# energy_model: the E and K lines, from the driver's model of each
# policy's CPUs (on Juno r0 the one the scheduler's energy model holds,
# platform_eas checks it; the symmetric platform's is the experiments'
# alone): a CPU's capacity, its performance domain's first CPU.
energy_model() {
	for p in /sys/devices/system/cpu/cpufreq/policy*; do
		[ -f $p/opp_power_uw ] || continue
		cpus=$(cat $p/related_cpus) cap=$(cat $p/capacity)
		for cpu in $cpus; do
			while read -r khz uw; do echo "E $cpu $khz $uw"; done <$p/opp_power_uw
			echo "K $cpu $cap ${cpus%% *}"
		done
	done
}

# own_policy PID THREAD OWN: give PID's thread named THREAD the util_est
# policy OWN as soon as it is there, and say which thread it was. There is
# no event to wait on for a thread's birth: look every millisecond, 2 s
# at most.
own_policy() {
	n=0
	while [ $n -lt 2000 ] && [ -d /proc/$1 ]; do
		for t in /proc/$1/task/*; do
			[ "$(cat $t/comm 2>/dev/null)" = "$2" ] || continue
			echo "${t##*/} $3" >$D/util_est_task && echo ${t##*/}
			return
		done
		usleep 1000
		n=$((n + 1))
	done
}

# Read once: the platform does not change between the runs.
em=$(energy_model)
# What trace2data.awk makes of a task's estimators: the policies and the
# estimate each makes (/lib/policies), the names util_est_task lists in
# the order of a task's own choice (none on the stock kernel).
names=$(table_field /lib/policies name) && estimates=$(table_field /lib/policies estimate) ||
	{ echo "Bail out! experiment: no policies in /lib/policies"; exit 1; }
own_names=$(cat $D/util_est_task 2>/dev/null)

rep=1
while [ $rep -le $reps ]; do
	mkdir -p /tmp/rtapp
	# Start from the same place: a lightly loaded CPU, at a low OPP.
	taskset $((1 << CPU)) periodic 100 10300 20
	# Trace into the kernel's buffers only (trace-cmd start, not record):
	# a recorder's readers would wake on the task's CPU, and each wakeup is
	# a schedutil update that can lower its OPP between activations. Set
	# it up from CPU 0: its work on the task's CPU would raise the OPP
	# there before the events are on.
	taskset 1 trace-cmd start -b 20000 $events >/dev/null 2>&1
	# The OPP the trace starts from, read once it is on: every change from
	# then on is in the trace, so none is missed.
	start_khz=$(cat $P/scaling_cur_freq)
	opps=$(for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -f $c/cpufreq/scaling_cur_freq ] && echo "O ${c##*cpu} $(cat $c/cpufreq/scaling_cur_freq)"
	done)
	# On the task's CPU from the start: rt-app applies "cpus" only once its
	# thread runs, and the first activation would begin elsewhere.
	# A workload that pins no task is not pinned either: its tasks go
	# where the scheduler puts them (the placement scenarios).
	on_cpu="taskset $((1 << CPU))"
	grep -q '"cpus"' /tmp/workload.json || on_cpu=
	$on_cpu rt-app /tmp/workload.json >/tmp/rtapp.out 2>&1 3>&- &
	rt=$!
	owned=
	[ -z "$setting_own" ] || owned=$(own_policy $rt "$setting_thread" "$setting_own")
	wait $rt
	ok=$?
	[ -z "$setting_own" ] || [ -n "$owned" ] || { ok=1; echo "# thread $setting_thread not given $setting_own"; }
	trace-cmd stop
	trace-cmd extract -o /tmp/exp.dat >/dev/null 2>&1
	trace-cmd reset >/dev/null 2>&1
	trace-cmd report -i /tmp/exp.dat >/tmp/exp.txt 2>/dev/null
	{
		echo "=== data workload=$workload setting=$setting platform=$setting_platform mult=$mult opp=${pin:-free} rep=$rep kernel=$(uname -r) begin ==="
		echo "I $CPU $start_khz $fmax"
		echo "M path=$(dmesg | grep -q "CPU$CPU: Fast frequency switching not enabled" && echo kthread || echo fast_switch)"
		echo "$opps"
		[ -z "$em" ] || echo "$em"
		awk -v policy="$policy" -v names="$names" -v estimates="$estimates" -v own_names="$own_names" \
			-f /lib/kv.awk -f /lib/trace2data.awk /tmp/exp.txt
		echo "=== data workload=$workload setting=$setting platform=$setting_platform mult=$mult opp=${pin:-free} rep=$rep kernel=$(uname -r) end ==="
	} >&3
	grep -q 'Exiting' /tmp/rtapp.out || { ok=1; sed 's/^/# rt-app: /' /tmp/rtapp.out | tail -n 5; }
	tap_check "$workload under $setting (PELT x$mult${pin:+, $pin}), run $rep: rt-app ran${setting_own:+, its thread $setting_thread ($owned) with $setting_own} ($(grep -c ' sched_switch: ' /tmp/exp.txt) switches traced)" \
		[ $ok -eq 0 ]
	rep=$((rep + 1))
done
echo UTIL_EST >$D/features 2>/dev/null
[ "$mult" = 1 ] || echo 1 >$M
echo $fmin >$P/scaling_min_freq
[ ! -f $D/util_est_policy ] || choice_reset $D/util_est_policy $D/util_est_sample
tap_done
