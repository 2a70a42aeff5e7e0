#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The RFC's experiments, as `make demo` runs them: one boot of the patched
# kernel running every setting side by side (plan rfc), one of the stock
# kernel for its baseline column (plan rfc-stock), both under -icount so
# that guest time counts instructions and host load cannot move it; then
# harness/report.sh writes out/report.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

usage() { echo "usage: $PROG [--icount SHIFT] [--no-stock]"; }
icount=3 stock=1
while [ $# -gt 0 ]; do
	case $1 in
	--icount) [ $# -ge 2 ] || usage_die "--icount needs a shift"; icount=$2; shift ;;
	--no-stock) stock= ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done

# This run's own record: at exit its duration (the boots one after the
# other: serial, as make bakeoff's sharded run is set beside) and the
# patched kernel's results.
cold=$(builds_cold test stock)
suite=$(suite_run experiments) || suite=
trap 'suite_done "$suite" $? "$cold" 1 "$RUNS/test/rfc" "$RUNS/stock/rfc-stock" "$RUNS/stock/fixes"' EXIT

# boot KERNEL PLAN: one judged boot, with progress: the plan's results so
# far, read from the serial log as it grows (every few seconds), once the
# run's link points at the new run.
boot() {
	local link=$RUNS/$1/$2 before total pid finished seen=-1
	total=$(plan_text "$2" | grep -cv -e '^#' -e '^[[:space:]]*$')
	before=$(readlink "$link" || true)
	harness/run.sh --kernel "$1" --plan "$2" --icount "$icount" --timeout 5400 &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		finished=0
		[ "$(readlink "$link" || true)" = "$before" ] ||
			finished=$(awk '/^=== util-est plan .* begin ===/ { p = 1 } p && /^(not )?ok [0-9]+ / { n++ }
				END { print n + 0 }' "$link/console.log" 2>/dev/null || echo 0)
		[ "$finished" = "$seen" ] || log "$1 kernel, plan $2: $finished of $total done"
		seen=$finished
		sleep 5
	done
	wait $pid
}

# A failed test on the patched kernel fails the experiments (after the
# report is written); on the stock kernel it is a finding of its column,
# which the report lists.
data=() status=0
log "patched kernel: plan rfc ($(plan_text rfc | grep -c '^experiment') settings)"
boot test rfc || status=1
data+=("$OUT/runs/test/rfc/console.log.data")
if [ -n "$stock" ]; then
	log "stock kernel: plan rfc-stock"
	boot stock rfc-stock ||
		log "the stock kernel failed some of its tests: a finding, listed in the report"
	data+=("$OUT/runs/stock/rfc-stock/console.log.data")
fi
# The fixes series' reproducers on the stock kernel: each is expected to
# fail there, showing the bug its fix removes (make check runs them on the
# patched kernel, where they must pass).
if [ -n "$stock" ]; then
	log "stock kernel: plan fixes (the fixes' reproducers; expected to fail there)"
	boot stock fixes || true
	fixes_on_stock "$OUT/runs/stock/fixes/console.log" | tee "$OUT/fixes-on-stock.txt" >&2
fi
for f in "${data[@]}"; do [ -s "$f" ] || die "no experiment data in $f (see ${f%.data})"; done
harness/report.sh "${data[@]}"
[ $status -eq 0 ] || die "the patched kernel failed tests in plan rfc: $OUT/runs/test/rfc/console.log"
