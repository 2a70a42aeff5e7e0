#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# bench data and bench_stats' comparisons -> out/bench.md and its plot.
#
#   bench-report.sh [--run DIR] --icount SHIFT --took SECONDS [--footprint FILE] DATA...
#
# Reads the bench's run DIR (default: the latest, $OUT/runs/make/bench):
# by-setting.tsv (each setting against off, per boot), cross.tsv (the
# patched kernel's ewma_fastup against the stock kernel's util_est) and
# noise.tsv (the same as by-setting, without -icount), as harness/bench.sh
# leaves them; the plot goes to $OUT/bench/, beside out/bench.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--run DIR] --icount SHIFT --took SECONDS [--footprint FILE] DATA..."; }
R=$RUNS/make/bench icount= took= footprint=
while [ $# -gt 0 ]; do
	case $1 in
	--run)       [ $# -ge 2 ] || usage_die "--run needs the bench's run directory"; R=$2; shift ;;
	--icount)    [ $# -ge 2 ] || usage_die "--icount needs a shift"; icount=$2; shift ;;
	--took)      [ $# -ge 2 ] || usage_die "--took needs seconds"; took=$2; shift ;;
	--footprint) [ $# -ge 2 ] || usage_die "--footprint needs a file"; footprint=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ -n "$icount" ] && [ -n "$took" ] && [ $# -gt 0 ] || usage_die "--icount, --took and data files are required"
B=$OUT/bench
mkdir -p "$B"
for f in "$R/by-setting.tsv" "$R/cross.tsv" "$R/noise.tsv" "$@"; do
	[ -f "$f" ] || die "$f not found (harness/bench.sh writes it: make bench)"
done
build_analysis || die "the analysis tools do not build (make analysis)"

# rows FILE BUILD: a table row per comparison (bench_stats' record) whose
# build (patched, stock, from each boot's run.info) matches the regex
# BUILD: ratio's mean [95% CI], median (min-max), n, and what went with it.
rows() {
	tsv_awk -v build="$2" '
	col("build") ~ build {
		pct = (col("ratio_mean") - 1) * 100
		printf "| %s | %s | %s | %s vs %s | %+.2f%% [%+.2f, %+.2f] | %.4f (%.4f-%.4f) | %d | %.3f | %s / %s |\n",
			col("smp"), col("workload"), col("workload") == "pipe" ? "-" : col("groups"),
			col("setting"), col("base"), pct, (col("ci_lo") - 1) * 100, (col("ci_hi") - 1) * 100,
			col("ratio_median"), col("ratio_min"), col("ratio_max"), col("n"),
			col("ctxt_ratio"), col("idle_pct"), col("base_idle_pct")
	}' "$1"
}
header='| vCPUs | workload | groups | comparison | time, mean [95% CI] | ratio, median (min-max) | rounds | switches ratio | idle % / base |
|---|---|---|---|---|---|---|---|---|'

# Per operation: the ping-pong's extra time per round trip (two wakeups,
# two sleeps: two enqueue/dequeue pairs), in guest ns and, since -icount
# makes a guest ns 2^-SHIFT instructions, in instructions per pair.
per_op() {
	tsv_awk -v shift="$icount" '
	col("workload") == "pipe" {
		ns = col("diff_mean") * 1000; lo = col("diff_lo") * 1000; hi = col("diff_hi") * 1000
		per = 2 ^ shift
		build = col("build"); sub(/\//, " / ", build)
		printf "| %s | %s | %s vs %s | %+.1f [%+.1f, %+.1f] | %+.1f [%+.1f, %+.1f] | %d |\n",
			build,
			col("smp"), col("setting"), col("base"), ns, lo, hi,
			ns / per / 2, lo / per / 2, hi / per / 2, col("n")
	}' "$@"
}

# Migrations and switches in the one traced run per setting (bench_stats
# --moves: the blocks' M lines).
moves() {
	"$OUT/bin/bench_stats" --moves "$@" | tsv_awk '{
		printf "| %s | %s | %s | %s | %s | %s |\n", col("build"), col("smp"),
			col("groups"), col("setting"), col("migrations"), col("switches")
	}'
}

# The plot: each comparison's mean ratio and interval per scale point.
tsv_awk '
col("workload") == "hackbench" {
	label = (col("build") ~ /\// ? "patched ewma_fastup / stock" : (col("build") == "stock" ? "stock on" : col("setting"))) " vs " (col("build") ~ /\// ? "" : "off")
	sub(/ vs $/, "", label)
	x = col("smp") "/" col("groups")
	if (!(x in xi)) { xi[x] = ++nx; xs[nx] = x }
	if (!(label in li)) { li[label] = ++nl; ls[nl] = label }
	v[li[label], xi[x]] = col("ratio_mean") " " col("ci_lo") " " col("ci_hi")
}
END {
	if (tsv_failed) exit 2
	for (l = 1; l <= nl; l++) {
		if (l > 1) printf "\n\n"	# a block a comparison, none empty
		printf "\"%s\"\n", ls[l]
		for (x = 1; x <= nx; x++) if ((l, x) in v) printf "%d \"%s\" %s\n", x, xs[x], v[l, x]
	}
}' "$R/cross.tsv" "$R/by-setting.tsv" >"$B/plot.dat"
if command -v gnuplot >/dev/null && [ -s "$B/plot.dat" ]; then
	gnuplot -e "data='$B/plot.dat'; out='$B/overhead.png'" "$ROOT/analysis/bench.gp" ||
		die "gnuplot could not draw $B/overhead.png"
fi

kernels=$(kv_awk '/^=== bench .* begin ===$/ { print kv($0, "kernel") }' "$@" | sort -u | tr '\n' ' ')
qemu=$(for f; do settings_words --without "plan seconds status smp" "${f%.data}.settings" 2>/dev/null; done | sort -u | tr '\n' ';')
params=$(grep -ho 'ue\.bench_[a-z]*=[^ ]*' "${1%.data}" 2>/dev/null | sort -u | tr '\n' ' ' || true)

{
cat <<EOR
# util_est for Linux 6.12: what it costs

Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`harness/bench.sh\` (\`make bench\`), in $(( took / 60 )) min.
Its comparisons are kept in \`$(readlink -f "$R")\` (\`make record RUN=...\` copies them into results/).

- Kernels: $kernels(Debian linux-source-6.12 $(debian_version)); the stock
  and the patched ("-utilest-bench") kernels are built from the same
  config (\`configs/base.config\`), so they differ by the series alone.
- QEMU: $qemu -icount shift=$icount: guest time counts instructions
  (one guest ns is 2^-$icount instructions), so host load cannot move it,
  and it measures instructions, not caches or branch prediction.
- Parameters: ${params:-see harness/bench.sh}. Round 0 is a warm-up;
  every other round ran each setting once, their order rotated from one
  round to the next. Ratios pair two settings within a round; *time* is
  their mean's change with its 95% confidence interval (Student's t over
  the rounds), then the ratio's median and range.
- Workloads: \`hackbench -p -T -g G -l L\` (threads over pipes, as the
  RFC's \`perf bench sched messaging --pipe --thread\`; 40 tasks a group)
  and \`perf bench sched pipe\` pinned to CPU 0 (a ping-pong: placement
  cannot differ, so its difference is the code's own cost).
- *switches ratio* and *idle %* say what else changed: context switches
  in the run, against the base's, and the CPUs' idle share. util_est
  moves tasks, and hackbench's time follows the schedule as much as the
  code.
- Settings flipped between runs: the patched kernel's off and default
  policy run once its lab's static keys are off again (its
  util_est_keys empty: guest/experiments/bench.sh waits for it), so they
  run the code v6.12 runs; the RFC's policies run the lab's paths (and,
  in the keys boot, every setting does). The stock
  kernel's NO_UTIL_EST flips can leave residues in its sums (the bug the
  fixes' patch 4 fixes), which its on/off anchor is measured with.

## The series' whole cost: patched (its default policy, the lab's keys off) against stock 6.12

Both with UTIL_EST on. Goal: at most +0.5%.

$header
$(rows "$R/cross.tsv" .)

## Each setting against UTIL_EST off, in one boot

The patched kernel's policies against its NO_UTIL_EST, and the stock
kernel's util_est against its own NO_UTIL_EST beside them as the anchor.
Goal: each policy within 0.5% of off.

$header
$(rows "$R/by-setting.tsv" '^patched$')
$(rows "$R/by-setting.tsv" '^stock$')

## Per operation

The pinned ping-pong's extra time per round trip against the base, and
that in instructions per enqueue+dequeue pair (a round trip has two).

| kernel | vCPUs | comparison | ns per round trip, mean [95% CI] | instructions per pair | rounds |
|---|---|---|---|---|---|
$(per_op "$R/cross.tsv" "$R/by-setting.tsv")

## Scale

Each comparison's mean change per vCPU count and hackbench group count
(40, 400 and 1600 tasks), with its 95% interval: it should not grow with
tasks or CPUs.

![overhead per scale point](bench/overhead.png)

## What moved

One traced run per setting (\`sched:sched_migrate_task\` and
\`sched:sched_switch\`, not timed) of the middle group count:

| kernel | vCPUs | groups | setting | migrations | switches |
|---|---|---|---|---|---|
$(moves "$@")
EOR
if [ -s "$R/noise.tsv" ]; then
cat <<EOR

## The noise floor of plain TCG

The patched kernel's settings against off once more, without -icount:
host load moves these.

$header
$(rows "$R/noise.tsv" .)
EOR
fi
if [ -s "$R/keys.tsv" ]; then
cat <<EOR

## Once a task has a policy of its own

The patched kernel booted again, a task given a policy of its own first
(util_est_task): the keys of tasks' own policies stay on for good. Its
settings against its off, then its default against stock.

$header
$(rows "$R/keys.tsv" .)
$(rows "$R/keys-cross.tsv" .)
EOR
fi
if [ -n "$footprint" ]; then
cat <<EOR

## Footprint

pahole on \`kernel/sched/fair.o\` built with debug info from each
kernel's config:

| struct | stock (bytes) | patched (bytes) | stock (cache lines) | patched (cache lines) |
|---|---|---|---|---|
$(tsv_awk '{ printf "| %s | %s | %s | %s | %s |\n", col("struct"), col("stock"), col("patched"), col("stock_lines"), col("patched_lines") }' "$footprint")

\`scripts/bloat-o-meter\` of vmlinux, stock against patched:

\`\`\`
$(cat "${footprint%.*}-bloat.txt")
\`\`\`

Static branch sites (jump labels, tracepoints) by function where the
series changes their number: each is a nop that a pass through it
executes while its key is off (\`analysis/jump_sites.c\`):

| function | stock | patched |
|---|---|---|
$([ ! -f "${footprint%.*}-sites.tsv" ] ||
	tsv_awk '{ printf "| %s | %s | %s |\n", col("function"), col("stock"), col("patched") }' "${footprint%.*}-sites.tsv")

The series' sched_entity, where its fields sit
(\`$(basename "${footprint%.*}")-sched_entity.txt\` beside \`$(basename "$footprint")\`).
EOR
fi
} >"$OUT/bench.md.tmp"
mv "$OUT/bench.md.tmp" "$OUT/bench.md"
log "report: $OUT/bench.md"
