#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The test platform: ue_cpufreq platform=juno-r0 on the kernel's test-
# platform patches (platform/). Little and big CPUs, each cluster a
# performance domain with Juno r0's OPPs and energy model; PELT invariant
# in frequency and capacity; EAS on. Unloaded, the guest is symmetric again.
. /lib/tap.sh
. /lib/kv.sh
tap_plan 22

ko=/lib/modules/$(uname -r)/extra/ue_cpufreq.ko
C=/sys/devices/system/cpu
D=/sys/kernel/debug
n=$(ls -d $C/cpu[0-9]* | wc -l)
[ "$n" -ge 2 ] || { echo "Bail out! the platform needs 2 CPUs or more, the guest has $n"; exit 1; }
little=$((n / 2)) big=$((n - 1))
P0=$C/cpufreq/policy0 PB=$C/cpufreq/policy$little
eas() { cat /proc/sys/kernel/sched_energy_aware 2>/dev/null; }
asym() { cat $D/sched/domains/cpu0/domain*/flags 2>/dev/null | grep -qw SD_ASYM_CPUCAPACITY; }
no_policy() { [ ! -d $P0 ]; }

# The sched domains' flags are in debugfs while the scheduler is verbose,
# which also has it say when it starts EAS.
echo 1 >$D/sched/verbose
# Bad parameters: refused with a message that names them, nothing left behind.
refused() { # WHAT-THE-MESSAGE-NAMES PARAMETERS...
	want=$1; shift
	dmesg -c >/dev/null
	! insmod $ko "$@" 2>/dev/null && dmesg | grep -q "ue_cpufreq: $want" && no_policy && ! asym
}
tap_check "platform=bogus is refused, naming the platforms" refused 'platform=bogus: must be symmetric or juno-r0' platform=bogus
tap_check "little_cpus=$n (no big CPU left) is refused" refused "little_cpus=$n: must leave" platform=juno-r0 little_cpus=$n

dmesg -c >/dev/null
tap_check "ue_cpufreq loads as juno-r0 with $little little CPU(s)" insmod $ko platform=juno-r0 little_cpus=$little
tap_diag "$(dmesg | grep -E 'EAS|EM:|Hybrid' | tr '\n' ' ')"
tap_check "the little CPUs are one policy" [ "$(cat $P0/related_cpus)" = "$(seq -s ' ' 0 $((little - 1)))" ]
tap_check "the big CPUs are another" [ "$(cat $PB/related_cpus)" = "$(seq -s ' ' $little $big)" ]
tap_check "the A53s' OPPs are Juno r0's" [ "$(cat $P0/scaling_available_frequencies)" = "450000 575000 700000 775000 850000 " ]
tap_check "the A57s' OPPs are Juno r0's" [ "$(cat $PB/scaling_available_frequencies)" = "450000 625000 800000 950000 1100000 " ]
tap_check "the sched domains see asymmetric capacities" asym

