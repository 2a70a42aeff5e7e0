#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The series against the upstream quality bar, as `make lint` runs it:
#   1. scripts/checkpatch.pl --strict on every patch (and the test
#      platform's, platform/)
#   2. every patch builds (kernel/sched/, where all users of what the
#      series changes live), one after the other: bisectable
#   3. the series builds with SMP, SCHED_DEBUG, FAIR_GROUP_SCHED and
#      CPU_FREQ each turned off (configs/variants/)
#   4. W=1 and sparse (C=1) add no warnings in kernel/sched/
#   5. shellcheck on the harness, the guest's scripts and the tests
#   6. the model's decay factors (analysis/pelt_table.c) are the tree's
#   7. neither series adds a boot parameter (__setup(), early_param(), a
#      kernel-parameters.txt hunk): the lab's knobs are debugfs only
# Builds happen in a worktree of the tree ($CACHE/tree/lint) and build dirs
# of their own, so the test kernel is not touched. Ends with
# "N passed, N failed"; exits non-zero if anything failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || exit 1

usage() { echo "usage: $PROG [checkpatch|bisect|variants|warnings|shellcheck|model|bootparams]..."; }
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(checkpatch bisect variants warnings shellcheck model bootparams)
for s in "${steps[@]}"; do
	case $s in checkpatch|bisect|variants|warnings|shellcheck|model|bootparams) ;; -h|--help) usage; exit 0 ;;
	*) usage_die "unknown step $s" ;; esac
done

harness/deps.sh build lint || exit 1
harness/tree.sh >/dev/null || exit 1
lint_tree=$(dirname "$TREE")/lint
[ -e "$lint_tree/.git" ] || git -C "$TREE" worktree add -q --detach "$lint_tree" pristine || exit 1
mkdir -p "$OUT/lint"
passed=0 failed=0
result() { # STATUS WHAT
	if [ "$1" -eq 0 ]; then passed=$((passed + 1)); echo "ok: $2"
	else failed=$((failed + 1)); echo "FAIL: $2"; fi
}
checkout() { git -C "$lint_tree" checkout -q -f --detach "$1"; }
# build_sched NAME FRAGMENT...: configure build/lint-NAME from the lint
# worktree and build kernel/sched/ there; extra make arguments in $MAKE_EXTRA.
build_sched() {
	local name=$1 dir=$BUILD_ROOT/lint-$1; shift
	harness/config.sh --tree "$lint_tree" --out "$dir" "$@" >"$OUT/lint/$name.config.log" 2>&1 ||
		{ cat "$OUT/lint/$name.config.log"; return 1; }
	harness/build.sh --tree "$lint_tree" --out "$dir" ${MAKE_EXTRA:-} kernel/sched/ >"$OUT/lint/$name.log" 2>&1
}

read -ra base <<<"$(kernel_fragments test)"
# The test kernel's fragments at a commit of the series: less the options
# that commit does not define yet (the KUnit suites, before the patches
# that add them), which config.sh would rightly report as not taken.
fragments_at() {
	local frag=$OUT/lint/test-at.config line sym
	: >"$frag"
	while read -r line; do
		case $line in
		CONFIG_*=*)
			sym=${line%%=*}
			git -C "$TREE" grep -qE "^(menu)?config ${sym#CONFIG_}\$" "$1" -- '*Kconfig*' || continue ;;
		esac
		echo "$line" >>"$frag"
	done <"${base[1]}"
	echo "${base[0]} $frag"
}
series=$(git -C "$TREE" rev-parse HEAD)

