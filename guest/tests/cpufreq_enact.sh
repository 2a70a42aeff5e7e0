#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The test cpufreq driver: schedutil runs on its OPPs, and they are real:
# the same work takes fmax / fmin longer at fmin.
. /lib/tap.sh
. /lib/kv.sh
tap_plan 7

ko=/lib/modules/$(uname -r)/extra/ue_cpufreq.ko
P=/sys/devices/system/cpu/cpufreq/policy1
[ -d /sys/devices/system/cpu/cpu1 ] || P=/sys/devices/system/cpu/cpufreq/policy0
cpu=${P##*policy}
tap_check "ue_cpufreq loads" insmod $ko
tap_check "it drives CPU$cpu with schedutil" \
	sh -c "[ \"\$(cat $P/scaling_driver)\" = ue_cpufreq ] && [ \"\$(cat $P/scaling_governor)\" = schedutil ]"
freqs=$(cat $P/scaling_available_frequencies)
fmin=$(echo $freqs | awk '{ print $1 }') fmax=$(echo $freqs | awk '{ print $NF }')
tap_diag "OPPs: $freqs"
tap_check "8 OPPs from $fmin to $fmax kHz" [ "$(echo $freqs | wc -w)" -eq 8 ]
# Its energy model for the experiments: a CPU at f costs what an A57 at
# f / fmax of its 1100 MHz top costs (530 uW/MHz/V^2 x f x V^2), at the
# voltage of Juno's A57 table there (820 mV up to 450 MHz, 1000 mV at the
# top): power at fmin and at fmax, and rising in between.
a57_uw() { echo $((530 * $1 * 1100 / (fmax / 1000) * $2 * $2 / 1000000)); } # MHZ MV
model_ok() {
	[ "$(head -n 1 $P/opp_power_uw)" = "$fmin $(a57_uw $((fmin / 1000)) 820)" ] &&
	[ "$(tail -n 1 $P/opp_power_uw)" = "$fmax $(a57_uw $((fmax / 1000)) 1000)" ] &&
	awk 'NR > 1 && $2 <= uw { exit 1 } { uw = $2 }' $P/opp_power_uw
}
tap_diag "model (kHz uW): $(tr '\n' ' ' <$P/opp_power_uw)"
tap_check "its energy model: an A57's power at the same fraction of the top speed" model_ok
if dmesg | grep -q "CPU$cpu: Fast frequency switching not enabled"; then
	tap_diag "frequency changes: the sugov kthread (fast switching refused)"
else
	tap_diag "frequency changes: fast switching"
fi

# The same work at fmax and at fmin, each held with scaling_{min,max}_freq.
work() { taskset $((1 << cpu)) fixed_work 4000000 | kv wall_ns; }
echo $fmax >$P/scaling_min_freq
fast=$(work)
echo $fmin >$P/scaling_min_freq
echo $fmin >$P/scaling_max_freq
slow=$(work)
echo $fmax >$P/scaling_max_freq
ratio=$(( slow * 100 / fast ))
want=$(( fmax * 100 / fmin ))
tap_diag "4M iterations: $fast ns at fmax, $slow ns at fmin: x$(printf '%d.%02d' $((ratio / 100)) $((ratio % 100))), want x$((want / 100))"
tap_check "work at fmin takes fmax/fmin longer, within 15%" \
	[ $((ratio * 100)) -ge $((want * 85)) -a $((ratio * 100)) -le $((want * 115)) ]

# schedutil follows load: busy -> fmax, idle -> fmin.
taskset $((1 << cpu)) sh -c 'while :; do :; done' &
busy=$!
i=0; while [ $i -lt 300 ] && [ "$(cat $P/scaling_cur_freq)" != $fmax ]; do usleep 1000; i=$((i + 1)); done
reached=$(cat $P/scaling_cur_freq)
kill $busy; wait $busy 2>/dev/null
tap_check "a busy CPU reaches fmax (after $i polls)" [ "$reached" = $fmax ]
# A light task (100 us of work every 10.3 ms, a new task starting at half
# the spare capacity) for 2 s: the CPU spends most of it at the lowest OPP.
# Not all: at fmin the enactment takes its 7 ms in one piece after every
# 1 ms of free time, so an activation that meets a spin is a big sample
# for util_est. The period is no multiple of that 1 ms, so that the task's
# wakeups drift across the enactment's cycle and about one activation in
# ten meets a spin, as on average it should; a period of 10 ms can lock
# every wakeup onto a spin.
tis() { awk -v f=$fmin '$1 == f { a = $2 } { t += $2 } END { print a, t }' $P/stats/time_in_state; }
read -r min0 all0 <<EOT
$(tis)
EOT
taskset $((1 << cpu)) periodic 100 10300 200
read -r min1 all1 <<EOT
$(tis)
EOT
share=$(( (min1 - min0) * 100 / (all1 - all0 + 1) ))
tap_diag "2 s of 1% load: ${share}% of the time at fmin"
tap_check "a lightly loaded CPU spends most of its time at fmin" [ $share -ge 80 ]
tap_diag "time_in_state: $(tr '\n' ' ' <$P/stats/time_in_state)"
tap_diag "total transitions: $(cat $P/stats/total_trans)"
rmmod ue_cpufreq
tap_done
