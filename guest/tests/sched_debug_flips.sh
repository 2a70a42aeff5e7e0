#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# UTIL_EST switched on and off every few ms while a hog spins, sleepers
# come and go and sched/debug is read over and over: the moment the
# debug kernel's first boot stopped at (a KASAN report in pick_task_fair()
# while the util_est kselftest read sched/debug after switching UTIL_EST
# back on). The kernel's own checks judge it: with panic_on_warn a splat
# ends the boot before the end frame. Only v6.12's interfaces are used, so
# the stock kernel runs it too.
#
#   sched_debug_flips [SECONDS [noread]]
#       SECONDS: guest time, default 20 (ue.flips_secs=N on the command
#       line overrides it); noread: the static keys flipped under load
#       without reading sched/debug (plan keyflips: is an "Oops: int3"
#       under QEMU's multi-threaded TCG the kernel's or QEMU's?)
. /lib/tap.sh
tap_plan 3

D=/sys/kernel/debug/sched
secs=${UE_FLIPS_SECS:-${1:-20}}
case $secs in ''|*[!0-9]*) echo "Bail out! SECONDS must be a number, not '$secs'"; exit 2 ;; esac
mode=${2:-read}
case $mode in read|noread) ;; *) echo "Bail out! the second argument is noread or nothing, not '$mode'"; exit 2 ;; esac
cpu=$(($(nproc) - 1))
rm -f /tmp/flips.stop /tmp/flips.count

# A hog pinned to the last CPU, queued all along.
( while :; do :; done ) &
hog=$!
taskset -p $((1 << cpu)) $hog >/dev/null
# Two sleepers anywhere: 3000 iterations of work, 1 ms asleep.
sleepers=
for _ in 1 2; do
	( while [ ! -e /tmp/flips.stop ]; do
		j=0; while [ $j -lt 3000 ]; do j=$((j + 1)); done
		usleep 1000
	done ) &
	sleepers="$sleepers $!"
done
# The flipper: NO_UTIL_EST, 3 ms, UTIL_EST, 3 ms, until told to stop.
( n=0
  while [ ! -e /tmp/flips.stop ]; do
	echo NO_UTIL_EST >$D/features; usleep 3000
	echo UTIL_EST >$D/features; usleep 3000
	n=$((n + 1))
  done
  echo $n >/tmp/flips.count ) &
flipper=$!

reads=0 bad=0
end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt $end ]; do
	if [ $mode = noread ]; then usleep 100000; continue; fi
	cat $D/debug >/tmp/flips.debug || bad=$((bad + 1))
	reads=$((reads + 1))
done
: >/tmp/flips.stop
wait $flipper
kill -KILL $hog
# shellcheck disable=SC2086 # a list of pids
wait $sleepers $hog 2>/dev/null
flips=$(cat /tmp/flips.count 2>/dev/null)
tap_diag "$secs s: ${flips:-no} UTIL_EST off/on cycles, $reads reads of $D/debug ($bad failed)"
tap_check "UTIL_EST was switched off and on again" [ "${flips:-0}" -gt 0 ]
read_all() { [ $reads -gt 0 ] && [ $bad -eq 0 ]; }
if [ $mode = noread ]; then
	tap_skip "$D/debug was read and every read succeeded" "noread: not read"
else
	tap_check "$D/debug was read and every read succeeded" read_all
fi
tap_check "UTIL_EST is on at the end" grep -qw UTIL_EST $D/features
tap_done