for step in "${steps[@]}"; do
	case $step in
	checkpatch)
		# Both series, and the test platform's patches beside them.
		for p in $(root_series_files "$ROOT/patches") $(series_files "$PLATFORM"); do
			# The tree is Debian's tarball, not upstream's history: the
			# commits that Fixes: tags name cannot be looked up in it.
			# Neither series has MAINTAINERS hunks: the files they add
			# are under kernel/sched/ (SCHEDULER), Documentation/
			# (DOCUMENTATION) and tools/testing/selftests/ (KERNEL
			# SELFTEST FRAMEWORK), so checkpatch's question about new
			# files (FILE_PATH_CHANGES) is answered once here.
			out=$(cd "$TREE" && ./scripts/checkpatch.pl --strict -q \
				--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "$p" 2>&1)
			[ -z "$out" ] || echo "$out" | sed 's/^/    /'
			result $([ -z "$out" ]; echo $?) "checkpatch --strict: $(basename "$(dirname "$p")")/$(basename "$p")"
		done ;;
	bisect)
		for c in $(git -C "$TREE" rev-list --reverse pristine.."$series"); do
			checkout "$c"
			build_sched bisect $(fragments_at "$c")
			result $? "builds: $(git -C "$TREE" log -1 --format=%s "$c")"
		done ;;
	variants)
		# The fixes alone (what stable would take), then both series.
		for at in $(git -C "$TREE" rev-parse -q --verify refs/heads/fixes) "$series"; do
			checkout "$at"
			name=$([ "$at" = "$series" ] && echo "the series" || echo "the fixes")
			for v in configs/variants/*.config; do
				build_sched "$(basename "$v" .config)" $(fragments_at "$at") "$v"
				result $? "$name builds with $(basename "$v" .config)"
			done
		done ;;
	warnings)
		# New warnings: those at the series that pristine does not have,
		# compared without line numbers, which the series shifts.
		built=0
		for rev in pristine "$series"; do
			checkout "$rev"
			touch "$lint_tree"/kernel/sched/*.c	# rebuild every file, warnings and all
			tag=$([ $rev = pristine ] && echo before || echo after)
			MAKE_EXTRA="W=1 C=1" build_sched "warnings-$tag" $(fragments_at "$rev") &&
				built=$((built + 1))
			grep -E 'warning:|error:' "$BUILD_ROOT/lint-warnings-$tag/build.log" |
				sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort -u >"$OUT/lint/warnings.$tag"
		done
		new=$(comm -13 "$OUT/lint/warnings.before" "$OUT/lint/warnings.after")
		[ -z "$new" ] || echo "$new" | sed 's/^/    /'
		result $([ -z "$new" ] && [ $built -eq 2 ]; echo $?) \
			"W=1 C=1: no new warnings in kernel/sched/ ($(wc -l <"$OUT/lint/warnings.before") before, $(wc -l <"$OUT/lint/warnings.after") after; $built of 2 builds)" ;;
	shellcheck)
		# Bash on the host, busybox sh in the guest; .shellcheckrc holds
		# the idioms it is told to accept.
		out=$( { shellcheck -S warning -x harness/*.sh tests/*.sh
			 shellcheck -S warning -s sh guest/init guest/tests/*.sh guest/experiments/*.sh guest/lib/*.sh; } 2>&1)
		[ -z "$out" ] || echo "$out" | sed 's/^/    /'
		result $([ -z "$out" ]; echo $?) "shellcheck: harness/, guest/, tests/" ;;
	model)
		build_analysis || { result 1 "make analysis"; continue; }
		ours=$(grep -o '0x[0-9a-f]*' "$OUT/bin/pelt_table.h")
		theirs=$(sed -n '/runnable_avg_yN_inv/,/};/p' "$TREE/kernel/sched/sched-pelt.h" | grep -o '0x[0-9a-f]*')
		result $([ -n "$ours" ] && [ "$ours" = "$theirs" ]; echo $?) \
			"the model's decay factors are the kernel's runnable_avg_yN_inv[] ($(echo "$ours" | wc -l))" ;;
	bootparams)
		# Added lines only, so a hunk's context does not count.
		out=$(for p in $(root_series_files "$ROOT/patches"); do
			awk -v f="$(basename "$(dirname "$p")")/$(basename "$p")" '
				/^diff --git / { file = $3 }
				file == "a/Documentation/admin-guide/kernel-parameters.txt" && /^[-+][^-+]/ {
					print f ": changes kernel-parameters.txt"; file = "" }
				/^\+(|.*[^A-Za-z0-9_])(__setup|early_param)\(/ { print f ": " substr($0, 2) }' "$p"
		done)
		[ -z "$out" ] || echo "$out" | sed 's/^/    /'
		result $([ -z "$out" ]; echo $?) "no boot parameters: no __setup(), early_param() or kernel-parameters.txt hunk in either series" ;;
	esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
