#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A batch of shards (harness/shards.sh) -> one run per kernel and plan, as a serial boot makes it.
#
#   shards-merge.sh BATCH_DIR
#
# BATCH_DIR is $OUT/shards/BATCH, where every shard's results are (run
# locally, or returned from another host). For each kernel and plan, a run
# of its own, $RUNS/STAMP-COMMIT-KERNEL-PLAN (STAMP: its first shard's
# start), linked from $RUNS/KERNEL/PLAN as a serial boot's is: the shards'
# console logs, data ports and reports one after the other (ue_metrics
# reads the data as one boot's), their counts summed, QEMU's settings and
# run.info (seconds summed; status the first not ok, else ok; a column
# "shards" naming each shard's run), and figures.tsv. Prints each merged
# run's data file, a line each. Fails, naming the shard, if one left no
# results (that kernel and plan are not merged), ran another build of the
# kernel than the others, did not finish its boot, or failed a test on a
# kernel with a series (on the stock kernel a failed test is a finding,
# listed, as make experiments does).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG BATCH_DIR   (\$OUT/shards/BATCH, made by harness/shards.sh)"; }
[ $# -eq 1 ] || usage_die "which batch?"
case $1 in -h|--help) usage; exit 0 ;; -*) usage_die "unknown option $1" ;; esac
batch=$1
[ -f "$batch/shards.tsv" ] || die "no shards.tsv in $batch: name a batch directory that harness/shards.sh made ($OUT/shards/BATCH)"

problems=()
problem() { problems+=("$*"); log "$*"; }

