#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Where a kernel's instructions go in a pinned ping-pong round trip, by
# function, and how two kernels differ there: the bench's pipe ratio
# (harness/bench.sh) taken apart.
#
#   insn_profile.sh [--kernels A,B] [--pairs N] [--icount SHIFT] [--append ARGS]
#   insn_profile.sh --fold ELF COUNTS    one step alone (fold, below)
#   insn_profile.sh --per K N SHORT LONG another (per_round_trip)
#   insn_profile.sh --diff A B PROFILE   another (diff_kernels)
#
# Each kernel boots twice, one vCPU, under -icount and nokaslr, running
# plan pipe (perf bench sched pipe on CPU 0) with N round trips and then
# 2N, QEMU counting every kernel instruction that runs (analysis/
# insn_prof.c, a TCG plugin). What the second boot ran more, over N, is a
# round trip's cost: the boot itself, the same in both, falls out. The
# counts are instructions, not time: caches and branch prediction do not
# show, and QEMU's timer interrupts land where the guest's instruction
# count puts them. The run (suite_run insn) keeps:
#   profile.tsv   kernel function insns: instructions a round trip
#   insn-diff.tsv function A B diff: the two kernels side by side, the
#                 functions whose counts differ by half an instruction
#                 or more, most added first; a row "other" for the rest,
#                 and a row "total" (make record keeps this one)
# --append adds to both kernels' command lines (ue.* settings, say:
# ue.pipe_policy=NAME profiles the patched kernel under util_est policy
# NAME against a stock kernel as it ships).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() { echo "usage: $PROG [--kernels A,B] [--pairs N] [--icount SHIFT] [--append ARGS]"; }

# fold ELF COUNTS: COUNTS' "address count" lines (the plugin's, hex
# addresses of 16 digits) added up by the ELF's function that holds each
# address, "function count" a line ("-" before its first function).
# Symbols and counts go in one address order, a function's name before
# its counts, so each count falls to the last name before it.
fold() {
	{
		nm --defined-only "$1" | awk '$2 ~ /^[tTwW]$/ { print $1, "F", $3 }'
		awk '{ print $1, "C", $2 }' "$2"
	} | LC_ALL=C sort -k1,1 -k2,2r |
		awk '$2 == "F" { f = $3; next } { n[f == "" ? "-" : f] += $3 } END { for (f in n) print f, n[f] }'
}

# per_round_trip KERNEL N SHORT LONG: the fold of a boot of N round trips
# (SHORT) and of 2N (LONG) -> "KERNEL function insns" rows (profile.tsv's),
# what LONG ran more over N, by function name, for every function either
# ran (one that a boot did not run counts 0 there) that differs.
per_round_trip() {
	awk -v k="$1" -v n="$2" 'FNR == NR { a[$1] = $2; next } { b[$1] = $2 }
		END {
			for (f in a) b[f] += 0
			for (f in b) if (b[f] != a[f]) printf "%s\t%s\t%.2f\n", k, f, (b[f] - a[f]) / n
		}' "$3" "$4" | LC_ALL=C sort -t "$(printf '\t')" -k2,2
}

# diff_kernels A B PROFILE: kernels A and B of PROFILE (profile.tsv) side
# by side: the functions whose counts differ by half an instruction or
# more, most added first, then a row "other" for the rest and a row
# "total".
diff_kernels() {
	tsv_awk -v a="$1" -v b="$2" '
	{ v[col("function"), col("kernel")] = col("insns"); fn[col("function")] }
	END {
		sort = "sort -t \"\t\" -k4,4gr -k1,1"
		print "function\t" a "\t" b "\tdiff"
		for (f in fn) {
			x = v[f, a] + 0; y = v[f, b] + 0; ta += x; tb += y
			if (y - x >= 0.5 || x - y >= 0.5)
				printf "%s\t%.2f\t%.2f\t%+.2f\n", f, x, y, y - x | sort
			else { oa += x; ob += y }
		}
		close(sort)
		printf "other\t%.2f\t%.2f\t%+.2f\n", oa, ob, ob - oa
		printf "total\t%.2f\t%.2f\t%+.2f\n", ta, tb, tb - ta
	}' "$3"
}

case ${1-} in
--fold) [ $# -eq 3 ] || usage_die "--fold needs an ELF and a counts file"; fold "$2" "$3"; exit ;;
--diff) [ $# -eq 4 ] || usage_die "--diff needs two kernels and a profile"; diff_kernels "$2" "$3" "$4"; exit ;;
--per) [ $# -eq 5 ] || usage_die "--per needs a kernel, N and two folds"; per_round_trip "$2" "$3" "$4" "$5"; exit ;;
esac

kernels=stock,bench pairs=100000 icount=3 append=
while [ $# -gt 0 ]; do
	case $1 in
	--kernels) [ $# -ge 2 ] && [[ $2 =~ ^[a-z-]+,[a-z-]+$ ]] || usage_die "--kernels needs two kinds, A,B"; kernels=$2; shift ;;
	--pairs)   [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_die "--pairs needs a number of round trips"; pairs=$2; shift ;;
	--icount)  [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage_die "--icount needs a shift"; icount=$2; shift ;;
	--append)  [ $# -ge 2 ] || usage_die "--append needs arguments"; append=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
IFS=, read -r ka kb <<<"$kernels"
for k in "$ka" "$kb"; do
	kernel_source "$k" >/dev/null
	[ -f "$(build_dir "$k")/vmlinux" ] || die "kernel '$k' is not built (make kernel KERNEL=$k)"
done
make -s analysis BIN="$OUT/bin" >/dev/null
make -s "$OUT/bin/insn_prof.so" BIN="$OUT/bin" >/dev/null || die "the plugin does not build (make $OUT/bin/insn_prof.so)"
run=$(suite_run insn) || die "cannot make the run's directory under $RUNS"
log "run: $run"

# counts KERNEL N: the kernel's instructions by function over a boot of N
# round trips, "function count" a line.
counts() {
	local k=$1 n=$2 raw=$run/$1-$2.insn
	harness/run.sh --kernel "$k" --plan pipe --tag "insn$n" --smp 1 --icount "$icount" --timeout 3600 \
		--plugin "$OUT/bin/insn_prof.so,out=$raw" \
		--append "kunit.enable=0 nokaslr ue.pipe_pairs=$n${append:+ $append}" >&2 ||
		die "the $k boot of $n round trips failed (out/runs/$k/pipe-insn$n)"
	[ -s "$raw" ] || die "the plugin wrote nothing to $raw"
	fold "$(build_dir "$k")/vmlinux" "$raw"
}

{
	tsv_row kernel function insns
	for k in "$ka" "$kb"; do
		counts "$k" "$pairs" >"$run/$k-1.fn"
		counts "$k" $((2 * pairs)) >"$run/$k-2.fn"
		per_round_trip "$k" "$pairs" "$run/$k-1.fn" "$run/$k-2.fn"
	done
} >"$run/profile.tsv"
diff_kernels "$ka" "$kb" "$run/profile.tsv" >"$run/insn-diff.tsv"
rm -f "$run"/*.insn
# The boots it read, in its run.info (no timing.tsv: it is no test run).
boots=
for k in "$ka" "$kb"; do
	for n in "$pairs" $((2 * pairs)); do
		boots=${boots:+$boots,}$(basename "$(readlink -f "$RUNS/$k/pipe-insn$n")")
	done
done
suite_info "$run" "$(run_field "$run" started)" "$(run_field "$run" commit)" insn "$boots"
log "a round trip, $ka against $kb: $(tail -n 1 "$run/insn-diff.tsv")"
log "by function: $run/insn-diff.tsv"
