#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# utilest-ctl (guest/programs/utilest-ctl.c) against the kernel: what it
# sets is what sched_getattr() and /proc/PID/sched say; a bad argument or
# a task that is not there fails with its message and changes nothing.
. /lib/tap.sh
tap_plan 7

own() { awk '$1 == "se.util_est_policy" { print $3 }' "/proc/$1/sched"; }
sleep 600 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT

tap_check "a task that never chose follows the system's policy" \
	[ "$(utilest-ctl -p $pid)" = system ]
got=$(utilest-ctl last sh -c 'utilest-ctl -p $$')
tap_check "a command run with last has last ($got)" [ "$got" = last ]
utilest-ctl -p none $pid
got="$(utilest-ctl -p $pid) $(own $pid)"
tap_check "set to none: utilest-ctl and /proc/$pid/sched say so ($got)" [ "$got" = "none 1" ]
err=$(utilest-ctl -p bogus $pid 2>&1)
got="$? $(own $pid)"
case $err in *"no policy 'bogus' (system none mainline"*) ;; *) got="$got, said: $err" ;; esac
tap_check "a policy that is none exits 2, names the choices, changes nothing ($got)" [ "$got" = "2 1" ]
utilest-ctl -p ewma 2147483646 2>/dev/null
tap_check "a pid that is not there exits 1" [ $? -eq 1 ]
utilest-ctl -p ewma 12x 2>/dev/null
got="$? $(own $pid)"
tap_check "a pid that is not a number exits 2, changes nothing ($got)" [ "$got" = "2 1" ]
utilest-ctl -p system $pid
tap_check "back to system: /proc/$pid/sched says 0 ($(own $pid))" [ "$(own $pid)" = 0 ]
tap_done
