#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The storm runs -> out/stress.md (on stdout): one column per kernel, one
# row per count, from each run's console.log (the storm's and the fuzzer's
# own lines), counts (the plan's results) and reports (the kernel's).
# --tsv DIR also writes the same figures as records into DIR (make stress's
# run, which make record copies): stress.tsv, a row a kernel, and
# latency.tsv, a row a kernel that ran plan latency (its untagged run,
# out/runs/KERNEL/latency, or with --latency latency-TAG a tagged one).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG --kernels LIST [--tsv DIR] [--latency latency[-TAG]]"; }
kernels= tsv= lat=latency
while [ $# -gt 0 ]; do
	case $1 in
	--kernels) [ $# -ge 2 ] || usage_die "--kernels needs a list"; kernels=$2; shift ;;
	--tsv)     [ $# -ge 2 ] && [ -d "$2" ] || usage_die "--tsv needs a directory that exists"
		   tsv=$2; shift ;;
	--latency) [[ ${2-} =~ ^latency(-[A-Za-z0-9]+)?$ ]] ||
			usage_die "--latency needs a run of plan latency, latency or latency-TAG (run.sh --tag TAG)"
		   lat=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -n "$kernels" ] || usage_die "--kernels is required"

# race_pairs FILE CLASS: the distinct races of that class, "N TITLE",
# offsets and compiler suffixes dropped.
race_pairs() {
	awk -v c="$2" '$2 == c { $1 = $2 = ""; sub(/^  /, ""); gsub(/\+0x[0-9a-f]+\/0x[0-9a-f]+/, ""); gsub(/\.(constprop|isra|part)\.[0-9]+/, ""); print }' "$1" |
		sort | uniq -c | sort -rn
}

# line_value LOG MARK NAME: NAME's value on the first line of LOG that
# holds MARK and NAME (the guest prints "MARK ... NAME=N ..."), or nothing.
# A number keeps its digits alone: a kernel message printed on the console
# in the middle of the guest's line ("max_us=8071[ 1223.97] ...") is not
# part of it.
line_value() {
	{ grep -- "$2" "$1" 2>/dev/null || true; } | kv "$3" | head -n 1 |
		sed 's/^\([0-9][0-9]*\)[^0-9].*$/\1/'
}

# field KERNEL NAME: a value the run's logs give, or "-".
field() {
	local dir=$OUT/runs/$1/storm v=
	case $2 in
	splats)  [ -f "$dir/reports" ] && v=$(grep -c . "$dir/reports" || true) ;;
	results) [ -f "$dir/counts" ] && v=$(counts_sum "$dir/counts" | awk '{ print $1 " passed, " $2 " failed" }') ;;
	wall)    [ -f "$dir/wall" ] && v="$(( $(cat "$dir/wall") / 60 )) min" ;;
	races_*) [ -f "$dir/races" ] && v=$(race_pairs "$dir/races" "${2#races_}" | wc -l) ;;
	fuzz_cases) v=$(sed -n 's/^ *# seed [0-9]*, \([0-9]*\) cases.*/\1/p' "$dir/console.log" 2>/dev/null | head -n 1) ;;
	*)       v=$(line_value "$dir/console.log" '# storm: ' "$2") ;;
	esac
	echo "${v:--}"
}

