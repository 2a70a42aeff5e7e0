/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ue_table: the one record format of what the analysis computes (the
 * figures, the benchmark's comparisons, a run's run.info): TSV whose first
 * line names the columns, then a row a line, a value per column, values
 * tab-separated and holding no tab. A line that begins with '#' and an
 * empty line are comments. harness/tsv.awk reads the same format in the
 * shell's scripts.
 *
 * One reader (ue_table_open() .. ue_table_close()) and one writer
 * (ue_write(), ue_write_end()). See ue_table.c.
 */
#ifndef UE_TABLE_H
#define UE_TABLE_H

#include <stdio.h>

struct ue_table;

/* Open @path and read its header; NULL after a message naming the file. */
struct ue_table *ue_table_open(const char *path);
/* Column @name's index; -1 after a message naming the file and the column. */
int ue_table_col(const struct ue_table *t, const char *name);
/* The next row: 1, 0 at the end, -1 after a message naming file:line. */
int ue_table_next(struct ue_table *t);
/* Column @col's value in the current row (from ue_table_col()). */
const char *ue_table_get(const struct ue_table *t, int col);
void ue_table_close(struct ue_table *t);

/*
 * Whether the runs in @file (a boot's data) are the unpatched kernel's,
 * from its build's record, the run.info beside it (harness/run.sh: column
 * "series", the series the kernel carries, "none" for the stock kernel),
 * never from the kernel's name: 1 or 0; -1 without a run.info; -2 after a
 * message naming the run.info (no column "series", or no row).
 */
int ue_run_stock(const char *file);

/*
 * The writer: the first row written is the header (the columns' names),
 * every row after it has as many values. Zero-initialise it with its @out.
 */
struct ue_writer {
	FILE *out;
	int ncols;		/* the header's; 0 until it ends */
	int col;		/* values written in the current row */
};

/* One value of the current row, printf-style; exits on a tab or a newline. */
void ue_write(struct ue_writer *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* End the current row; exits if its count of values is not the header's. */
void ue_write_end(struct ue_writer *w);

#endif
