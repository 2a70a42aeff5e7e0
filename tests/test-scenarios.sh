#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The scenario table (analysis/scenarios) holds together: every scenario a
# plan names has its row and its workload, every row its workload, with
# the thread it names; the rows are well formed, and the thresholds
# (analysis/expect) and the published figures (analysis/bakeoff-published)
# name scenarios that exist.
. "$(dirname "$0")/lib.sh"
. "$HARNESS/lib.sh"
plan 16

W=$TESTS_ROOT/guest/workloads
rows=$(scenario_names)
check "the table has rows" [ -n "$rows" ]
# A value for each column of the header (tsv.awk counts them), mult 1, 2
# or 4, opp free or fmax, reps a number.
bad=$(tsv_awk -F ' [|] ' 'col("mult") !~ /^[124]$/ || col("opp") !~ /^(free|fmax)$/ || col("reps") !~ /^[1-9][0-9]*$/ {
	print col("name") }' "$SCENARIOS" 2>&1)
check "every row is well formed${bad:+ (not: $bad)}" [ -z "$bad" ]
# Settings: POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM], as the guest's
# runner parses them (guest/lib/setting.sh), POLICY one of analysis/
# policies (or pelt, default), OWN one util_est_task lists.
. "$TESTS_ROOT/guest/lib/setting.sh"
# unknown_settings TABLE: "scenario: setting" for each that does not parse
# or names a policy the kernel has not, a line each, with why.
unknown_settings() {
	local s w
	for s in $(SCENARIOS=$1 scenario_names); do
		for w in $(SCENARIOS=$1 scenario_field "$s" patched) $(SCENARIOS=$1 scenario_field "$s" stock); do
			setting_parse "$w" 2>"$WORK/why" || { sed "s/^/$s: /" "$WORK/why"; continue; }
			grep -qxF -e "$setting_policy" <(echo pelt; echo default; policy_column name) ||
				echo "$s: $w: no policy $setting_policy in analysis/policies"
			[ -z "$setting_own" ] || grep -qwF -e "$setting_own" <<<"$(policy_own_names)" ||
				echo "$s: $w: no own policy $setting_own in util_est_task's names"
		done
	done
}
bad=$(unknown_settings "$SCENARIOS")
check "every setting parses, its policies and platform known${bad:+ (not: $bad)}" [ -z "$bad" ]
# The rows of TABLE whose workload (in DIR) is missing or lacks the row's
# thread, or a thread a setting gives a policy of its own.
without_workload() { # TABLE DIR
	local s threads
	for s in $(SCENARIOS=$1 scenario_names); do
		threads="$(SCENARIOS=$1 scenario_field "$s" thread) $(SCENARIOS=$1 scenario_field "$s" patched |
			tr ' ' '\n' | sed -n 's#^[^/]*/\([^=]*\)=.*#\1#p')"
		# JSON once rt-app's calibration is filled in, naming the threads.
		# shellcheck disable=SC2086 # (one argument per thread)
		sed 's/@CALIBRATION@/100/' "$2/${s%%.*}.json" 2>/dev/null |
			python3 -c "import json, sys; t = json.load(sys.stdin)['tasks']; sys.exit(any(n not in t for n in sys.argv[1:]))" \
				$threads 2>/dev/null || printf ' %s' "$s"
	done
}
missing=$(without_workload "$SCENARIOS" "$W")
check "every row has its workload, with its thread${missing:+ (not:$missing)}" [ -z "$missing" ]
unknown=
for p in check rfc rfc-stock; do
	for s in $(plan_text "$p" | awk '$1 == "experiment" { print $2 }' | sort -u); do
		scenario_field "$s" name >/dev/null || unknown="$unknown $p:$s"
	done
done
check "every scenario a plan names has its row${unknown:+ (not:$unknown)}" [ -z "$unknown" ]
orphans=$(tsv_awk -F ' [|] ' '{ print col("scenario") }' "$TESTS_ROOT/analysis/expect" | sort -u |
	while read -r s; do scenario_field "$s" name >/dev/null || echo "$s"; done)
