# SPDX-License-Identifier: GPL-2.0
# The one reader of key=value words in awk (guest and host: busybox awk,
# mawk). A line of words separated by spaces, KEY=VALUE among them, as the
# data blocks' headers, the trace events, the guest's counts print them;
# analysis/ue_data.c's ue_kv() reads them alike in C, guest/lib/kv.sh in
# the shell.
#
#   awk -f kv.awk -f PROGRAM FILE...     (in the guest: -f /lib/kv.awk)

# kv(line, key): KEY's value in LINE (its first KEY=, at the start or after
# a space, up to the next space), or "" if LINE has none.
function kv(line, key,  p, v) {
	p = index(" " line, " " key "=")
	if (!p) return ""
	v = substr(line, p + length(key) + 1)
	sub(/[ \r].*/, "", v)
	return v
}
