#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# experiment data -> out/report.md and its plots.
#
#   report.sh DATA_FILE...
#
# DATA_FILEs are the data ports (console.log.data) of experiment boots, with
# their .settings beside their console logs. Figures come from
# analysis/ue_metrics.c; every figure is the mean over the runs with its
# spread (min-max) beside it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG DATA_FILE..."; }
[ $# -gt 0 ] || usage_die "no data file"
for f; do [ -s "$f" ] || die "no experiment data in $f"; done
command -v gnuplot >/dev/null || die "gnuplot not found (harness/deps.sh report)"

mkdir -p "$OUT/bin" "$OUT/report"
metrics=$OUT/bin/ue_metrics
gcc -O2 -Wall -Wextra -Werror -o "$metrics" "$ROOT/analysis/ue_metrics.c" ||
	die "analysis/ue_metrics.c does not build"

acts=10	# periodic-120-300: its loop count
"$metrics" --acts $acts "$@" | grep -v ' acts_ms=' >"$OUT/report/metrics.txt"

# One row per kernel and setting: mean (min-max) of each figure over runs.
# The stock kernel's "default" is v6.12's util_est as it ships.
rows=$(awk '
	function kv(k,  i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2) }
	{
		kernel = kv("kernel") ~ /-stock/ ? "stock 6.12" : "patched"
		setting = kv("setting")
		if (kernel == "stock 6.12" && setting == "default") setting = "util_est (v6.12)"
		if (setting == "pelt") setting = "PELT only (NO_UTIL_EST)"
		key = kernel "|" setting
		if (!(key in n)) order[++nk] = key
		n[key]++
		top = kv("top_pct"); act = kv("act_mean_ms")
		st[key] += top; sa[key] += act
		if (n[key] == 1 || top < tmin[key]) tmin[key] = top
		if (n[key] == 1 || top > tmax[key]) tmax[key] = top
		if (n[key] == 1 || act < amin[key]) amin[key] = act
		if (n[key] == 1 || act > amax[key]) amax[key] = act
	}
	END {
		for (i = 1; i <= nk; i++) {
			k = order[i]; split(k, p, "|")
			printf "| %s | %s | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) | %d |\n", p[1], p[2],
			       st[k] / n[k], tmin[k], tmax[k], sa[k] / n[k], amin[k], amax[k], n[k]
		}
	}' "$OUT/report/metrics.txt")

# Plots: the OPP over time in each setting's first run; OPP residency.
"$metrics" --timeline "$@" | awk '$2 == 1' >"$OUT/report/timeline.txt"
titles=$(awk '{ print $1 }' "$OUT/report/timeline.txt" | awk '!seen[$0]++' | tr '\n' ' ')
awk -v order="$titles" '
	BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) idx[o[i]] = i }
	{ line[idx[$1]] = line[idx[$1]] sprintf("%s %d\n", $3, $4 / 1000) }
	END { for (i = 1; i <= n; i++) printf "%s\n\n", line[i] }
' "$OUT/report/timeline.txt" >"$OUT/report/timeline.dat"
gnuplot -e "data='$OUT/report/timeline.dat'; out='$OUT/report/opp-timeline-120-300.png'; titles='$titles'" \
	"$ROOT/analysis/opp-timeline.gp"

awk '
	function kv(k,  i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2) }
	{
		label = kv("setting") (kv("kernel") ~ /-stock/ ? "(stock)" : "")
		if (!(label in n)) order[++nl] = label
		n[label]++
		m = split(kv("res"), r, ",")
		for (i = 1; i <= m; i++) { split(r[i], fp, ":"); opp[fp[1]] = 1; pct[label, fp[1]] += fp[2] }
	}
	END {
		no = 0; for (f in opp) fs[++no] = f + 0
		for (i = 1; i <= no; i++) for (j = i + 1; j <= no; j++) if (fs[j] < fs[i]) { t = fs[i]; fs[i] = fs[j]; fs[j] = t }
		printf "setting"; for (i = 1; i <= no; i++) printf " %d", fs[i] / 1000; printf "\n"
		for (l = 1; l <= nl; l++) {
			printf "%s", order[l]
			for (i = 1; i <= no; i++) printf " %.2f", pct[order[l], fs[i]] / n[order[l]]
			printf "\n"
		}
	}' "$OUT/report/metrics.txt" >"$OUT/report/residency.dat"
gnuplot -e "data='$OUT/report/residency.dat'; out='$OUT/report/opp-residency-120-300.png'" \
	"$ROOT/analysis/opp-residency.gp"

# Where and how it ran.
settings=$(for f; do cat "${f%.data}.settings" 2>/dev/null; done | sort -u | sed 's/ seconds=[0-9]*//; s/ status=ok//' | sort -u)
kernels=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^kernel=/) print substr($i, 8) }' "$OUT/report/metrics.txt" | sort -u | tr '\n' ' ')
paths=$({ grep -h '^M path=' "$@" || true; } | sort | uniq -c | awk '{ printf "%s%s (%d runs)", sep, substr($3, 6), $1; sep = ", " }')

cat >"$OUT/report.md" <<EOR
# util_est for Linux 6.12: the RFC's experiments

Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`make demo\`.

- Kernels: $kernels(Debian linux-source-6.12 $(debian_version); "stock" is the pristine tarball, "patched" has patches/ applied)
- QEMU: $(echo "$settings" | sed 's/ plan=[^ ]*//' | sort -u | tr '\n' ';')
- cpufreq: guest/modules/ue_cpufreq, 8 OPPs 250-2000 MHz, one policy per CPU, enacted (a CPU at f runs tasks at f/fmax); schedutil changed OPPs by $paths. x86 has no frequency-invariant PELT here (no APERF/MPERF under TCG): schedutil scales its request from the current OPP.
- Every figure is the mean over the runs, with min-max in brackets.

## 120 ms of work every 300 ms

rt-app, \`guest/workloads/periodic-120-300.json\`: 120 ms of work as measured at
fmax (rt-app calibrated at fmax), a 300 ms period, 10 activations, pinned to
CPU 1. *Top OPP* is the share of the task's run time at 2000 MHz, from its
switches and the OPP changes on its CPU; *activation* is from its first
switch-in after a sleep to its next sleep (120 ms at fmax plus overheads;
longer at lower OPPs, which the enactment makes real).

| kernel | setting | top OPP (% of run time) | activation (ms) | runs |
|---|---|---|---|---|
$rows

The RFC's claim: with util_est, schedutil switches to the highest OPP as soon
as such a big task wakes up, instead of scaling up progressively.

![OPP over time, first run of each setting](report/opp-timeline-120-300.png)

In the plots, "(stock)" marks the unpatched kernel; its "default" is v6.12's
util_est as it ships, "pelt" the same kernel with NO_UTIL_EST. Dips between
activations are schedutil updates from other tasks waking on the idle CPU
(kworkers): the next activation starts from there.

![OPP residency of the task's run time](report/opp-residency-120-300.png)

Raw figures per run: \`report/metrics.txt\`.
EOR
echo "report: $OUT/report.md"
