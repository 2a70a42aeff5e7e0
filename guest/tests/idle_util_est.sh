#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# After the plan's earlier tests: the root cfs_rq of a CPU with no task on
# it must hold a util_est of 0, on any kernel (no field of ours is read:
# .nr_running and .util_est are v6.12's). 50 snapshots 1 ms apart; a CPU
# fails if every snapshot that found it empty shows a residue.
. /lib/tap.sh
tap_plan 2
D=/sys/kernel/debug/sched
snap() {
	awk '
		/^cfs_rq\[[0-9]+\]:\/$/ { cpu = substr($0, 8) + 0; root = 1; next }
		# The root is the last cfs_rq of a CPU: the next CPU header,
		# whose .nr_running is the whole rq one, or any section ends it.
		/^[^ ]/ { root = 0; next }
		root && $1 == ".nr_running" { nr[cpu] = $3 }
		root && $1 == ".util_est" { est[cpu] = $3 }
		END { for (c in nr) printf "%d %s %s\n", c, nr[c], est[c] }
	' $D/debug
}
i=0
while [ $i -lt 50 ]; do snap; usleep 1000; i=$((i + 1)); done >/tmp/idle_snaps
# Per CPU: snapshots with nothing queued, and the smallest sum among them.
summary=$(awk '$2 == 0 { n[$1]++; if (!($1 in m) || $3 < m[$1]) m[$1] = $3 }
	END { for (c in n) printf "cpu%s:%d/%s ", c, n[c], m[c] }' /tmp/idle_snaps)
tap_diag "empty snapshots/smallest util_est per CPU: $summary"
tap_check "CPUs were seen with nothing queued" [ -n "$summary" ]
residue=$(awk '$2 == 0 { n[$1]++; if (!($1 in m) || $3 < m[$1]) m[$1] = $3 }
	END { for (c in n) if (m[c] != 0) printf " cpu%s=%s", c, m[c] }' /tmp/idle_snaps)
tap_check "an empty CPU's util_est is 0${residue:+ (residue:$residue)}" [ -z "$residue" ]
tap_done
