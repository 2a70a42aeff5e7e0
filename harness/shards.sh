#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# A plan -> its shards, one boot each, a command a line (for GNU parallel).
#
#   shards.sh [--per N] [--kernel NAME] [--icount SHIFT|off] [--initrd CPIO] [--batch NAME] PLAN...
#
# A shard is one kernel, one scenario and at most N of its settings (the
# plan's "experiment" lines, in the plan's order), plus every other line
# of the plan in its place (rfc's idle and residue checks: each boot ends
# with them). The kernel is "stock" for plan rfc-stock, else "test"
# (--kernel: every plan's). Each line runs harness/shard.sh, by this
# checkout's absolute path, and writes into shards/BATCH/SHARD relative to
# where it runs: run the list from $OUT (locally, and on other hosts the
# same path under their home: parallel --workdir .), then
# harness/shards-merge.sh $OUT/shards/BATCH. The list is also kept as
# $OUT/shards/BATCH/list, and the shards as a record, shards.tsv (shard,
# kernel, plan, tests: the plan's test numbers it runs, as guest/init's
# ue.tests= takes them).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--per N] [--kernel NAME] [--icount SHIFT|off] [--initrd CPIO] [--batch NAME] PLAN..."; }
per=4 kernel= icount=3 initrd= batch=
while [ $# -gt 0 ]; do
	case $1 in
	--per)    [[ ${2-} =~ ^[1-9][0-9]*$ ]] || usage_die "--per needs a number of settings >= 1"; per=$2; shift ;;
	--kernel) [ $# -ge 2 ] || usage_die "--kernel needs a name"; kernel=$2; shift ;;
	--icount) [[ ${2-} =~ ^([0-9]+|off)$ ]] || usage_die "--icount needs a shift or off"; icount=$2; shift ;;
	--initrd) [ $# -ge 2 ] || usage_die "--initrd needs a file"; initrd=$2; shift ;;
	--batch)  [[ ${2-} =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*$ ]] ||
			usage_die "--batch needs a name of letters, digits, '_', '.', '-'"; batch=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ "$icount" != off ] || icount=
[ $# -gt 0 ] || usage_die "which plan? (rfc, rfc-stock, or one in guest/plans/)"
[ -z "$kernel" ] || kernel_source "$kernel" >/dev/null
case $ROOT in *[!A-Za-z0-9_./-]*) die "the checkout's path $ROOT holds characters a shard's command line would need quoted: move it" ;; esac

# kernel_of PLAN: the kernel a plan boots.
kernel_of() {
	if [ -n "$kernel" ]; then echo "$kernel"; elif [ "$1" = rfc-stock ]; then echo stock; else echo test; fi
}

# chunks PLAN: "SCENARIO TESTS" a line, TESTS the comma-separated numbers
# of a shard's tests: at most $per experiments of one scenario, and the
# plan's other tests.
chunks() {
	plan_text "$1" | grep -v -e '^#' -e '^[[:space:]]*$' | awk -v per="$per" '
		$1 == "experiment" { s = $2; if (!(s in n)) order[++ns] = s; k = n[s]++; c = s SUBSEP int(k / per)
			if (!(c in tests)) { chunk[++nc] = c; scen[nc] = s }
			tests[c] = tests[c] (tests[c] == "" ? "" : ",") NR; next }
		{ other[++no] = NR }
		END {
			if (!nc) exit 3
			for (i = 1; i <= nc; i++) {
				# the other tests in their places among the chunk'"'"'s
				split(tests[chunk[i]], t, ","); line = ""; j = 1; m = 1
				while (j in t || m <= no) {
					if (m <= no && (!(j in t) || other[m] < t[j] + 0)) line = line "," other[m++]
					else line = line "," t[j++]
				}
				print scen[i], substr(line, 2)
			}
		}'
}

[ -n "$batch" ] || batch=$(date -u +%Y%m%dT%H%M%SZ)-$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo nocommit)
lines=() rows=()
for p; do
	[[ $p =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*$ ]] || usage_die "plan names hold only letters, digits, '_', '.', '-': '$p'"
	plan_text "$p" >/dev/null || die "no plan $p in guest/plans/, nor one harness/plans.sh makes"
	k=$(kernel_of "$p")
	rc=0 out=$(chunks "$p") || rc=$?
	[ $rc -ne 3 ] || die "plan $p has no experiment lines to shard: boot it whole (make boot PLAN=$p)"
	[ $rc -eq 0 ] || die "cannot read plan $p"
	i=0
	while read -r scenario tests; do
		i=$((i + 1))
		tag=$(printf 's%02d' "$i")
		shard=$k-$p-$tag
		lines+=("$ROOT/harness/shard.sh --kernel $k --plan $p --tests $tests --tag $tag${icount:+ --icount $icount}${initrd:+ --initrd $(printf %q "$initrd")} shards/$batch/$shard")
		rows+=("$shard	$k	$p	$scenario	$tests")
	done <<<"$out"
done

dir=$OUT/shards/$batch
[ ! -e "$dir/list" ] || die "batch $batch already exists ($dir): give another --batch"
mkdir -p "$dir"
printf '%s\n' "${lines[@]}" >"$dir/list"
{ tsv_row shard kernel plan scenario tests; printf '%s\n' "${rows[@]}"; } >"$dir/shards.tsv"
cat "$dir/list"
log "${#lines[@]} shards, listed in $dir/list: run them from $OUT, then harness/shards-merge.sh $dir"
