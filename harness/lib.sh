# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
# (variables defined here are for the scripts that source it)
# Shared by every harness step: paths, logging, and the one way we fail.
# Source it; it defines no side effects beyond variables and functions.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian's tools first: what deps.sh installs is what we run (a python3 from
# pyenv, say, would not see python3-ply). Only the tests' stubs come before
# them (UTIL_EST_STUBS, a directory).
PATH=${UTIL_EST_STUBS:+$UTIL_EST_STUBS:}/usr/sbin:/usr/bin:/sbin:/bin:$PATH

# Everything big and rebuildable lives outside the checkout (kernel tree,
# build dirs, ccache); UTIL_EST_CACHE moves it.
CACHE=${UTIL_EST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/util-est}
OUT=${UTIL_EST_OUT:-$ROOT/out}

TARBALL=${UTIL_EST_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
TREE=${UTIL_EST_TREE:-$CACHE/tree/linux}
# A worktree of $TREE at "pristine": the unpatched kernel's source.
PRISTINE_TREE=$(dirname "$TREE")/pristine
# The test platform (platform/, its own small series: what a phone has and
# the guest lacks) stacked on the series and on pristine, each in a
# worktree of its own, so the patched kernel and the stock baseline of the
# experiments run on the same platform.
PLATFORM=${UTIL_EST_PLATFORM:-$ROOT/platform}
SERIES_PLATFORM_TREE=$(dirname "$TREE")/series+platform
STOCK_TREE=$(dirname "$TREE")/pristine+platform
BUILD_ROOT=$CACHE/build
export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}

PROG=$(basename "$0")

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
die()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }
usage_die() { printf '%s: %s\n' "$PROG" "$*" >&2; usage >&2; exit 2; }

# Debian package version of the tarball we build from, e.g. 6.12.118-1~deb12u1.
debian_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown
}

# Build directory of a named kernel (O=): "test" is the patched kernel the
# suite boots, "stock" the unpatched baseline.
build_dir() { echo "$BUILD_ROOT/$1"; }

# The kernels, by kind: the tree each builds from and its config fragments.
#   test   the series and the platform, with its KUnit suites built in:
#          what make check boots
#   stock  the pristine tarball and the platform: the experiments' baseline
#   bench  the test kernel's tree with the stock kernel's config: the
#          benchmark compares it with stock, so nothing but the series differs
#   debug  the series with lockdep, KASAN, UBSAN and the list checks
#   stock-debug  the pristine tarball with the same checks: what the debug
#          kernel finds, it tells apart from what 6.12 already does
#   kcsan  the series with the data-race detector (it excludes KASAN)
# The checking kernels run the storm, which needs no platform.
kernel_source() {
	case $1 in
	test|bench) echo "$SERIES_PLATFORM_TREE" ;;
	debug|kcsan) echo "$TREE" ;;
	stock) echo "$STOCK_TREE" ;;
	stock-debug) echo "$PRISTINE_TREE" ;;
	*) die "no kernel kind '$1' (test, stock, bench, debug, stock-debug or kcsan)" ;;
	esac
}
# kernel_cmdline KIND: what every boot of that kind adds to the command
# line (the debug kernel: a WARN is as fatal as an oops; not the KCSAN
# kernel, whose every race report would then end the storm at the first).
kernel_cmdline() {
	case $1 in
	debug|stock-debug) echo "panic_on_warn=1" ;;
	esac
}
# kernel_make_vars KIND: make variables its build needs. The KCSAN kernel
# watches the scheduler alone: kernel/sched/Makefile turns KCSAN off for
# itself (6.12's own races there are many and known), and the rest of the
# kernel is not what the storm is after. So KCSAN is off everywhere but in
# the objects that hold what the series adds (fair.c; pelt.c in
# build_policy; debug.c in build_utility). Not core.o: the name is shared
# with kernel/kcsan/core.o, which must never be instrumented.
kernel_make_vars() {
	case $1 in
	kcsan) echo "KCSAN_SANITIZE=n KCSAN_SANITIZE_fair.o=y" \
		"KCSAN_SANITIZE_build_policy.o=y KCSAN_SANITIZE_build_utility.o=y" ;;
	esac
}
kernel_fragments() {
	case $1 in
	test)  echo "$ROOT/configs/base.config $ROOT/configs/test.config" ;;
	stock) echo "$ROOT/configs/base.config $ROOT/configs/stock.config" ;;
	bench) echo "$ROOT/configs/base.config $ROOT/configs/bench.config" ;;
	debug) echo "$ROOT/configs/base.config $ROOT/configs/test.config $ROOT/configs/debug.config" ;;
	stock-debug) echo "$ROOT/configs/base.config $ROOT/configs/debug.config $ROOT/configs/stock-debug.config" ;;
	kcsan) echo "$ROOT/configs/base.config $ROOT/configs/test.config $ROOT/configs/kcsan.config" ;;
	*) die "no kernel kind '$1' (test, stock, bench, debug, stock-debug or kcsan)" ;;
	esac
}

