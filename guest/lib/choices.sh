# SPDX-License-Identifier: GPL-2.0
# The kernel's named choices in debugfs (sched/util_est_policy,
# util_est_sample: "[in force] other ...", in the kernel's order, the
# first its default), read from the files, never typed in a script:
#   . /lib/choices.sh; choice_reset $D/util_est_policy $D/util_est_sample

# choice_names FILE: the names FILE lists, a line each, in its order;
# fails naming FILE if it lists none.
choice_names() {
	[ -r "$1" ] || { echo "choices: no $1: a kernel without the lab series?" >&2; return 1; }
	tr -d '[]' <"$1" | tr -s ' \t' '\n\n' | grep . ||
		{ echo "choices: $1 lists no names" >&2; return 1; }
}

# choice_default FILE: the first name FILE lists, the kernel's default.
choice_default() { _choice=$(choice_names "$1") && echo "$_choice" | head -n 1; }

# choice_current FILE: the name in force, the one FILE shows in brackets.
choice_current() {
	_choice=$(tr -s ' \t' '\n\n' <"$1" | sed -n 's/^\[\(.*\)\]$/\1/p')
	[ -n "$_choice" ] || { echo "choices: $1 shows no name in brackets" >&2; return 1; }
	echo "$_choice"
}

# choice_reset FILE...: each FILE back to its default; reads them all
# first, so a FILE missing or listing nothing changes none of them.
choice_reset() {
	for _f; do choice_default "$_f" >/dev/null || return 1; done
	for _f; do
		_d=$(choice_default "$_f") && echo "$_d" >"$_f" ||
			{ echo "choices: cannot write ${_d:-its default} to $_f" >&2; return 1; }
	done
}

# lab_keys_off DIR [TRIES]: wait until DIR/util_est_keys lists none of the
# lab's static keys on (the kernel turns them off as the defaults come
# back; a key some other choice keeps on is then waited on and named),
# reading it every 10 ms, TRIES times at most (default 500: 5 s);
# fails naming the keys still on. A kernel without the file has no such
# keys: nothing to wait for.
lab_keys_off() {
	[ -r "$1/util_est_keys" ] || return 0
	_i=0
	while [ -n "$(tr -d ' \n' <"$1/util_est_keys")" ]; do
		[ $_i -lt "${2:-500}" ] ||
			{ echo "choices: the lab's keys still on: $(cat "$1/util_est_keys")" >&2; return 1; }
		usleep 10000; _i=$((_i + 1))
	done
}
