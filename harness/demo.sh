#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The main job, as `make demo` runs it: install what is needed, build the
# test kernel with the series and the stock kernel, boot the first through
# the smoke test and kselftests (plan "demo"), run the RFC's experiments on
# both, write out/report.md, and say where everything is.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

step() { printf '\n== %s\n' "$*"; }
start=$(date +%s)
# This demo's own run: its record and, at exit, its timing; its kernels'
# builds are cold if their build directories start empty.
cold=$(builds_cold test stock)
suite=$(suite_run demo) || suite=
# At exit, this demo's duration, and the results of its patched kernel's
# boots (the stock kernel's failures are findings).
trap 'suite_done "$suite" $? "$cold" 2 "$RUNS/test/demo" "$RUNS/test/rfc" "$RUNS/stock/rfc-stock" "$RUNS/stock/fixes"' EXIT

step "packages"
harness/deps.sh all
step "kernel tree"
harness/tree.sh
step "test kernel"
build=$(build_dir test)
build_kernel test
step "boot: plan demo (smoke test, kselftests)"
rc=0
# Under -icount: the kselftests time 4 ms activations, which plain TCG
# stretches when the host is busy.
harness/run.sh --kernel test --plan demo --icount 3 || rc=$?
dir=$OUT/runs/test/demo

step "stock kernel (the baseline: the pristine tarball on the same test platform)"
harness/tree.sh --pristine
stock=$(build_dir stock)
build_kernel stock

step "the RFC's experiments"
harness/experiments.sh || rc=$?

cat <<EOM

kernel:   $(cat "$build/kernelrelease") and $(cat "$stock/kernelrelease") (Debian linux-source-6.12 $(debian_version))
qemu:     $(settings_words "$dir/console.log.settings" 2>/dev/null)
log:      $dir/console.log, $OUT/runs/*/rfc*/console.log
results:  $dir/counts ($(cat "$dir/counts" 2>/dev/null))
report:   $OUT/report.md
fixes:    $OUT/fixes-on-stock.txt (the fixes' reproducers on the stock kernel)
took:     $(( $(date +%s) - start ))s
timing:   ${suite:-(none)}${suite:+/timing.tsv (make record RUN=$RUNS/make/demo)}
EOM
exit $rc
