#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The records' format, TSV with a header (analysis/ue_table.h), and its two
# readers: analysis/ue_table.c (through tests/fixtures/tsv_cols.c and
# ue_metrics' run.info) and harness/tsv.awk (through lib.sh's tsv_awk and
# scenario_field): columns by name, comments skipped, a missing column or
# a short row an error naming the file.
. "$(dirname "$0")/lib.sh"
plan 21

. "$HARNESS/lib.sh"
gcc -O2 -Wall -Wextra -Werror -I"$TESTS_ROOT/analysis" -o "$WORK/tsv_cols" \
	"$TESTS_ROOT/tests/fixtures/tsv_cols.c" "$TESTS_ROOT/analysis/ue_table.c" ||
	{ echo "Bail out! tsv_cols does not build"; exit 1; }
make -s -C "$TESTS_ROOT" analysis BIN="$WORK" >/dev/null ||
	{ echo "Bail out! make analysis fails"; exit 1; }

# Names that share a beginning, in two orders.
printf '# a comment\nest_min\test\test_max\n1\t2\t3\n\n# another\n4\t5\t6\n' >"$WORK/t.tsv"
printf 'est\test_min\test_max\n2\t1\t3\n5\t4\t6\n' >"$WORK/u.tsv"

# The C reader.
"$WORK/tsv_cols" "$WORK/t.tsv" est est_max >"$WORK/t.out" 2>&1
check "C: columns by name, every row, comments and empty lines skipped" \
	[ "$(tr '\t\n' ' ;' <"$WORK/t.out")" = "est est_max;2 3;5 6;" ]
"$WORK/tsv_cols" "$WORK/u.tsv" est est_max >"$WORK/u.out" 2>&1
check "C: the same columns in another order, the same values" cmp -s "$WORK/t.out" "$WORK/u.out"
fails_with "C: a missing column is an error naming the file and the column" \
	"t.tsv: no column 'es' in its header" "$WORK/tsv_cols" "$WORK/t.tsv" est es
printf 'a\tb\n1\t2\n3\n' >"$WORK/short.tsv"
fails_with "C: a row of fewer values is an error naming its line" \
	'short.tsv:3: 1 values where the header names 2 columns' "$WORK/tsv_cols" "$WORK/short.tsv" a
: >"$WORK/empty.tsv"
fails_with "C: a file without a header is an error" 'empty.tsv: no header line' \
	"$WORK/tsv_cols" "$WORK/empty.tsv" a

# The awk reader.
tsv_awk '{ print col("est"), col("est_max") }' "$WORK/t.tsv" >"$WORK/out" 2>&1
check "awk: columns by name, every row, comments and empty lines skipped" \
	[ "$(tr '\n' ';' <"$WORK/out")" = "2 3;5 6;" ]
tsv_awk '{ print col("est_max"), col("est") }' "$WORK/t.tsv" "$WORK/u.tsv" >"$WORK/out" 2>&1
check "awk: each file by its own header" [ "$(tr '\n' ';' <"$WORK/out")" = "3 2;6 5;3 2;6 5;" ]
fails_with "awk: a missing column is an error naming the file and the column" \
	"t.tsv: no column 'es' in its header" tsv_awk '{ print col("es") }' "$WORK/t.tsv"
rc=0
tsv_awk '{ print col("es") } END { if (tsv_failed) exit 2; print "end" }' "$WORK/t.tsv" >"$WORK/d.out" 2>&1 || rc=$?
check "awk: and the program learns it failed (status 2, nothing printed after)" \
	[ "$rc $(grep -c end "$WORK/d.out")" = "2 0" ]
fails_with "awk: a row of fewer values is an error naming its line" \
	'short.tsv:3: 1 values where the header names 2 columns' tsv_awk '{ print col("a") }' "$WORK/short.tsv"

# The scenario table: " | "-separated, its columns read by name.
table=$WORK/scenarios
{
	echo "# a comment"
	echo "thread | name | title | reps | mult | opp | metrics | plots | xmax | patched | stock"
	echo "big | s1 | The first | 3 | 1 | free | --acts 5 | - | 100 | pelt | -"
} >"$table"
check "scenario_field reads a column by its name, wherever it is" \
	[ "$(SCENARIOS=$table scenario_field s1 title)/$(SCENARIOS=$table scenario_field s1 metrics)" = "The first/--acts 5" ]
check "and '-' is empty" [ -z "$(SCENARIOS=$table scenario_field s1 plots)" ]
# The guest's reader of the same tables (guest/lib/table.sh, POSIX sh).
guest_field() { sh -c '. "$0"; table_field "$@"' "$TESTS_ROOT/guest/lib/table.sh" "$table" "$@"; }
check "the guest's table_field reads them alike: by the column's name, '-' empty, or every row's" \
	[ "$(guest_field title s1)/$(guest_field metrics s1)/$(guest_field plots s1)/$(guest_field name)" = "The first/--acts 5//s1" ]
fails_with "table_field: a column the table has not is an error naming it" "no column 'color'" guest_field color s1
fails_with "table_field: a row it has not is an error naming it" "no row 's2'" guest_field title s2
fails_with "a column the table has not is an error naming it" "scenarios: no column 'color'" \
	env UTIL_EST_SCENARIOS="$table" bash -c ". '$HARNESS/lib.sh'; scenario_field s1 color"
check "the plans are made from the columns by name: each patched setting, its reps" \
	[ "$(UTIL_EST_SCENARIOS=$table "$HARNESS/plans.sh" rfc | grep '^experiment')" = "experiment s1 pelt 3" ]

# ue_metrics knows the stock kernel from the run.info beside its data,
# through the C reader, not from a "-stock" in its release.
mkdir -p "$WORK/run"
printf '%s\n' "=== data workload=w setting=pelt rep=1 kernel=6.12.0-stock begin ===" "I 1 250000 2000000" \
	"S 1000 1 0 R 100 big" "S 2000 1 100 S 0 swapper/1" \
	"=== data workload=w setting=pelt rep=1 kernel=6.12.0-stock end ===" >"$WORK/run/console.log.data"
printf 'release\tseries\n6.12.0-stock\tfixes+lab\n' >"$WORK/run/run.info"
"$WORK/ue_metrics" "$WORK/run/console.log.data" >"$WORK/out" 2>&1
figures_are "a run.info saying the kernel carries the series: patched, whatever its name" "$WORK/out" label pelt
printf 'release\tseries\n6.12.0-stock\tnone\n' >"$WORK/run/run.info"
"$WORK/ue_metrics" "$WORK/run/console.log.data" >"$WORK/out" 2>&1
figures_are "a run.info saying it carries none: stock" "$WORK/out" label "pelt(stock)"
printf 'release\n6.12.0-stock\n' >"$WORK/run/run.info"
fails_with "a run.info without the series is an error naming it" "run.info: no column 'series'" \
	"$WORK/ue_metrics" "$WORK/run/console.log.data"
rm "$WORK/run/run.info"
"$WORK/ue_metrics" "$WORK/run/console.log.data" >"$WORK/out" 2>&1
figures_are "no run.info: the patched kernel's, whatever its release says" "$WORK/out" label pelt
finish
