#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# experiment data -> out/report.md and its plots.
#
#   report.sh DATA_FILE...
#
# DATA_FILEs are the data ports (console.log.data) of experiment boots, with
# their .settings beside their console logs. The report is
# analysis/report.md.in with its placeholders filled from the data: every
# figure comes from analysis/ue_metrics (each scenario with its options
# from analysis/scenarios), the mean over the runs with min-max beside it.
#
#   @@table SCENARIO KEY...@@   a row per kernel and setting
#   @@rows SCENARIO... : KEY...@@  the same for several scenarios in one
#                               table, each row led by its scenario's title
#   @@plot SCENARIO KIND@@      timeline, signals, residency or placement, as a PNG
#   @@pareto SCENARIO...@@      energy against missed deadlines, a point per
#                               setting and scenario (PELT half-life)
#   @@title SCENARIO@@          the scenario's title
#   @@model@@ @@migrations SCENARIO@@ @@boot-tests@@ @@other-scenarios@@
#   @@generated@@ @@kernels@@ @@debian@@ @@qemu@@ @@paths@@
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG DATA_FILE..."; }
[ $# -gt 0 ] || usage_die "no data file"
for f; do [ -s "$f" ] || die "no experiment data in $f"; done
for f; do [ -f "${f%.data}.settings" ] || die "no ${f%.data}.settings beside $f: which QEMU ran it is unknown"; done
for f; do
	run_field "$(dirname "$f")" series >/dev/null ||
		die "no run.info with the kernel's series beside $f: stock or patched is unknown (harness/run.sh writes it)"
done
command -v gnuplot >/dev/null || die "gnuplot not found (harness/deps.sh report)"
template=$ROOT/analysis/report.md.in
data=("$@")
R=$OUT/report
mkdir -p "$R"
build_analysis || die "the analysis tools do not build (make analysis)"

# ue SCENARIO [ue_metrics options]: ue_metrics with the scenario's options.
ue() { scenario_metrics "$@" "${data[@]}"; }
# Every run's figures, for the record and the model's table.
scenario_figures "${data[@]}" >"$R/metrics.txt" || die "ue_metrics cannot read ${data[*]}"

table() { # SCENARIO KEY...
	local s=$1; shift
	ue "$s" --table "$@" -- | grep . || true
}

rows() { # SCENARIO... : KEY...
	local ss=() s
	while [ $# -gt 0 ] && [ "$1" != : ]; do ss+=("$1"); shift; done
	[ $# -gt 1 ] || die "analysis/report.md.in: @@rows ${ss[*]}@@ names no keys after ':'"
	shift
	for s in "${ss[@]}"; do
		table "$s" "$@" | awk -v t="$(scenario_field "$s" title)" '{ print "| " t " " $0 }'
	done
}

# in_template SCENARIO: the template gives it a table of its own.
in_template() {
	grep -q "^@@table $1 " "$template" ||
		awk -v s="$1" '/^@@rows / { for (i = 2; i <= NF && $i != ":"; i++) if ($i == s) f = 1 } END { exit !f }' "$template"
}

# titles FILE COL: the titles in column COL of FILE, in the order first seen.
titles() { awk -v c="$2" '!seen[$c]++ { print $c }' "$1" | tr '\n' ' '; }
# blocks FILE COL TITLES FIELD...: FILE's lines as gnuplot data blocks, one
# per title of TITLES in that order (the title in column COL), each line
# the columns FIELD... of FILE's.
blocks() {
	local file=$1 col=$2 order=$3; shift 3
	awk -v col="$col" -v order="$order" -v fields="$*" '
		BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) idx[o[i]] = i; nf = split(fields, f, " ") }
		{ s = $f[1]; for (j = 2; j <= nf; j++) s = s " " $f[j]; line[idx[$col]] = line[idx[$col]] s "\n" }
		END { for (i = 1; i <= n; i++) printf "%s\n\n", line[i] }' "$file"
}

# strips SCENARIO KIND XMAX MODE VALUE GP: a panel per setting of a value
# over time, from ue_metrics MODE's "workload label rep t_ms ..." lines of
# the first run (VALUE: an awk expression of those fields), drawn by
# analysis/GP; 1 if no run has any.
strips() {
	local s=$1 kind=$2 xmax=$3 mode=$4 value=$5 gp=$6 titles
	ue "$s" "$mode" | awk '$3 == 1 { print $2, $4, '"$value"' }' >"$R/$kind-$s.txt"
	titles=$(titles "$R/$kind-$s.txt" 1)
	[ -n "$titles" ] || return 1
	blocks "$R/$kind-$s.txt" 1 "$titles" 2 3 >"$R/$kind-$s.dat"
	gnuplot -e "data='$R/$kind-$s.dat'; out='$R/$kind-$s.png'; titles='$titles'; xmax=$xmax" \
		"$ROOT/analysis/$gp"
}

# plot SCENARIO KIND: a PNG of the first run of each setting, its link.
plot() {
	local s=$1 kind=$2 xmax titles png
	xmax=$(scenario_field "$s" xmax)
	png=$kind-$s.png
	case $kind in
	timeline)
		# the OPP in MHz over time
		# shellcheck disable=SC2016 # (awk's field, not the shell's)
		strips "$s" "$kind" "$xmax" --timeline 'int($5 / 1000)' opp-timeline.gp || return 0 ;;
	signals)
		ue "$s" --samples | awk '$3 == 1' >"$R/$kind-$s.txt"
		titles=$(titles "$R/$kind-$s.txt" 2)
		[ -n "$titles" ] || return 0
		blocks "$R/$kind-$s.txt" 2 "$titles" 4 5 6 8 >"$R/$kind-$s.dat"
		gnuplot -e "data='$R/$kind-$s.dat'; out='$R/$png'; titles='$titles'; xmax=$xmax" \
			"$ROOT/analysis/signals.gp" ;;
	residency)
		tsv_awk -v w="$s" '
		col("workload") == w {
			label = col("label")
			if (!(label in n)) order[++nl] = label
			n[label]++
			m = split(col("res"), r, ",")
			for (i = 1; i <= m; i++) { split(r[i], fp, ":"); opp[fp[1]] = 1; pct[label, fp[1]] += fp[2] }
		}
		END {
			if (tsv_failed) exit 2
			no = 0; for (f in opp) fs[++no] = f + 0
			for (i = 1; i <= no; i++) for (j = i + 1; j <= no; j++) if (fs[j] < fs[i]) { t = fs[i]; fs[i] = fs[j]; fs[j] = t }
			printf "setting"; for (i = 1; i <= no; i++) printf " %d", fs[i] / 1000; printf "\n"
			for (l = 1; l <= nl; l++) {
				printf "%s", order[l]
				for (i = 1; i <= no; i++) printf " %.2f", pct[order[l], fs[i]] / n[order[l]]
				printf "\n"
			}
		}' "$R/metrics.txt" >"$R/$kind-$s.dat"
		[ "$(wc -l <"$R/$kind-$s.dat")" -ge 2 ] || return 0
		gnuplot -e "data='$R/$kind-$s.dat'; out='$R/$png'" "$ROOT/analysis/opp-residency.gp" ;;
	placement)
		# the task's CPU at each switch-in
		# shellcheck disable=SC2016 # (awk's field, not the shell's)
		strips "$s" "$kind" "$xmax" --placements '$5' placement.gp || return 0 ;;
	*) die "analysis/report.md.in: no plot kind '$kind' (timeline, signals, residency, placement)" ;;
	esac
	echo "![$(scenario_field "$s" title): $kind](report/$png)"
}