# build_kernel KIND: configure and build that kind of kernel into its
# build dir (harness/config.sh, harness/build.sh), with its tree,
# fragments and make variables.
build_kernel() {
	"$ROOT/harness/config.sh" --tree "$(kernel_source "$1")" --out "$(build_dir "$1")" \
		$(kernel_fragments "$1") &&
	"$ROOT/harness/build.sh" --tree "$(kernel_source "$1")" --out "$(build_dir "$1")" \
		$(kernel_make_vars "$1")
}

# storm_boot KIND SECONDS SMP [SEED]: one boot of plan "storm" (the fuzzer,
# then SECONDS of guest/tests/sched_storm) on a built checking kernel. Such
# a kernel runs several times slower than the test kernel under TCG: the
# guest's limits leave room for that, the host's for the boot.
storm_boot() {
	"$ROOT/harness/run.sh" --kernel "$1" --plan storm --smp "$3" --mem 1024 --accel tcg-single \
		--timeout $(($2 * 4 + 1200)) \
		--append "kunit.enable=0 ue.storm_secs=$2${4:+ ue.storm_seed=$4} ue.test_timeout=$(($2 * 3 + 600))"
}

# patches/ holds two series, each with its cover letter, applied in this
# order onto pristine: fixes/ (6.12.y bugs, for stable) and lab/ (the
# estimators side by side, not for merging). series_dirs ROOT prints them
# in that order; a ROOT with neither is one series of its own (the tests'
# fake trees).
SERIES_ORDER="fixes lab"
series_dirs() {
	local s found=
	for s in $SERIES_ORDER; do
		if [ -d "$1/$s" ]; then echo "$1/$s"; found=1; fi
	done
	[ -n "$found" ] || echo "$1"
}

# A series: DIR/NNNN-*.patch in name order, without the cover letter.
series_files() {
	find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | LC_ALL=C sort
}

# Every patch under ROOT, series after series, in the order git am takes them.
root_series_files() {
	local d
	for d in $(series_dirs "$1"); do series_files "$d"; done
}

# A cover letter's measured part lies between these lines: make quote
# writes it from results/ (harness/quote.sh), make patches too.
COVER_MARKS=('Measured (make quote writes this part from the records in results/):'
	'(End of the part make quote writes.)')

# marked inside|outside FILE BEGIN END: FILE's lines between the marker
# lines BEGIN and END (inside), or all the others, the markers kept
# (outside): the one walk over a doc's generated part.
marked() {
	case $1 in
	inside|outside) ;;
	*) die "marked: say inside or outside, not '$1'" ;;
	esac
	[ -f "$2" ] || die "marked: no file $2"
	awk -v inner="$([ "$1" = inside ] && echo 1 || echo 0)" -v b="$3" -v e="$4" \
		'$0 == e { p = 0 } p + 0 == inner + 0 { print } $0 == b { p = 1 }' "$2"
}

# without_measured FILE: FILE without what lies between COVER_MARKS.
without_measured() { marked outside "$1" "${COVER_MARKS[@]}"; }

