#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The main job, as `make demo` runs it: install what is needed, build the
# test kernel with the series, boot it, run the guest plan "demo", and say
# where the log and results are. (The RFC experiments and their report
# join this as they are built.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

step() { printf '\n== %s\n' "$*"; }
start=$(date +%s)

step "packages"
harness/deps.sh all
step "kernel tree"
harness/tree.sh
step "test kernel"
build=$(build_dir test)
harness/config.sh --out "$build" configs/base.config configs/test.config
harness/build.sh --out "$build"
step "boot: plan demo"
rc=0
harness/run.sh --kernel test --plan demo || rc=$?

dir=$OUT/runs/test/demo
cat <<EOM

kernel:   $(cat "$build/kernelrelease") (Debian linux-source-6.12 $(debian_version))
qemu:     $(cat "$dir/console.log.settings" 2>/dev/null)
log:      $dir/console.log
results:  $dir/counts ($(cat "$dir/counts" 2>/dev/null))
took:     $(( $(date +%s) - start ))s
EOM
exit $rc