# The energy model: one perf domain per cluster, power = C * f * V^2 at
# each OPP, C from Juno's device tree (uW/MHz/V^2), V in mV.
em_ok() { # CPU CPUS COEFF MHZ:MV...
	d=$D/energy_model/cpu$1 cpus=$2 c=$3; shift 3
	[ "$(cat $d/cpus)" = "$cpus" ] || return 1
	for opp; do
		mhz=${opp%:*} mv=${opp#*:}
		[ "$(cat $d/ps:$((mhz * 1000))/power)" = $((c * mhz * mv * mv / 1000000)) ] || return 1
	done
}
span() { [ "$1" = "$2" ] && echo "$1" || echo "$1-$2"; }
tap_check "the A53s' energy model" em_ok 0 "$(span 0 $((little - 1)))" 140 450:820 575:850 700:900 775:950 850:1000
tap_check "the A57s' energy model" em_ok $little "$(span $little $big)" 530 450:820 625:850 800:900 950:950 1100:1000
# The experiments weigh their runs with the driver's opp_power_uw: it
# must be the model EAS holds, OPP for OPP.
same_model() { # POLICY CPU
	for ps in $D/energy_model/cpu$2/ps:*; do echo "$(cat $ps/frequency) $(cat $ps/power)"; done |
		sort -n | cmp -s - $1/opp_power_uw
}
both_models() { same_model $P0 0 && same_model $PB $little; }
tap_check "the driver's opp_power_uw is the registered model, both domains" both_models
tap_check "EAS is on: sched_energy_aware reads 1" [ "$(eas)" = 1 ]
tap_check "and the scheduler said it started EAS" sh -c 'dmesg | grep -q "starting EAS"'

# Enacted speed: the same work on a little CPU at its top OPP takes
# 1024/446 longer than on a big one at its top, and 1100/450 longer on a
# big one at 450 MHz.
cap=$((578 * 850 * 1024 / (1024 * 1100)))
last_little=$((little - 1))
work() { taskset $((1 << $1)) fixed_work 4000000 | kv wall_ns; }
hold() { echo $2 >$1/scaling_min_freq; echo $3 >$1/scaling_max_freq; } # POLICY MIN MAX
hold $P0 850000 850000
hold $PB 1100000 1100000
fast=$(work $big) slow=$(work $last_little)
hold $PB 450000 450000
slow450=$(work $big)
ratio_in() { # NS-SLOW NS-FAST WANT-PERCENT
	r=$(($1 * 100 / $2))
	[ $((r * 100)) -ge $(($3 * 85)) ] && [ $((r * 100)) -le $(($3 * 115)) ]
}
tap_diag "4M iterations: $fast ns on big CPU $big at 1100 MHz, $slow ns on little CPU $last_little at 850 MHz, $slow450 ns on the big one at 450 MHz"
tap_check "work on a little CPU at its top takes 1024/$cap longer, within 15% (x$((slow * 100 / fast))/100)" \
	ratio_in "$slow" "$fast" $((1024 * 100 / cap))
tap_check "work on a big CPU at 450 MHz takes 1100/450 longer, within 15% (x$((slow450 * 100 / fast))/100)" \
	ratio_in "$slow450" "$fast" $((1100 * 100 / 450))

# Invariance: a periodic task of fixed work, 3 ms of it at full speed every
# 10 ms, has the same util_avg wherever it runs while its CPU keeps up:
# on a big CPU at its top, at 450 MHz, on a little CPU at its top. Without
# invariance the longer running time on the slower CPU would show as a
# task 1100/450 or 1024/446 times bigger. PELT settles in 7 half-lives
# (224 ms): util_avg is sampled every 20 ms after 300 ms.
loops=$((3 * 4000000 * 1000000 / fast))
util_of() { # CPU: mean util_avg of the periodic task on CPU
	taskset $((1 << $1)) periodic -w $loops 10000 100000 &
	pid=$! sum=0 i=0
	usleep 300000
	while [ $i -lt 10 ]; do
		u=$(awk '$1 == "se.avg.util_avg" { print $3 }' /proc/$pid/sched)
		sum=$((sum + ${u:-0}))
		i=$((i + 1))
		usleep 20000
	done
	kill $pid
	wait $pid 2>/dev/null
	echo $((sum / 10))
}
hold $PB 1100000 1100000
u_full=$(util_of $big)
hold $PB 450000 450000
u_450=$(util_of $big)
u_little=$(util_of $last_little)
hold $P0 450000 850000
hold $PB 450000 1100000
close() { [ $(($1 * 100)) -ge $(($2 * 85)) ] && [ $(($1 * 100)) -le $(($2 * 115)) ]; }
tap_diag "util_avg of 3 ms of work every 10 ms: $u_full at full speed, $u_450 on a big CPU at 450 MHz, $u_little on a little one at 850 MHz"
tap_check "frequency invariance: at 450 MHz, util_avg $u_450 within 15% of $u_full" close "$u_450" "$u_full"
tap_check "capacity invariance: on a little CPU, util_avg $u_little within 15% of $u_full" close "$u_little" "$u_full"

tap_check "ue_cpufreq unloads" rmmod ue_cpufreq
tap_check "and EAS is off again" [ -z "$(eas)" ]
symmetric() { ls $D/sched/domains/cpu0/domain*/flags >/dev/null && ! asym; }
tap_check "and the capacities are symmetric again" symmetric
# A CPU's energy model outlives the driver (6.12 cannot unregister one):
# a second load with the same domains finds its own, one with others is
# refused rather than run on the first one's.
tap_check "it loads again with the same domains" insmod $ko platform=juno-r0 little_cpus=$little
rmmod ue_cpufreq
if [ $little -ge 2 ]; then
	tap_check "and is refused with others, naming why" refused "CPUs .* keep the energy model of an earlier load" \
		platform=juno-r0 little_cpus=$((little - 1))
else
	tap_skip "and is refused with others" "$n CPUs: one way to split them"
fi
echo 0 >$D/sched/verbose
tap_done