echo "# The storm on the checking kernels"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), kernel tree Debian linux-source-6.12 $(debian_version)."
echo "Each kernel booted once (plain TCG, one host thread) running plan"
echo "\`storm\`: the debugfs fuzzer, then guest/tests/sched_storm.sh. A splat is"
echo "any kernel report the verdict finds (WARN, BUG, lockdep, KASAN, UBSAN,"
echo "KCSAN, panic); with panic_on_warn the first one ends the boot. The"
echo "KCSAN kernel watches the scheduler only, and fails only on a race that"
echo "names a function the series defines; races in functions it changes (6.12"
echo "races there too) and in 6.12's own are listed below, not counted as splats."
echo
rows=(
	"seconds|storm (guest seconds)" "seed|seed" "cpus|vCPUs" "wall|wall time of the boot"
	"policy_switches|policy switches" "sample_switches|sample point switches"
	"util_est_toggles|UTIL_EST toggles" "pelt_switches|PELT multiplier changes"
	"hotplug_cycles|CPU offline/online cycles" "hotplug_refused|offlines refused"
	"cgroup_moves|cgroup moves" "bandwidth_changes|cpu.max changes"
	"affinity_changes|affinity changes" "nice_changes|nice changes"
	"class_changes|SCHED_FIFO and back" "own_policy_changes|tasks' own util_est policies set"
	"forks|tasks forked (storm's forker)" "debug_reads|sched/debug reads"
	"command_starts|hackbench, stress-ng, rt-app starts" "quiet_points|quiet points"
	"idle_checks|empty CPUs checked" "idle_residues|empty CPUs with a util_est residue"
	"errors|storm writes that failed" "fuzz_cases|fuzz cases"
	"splats|splats (kernel reports)" "results|plan results"
	"races_changed|KCSAN: distinct races in functions the series changes"
	"races_6.12|KCSAN: distinct races in 6.12's own functions"
)
# stress_tsv: the rows above as a record, a row a kernel that stormed, a
# column a count (named as in the list), "-" where a run does not say.
stress_tsv() {
	local names=(kernel) row k vals
	for row in "${rows[@]}"; do names+=("${row%%|*}"); done
	tsv_row "${names[@]}"
	for k in ${kernels//,/ }; do
		[ -f "$OUT/runs/$k/storm/console.log" ] || continue
		vals=("$k")
		for row in "${rows[@]}"; do vals+=("$(field "$k" "${row%%|*}")"); done
		tsv_row "${vals[@]}"
	done
}
if [ -n "$tsv" ]; then
	stress_tsv >"$tsv/stress.tsv"
	[ "$(wc -l <"$tsv/stress.tsv")" -gt 1 ] || rm "$tsv/stress.tsv"	# no storm ran
fi

header="| |" rule="|---|"
for k in ${kernels//,/ }; do header="$header $k |"; rule="$rule---|"; done
echo "$header"
echo "$rule"
for row in "${rows[@]}"; do
	line="| ${row#*|} |"
	for k in ${kernels//,/ }; do line="$line $(field "$k" "${row%%|*}") |"; done
	echo "$line"
done
echo
for k in ${kernels//,/ }; do
	f=$OUT/runs/$k/storm/reports
	[ -s "$f" ] || continue
	echo "Reports of the $k kernel:"
	echo
	sed 's/^/- /' "$f"
	echo
done
for k in ${kernels//,/ }; do
	f=$OUT/runs/$k/storm/races
	[ -s "$f" ] || continue
	for c in changed 6.12; do
		[ "$(race_pairs "$f" "$c" | wc -l)" -gt 0 ] || continue
		echo "The $k kernel's races in $([ $c = changed ] && echo "functions the series changes" || echo "6.12's own functions") (times seen, race):"
		echo
		race_pairs "$f" "$c" | head -n 40 | sed 's/^ *\([0-9]*\) /- \1 x /'
		echo
	done
done

# The latency plan (guest/tests/switch_latency.sh) on each kernel that ran
# it, and on debug-before if a run of it is kept (the lab before its
# switches stopped walking the runqueues).
latency_runs=()
for k in ${kernels//,/ } debug-before; do
	[ -f "$OUT/runs/$k/$lat/console.log" ] && latency_runs+=("$k")
done
# latency_tsv: those runs as a record, a row a kernel.
latency_tsv() {
	local k log vals i q='phase=quiet' w='phase=switching' s='phase=samekeys'
	tsv_row kernel threads switches formed_s quiet_max_us switching_max_us quiet_avg_us switching_avg_us write_max_us write_avg_us \
		samekeys_max_us samekeys_avg_us samekeys_write_max_us samekeys_write_avg_us passed failed
	for k in "${latency_runs[@]}"; do
		log=$OUT/runs/$k/$lat/console.log
		read -r p f _ < <(counts_sum "$OUT/runs/$k/$lat/counts")
		vals=("$k" "$(line_value "$log" "$q" threads)" "$(line_value "$log" "$w" switches)"
			"$(sed -n 's/.*the crowd took \([0-9]*\) s of guest time.*/\1/p' "$log" | head -n 1)"
			"$(line_value "$log" "$q" max_us)" "$(line_value "$log" "$w" max_us)"
			"$(line_value "$log" "$q" avg_us)" "$(line_value "$log" "$w" avg_us)"
			"$(line_value "$log" "$w" write_max_us)" "$(line_value "$log" "$w" write_avg_us)"
			"$(line_value "$log" "$s" max_us)" "$(line_value "$log" "$s" avg_us)"
			"$(line_value "$log" "$s" write_max_us)" "$(line_value "$log" "$s" write_avg_us)"
			"$p" "$f")
		for i in "${!vals[@]}"; do vals[i]=${vals[i]:--}; done
		tsv_row "${vals[@]}"
	done
}
# The record, and the report's table made from it: the logs read once.
if [ ${#latency_runs[@]} -gt 0 ]; then
	latency=$(latency_tsv)
	[ -z "$tsv" ] || printf '%s\n' "$latency" >"$tsv/latency.tsv"
	echo "## An RT task's wake-up beside a crowd, during policy switches"
	echo
	echo "cyclictest (SCHED_FIFO 95, CPU 0, every 1 ms) while every CPU's runqueue"
	echo "holds a crowd of spinning CFS threads: first the crowd alone, then while"
	echo "util_est_policy is switched every 100 ms; how long the longest and the"
	echo "mean switch (a write of the file) took; then the same among the policies"
	echo "that keep the same static keys (no text patching). Guest time under"
	echo "-icount: it counts instructions, not caches or host speed."
	echo
	echo "| kernel | threads | switches | worst alone (us) | worst while switching (us) | mean alone / switching (us) | switch longest / mean (us) | same keys: worst / mean (us) | same keys: switch longest / mean (us) |"
	echo "|---|---|---|---|---|---|---|---|---|"
	tsv_awk '{ printf "| %s | %s | %s | %s | %s | %s / %s | %s / %s | %s / %s | %s / %s |\n", col("kernel"), col("threads"),
		col("switches"), col("quiet_max_us"), col("switching_max_us"), col("quiet_avg_us"),
		col("switching_avg_us"), col("write_max_us"), col("write_avg_us"), col("samekeys_max_us"),
		col("samekeys_avg_us"), col("samekeys_write_max_us"), col("samekeys_write_avg_us") }' <<<"$latency"
	echo
fi
