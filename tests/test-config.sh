#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/config.sh on the real tree: fragments merge in order, and an
# option that does not survive Kconfig, a malformed line or a missing
# fragment stops the build, named.
. "$(dirname "$0")/lib.sh"
plan 7

. "$HARNESS/lib.sh"
[ -f "$TREE/Makefile" ] || { echo "Bail out! no kernel tree at $TREE (harness/tree.sh)"; exit 1; }
out=$WORK/build
c() { "$HARNESS/config.sh" --out "$out" "$@"; }
base=$TESTS_ROOT/configs/base.config

printf '# CONFIG_CPU_FREQ_STAT is not set\n' >"$WORK/later.config"
check "base + a later fragment merge" c "$base" "$WORK/later.config"
check "the later fragment wins" sh -c "! grep -q '^CONFIG_CPU_FREQ_STAT=y' '$out/.config' && grep -q '^CONFIG_CPU_FREQ=y' '$out/.config'"
before=$(stat -c %Y "$out/.config")
c "$base" "$WORK/later.config" >/dev/null 2>&1
check "an unchanged config leaves .config untouched" [ "$(stat -c %Y "$out/.config")" = "$before" ]

printf 'CONFIG_UTIL_EST_NO_SUCH_OPTION=y\n' >"$WORK/unknown.config"
fails_with "an unknown option is named" 'unknown.config: CONFIG_UTIL_EST_NO_SUCH_OPTION=y did not take' c "$base" "$WORK/unknown.config"
printf 'CONFIG_CFS_BANDWIDTH=y\n' >"$WORK/dep.config"
fails_with "an option whose dependencies are missing is named" 'dep.config: CONFIG_CFS_BANDWIDTH=y did not take' c "$WORK/dep.config"
printf 'CONFIG_SMP=y\nSMP=y\n' >"$WORK/bad.config"
fails_with "a malformed line is named with its place" 'bad.config:2: not a config line: SMP=y' c "$WORK/bad.config"
fails_with "a missing fragment is named" 'config fragment /nonexistent.config not found' c /nonexistent.config
finish
