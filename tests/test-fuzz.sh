#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest/programs/ue_fuzz.c on the host, never on the host's debugfs: its
# arguments, its skip without the files, and its model failing files that
# take anything (regular files stand in for the series' debugfs files).
. "$(dirname "$0")/lib.sh"
plan 5

fuzz=$WORK/ue_fuzz
gcc -O2 -Wall -Wextra -Werror -o "$fuzz" "$TESTS_ROOT/guest/programs/ue_fuzz.c" ||
	{ echo "Bail out! ue_fuzz does not build"; exit 1; }
export UE_FUZZ_DIR=$WORK/fake
mkdir -p "$UE_FUZZ_DIR"

fails_with "the seed must be a number" 'usage: ue_fuzz SEED CASES' "$fuzz" x 10
fails_with "and the count positive" 'usage: ue_fuzz SEED CASES' "$fuzz" 1 0
"$fuzz" 1 10 >"$WORK/skip" 2>&1
rc=$?
skipped() { [ $rc -eq 4 ] && grep -q "SKIP no $UE_FUZZ_DIR/util_est_policy" "$WORK/skip"; }
check "without the files it skips (exit 4), naming the file" skipped

# Files that take every write and keep it.
printf 'ewma_fastup [max_ewma_last] ewma last\n' >"$UE_FUZZ_DIR/util_est_policy"
printf '[before_update] after_update\n' >"$UE_FUZZ_DIR/util_est_sample"
printf '1\n' >"$UE_FUZZ_DIR/pelt_multiplier"
fails_with "files that take anything fail against the model" \
	'not ok 1 .*/util_est_policy: [0-9]+ cases, [1-9][0-9]* against the model' "$fuzz" 7 200
output_has "the case is shown, bytes escaped" '^# .*util_est_[a-z]+: (p?write|reads as)'
finish
