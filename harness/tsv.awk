# SPDX-License-Identifier: GPL-2.0
# The shell's reader of records with a header (analysis/ue_table.h has the
# format: a line naming the columns, then a row a line, tab-separated;
# '#' lines and empty ones are comments). It runs before a program, which
# sees the rows only:
#
#   awk -f harness/tsv.awk -f PROGRAM FILE...   (lib.sh: tsv_awk)
#
#   col(NAME)       the row's value in column NAME; a file without that
#                   column stops awk (status 2) naming both
#   has(NAME)       whether the file has column NAME
#   tsv_n, tsv_name[1..tsv_n]  the header's columns, in order
#   tsv_file_n      which file the row is in, 1 for the first
#   tsv_failed      set once col() or a row has failed: an END block
#                   should then print nothing
#
# Fields are split at tabs unless the program's -F sets a separator
# (analysis/scenarios: " | "). A row with more or fewer values than the
# header is an error naming the file and line.

BEGIN { if (FS == " ") FS = "\t" }

function tsv_fail(msg) {
	printf "%s\n", msg >"/dev/stderr"
	tsv_failed = 1
	exit 2
}

function tsv_file() { return FILENAME == "" || FILENAME == "-" ? "stdin" : FILENAME }

function has(name) { return name in tsv_col }

function col(name) {
	if (!(name in tsv_col))
		tsv_fail(tsv_file() ": no column '" name "' in its header (a file of another kind, or of an older format: write it again)")
	return $(tsv_col[name])
}

# The header of a new file: its columns by name.
function tsv_header(  i) {
	split("", tsv_col)
	tsv_n = NF
	for (i = 1; i <= NF; i++) {
		tsv_name[i] = $i
		tsv_col[$i] = i
	}
}

# A new file starts where the line number goes back (the same file twice too).
FNR <= tsv_fnr { tsv_at = "" }
{ tsv_fnr = FNR }
/^#/ || /^$/ { next }
tsv_at != FILENAME || !tsv_n { tsv_at = FILENAME; tsv_file_n++; tsv_header(); next }
NF != tsv_n { tsv_fail(tsv_file() ":" FNR ": " NF " values where the header names " tsv_n " columns") }
