#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/deps.sh against stub dpkg-query and apt-get: only missing
# packages are installed, and one that cannot be is named.
. "$(dirname "$0")/lib.sh"
plan 5

mkdir -p "$WORK/bin"
# dpkg-query: installed are the packages listed in $WORK/installed.
cat >"$WORK/bin/dpkg-query" <<'EOS'
#!/bin/sh
for last; do :; done
grep -qx "$last" "$STUB/installed" && echo "install ok installed" && exit 0
exit 1
EOS
# apt-get: logs its calls; knows only the packages in $WORK/known.
cat >"$WORK/bin/apt-get" <<'EOS'
#!/bin/sh
echo "$*" >>"$STUB/apt.log"
[ "$1" = update ] && exit 0
for p; do
	case $p in -*|install) continue ;; esac
	grep -qx "$p" "$STUB/known" || { echo "E: Unable to locate package $p"; exit 100; }
done
EOS
chmod +x "$WORK/bin/"*
export STUB=$WORK UTIL_EST_STUBS=$WORK/bin
printf 'gnuplot-nox\n' >"$WORK/installed"
printf 'gnuplot-nox\nsparse\n' >"$WORK/known"

check "installed packages are not installed again" "$HARNESS/deps.sh" report
check "and apt-get was not called" [ ! -e "$WORK/apt.log" ]
check "a missing package is installed" "$HARNESS/deps.sh" report sparse
check "and only it" grep -qx "install -y --no-install-recommends sparse" "$WORK/apt.log"
fails_with "a package apt-get cannot find is named" \
	'apt-get could not install util-est-no-such-package' "$HARNESS/deps.sh" util-est-no-such-package
finish