# The applied series are identified by the names and contents of their
# files, cover letters included (their text becomes the tree's branch
# descriptions), but not their measured parts: a new record changes no
# kernel tree.
series_id() {
	local d f
	for d in $(series_dirs "$1"); do
		for f in $(find "$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' | LC_ALL=C sort); do
			echo "$(basename "$d")/$(basename "$f")"; without_measured "$f"
		done
	done | sha256sum | cut -c1-16
}

# series_functions DIR: the kernel functions the series in DIR defines
# ("new NAME") or changes ("changed NAME": a hunk falls in it, or it
# rewrites its definition), kernel/ and include/ only, tests aside. The
# KCSAN kernel's verdict fails on a race that names a new one; one naming a
# changed one is listed for a look (6.12 races in those functions too),
# one naming neither is 6.12's own.
series_functions() {
	local f
	for f in $(root_series_files "$1"); do
		awk '
		/^diff --git / { keep = ($3 ~ /^a\/(kernel|include)\// && $3 !~ /_test\.c$/); next }
		!keep { next }
		/^@@ / { ctx = $0; sub(/^@@[^@]*@@ ?/, "", ctx)
			if (match(ctx, /[A-Za-z_][A-Za-z0-9_]*\(/)) print "changed", substr(ctx, RSTART, RLENGTH - 1)
			next }
		/^[-+][A-Za-z_].*[A-Za-z_][A-Za-z0-9_]*\(/ && !/;[ \t]*$/ && !/^(\+\+\+|---)/ {
			line = substr($0, 2); sub(/\(.*/, "", line); n = split(line, w, /[ \t*]+/)
			print (substr($0, 1, 1) == "+" ? "new" : "old"), w[n] }
		' "$f"
	done | grep -E ' [A-Za-z_][A-Za-z0-9_]*$' |
		grep -vE ' (if|for|while|switch|return|sizeof|__setup|[A-Z_]+)$' |
		# A definition the series removes was 6.12's: rewritten, not new.
		awk '{ seen[$2] = 1; if ($1 == "new") added[$2] = 1; if ($1 == "old") old[$2] = 1 }
		     END { for (n in seen) print (added[n] && !old[n]) ? "new" : "changed", n }' |
		LC_ALL=C sort -u
}

# The tree's KTAP parser reads every result we count: KUnit's at boot, the
# guest's TAP, the host tests'.
KUNIT_PY=${KUNIT_PY:-$TREE/tools/testing/kunit/kunit.py}

# ktap_counts FILE: prints "PASSED FAILED SKIPPED ERRORS" from kunit.py's
# summary ("Ran N tests: passed: a, failed: b, ..."); crashed counts as
# failed. Fails if there is no summary, i.e. no parseable KTAP.
ktap_counts() {
	local summary n field counts=()
	summary=$(python3 "$KUNIT_PY" parse "$1" 2>&1 | grep -o 'Ran [0-9]* tests:.*' | tail -n 1 || true)
	[ -n "$summary" ] || return 1
	for field in passed failed crashed skipped errors; do
		n=$(echo "$summary" | sed -n "s/.* $field: \([0-9]*\).*/\1/p")
		counts+=("${n:-0}")
	done
	echo "${counts[0]} $(( counts[1] + counts[2] )) ${counts[3]} ${counts[4]}"
}

# tap_counts FILE: "PASSED FAILED SKIPPED" of a TAP document whose tests
# are each a nested subtest (4 spaces in), as tests/run.sh writes them:
# each leaf result counts, a subtest's results missing from its plan
# count as failed, and so does a test that failed with no result of its
# own (it bailed out). Needs no kernel tree.
tap_counts() {
	awk '
	function close_test(ok) {
		if (!ok && !results) f++
		else if (results < planned) f += planned - results
		results = planned = 0
	}
	/^    1\.\.[0-9]+$/ { planned = substr($1, 4) + 0; next }
	/^    (not )?ok [0-9]+/ {
		results++
		if ($0 ~ /# SKIP/) s++
		else if ($1 == "not") f++
		else p++
		next
	}
	/^ok [0-9]+/ { close_test(1); next }
	/^not ok [0-9]+/ { close_test(0); next }
	END { print p + 0, f + 0, s + 0 }
	' "$1"
}

# tap_failures FILE: the failed results of such a document, "TEST: RESULT"
# (a test's name follows its subtest, so each one's failures wait for it).
tap_failures() {
	awk '/^    not ok [0-9]+ / { sub(/^    not ok [0-9]+ /, ""); failed[++n] = $0; next }
		/^(not )?ok [0-9]+ / {
			name = $0; sub(/^(not )?ok [0-9]+ /, "", name)
			for (i = 1; i <= n; i++) print name ": " failed[i]
			if ($1 == "not" && !n) print name ": failed"
			n = 0
		}' "$1"
}

# ktap_failures FILE: the names of the failed tests, one a line.
ktap_failures() {
	{ python3 "$KUNIT_PY" parse "$1" 2>&1 || true; } | sed -n 's/^\[[0-9:]*\] *//; s/^\[\(FAILED\|CRASHED\)\] /\1: /p' || true
}

# build_analysis: the host's analysis tools into $OUT/bin (make analysis),
# one make at a time (boots at once each build them for their figures).
build_analysis() {
	mkdir -p "$OUT/bin"
	flock "$OUT/bin/.lock" make -s -C "$ROOT" analysis BIN="$OUT/bin" >/dev/null
}

# plan_text PLAN: a plan's lines, from guest/plans/ or, for the plans made
# from the scenario table (rfc, rfc-stock), from harness/plans.sh.
plan_text() {
	if [ -f "$ROOT/guest/plans/$1" ]; then
		cat "$ROOT/guest/plans/$1"
	else
		"$ROOT/harness/plans.sh" "$1" 2>/dev/null
	fi
}

# tsv_awk [-F SEP] [-v VAR=VALUE]... PROGRAM [FILE...]: awk running PROGRAM
# over records with a header, through harness/tsv.awk (col(NAME): the
# row's value in column NAME): the one reader of records in the shell.
TSV_AWK=$ROOT/harness/tsv.awk
tsv_awk() {
	local opts=() prog
	while [ $# -gt 1 ]; do
		case $1 in -F|-v) opts+=("$1" "$2"); shift 2 ;; *) break ;; esac
	done
	prog=$1; shift
	awk ${opts[@]+"${opts[@]}"} -f "$TSV_AWK" -f /dev/fd/3 "$@" 3<<<"$prog"
}

# key=value words (data blocks' headers, counts, the guest's lines): kv
# KEY [FILE...] and kv_awk PROGRAM [FILE...] (kv(LINE, KEY) in awk), from
# guest/lib/kv.sh, the guest's own.
KV_AWK=$ROOT/guest/lib/kv.awk
# shellcheck source=guest/lib/kv.sh
. "$ROOT/guest/lib/kv.sh"

# tsv_row VALUE...: a line of a record, its values tab-separated; a value
# holding a tab or a newline is an error (the format's one rule).
tsv_row() {
	local v IFS=$'\t'
	for v; do
		case $v in *$'\t'*|*$'\n'*) die "a record's value holds a tab or a newline: '$v'" ;; esac
	done
	printf '%s\n' "$*"
}

# The scenario table (analysis/scenarios, its columns named by its header
# line; UTIL_EST_SCENARIOS: the tests' own): its scenarios' names, and one
# column of a scenario's row, by the column's name ("-" is empty).
SCENARIOS=${UTIL_EST_SCENARIOS:-$ROOT/analysis/scenarios}
scenario_names() { tsv_awk -F ' [|] ' '{ print col("name") }' "$SCENARIOS"; }
scenario_field() { # NAME COLUMN
	tsv_awk -F ' [|] ' -v n="$1" -v c="$2" 'col("name") == n { v = col(c); if (v == "-") v = ""; print v; found = 1 }
		END { if (tsv_failed) exit 2; exit !found }' "$SCENARIOS"
}

# The policies' table (analysis/policies, as the scenarios'; UTIL_EST_
# POLICIES: the tests' own): one column of every row, a line each, in the
# kernel's order (the first its default).
POLICIES=${UTIL_EST_POLICIES:-$ROOT/analysis/policies}
policy_column() { tsv_awk -F ' [|] ' -v c="$1" '{ print col(c) }' "$POLICIES"; }
# policy_own_names: the names util_est_task lists (lab patch 17), in the
# order of a task's own choice (its sample event's own=): the kernel's
# util_est_own_names[] (system, none), read from the series, then the
# policies; fails naming the array if the series defines none.
policy_own_names() {
	local own
	# shellcheck disable=SC2046 # (a file per word)
	own=$(awk '/^\+const char \* const util_est_own_names\[/ { p = 1; next }
		p && /^\+};/ { exit } p && match($0, /"[a-z_]+"/) { print substr($0, RSTART + 1, RLENGTH - 2) }' \
		$(root_series_files "$SERIES_ROOT" 2>/dev/null) /dev/null) && [ -n "$own" ] ||
		{ log "no util_est_own_names[] in $SERIES_ROOT's series: the names util_est_task lists before the policies"; return 1; }
	echo $own $(policy_column name)
}

# scenario_metrics SCENARIO [ue_metrics options] DATA...: ue_metrics on
# the scenario's runs in the experiments' data files, with the scenario's
# options (out/bin: make analysis first).
scenario_metrics() {
	local s=$1 opts
	shift
	opts=$(scenario_field "$s" metrics) || { log "no scenario $s in analysis/scenarios"; return 1; }
	# shellcheck disable=SC2086 # the options are words
	"$OUT/bin/ue_metrics" --workload "$s" --task "$(scenario_field "$s" thread)" $opts "$@"
}
# scenario_figures DATA...: every scenario's runs, one ue_metrics record
# (its header once).
scenario_figures() {
	local - s from=1
	set -o pipefail
	for s in $(scenario_names); do
		scenario_metrics "$s" "$@" | tail -n +$from || return 1
		from=2
	done
}

# settings_words [--without LIST] FILE...: each QEMU settings record
# (qemu.sh's LOG.settings) as "name=value" words, for the reports' text;
# LIST leaves words out, each a column's name or a "name=value" word.
settings_words() {
	local without=
	[ "${1-}" != --without ] || { without=$2; shift 2; }
	tsv_awk -v without=" $without " '{
		s = ""
		for (i = 1; i <= tsv_n; i++) {
			w = tsv_name[i] "=" $i
			if (!index(without, " " tsv_name[i] " ") && !index(without, " " w " ")) s = s (s == "" ? "" : " ") w
		}
		print s
	}' "$@"
}

# The series the kernels are built with (tree.sh applies them):
# UTIL_EST_PATCHES moves them (the tests' own).
SERIES_ROOT=${UTIL_EST_PATCHES:-$ROOT/patches}

# patch_subjects FILE...: each patch's subject as git am commits it.
patch_subjects() {
	local p
	for p; do git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p'; done
}

# build_commits BUILD: the subjects of the commits the build's kernel has
# on pristine, from its source tree (the build dir's "source" link): the
# commit its release names (-gHASH), or the tree's HEAD if it names none.
# Fails if the tree does not know them.
build_commits() {
	local tree hash commit
	tree=$(readlink -f "$1/source") && [ -d "$tree" ] || return 1
	hash=$(sed -n 's/.*-g\([0-9a-f]\{12,\}\)\(-dirty\)\{0,1\}$/\1/p' "$1/kernelrelease" 2>/dev/null)
	commit=$(git -C "$tree" rev-parse -q --verify "${hash:-HEAD}^{commit}") || return 1
	git -C "$tree" log --format=%s "pristine..$commit" 2>/dev/null
}

# build_series BUILD: the series of $SERIES_ROOT the build's kernel
# carries, "+"-joined in their order ("fixes+lab"); "none": the unpatched
# kernel, nothing on pristine but the platform; "unknown": its source tree
# does not say, or its commits are none of the series' (renamed since).
build_series() {
	local commits others d name found=
	commits=$(build_commits "$1") || { echo unknown; return; }
	# shellcheck disable=SC2046 # (a file name per word)
	others=$(grep -vxF -f <(patch_subjects $(series_files "$PLATFORM")) <<<"$commits" || true)
	[ -n "$others" ] || { echo none; return; }
	for d in $(series_dirs "$SERIES_ROOT"); do
		name=$(basename "$d")
		[ "$d" != "$SERIES_ROOT" ] || name=series
		# shellcheck disable=SC2046
		grep -qxF -f <(patch_subjects $(series_files "$d")) <<<"$others" && found=${found:+$found+}$name
	done
	echo "${found:-unknown}"
}

# build_platform BUILD: the platform's patches the build's kernel carries,
# by file name, comma-separated; "none"; "unknown" as build_series.
build_platform() {
	local commits p found=
	commits=$(build_commits "$1") || { echo unknown; return; }
	for p in $(series_files "$PLATFORM"); do
		grep -qxF "$(patch_subjects "$p")" <<<"$commits" && found=${found:+$found,}$(basename "$p" .patch)
	done
	echo "${found:-none}"
}

# The benchmark's base setting, which every other is compared with in a
# boot (guest/experiments/bench.sh: UTIL_EST off).
BENCH_BASE=off

# Every run is kept, in a directory of its own named by its start (UTC),
# the checkout's commit, the kernel and the plan (harness/run.sh);
# $RUNS/KERNEL/PLAN links to the latest, where the steps read its results.
RUNS=$OUT/runs

# run_field DIR COLUMN: a column of the run's run.info (harness/run.sh);
# nothing, and status 1, for a run without one.
run_field() {
	[ -f "$1/run.info" ] || return 1
	tsv_awk -v c="$2" '{ print col(c) }' "$1/run.info"
}

# The records the docs quote, tracked: results/DATE-NAME/, each a copy of
# a kept run's small text files (harness/record.sh); UTIL_EST_RESULTS
# moves them (the tests' own).
RESULTS=${UTIL_EST_RESULTS:-$ROOT/results}
# The files a record keeps, those the run has and not empty: its record,
# its counts, and its tables (RECORD_TABLES): its command's timing, its
# figures (an experiment's, a benchmark boot's), the bench's comparisons
# (by setting, across kernels, without -icount) and its footprint
# (harness/footprint.sh: structs, static-branch sites), the storm's
# counts and the latency plan's (harness/stress-report.sh), make
# repeat's boots.
RECORD_TABLES="timing.tsv figures.tsv bench.tsv by-setting.tsv cross.tsv noise.tsv keys.tsv keys-cross.tsv footprint.tsv footprint-sites.tsv footprint-keys.tsv stress.tsv latency.tsv repeat.tsv compare.tsv insn-diff.tsv"
RECORD_FILES="run.info counts $RECORD_TABLES"

# make_verbs: the verbs the Makefile defines (its .PHONY line), a line
# each: what "make VERB" runs; fails naming the Makefile if it has none.
make_verbs() {
	local v
	v=$(sed -n 's/^\.PHONY: *//p' "$ROOT/Makefile" | tr -s ' ' '\n' | grep .) ||
		{ log "no .PHONY line in $ROOT/Makefile: it lists the make verbs"; return 1; }
	echo "$v"
}

# A whole command (make check, make demo) is kept as a run too:
# $RUNS/STAMP-COMMIT-WHAT, linked from $RUNS/make/WHAT, with its run.info
# (started, commit, dirty, what, cores, runs: the boots it read) and its
# timing.tsv, the record of how long it took (harness/quote.sh reads it
# from results/, where make record copies it).

# suite_run WHAT: a new run directory for the command WHAT, its link
# switched to it and its run.info written; prints the directory.
suite_run() {
	local started commit base d n=1
	started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
	commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo nocommit)
	base=$RUNS/$(date -u -d "$started" +%Y%m%dT%H%M%SZ)-$commit-$1
	mkdir -p "$RUNS/make" || return 1
	d=$base
	until mkdir "$d" 2>/dev/null; do
		n=$((n + 1)) d=$base.$n
		[ $n -le 99 ] || { log "cannot make a directory $base.N under $RUNS: is it writable?"; return 1; }
	done
	suite_info "$d" "$started" "$commit" "$1" -
	ln -s "../$(basename "$d")" "$RUNS/make/$1.new" && mv -T "$RUNS/make/$1.new" "$RUNS/make/$1"
	echo "$d"
}

# suite_info DIR STARTED COMMIT WHAT RUNS: writes DIR/run.info, RUNS the
# boots' run directories it read, comma-separated ("-": none yet).
suite_info() {
	local dirty=no
	[ -z "$(git -C "$ROOT" status --porcelain 2>/dev/null)" ] || dirty=yes
	{
		tsv_row started commit dirty what cores runs
		tsv_row "$2" "$3" "$dirty" "$4" "$(nproc)" "$5"
	} >"$1/run.info"
}

# builds_cold KIND...: whether those kernels' builds start cold: "yes" if
# every build directory is empty or absent, "no" if none is, "partly".
builds_cold() {
	local k empty=0
	for k; do
		[ -n "$(ls -A "$(build_dir "$k")" 2>/dev/null)" ] || empty=$((empty + 1))
	done
	if [ $empty -eq $# ]; then echo yes; elif [ $empty -eq 0 ]; then echo no; else echo partly; fi
}

# suite_timing DIR COLD PASSED FAILED SKIPPED [LINK...]: the command's
# timing.tsv in its run DIR (what, started and commit from its run.info;
# its seconds from that start to now, so everything after suite_run,
# kernel builds included), and the boots it read (each a $RUNS/KERNEL/PLAN
# link; one older than the command is not its own) into its run.info.
suite_timing() {
	local dir=$1 cold=$2 p=$3 f=$4 s=$5 what started commit t runs= secs
	shift 5
	# A caller of the old form (DIR SECONDS COLD ...) would shift them all.
	[[ $cold =~ ^(yes|no|partly)$ && $p$f$s =~ ^[0-9]+$ ]] ||
		{ log "suite_timing: '$cold $p $f $s' is not COLD PASSED FAILED SKIPPED: no timing record"; return 1; }
	what=$(run_field "$dir" what) started=$(run_field "$dir" started) commit=$(run_field "$dir" commit) ||
		{ log "no run.info in $dir: no timing record"; return 1; }
	secs=$(date -u -d "$started" +%s 2>/dev/null) ||
		{ log "$dir/run.info's start '$started' is no time: no timing record"; return 1; }
	secs=$(( $(date +%s) - secs ))
	while read -r t; do runs=${runs:+$runs,}$(basename "$t"); done < <(suite_boots "$dir" "$@")
	suite_info "$dir" "$started" "$commit" "$what" "${runs:--}"
	{
		tsv_row what started_utc seconds cold passed failed skipped commit cores
		tsv_row "$what" "$started" "$secs" "$cold" "$p" "$f" "$s" "$commit" "$(nproc)"
	} >"$dir/timing.tsv"
}

# suite_done DIR STATUS COLD N LINK...: at a command's exit with STATUS,
# its timing (suite_timing) with the results of its boots among the first
# N LINKs (the patched kernel's: the stock kernel's failures are findings);
# a command that failed counts one failure at least. Nothing without DIR.
suite_done() {
	local dir=$1 status=$2 cold=$3 n=$4 p f s
	shift 4
	[ -n "$dir" ] || return 0
	# shellcheck disable=SC2046 # (a file per word)
	read -r p f s < <(counts_sum $(suite_boots "$dir" "${@:1:n}" | sed 's|$|/counts|'))
	[ "$status" -eq 0 ] || [ "$f" -gt 0 ] || f=1
	suite_timing "$dir" "$cold" "$p" "$f" "$s" "$@" || true
}

# suite_boots DIR LINK...: the runs the links ($RUNS/KERNEL/PLAN) point to
# that began after the command's run DIR, one a line: its own boots.
suite_boots() {
	local dir=$1 l t
	shift
	for l; do
		t=$(readlink -f "$l") || continue
		[ -d "$t" ] || continue
		[[ $(basename "$t") < $(basename "$dir") ]] || echo "$t"
	done
}

# counts_sum FILE...: "PASSED FAILED SKIPPED" summed over boots' counts
# files (verdict.sh's one line, "passed=P failed=F skipped=S"); a missing
# file adds nothing.
counts_sum() {
	[ $# -gt 0 ] || set -- /dev/null
	cat -- "$@" 2>/dev/null | kv_awk 'kv($0, "passed") != "" {
		p += kv($0, "passed"); f += kv($0, "failed"); s += kv($0, "skipped") }
		END { print p + 0, f + 0, s + 0 }'
}

# fixes_on_stock LOG: one line per test of plan "fixes" in a stock boot's
# LOG: a failure is the bug it reproduces, as expected on 6.12.118; a pass
# means the bug did not show in that run.
fixes_on_stock() {
	awk '/^=== util-est plan fixes begin ===/ { p = 1; next } /^=== util-est plan fixes end ===/ { p = 0 }
		p && /^not ok [0-9]+ / { print "stock: " $4 ": fails, the bug shows (expected)"; n++ }
		p && /^ok [0-9]+ / { print "stock: " $3 ": passes, the bug did not show in this run"; n++ }
		END { if (!n) print "stock: no results from plan fixes" }' "$1"
}