# pareto SCENARIO...: energy against missed deadlines from the runs of the
# scenarios (one workload at several PELT half-lives): a point per setting
# and half-life, the mean of its runs; a line per setting.
pareto() {
	local png=pareto-$1.png titles
	tsv_awk -v list="$*" '
	BEGIN { n = split(list, w, " "); for (i = 1; i <= n; i++) want[w[i]] = 1 }
	(col("workload") in want) && col("energy_mj") ~ /^[0-9.]+$/ && col("miss_pct") ~ /^[0-9.]+$/ {
		k = col("label") " " 32 / col("mult")
		if (!(k in runs)) order[++nk] = k
		runs[k]++; miss[k] += col("miss_pct"); mj[k] += col("energy_mj")
	}
	END { if (tsv_failed) exit 2; for (i = 1; i <= nk; i++) { k = order[i]; printf "%s %.2f %.2f\n", k, miss[k] / runs[k], mj[k] / runs[k] } }
	' "$R/metrics.txt" >"$R/pareto-$1.txt"
	titles=$(titles "$R/pareto-$1.txt" 1)
	[ -n "$titles" ] || return 0
	blocks "$R/pareto-$1.txt" 1 "$titles" 3 4 2 >"$R/pareto-$1.dat"
	gnuplot -e "data='$R/pareto-$1.dat'; out='$R/$png'; titles='$titles'" "$ROOT/analysis/pareto.gp"
	echo "![$(scenario_field "$1" title): energy against missed deadlines, per PELT half-life](report/$png)"
}

