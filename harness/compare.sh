#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Whether two runs of the same experiments gave the same figures: a run of
# plan P made one way (serial, say: make experiments) against the same plan
# made another (sharded: make bakeoff).
#
#   compare.sh [--out FILE] [--summary FILE] RUN_A RUN_B
#
# Each RUN is a run directory with a figures.tsv (out/runs/KERNEL/PLAN).
# Rows are matched by workload, setting, mult and opp; for each figure of a
# B row, "same" if some A row of its key has that value, "within" if it is
# a number inside the A rows' min..max, "outside" if not. It prints one
# line a key (keys, figures, same, within, outside, the worst figure's
# relative distance from A's range) and a total; --out FILE gets the same
# as a table, --summary FILE a row of the total (plan, the two runs, keys,
# figures, same, within, outside, keys in one run only), its header
# written if FILE is new: a record's table. Exits 1 if a figure is
# outside or a key is in one run only.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--out FILE] [--summary FILE] RUN_A RUN_B   (each a run directory with figures.tsv)"; }
outf= sumf=
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || usage_die "--out needs a file"; outf=$2; shift ;;
	--summary) [ $# -ge 2 ] || usage_die "--summary needs a file"; sumf=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ $# -eq 2 ] || usage_die "two runs to compare, A then B"
for r; do
	[ -s "$r/figures.tsv" ] || die "no figures.tsv in $r: an experiment boot's run directory (out/runs/KERNEL/PLAN)"
done

table=$(tsv_awk '
	# The figures a row is known by, and those that only name its kernel.
	BEGIN { split("workload setting mult opp rep kernel", skip, " "); for (i in skip) skipped[skip[i]] = 1 }
	function num(v) { return v ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	{
		file = tsv_file_n
		key = col("workload") "\t" col("setting") "\t" col("mult") "\t" col("opp")
		keys[key] = keys[key] + 0
		seen[key, file] = 1
		for (i = 1; i <= tsv_n; i++) {
			c = tsv_name[i]
			if (c in skipped)
				continue
			v = $i
			if (file == 1) {
				vals[key, c, v] = 1
				if (num(v)) {
					if (!((key, c) in lo) || v + 0 < lo[key, c]) lo[key, c] = v + 0
					if (!((key, c) in hi) || v + 0 > hi[key, c]) hi[key, c] = v + 0
				}
				continue
			}
			n[key]++
			if ((key, c, v) in vals) { same[key]++; continue }
			if (num(v) && (key, c) in lo && v + 0 >= lo[key, c] && v + 0 <= hi[key, c]) { within[key]++; continue }
			out[key]++
			d = "n/a"
			if (num(v) && (key, c) in lo) {
				ref = v + 0 < lo[key, c] ? lo[key, c] : hi[key, c]
				d = ref == 0 ? "inf" : sprintf("%.2f%%", 100 * (v - ref) / (ref < 0 ? -ref : ref))
			}
			worst[key] = worst[key] (worst[key] == "" ? "" : ",") c "=" d
		}
	}
	END {
		if (tsv_failed)
			exit 2
		print "workload\tsetting\tmult\topp\tin\tfigures\tsame\twithin\toutside\toutside_by"
		for (k in keys) {
			where = seen[k, 1] && seen[k, 2] ? "both" : seen[k, 1] ? "a_only" : "b_only"
			printf "%s\t%s\t%d\t%d\t%d\t%d\t%s\n", k, where, n[k], same[k], within[k], out[k], worst[k] == "" ? "-" : worst[k]
		}
	}' "$1/figures.tsv" "$2/figures.tsv" | { read -r h; echo "$h"; LC_ALL=C sort; })

[ -z "$outf" ] || printf '%s\n' "$table" >"$outf"
plan=-
if [ -n "$sumf" ]; then
	plan=$(run_field "$1" plan 2>/dev/null) || plan=-
	[ -s "$sumf" ] || tsv_row plan run_a run_b keys figures same within outside one_run_only >"$sumf"
fi
# A line a key and the totals; with --summary, the totals as its row too.
printf '%s\n' "$table" | tsv_awk -v sumf="$sumf" -v plan="$plan" \
	-v a="$(basename "$(readlink -f "$1")")" -v b="$(basename "$(readlink -f "$2")")" '
	{
		print col("workload"), col("setting"), "x" col("mult"), col("opp") ": " \
			(col("in") != "both" ? "in run " (col("in") == "a_only" ? "A" : "B") " only" : \
			col("same") "/" col("figures") " same, " col("within") " within A'"'"'s range, " col("outside") " outside" \
			(col("outside") > 0 ? " (" col("outside_by") ")" : ""))
		k++; f += col("figures"); s += col("same"); w += col("within"); o += col("outside")
		if (col("in") != "both") lone++
	}
	END {
		printf "%d figures: %d same, %d within A'"'"'s range, %d outside; %d key(s) in one run only\n", f, s, w, o, lone
		if (sumf != "")
			printf "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", plan, a, b, k, f, s, w, o, lone >>sumf
		exit (o > 0 || lone > 0) }'
