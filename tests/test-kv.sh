#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The readers of key=value words, one a language: guest/lib/kv.awk's kv()
# (mawk on the host, busybox awk in the guest), guest/lib/kv.sh's kv (bash
# on the host, busybox sh in the guest) and analysis/ue_data.c's ue_kv(),
# on the same lines: each gives the same value.
. "$(dirname "$0")/lib.sh"
. "$HARNESS/lib.sh"
plan 6

# LINE|KEY|VALUE: a key after a space or at the start, its first value, up
# to a space or a carriage return; none for a key that is absent.
cases=(
	"a=1 b=2|b|2" "xb=9 b=3|b|3" "prev_state=S state=80|state|80" "b=1 b=2|b|1"
	$'a=1 b=2\r|b|2' "b=x=y c=1|b|x=y" "a=1|b|" "ab=1 c=2|a|" "=== bench kernel=6.12.0-stock smp=2 begin ===|kernel|6.12.0-stock"
)
# agrees READER...: READER KEY LINE prints each case's VALUE; the cases it
# does not are printed.
agrees() {
	local c line key want got bad=0
	for c in "${cases[@]}"; do
		line=${c%%|*} key=${c#*|} key=${key%%|*} want=${c##*|}
		got=$("$@" "$key" "$line")
		[ "$got" = "$want" ] || { echo "kv of '$key' in '$line': '$got', not '$want'"; bad=1; }
	done
	return $bad
}
gcc -O2 -Wall -Wextra -Werror -I"$TESTS_ROOT/analysis" -o "$WORK/ue_kv" -x c - \
	"$TESTS_ROOT/analysis/ue_data.c" "$TESTS_ROOT/analysis/ue_table.c" <<'EOC' ||
#include <stdio.h>
#include "ue_data.h"
int main(int argc, char **argv)
{
	char buf[64];
	const char *v = argc == 3 ? ue_kv(argv[2], argv[1], buf, sizeof(buf)) : NULL;

	printf("%s\n", v ? v : "");
	return 0;
}
EOC
	{ echo "Bail out! ue_kv's test program does not build"; exit 1; }
c_kv() { "$WORK/ue_kv" "$1" "$2"; }
awk_kv() { awk -v k="$1" -f "$KV_AWK" -f /dev/fd/3 3<<<'{ print kv($0, k) }' <<<"$2"; }
sh_kv() { printf '%s\n' "$2" | kv "$1"; }
bb_awk_kv() { busybox awk -v k="$1" -f "$KV_AWK" -e '{ print kv($0, k) }' <<<"$2"; }
# shellcheck disable=SC2016 # the guest's shell expands it
bb_sh_kv() { printf '%s\n' "$2" | PATH=$WORK/busybox:$PATH KV_AWK=$KV_AWK busybox sh -c '. "$0"; kv "$1"' "$ROOT/guest/lib/kv.sh" "$1"; }

check "C: analysis/ue_data.c's ue_kv()" agrees c_kv
check "awk: guest/lib/kv.awk's kv(), in mawk" agrees awk_kv
check "shell: guest/lib/kv.sh's kv, in bash" agrees sh_kv
check "shell: kv over lines, a value a line that has KEY, nothing for one without" \
	[ "$(printf 'a=1 b=2\nb=3\nc=4 a=5\n' | kv a | tr '\n' ' ')" = "1 5 " ]
if command -v busybox >/dev/null; then
	mkdir -p "$WORK/busybox" && ln -s "$(command -v busybox)" "$WORK/busybox/awk"
	check "awk: kv(), in busybox awk (the guest's)" agrees bb_awk_kv
	check "shell: kv, in busybox sh (the guest's)" agrees bb_sh_kv
else
	for r in awk sh; do _n=$((_n + 1)); echo "ok $_n kv in busybox $r # SKIP no busybox (harness/deps.sh boot)"; done
fi
finish
