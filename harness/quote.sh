#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The docs' figures, made from the records in results/ (harness/record.sh
# copies them from kept runs), never typed by hand:
#
#   quote.sh table     README.md's table: make check and make demo, cold
#                      and warm, make experiments (serial) and make bakeoff
#                      (sharded), each the latest passing run recorded
#   quote.sh history   docs/history.md's generated part: a section a record
#   quote.sh cover     the lab cover letter's measured part: a paragraph a
#                      record, its headline figures in words
#   quote.sh write     all three into their docs, between their markers
#                      (make quote)
#   quote.sh write-cover  the cover letter's alone (make patches)
#   quote.sh check     fails naming what differs between a doc's generated
#                      part and what the records give, a record without
#                      run.info, or a cover letter's figure with a unit
#                      typed outside its measured part (tests/test-quote.sh
#                      runs it)
#
# --readme FILE, --history FILE, --cover FILE: other docs (the tests' own).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

README_MARKS=('<!-- quote:begin -->' '<!-- quote:end -->')
HISTORY_MARKS=('<!-- history:begin -->' '<!-- history:end -->')
# The columns docs/history.md shows of each kind of table (all of them if
# none of these): the figures a reader compares, not every one.
FIGURES_VIEW="workload label rep acts act_mean_ms top_pct est_mean miss_pct energy_mj"
BENCH_VIEW="kernel smp workload groups setting base n ratio_mean ci_lo ci_hi"