# The largest |kernel - model| per scenario, over the runs sampled where
# the model samples (after_update) under a policy whose estimators are fed
# the sample the model replays (analysis/policies: sample dequeue).
model() {
	tsv_awk -v replayed="$(tsv_awk -F ' [|] ' 'col("sample") == "dequeue" { print col("name") }' "$POLICIES")" '
	BEGIN { np = split(replayed, pol, "\n"); for (i = 1; i <= np; i++) want[pol[i] ":after_update"] = 1 }
	col("samples") > 2 && (col("setting") in want) {
		w = col("workload"); if (!(w in n)) o[++nw] = w; n[w]++
		if (col("err_util") > mu[w]) mu[w] = col("err_util")
		if (col("err_ewma") > me[w]) me[w] = col("err_ewma")
		if (col("err_last") > ml[w]) ml[w] = col("err_last")
	}
	END { if (tsv_failed) exit 2; for (i = 1; i <= nw; i++) printf "| %s | %d | %d | %d | %d |\n", o[i], mu[o[i]], me[o[i]], ml[o[i]], n[o[i]] }
	' "$R/metrics.txt"
}

migrations() { # SCENARIO: the first run of each setting's migrations
	ue "$1" --migrations | awk '$3 == 1 {
		k = $2 ~ /\(stock\)/ ? "stock 6.12" : "patched"; s = $2; sub(/\(stock\)/, "", s)
		printf "| %s | %s | %.1f | %d | %d | %d | %d | %d | %d | %d |\n", k, s, $4, $5, $6, $7, $8, $9, $10, $11 }'
}

# boot_tests: each boot's failures, by kernel: the stock one is the build
# whose run.info says it carries no series.
boot_tests() {
	local f log k
	for f in "${data[@]}"; do
		log=${f%.data}
		k=$(run_field "$(dirname "$log")" series)
		[ "$k" = none ] && k="stock 6.12" || k=patched
		grep -h -e '^ *not ok' -e 'empty snapshots' -e 'empty in [0-9]* of' "$log" 2>/dev/null | tr -d '\r' |
			sed "s/^ *# */- $k: /; s/^ *not ok [0-9]* /- $k: FAILED: /" || true
	done
}

# Scenarios the template gives no table of its own: a section each, with
# the figures every run has and the plots its row asks for.
other_scenarios() {
	local s p
	for s in $(scenario_names); do
		in_template "$s" && continue
		printf '## %s\n\n`guest/workloads/%s.json`.\n\n' "$(scenario_field "$s" title)" "${s%%.*}"
		echo "| kernel | setting | top OPP (% of run time) | activation (ms) | estimate, min | estimate, max | OPP changes | runs |"
		echo "|---|---|---|---|---|---|---|---|"
		table "$s" top_pct act_mean_ms est_min est_max opp_changes
		echo
		for p in $(scenario_field "$s" plots | tr , ' '); do plot "$s" "$p"; done
		echo
	done
}

kernels=$(tsv_awk '{ print col("kernel") }' "$R/metrics.txt" | sort -u | tr '\n' ' ')
qemu=$(for f; do settings_words --without "plan seconds status=ok" "${f%.data}.settings"; done | sort -u | tr '\n' ';')
paths=$(tsv_awk 'col("path") != "-" { print col("path") }' "$R/metrics.txt" | sort | uniq -c |
	awk '{ printf "%s%s (%d runs)", sep, $2, $1; sep = ", " }')

while IFS= read -r line; do
	case $line in
	@@table\ *@@) read -ra a <<<"${line//@@/}"; table "${a[@]:1}" ;;
	@@rows\ *@@) read -ra a <<<"${line//@@/}"; rows "${a[@]:1}" ;;
	@@plot\ *@@) read -ra a <<<"${line//@@/}"; plot "${a[1]}" "${a[2]}" ;;
	@@model@@) model ;;
	@@pareto\ *@@) read -ra a <<<"${line//@@/}"; pareto "${a[@]:1}" ;;
	@@migrations\ *@@) read -ra a <<<"${line//@@/}"; migrations "${a[1]}" ;;
	@@boot-tests@@) boot_tests ;;
	@@other-scenarios@@) other_scenarios ;;
	*@@title\ *@@*)
		s=${line#*@@title }; s=${s%%@@*}
		echo "${line/@@title $s@@/$(scenario_field "$s" title)}" ;;
	*@@*)
		line=${line//@@generated@@/$(date -u '+%Y-%m-%d %H:%M UTC')}
		line=${line//@@kernels@@/$kernels}
		line=${line//@@debian@@/$(debian_version)}
		line=${line//@@qemu@@/$qemu}
		echo "${line//@@paths@@/$paths}" ;;
	*) echo "$line" ;;
	esac
done <"$template" >"$OUT/report.md.tmp"
! grep -n '@@' "$OUT/report.md.tmp" >&2 || die "analysis/report.md.in: placeholders left unfilled (above)"
mv "$OUT/report.md.tmp" "$OUT/report.md"
echo "report: $OUT/report.md"