check "every threshold names a scenario${orphans:+ (not: $orphans)}" [ -z "$orphans" ]
# The published figures (a value for each column: tsv.awk counts them),
# each set beside a scenario of the table or one marked "(planned)"
# (docs/bakeoff.md section 7 plans it).
unplaced() { # TABLE
	local s
	tsv_awk -F ' [|] ' '{ n = split(col("scenario"), s, /, |; /); for (i = 1; i <= n; i++) print s[i] }' "$1" |
		while read -r s; do
			case $s in
			*' (planned)') ;;
			*) scenario_field "$s" name >/dev/null || echo "$s" ;;
			esac
		done
}
bad=$(unplaced "$TESTS_ROOT/analysis/bakeoff-published" 2>&1)
check "every published figure is beside a scenario of the table or a planned one${bad:+ (not: $bad)}" [ -z "$bad" ]
sed 's/| periodic-burst |/| periodic-bursts |/' "$TESTS_ROOT/analysis/bakeoff-published" >"$WORK/published"
check "a published figure beside a scenario the table lacks is found" \
	[ "$(unplaced "$WORK/published" | sort -u)" = periodic-bursts ]
# The check can fail: a row without a workload, one whose thread is not
# the workload's.
mkdir "$WORK/w"
cp "$W/migrate.json" "$WORK/w/moved.json"
header=$(grep -m 1 -v '^#' "$SCENARIOS")
printf '%s\n' "$header" "moved | big | 1 | free | - | - | - | pelt | - | 1 | x" \
	"moved2 | big | 1 | free | - | - | - | pelt | - | 1 | x" >"$WORK/table"
check "a row without its workload is found" [ "$(without_workload "$WORK/table" "$WORK/w")" = " moved2" ]
sed -i 's/^moved | big /moved | nobody /' "$WORK/table"
check "a row whose thread its workload lacks is found" \
	[ "$(without_workload "$WORK/table" "$WORK/w")" = " moved moved2" ]
printf '%s\n' "$header" "moved3 | big | 1 | free | - | - | - | pelt max_ewma_last/ghost=none | - | 1 | x" >"$WORK/table"
cp "$W/migrate.json" "$WORK/w/moved3.json"
check "a setting that gives a thread the workload lacks a policy is found" \
	[ "$(without_workload "$WORK/table" "$WORK/w")" = " moved3" ]
# The settings' check can fail: a setting that does not parse, a policy
# or an own policy the kernel has not.
printf '%s\n' "$header" "bad | big | 1 | free | - | - | - | pelt ewma@mars last:After last: last:x/bg=mine maxewma | default/x | 1 | x" >"$WORK/table"
check "a setting that does not parse, or whose policies are unknown, is found" \
	diff <(unknown_settings "$WORK/table") - <<'EOW'
bad: setting 'ewma@mars': no platform 'mars' (juno or invariant); a setting is POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]
bad: setting 'last:After': SAMPLE 'After' is not a name (a-z, 0-9, _); a setting is POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]
bad: setting 'last:': no SAMPLE after ':'; a setting is POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]
bad: last:x/bg=mine: no own policy mine in util_est_task's names
bad: maxewma: no policy maxewma in analysis/policies
bad: setting 'default/x': a thread's own policy is /THREAD=OWN; a setting is POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]
EOW
# The names a task's own policy takes: the kernel's util_est_own_names[]
# as the lab series defines it, then the policies' table.
check "own policies' names: the lab series' util_est_own_names[], then analysis/policies'" \
	[ "$(policy_own_names)" = "system none $(policy_column name | tr '\n' ' ' | sed 's/ $//')" ]
own_in() { SERIES_ROOT=$1 policy_own_names; }
mkdir -p "$WORK/series"
printf '%s\n' '+const char * const util_est_own_names[UTIL_EST_OWN_POLICY] = {' \
	'+	[UTIL_EST_OWN_SYSTEM]	= "system",' '+	[UTIL_EST_OWN_INHERIT]	= "inherit",' '+};' '+	"after",' \
	>"$WORK/series/0001-own.patch"
check "a new name in the series' array is one more own policy, in its place" \
	[ "$(own_in "$WORK/series" | cut -d' ' -f1-3)" = "system inherit $(policy_column name | head -n 1)" ]
: >"$WORK/series/0001-own.patch"
fails_with "a series without the array fails, naming it" 'no util_est_own_names\[\] in .*series' own_in "$WORK/series"
# No SAMPLE: none typed here, the runner takes the kernel's default (the
# first util_est_sample lists, guest/lib/choices.sh).
samples() { local w; for w; do setting_parse "$w" && printf '%s;' "$setting_sample"; done; }
check "a setting's SAMPLE is empty unless given" [ "$(samples ewma@juno last:after_update/bg=none)" = ";after_update;" ]
finish