usage() { echo "usage: $PROG [--readme FILE] [--history FILE] [--cover FILE] table|history|cover|write|write-cover|check"; }
readme=$ROOT/README.md history=$ROOT/docs/history.md cover=$ROOT/patches/lab/0000-cover-letter.patch verb=
# The cover letters whose typed figures check looks for: every series'.
covers=("$ROOT"/patches/*/0000-cover-letter.patch)
while [ $# -gt 0 ]; do
	case $1 in
	--readme)  [ $# -ge 2 ] || usage_die "--readme needs a file"; readme=$2; shift ;;
	--history) [ $# -ge 2 ] || usage_die "--history needs a file"; history=$2; shift ;;
	--cover)   [ $# -ge 2 ] || usage_die "--cover needs a file"; cover=$2; covers=("$2"); shift ;;
	table|history|cover|write|write-cover|check) verb=$1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -n "$verb" ] || usage_die "say what to do: table, history, write or check"

# TOOK: awk's took(S), a duration in seconds as the docs write it.
TOOK='function took(s) { return s < 60 ? s " s" : int(s / 60) " min " s % 60 " s" }'

# records: the records' directories, oldest name first; a directory
# without run.info is an error naming it.
records() {
	local d
	[ -d "$RESULTS" ] || return 0
	find "$RESULTS" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | LC_ALL=C sort | while read -r d; do
		[ -f "$d/run.info" ] ||
			die "results/$(basename "$d") has no run.info, so it is no record: make it again with make record RUN=... (or remove it)"
		echo "$d"
	done
}

# table: the README's table, from the records' timing.tsv.
table() {
	local files=() d
	while read -r d; do
		[ ! -f "$d/timing.tsv" ] || files+=("$d/timing.tsv")
	done < <(records)
	[ ${#files[@]} -gt 0 ] || files=(/dev/null)
	tsv_awk "$TOOK"'
	col("failed") == 0 && col("started_utc") > at[col("what") "/" col("cold")] {
		k = col("what") "/" col("cold")
		at[k] = col("started_utc")
		name = FILENAME; sub(/\/timing\.tsv$/, "", name); sub(/.*\//, "", name)
		# A note kept with the record (record.sh --note) goes with its time.
		note = FILENAME; sub(/timing\.tsv$/, "note.txt", note)
		line = ""; if ((getline line < note) > 0) line = " (" line ")"; close(note)
		row[k] = took(col("seconds")) line " | " col("passed") " passed, " col("failed") " failed" \
			(col("skipped") > 0 ? ", " col("skipped") " skipped" : "") " | " \
			substr(at[k], 1, 10) " " substr(at[k], 12, 5) " | " col("commit") " | " col("cores") \
			" | [" name "](results/" name "/)"
	}
	END {
		if (tsv_failed) exit 2
		print "| command | kernel builds | took | result | when (UTC) | commit | cores | record |"
		print "|---|---|---|---|---|---|---|---|"
		# make demo ends with make experiments (serial); make bakeoff runs
		# the same sharded, on kernels built before.
		n = split("check/yes check/no demo/yes demo/no experiments/no bakeoff/no", keys, " ")
		builds["yes"] = "cold: empty build dirs"; builds["no"] = "warm: build dirs kept"
		how["experiments"] = "serial, kernels built"; how["bakeoff"] = "sharded, kernels built"
		for (i = 1; i <= n; i++) {
			split(keys[i], w, "/")
			printf "| `make %s` | %s | %s |\n", w[1], w[1] in how ? how[w[1]] : builds[w[2]],
				keys[i] in row ? row[keys[i]] : "not recorded | - | - | - | - | -"
		}
	}' "${files[@]}"
}

# md_table VIEW FILE: a record's table in Markdown, the columns of VIEW
# it has (all of them if none).
md_table() {
	tsv_awk -v view="$1" '
	function cell(v) { gsub(/\|/, "\\|", v); return v }
	!n {
		m = split(view, want, " ")
		for (i = 1; i <= m; i++) if (has(want[i])) show[++n] = want[i]
		if (!n) for (i = 1; i <= tsv_n; i++) show[++n] = tsv_name[i]
		for (i = 1; i <= n; i++) { h = h "| " show[i] " "; s = s "|---" }
		print h "|"; print s "|"
	}
	{ r = ""; for (i = 1; i <= n; i++) r = r "| " cell(col(show[i])) " "; print r "|"; rows++ }
	END { if (!tsv_failed && !rows) print "(no rows)" }' "$2"
}

# run_line DIR: the record's run.info on one line, "column value" each,
# a "-" left out.
run_line() {
	tsv_awk '{ for (i = 1; i <= tsv_n; i++) if ($i != "-") s = s (s == "" ? "" : " · ") tsv_name[i] " " $i; print s }' \
		"$1/run.info"
}

# section DIR: one record's section of the history.
section() {
	local d=$1 f view
	printf '### %s\n\n' "$(basename "$d")"
	printf 'Run: %s.\n' "$(run_line "$d")"
	[ ! -f "$d/note.txt" ] || printf '\nNote: %s\n' "$(cat "$d/note.txt")"
	[ ! -f "$d/counts" ] ||
		counts_sum "$d/counts" | awk '{ printf "\nResults: passed %s failed %s skipped %s.\n", $1, $2, $3 }'
	for f in $RECORD_TABLES; do
		[ -f "$d/$f" ] || continue
		case $f in figures.tsv) view=$FIGURES_VIEW ;; timing.tsv) view= ;; *) view=$BENCH_VIEW ;; esac
		printf '\n%s:\n\n' "$f"
		md_table "$view" "$d/$f"
	done
	echo
}

# history_part: the history's generated part, newest record first.
history_part() {
	local d all
	all=$(records)
	echo "## Recorded (results/)"
	echo
	echo "Generated by \`make quote\` (harness/quote.sh) from results/, newest first:"
	echo "each record is a kept run's copy (\`make record\`). Do not edit this part."
	echo
	[ -n "$all" ] || { echo "No records yet."; echo; return; }
	while read -r d; do section "$d"; done < <(LC_ALL=C sort -r <<<"$all")
}

# cover_part: the cover letter's measured part, oldest record first: a
# paragraph a record, what it ran and when, then its figures in words
# (each table the record has gives its own lines).
cover_part() {
	local d
	while read -r d; do
		cover_record "$d"
	done < <(records)
}

# cover_record DIR: one record's paragraph, its lines indented as the
# cover letter's lists are, at most 72 columns.
cover_record() {
	local d=$1 name verbs
	name=$(basename "$d")
	verbs=$(make_verbs | tr '\n' ' ') || die "cannot tell a make verb from a plan: fix the Makefile's .PHONY line"
	{
		tsv_awk -v name="$name" '{ t = col("started"); sub(/T/, " ", t); sub(/:[0-9]*Z$/, " UTC", t)
			# A command run says its cores, a boot run its kernel and plan.
			printf "results/%s, %s, commit %s, %s:\n", name, t, col("commit"),
				has("cores") ? col("cores") " cores" : col("kernel") " kernel, plan " col("plan") }' "$d/run.info"
		[ ! -f "$d/note.txt" ] || printf '%s.\n' "$(sed 's/\.$//' "$d/note.txt")"
		[ ! -f "$d/timing.tsv" ] || tsv_awk -v verbs=" $verbs" "$TOOK"'{
			printf "%s, build dirs %s: %s passed, %s failed, %s skipped in %s.\n",
				(index(verbs, " " col("what") " ") ? "make " : "plan ") col("what"),
				col("cold") == "yes" ? "cold" : col("cold") == "no" ? "warm" : "partly cold",
				col("passed"), col("failed"), col("skipped"), took(col("seconds")) }' "$d/timing.tsv"
		[ ! -f "$d/compare.tsv" ] || tsv_awk '{
			printf "plan %s, run %s against run %s: of %s figures in %s settings, %s the same, %s within the first run%ss range, %s outside it.\n",
				col("plan"), col("run_a"), col("run_b"), col("figures"), col("keys"), col("same"), col("within"), "\047", col("outside") }' "$d/compare.tsv"
		[ ! -f "$d/insn-diff.tsv" ] || tsv_awk '
			function abs(x) { return x < 0 ? -x : x }
			col("function") == "total" { a = tsv_name[2]; b = tsv_name[3]; ta = $2; tb = $3; td = col("diff"); next }
			col("function") != "other" { n++; f[n] = col("function"); dd[n] = col("diff") }
			END {
				printf "kernel instructions a pinned ping-pong round trip (QEMU counts them, harness/insn_profile.sh): %s %s, %s %s, %+.2f", a, ta, b, tb, td
				# the five largest differences, by size
				for (k = 1; k <= 5 && k <= n; k++) {
					m = 0
					for (i = 1; i <= n; i++) if (!(i in used) && (!m || abs(dd[i]) > abs(dd[m]))) m = i
					used[m]; printf "%s %s %s", k == 1 ? "; most in" : ",", f[m], dd[m]
				}
				printf ".\n" }' "$d/insn-diff.tsv"
		for f in cross.tsv by-setting.tsv keys-cross.tsv keys.tsv; do
			[ -s "$d/$f" ] || continue
			tsv_awk -v f="$f" '
			function pct(r) { return sprintf("%+.2f%%", (r - 1) * 100) }
			col("workload") == "pipe" {
				# Records before the default was renamed ("mainline") were
				# taken with the keys of the lab left on by the warm-up.
				when = col("setting") == "mainline" ? ", after the boot'"'"'s policy switches" : f ~ /keys/ ? "" : ", the lab'"'"'s keys off"
				what = f ~ /cross/ ? "the series (" col("setting") when ") against stock 6.12 (" col("base") ")" \
					: (col("build") == "stock" ? "stock 6.12, " : "") col("setting") " against " col("base")
				printf "pipe ping-pong, %s vCPU(s)%s, %s: %s [%s, %s], %s pairs.\n",
					col("smp"), f ~ /keys/ ? ", own policies'"'"' keys on" : "", what,
					pct(col("ratio_mean")), pct(col("ci_lo")), pct(col("ci_hi")), col("n") }' "$d/$f"
		done
		[ ! -f "$d/stress.tsv" ] || tsv_awk '{
			printf "%s kernel: a %s s storm, %s vCPUs: %s policy and %s sample-point switches, %s UTIL_EST toggles, %s PELT multiplier changes, %s own policies, %s hotplug cycles, %s forks; %s splats; %s residues in %s empty-CPU checks; %s.\n",
				col("kernel"), col("seconds"), col("cpus"), col("policy_switches"), col("sample_switches"),
				col("util_est_toggles"), col("pelt_switches"), col("own_policy_changes"), col("hotplug_cycles"),
				col("forks"), col("splats"), col("idle_residues"), col("idle_checks"), col("results") }' "$d/stress.tsv"
		[ ! -f "$d/latency.tsv" ] || tsv_awk '
			col("quiet_max_us") == "-" {
				printf "%s kernel: no figure (its crowd formed in %s s; the boot ended before cyclictest reported).\n",
					col("kernel"), col("formed_s"); next }
			{
			printf "%s kernel: %s spinning threads (formed in %s s); an RT task'"'"'s worst wake-up %s us alone, %s us during %s policy switches (means %s and %s us)",
				col("kernel"), col("threads"), col("formed_s"), col("quiet_max_us"), col("switching_max_us"),
				col("switches"), col("quiet_avg_us"), col("switching_avg_us")
			if (has("write_max_us") && col("write_max_us") != "-")
				printf "; a switch took up to %s us (mean %s us)", col("write_max_us"), col("write_avg_us")
			if (has("samekeys_write_max_us") && col("samekeys_write_max_us") != "-")
				printf "; among policies keeping the same static keys, up to %s us (mean %s us), the RT task'"'"'s worst %s us (mean %s us)",
					col("samekeys_write_max_us"), col("samekeys_write_avg_us"), col("samekeys_max_us"), col("samekeys_avg_us")
			if (has("failed") && col("failed") != "-" && col("failed") != "0")
				printf "; the boot failed %s of its checks (its log names the kernel reports)", col("failed")
			printf ".\n" }' "$d/latency.tsv"
		[ ! -f "$d/repeat.tsv" ] || tsv_awk '
			{ n++; plan = col("plan"); clean += col("failed") == "0"
			  if (col("passed") != "-" && (lo == "" || col("passed") + 0 < lo)) lo = col("passed") + 0
			  if (col("passed") != "-" && col("passed") + 0 > hi) hi = col("passed") + 0 }
			END { if (n) printf "%d boots of plan %s in a row: %d with 0 failures (%s to %s passed a boot).\n",
				n, plan, clean, lo == "" ? "-" : lo, hi == "" ? "-" : hi }' "$d/repeat.tsv"
	} | fold -s -w 69 | sed 's/ *$//; 1s/^/ - /; 1!s/^/   /'
}

# splice FILE BEGIN END CONTENT: FILE with the lines between its markers
# replaced by the file CONTENT's, into FILE.new; fails unless FILE has
# each marker once, in order.
splice() {
	[ -f "$1" ] || die "no $1: it holds the generated part between '$2' and '$3'"
	awk -v b="$2" -v e="$3" -v f="$4" '
	$0 == b { print; while ((getline l < f) > 0) print l; skip = 1; nb++; next }
	$0 == e { if (!skip) bad = 1; skip = 0; ne++ }
	!skip { print }
	END { exit (nb != 1 || ne != 1 || bad) ? 3 : 0 }' "$1" >"$1.new" ||
		{ rm -f "$1.new"; die "$1 needs one line '$2' and, after it, one line '$3' around its generated part: add them"; }
}

# write_doc FILE BEGIN END CMD: CMD's output between FILE's markers.
write_doc() {
	local file=$1 b=$2 e=$3 gen
	shift 3
	gen=$(mktemp)
	"$@" >"$gen" || { rm -f "$gen"; return 1; }
	splice "$file" "$b" "$e" "$gen"
	rm -f "$gen"
	mv "$file.new" "$file"
	log "wrote ${file#"$ROOT"/}"
}

# check_doc FILE BEGIN END WHAT CMD: fails naming FILE if its generated
# part is not CMD's output.
check_doc() {
	local file=$1 b=$2 e=$3 what=$4 want
	shift 4
	[ -f "$file" ] || die "no $file: make quote writes its $what"
	want=$("$@")
	if ! grep -qxF "$b" "$file" || ! grep -qxF "$e" "$file"; then
		die "$file has no '$b' ... '$e' around its $what: add them, then make quote"
	fi
	diff -u --label "$file ($what)" --label "from results/ (make quote)" \
		<(printf '%s\n' "$(marked inside "$file" "$b" "$e")") - <<<"$want" >&2 ||
		die "$file: its $what is not what results/ gives (a figure typed by hand, or a record added since): make quote"
}

# Figures with a unit that cover letters state outside their measured
# part and that are the design's, not measurements: PELT's half-life,
# v6.12's margin, the PELT multiplier's half-lives, the bench's interval
# and its goal. Each is a phrase on one line.
DESIGN_FIGURES=('a 32 ms half-life' 'within 1%' '32, 16 or 8 ms' '95% interval' 'within +0.5% of stock')

# typed_figures FILE: FILE's lines outside its measured part that hold a
# figure with a unit (ms, us, s, %, mJ), the design's phrases left out.
typed_figures() {
	marked outside "$1" "${COVER_MARKS[@]}" | awk -v allow="$(printf '%s\n' "${DESIGN_FIGURES[@]}")" '
	BEGIN { n = split(allow, a, "\n") }
	{
		l = $0
		for (i = 1; i <= n; i++)
			if (a[i] != "") while ((k = index(l, a[i]))) l = substr(l, 1, k - 1) substr(l, k + length(a[i]))
		if (l ~ /(^|[^A-Za-z0-9_.])[+-]?[0-9][0-9.,]*[ -]?(ms|us|s|%|mJ)([^A-Za-z0-9_]|$)/) print
	}'
}

# check_typed FILE: fails naming FILE's figures typed by hand.
check_typed() {
	local typed
	typed=$(typed_figures "$1")
	[ -z "$typed" ] || die "$1: a figure typed by hand outside its measured part: $(tr -s ' \t\n' ' ' <<<"$typed")- record its run (make record) for make quote to write it, or say it without the figure"
}

records >/dev/null
case $verb in
table) table ;;
history) history_part ;;
cover) cover_part ;;
write)
	write_doc "$readme" "${README_MARKS[@]}" table
	write_doc "$history" "${HISTORY_MARKS[@]}" history_part
	write_doc "$cover" "${COVER_MARKS[@]}" cover_part ;;
write-cover) write_doc "$cover" "${COVER_MARKS[@]}" cover_part ;;
check)
	check_doc "$readme" "${README_MARKS[@]}" "table" table
	check_doc "$history" "${HISTORY_MARKS[@]}" "generated history" history_part
	check_doc "$cover" "${COVER_MARKS[@]}" "measured part" cover_part
	for c in "${covers[@]}"; do check_typed "$c"; done
	echo "README.md's table, docs/history.md and the lab's cover letter agree with results/ ($(records | wc -l) records); no cover letter types a figure outside its measured part" ;;
esac