# merge_group KERNEL PLAN: the merged run of that kernel and plan's shards.
merge_group() {
	local kernel=$1 plan=$2 shard tests shard_runs=() names=() counts=() r first started= commit dirty=no seconds=0 status=ok d n=1 base p f s
	while IFS=$'\t' read -r shard tests; do
		r=$(readlink -f "$batch/$shard/runs/$kernel/$plan-${shard##*-}" 2>/dev/null) || r=
		if [ -z "$r" ] || [ ! -f "$r/run.info" ]; then
			problem "shard $shard (kernel $kernel, plan $plan, tests $tests) left no results in $batch/$shard:" \
				"it did not run, or its host did not return them$(shard_said "$batch/$shard")"
			continue
		fi
		shard_runs+=("$r")
		names+=("${r#"$OUT"/}")
		shard_verdict "$shard" "$r"
	done < <(tsv_awk -v k="$kernel" -v p="$plan" 'BEGIN { OFS = "\t" } col("kernel") == k && col("plan") == p { print col("shard"), col("tests") }' \
		"$batch/shards.tsv")
	[ ${#shard_runs[@]} -gt 0 ] || return 0
	[ "$(tsv_awk -v k="$kernel" -v p="$plan" 'col("kernel") == k && col("plan") == p { n++ } END { print n + 0 }' "$batch/shards.tsv")" -eq ${#shard_runs[@]} ] ||
		{ problem "kernel $kernel, plan $plan: not merged, as some of its shards have no results"; return 0; }
	first=${shard_runs[0]}
	for r in "${shard_runs[@]}"; do
		same_build "$first" "$r" || return 0
		[ "$(run_field "$r" dirty)" = no ] || dirty=yes
		seconds=$((seconds + $(run_field "$r" seconds | sed 's/^-$/0/')))
		[ "$status" != ok ] || status=$(run_field "$r" status)
		[ -n "$started" ] && [[ ! $(run_field "$r" started) < $started ]] || started=$(run_field "$r" started)
	done
	commit=$(run_field "$first" commit)
	base=$RUNS/$(date -u -d "$started" +%Y%m%dT%H%M%SZ)-$commit-$kernel-$plan
	d=$base
	mkdir -p "$RUNS"
	until mkdir "$d" 2>/dev/null; do
		n=$((n + 1)) d=$base.$n
		[ $n -le 99 ] || { problem "cannot make a directory $base.N under $RUNS"; return 0; }
	done
	counts=()
	for r in "${shard_runs[@]}"; do
		cat "$r/console.log" >>"$d/console.log" 2>/dev/null || true
		cat "$r/console.log.data" >>"$d/console.log.data" 2>/dev/null || true
		[ ! -f "$r/reports" ] || cat "$r/reports" >>"$d/reports"
		[ ! -f "$r/counts" ] || counts+=("$r/counts")
	done
	read -r p f s < <(counts_sum ${counts[@]+"${counts[@]}"})
	echo "passed=$p failed=$f skipped=$s" >"$d/counts"
	with_values "$first/console.log.settings" seconds "$seconds" status "$status" >"$d/console.log.settings"
	with_values "$first/run.info" started "$started" dirty "$dirty" tag - args "sharded: ${#shard_runs[@]} boots" \
		seconds "$seconds" status "$status" shards "$(IFS=,; echo "${names[*]}")" >"$d/run.info"
	if grep -q '^=== data ' "$d/console.log.data" 2>/dev/null; then
		if build_analysis; then
			scenario_figures "$d/console.log.data" >"$d/figures.tsv" || { rm -f "$d/figures.tsv"; problem "no figures from $d/console.log.data"; }
		else
			problem "the analysis tools do not build (make analysis): no figures in $d"
		fi
	fi
	mkdir -p "$RUNS/$kernel"
	ln -s "../$(basename "$d")" "$RUNS/$kernel/$plan.new" && mv -T "$RUNS/$kernel/$plan.new" "$RUNS/$kernel/$plan"
	log "kernel $kernel, plan $plan: ${#shard_runs[@]} shards merged into $d (latest: $RUNS/$kernel/$plan)"
	echo "$d/console.log.data"
}

# with_values RECORD NAME VALUE...: the record (a header, one row) with
# those columns' values, a column it lacks added at its end.
with_values() {
	local f=$1
	shift
	tsv_awk -v set="$(printf '%s\t' "$@")" 'BEGIN { OFS = "\t"; n = split(set, kv, "\t") - 1 }
		{ h = ""; for (i = 1; i <= tsv_n; i++) h = h (i > 1 ? OFS : "") tsv_name[i]
		  for (j = 1; j < n; j += 2) {
			for (i = 1; i <= tsv_n && tsv_name[i] != kv[j]; i++) ;
			if (i > tsv_n) { h = h OFS kv[j]; $0 = $0 OFS kv[j + 1] } else $i = kv[j + 1]
		  }
		  print h; print }' "$f"
}

# shard_said DIR: what the shard's own record says, if it has one.
shard_said() {
	[ -f "$1/shard.info" ] || return 0
	tsv_awk '{ printf " (it ran on %s, exit status %s)", col("host"), col("status") }' "$1/shard.info"
}

# shard_verdict SHARD RUN: a boot that did not finish, or failed tests on a
# kernel with a series, is a problem; the stock kernel's failures are findings.
shard_verdict() {
	local f
	if [ ! -f "$2/counts" ]; then
		problem "shard $1 failed: its boot did not finish (QEMU ended $(run_field "$2" status)): $2/console.log"
		return
	fi
	read -r _ f _ < <(counts_sum "$2/counts")
	[ "$f" -gt 0 ] || return 0
	if [ "$(run_field "$2" series)" = none ]; then
		log "shard $1: the stock kernel failed $f tests, a finding: $2/console.log"
	else
		problem "shard $1 failed $f tests: $2/console.log"
	fi
}

# same_build FIRST RUN: both runs booted the same build of the kernel.
same_build() {
	local c
	for c in release config_sha256 series platform icount smp; do
		[ "$(run_field "$1" "$c")" = "$(run_field "$2" "$c")" ] && continue
		problem "shard run $2 booted another kernel or QEMU ($c $(run_field "$2" "$c"), not $(run_field "$1" "$c") as $1):" \
			"build the same kernel on every host; not merged"
		return 1
	done
}

while IFS=$'\t' read -r kernel plan; do
	merge_group "$kernel" "$plan"
done < <(tsv_awk 'BEGIN { OFS = "\t" } !seen[col("kernel"), col("plan")]++ { print col("kernel"), col("plan") }' "$batch/shards.tsv")
[ ${#problems[@]} -eq 0 ] || die "${#problems[@]} problem(s) with the shards of $batch (above)"
