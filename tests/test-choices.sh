#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest/lib/choices.sh on regular files standing in for the kernel's
# debugfs choices (util_est_policy, util_est_sample): their names, the
# default (the first listed), the one in force, a reset that changes
# nothing when one file is bad; and no guest script types a default.
. "$(dirname "$0")/lib.sh"
. "$HARNESS/lib.sh"
plan 11

# ch CMD...: CMD in the guest's shell (busybox's if the host has it).
guest_sh=(sh)
! command -v busybox >/dev/null || guest_sh=(busybox sh)
ch() { "${guest_sh[@]}" -c '. "$0"; "$@"' "$TESTS_ROOT/guest/lib/choices.sh" "$@"; }

D=$WORK/sched && mkdir -p "$D"
printf 'ewma_fastup [max_ewma_last] ewma last\n' >"$D/util_est_policy"
printf 'before_update [after_update]\n' >"$D/util_est_sample"
check "the names a file lists, in its order, brackets left out" \
	diff <(ch choice_names "$D/util_est_policy") <(printf '%s\n' ewma_fastup max_ewma_last ewma last)
check "the default is the first listed, the name in force the bracketed one" \
	[ "$(ch choice_default "$D/util_est_policy") $(ch choice_current "$D/util_est_sample")" = "ewma_fastup after_update" ]
check "a reset writes each file's default" ch choice_reset "$D/util_est_policy" "$D/util_est_sample"
check "(ewma_fastup, before_update)" [ "$(cat "$D/util_est_policy" "$D/util_est_sample" | tr '\n' ' ')" = "ewma_fastup before_update " ]
printf 'ewma_fastup [max_ewma_last] ewma last\n' >"$D/util_est_policy"
fails_with "a missing file fails, naming it" "no $D/util_est_cpu" \
	ch choice_reset "$D/util_est_policy" "$D/util_est_cpu"
check "and no file is written" grep -qxF 'ewma_fastup [max_ewma_last] ewma last' "$D/util_est_policy"
: >"$D/empty"
fails_with "a file that lists nothing fails, naming it" "$D/empty lists no names" ch choice_default "$D/empty"

# lab_keys_off waits on util_est_keys: at once when it lists nothing, until
# it does when a key goes off meanwhile, and fails naming what stays on.
printf '\n' >"$D/util_est_keys"
check "no key on: lab_keys_off returns at once" ch lab_keys_off "$D" 0
printf 'rfc\n' >"$D/util_est_keys"
fails_with "a key that stays on fails, naming it" "the lab's keys still on: rfc" \
	ch lab_keys_off "$D" 5
(sleep 0.3; printf '\n' >"$D/util_est_keys") &
check "a key that goes off meanwhile is waited for" ch lab_keys_off "$D" 300
wait

# The guest's scripts write no default by name: the default policy (the
# first of analysis/policies) nor a sample point, into either file.
default=$(policy_column name | head -n 1)
typed=$(grep -rnE "(echo|printf)[[:space:]]+['\"]?($default|[a-z]+_update)['\"]?[[:space:]]*>[^|]*util_est_(policy|sample)" \
	"$TESTS_ROOT/guest" --include='*.sh' --include=init)
check "no guest script types a default name into util_est_policy or util_est_sample${typed:+ (typed: $typed)}" \
	[ -z "$typed" ]
finish
