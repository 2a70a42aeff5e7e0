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

# A failed test on the patched kernel fails the experiments (after the
# report is written); on the stock kernel it is a finding of its column,
# which the report lists.
data=() status=0
log "patched kernel: plan rfc ($(grep -c '^experiment' guest/plans/rfc) settings)"
harness/run.sh --kernel test --plan rfc --icount "$icount" --timeout 3600 || status=1
data+=("$OUT/runs/test/rfc/console.log.data")
if [ -n "$stock" ]; then
	log "stock kernel: plan rfc-stock"
	harness/run.sh --kernel stock --plan rfc-stock --icount "$icount" --timeout 3600 ||
		log "the stock kernel failed some of its tests: a finding, listed in the report"
	data+=("$OUT/runs/stock/rfc-stock/console.log.data")
fi
for f in "${data[@]}"; do [ -s "$f" ] || die "no experiment data in $f (see ${f%.data})"; done
harness/report.sh "${data[@]}"
[ $status -eq 0 ] || die "the patched kernel failed tests in plan rfc: $OUT/runs/test/rfc/console.log"
