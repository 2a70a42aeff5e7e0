# SPDX-License-Identifier: GPL-2.0
# A hog with an estimate, and a CPU's sum, for the tests that check a
# CPU's util_est sum with v6.12's interfaces only (sched/debug,
# /proc/PID/sched), so that the stock kernel runs them too:
#   . /lib/hog.sh; hog_start CPU && ...; kill -KILL $hog

# estimate PID: the task's own util_est (UTIL_AVG_UNCHANGED masked off).
estimate() { awk '$1 == "se.avg.util_est" { print $3 % 2147483648 }' /proc/$1/sched; }

# hog_start CPU: a hog on CPU, $hog, that builds an estimate with short
# run/sleep activations (10 s at most), then spins without ever sleeping
# again: from then on it stays queued on CPU. Fails unless it got an
# estimate of 100 or more and spins.
hog_start() {
	rm -f /tmp/ue_hog_spin /tmp/ue_hog_spinning
	(
		while [ ! -e /tmp/ue_hog_spin ]; do
			j=0; while [ $j -lt 3000 ]; do j=$((j + 1)); done
			usleep 2000
		done
		: >/tmp/ue_hog_spinning
		while :; do :; done
	) &
	hog=$!
	taskset -p $((1 << $1)) $hog >/dev/null
	_i=0 _e=0
	while [ "${_e:-0}" -lt 100 ] && [ $_i -lt 1000 ]; do
		usleep 10000; _i=$((_i + 1)) _e=$(estimate $hog)
	done
	: >/tmp/ue_hog_spin
	_i=0
	while [ ! -e /tmp/ue_hog_spinning ] && [ $_i -lt 1000 ]; do usleep 10000; _i=$((_i + 1)); done
	_e=$(estimate $hog)
	[ -e /tmp/ue_hog_spinning ] && [ "${_e:-0}" -ge 100 ]
}

# cpu_sum CPU: "TASKS UTIL_EST" of CPU's root cfs_rq, TASKS those in its
# sum (queued and not delayed).
cpu_sum() {
	awk -v c="cfs_rq[$1]:/" '
		$0 == c { root = 1; next }
		/^cfs_rq\[/ { root = 0 }
		root && $1 == ".h_nr_queued" { q = $3 }
		root && $1 == ".h_nr_delayed" { d = $3 }
		root && $1 == ".util_est" { est = $3 }
		END { print q - d, est }' /sys/kernel/debug/sched/debug
}
