# SPDX-License-Identifier: GPL-2.0
# The one reader of key=value words in the shell, guest (. /lib/kv.sh) and
# host (harness/lib.sh) alike: kv.awk's kv(), run by awk.
#   kv KEY <LINES; kv_awk '{ ... kv($0, "KEY") ... }' FILE

KV_AWK=${KV_AWK:-/lib/kv.awk}

# kv_awk [-v VAR=VALUE] PROGRAM [FILE...]: awk running PROGRAM with kv()
# defined (busybox awk has no -e before 1.34, mawk none: one program text).
kv_awk() {
	_kv_var=kv_none=
	[ "$1" != -v ] || { _kv_var=$2; shift 2; }
	_kv_prog=$1
	shift
	awk -v "$_kv_var" "$(cat "$KV_AWK")
$_kv_prog" "$@"
}

# kv KEY [FILE...]: KEY's value in each line that has one, a line each.
kv() {
	_kv_key=$1
	shift
	kv_awk -v kv_key="$_kv_key" '{ v = kv($0, kv_key); if (v != "") print v }' "$@"
}
