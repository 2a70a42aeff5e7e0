#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/lib.sh's TAP counter, which counts the host tests without the
# kernel tree's parser: leaves, skips, bail-outs and short plans.
. "$(dirname "$0")/lib.sh"
. "$HARNESS/lib.sh"
plan 3

cat >"$WORK/doc.tap" <<'EOT'
TAP version 13
1..3
    TAP version 13
    1..3
    ok 1 a
    not ok 2 b
    ok 3 c # SKIP no reason
not ok 1 test-x
    TAP version 13
    1..2
    Bail out! broken
not ok 2 test-y
    TAP version 13
    1..3
    ok 1 d
not ok 3 test-z
EOT
# test-x: a, c skipped, b failed; test-y bailed out: one failure; test-z
# ran 1 of 3: two missing results.
check "counts: 2 passed, 4 failed, 1 skipped" [ "$(tap_counts "$WORK/doc.tap")" = "2 4 1" ]
tap_failures "$WORK/doc.tap" >"$WORK/out"
output_has "a failed result is named with its test" '^test-x: b$'
output_has "a test that bailed out is named" '^test-y: failed$'
finish
