// SPDX-License-Identifier: GPL-2.0
/*
 * ue_table: reads and writes the analysis' records, TSV with a header
 * (ue_table.h has the format).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ue_table.h"

#define MAX_COLS	128

struct ue_table {
	const char *path;
	FILE *f;
	int line;			/* the current line's number */
	char *head, *row;		/* the header's and the row's text */
	size_t head_len, row_len;
	int ncols;
	char *name[MAX_COLS];		/* into head */
	char *value[MAX_COLS];		/* into row */
};

/* Split @s at tabs into @v (at most MAX_COLS); the count, -1 if more. */
static int split(char *s, char **v)
{
	int n = 0;

	for (;;) {
		if (n == MAX_COLS)
			return -1;
		v[n++] = s;
		s = strchr(s, '\t');
		if (!s)
			return n;
		*s++ = '\0';
	}
}

/* The next line that is no comment and not empty into *@buf; 0 at the end. */
static int next_line(struct ue_table *t, char **buf, size_t *len)
{
	while (getline(buf, len, t->f) >= 0) {
		t->line++;
		(*buf)[strcspn(*buf, "\r\n")] = '\0';
		if ((*buf)[0] == '#' || !(*buf)[0])
			continue;
		return 1;
	}
	return 0;
}

struct ue_table *ue_table_open(const char *path)
{
	struct ue_table *t = calloc(1, sizeof(*t));

	if (!t) {
		perror("ue_table");
		return NULL;
	}
	t->path = path;
	t->f = fopen(path, "r");
	if (!t->f) {
		perror(path);
		free(t);
		return NULL;
	}
	if (!next_line(t, &t->head, &t->head_len)) {
		fprintf(stderr, "%s: no header line (an empty file? write it again)\n", path);
		ue_table_close(t);
		return NULL;
	}
	t->ncols = split(t->head, t->name);
	if (t->ncols < 0) {
		fprintf(stderr, "%s:%d: more than %d columns\n", path, t->line, MAX_COLS);
		ue_table_close(t);
		return NULL;
	}
	return t;
}

int ue_table_col(const struct ue_table *t, const char *name)
{
	int i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->name[i], name))
			return i;
	fprintf(stderr, "%s: no column '%s' in its header (a file of another kind, or of an older format: write it again)\n",
		t->path, name);
	return -1;
}

int ue_table_next(struct ue_table *t)
{
	int n;

	if (!next_line(t, &t->row, &t->row_len))
		return 0;
	n = split(t->row, t->value);
	if (n != t->ncols) {
		fprintf(stderr, "%s:%d: %d values where the header names %d columns\n", t->path,
			t->line, n < 0 ? MAX_COLS + 1 : n, t->ncols);
		return -1;
	}
	return 1;
}

const char *ue_table_get(const struct ue_table *t, int col)
{
	return col >= 0 && col < t->ncols ? t->value[col] : "";
}

void ue_table_close(struct ue_table *t)
{
	if (!t)
		return;
	if (t->f)
		fclose(t->f);
	free(t->head);
	free(t->row);
	free(t);
}

int ue_run_stock(const char *file)
{
	const char *slash = strrchr(file, '/');
	char info[4096];
	struct ue_table *t;
	int col, ret = -2;

	snprintf(info, sizeof(info), "%.*srun.info", slash ? (int)(slash - file + 1) : 0, file);
	if (access(info, F_OK))
		return -1;
	t = ue_table_open(info);
	if (!t)
		return -2;
	col = ue_table_col(t, "series");
	if (col >= 0 && ue_table_next(t) == 1)
		ret = !strcmp(ue_table_get(t, col), "none");
	else if (col >= 0)
		fprintf(stderr, "%s: no row (harness/run.sh writes one)\n", info);
	ue_table_close(t);
	return ret;
}

void ue_write(struct ue_writer *w, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof(buf) || strpbrk(buf, "\t\n")) {
		fprintf(stderr, "ue_table: value '%.40s' has a tab or a newline, or is too long: fix its writer\n",
			buf);
		exit(1);
	}
	fprintf(w->out, "%s%s", w->col++ ? "\t" : "", buf);
}

void ue_write_end(struct ue_writer *w)
{
	if (w->ncols && w->col != w->ncols) {
		fprintf(stderr, "ue_table: a row of %d values under a header of %d: fix its writer\n",
			w->col, w->ncols);
		exit(1);
	}
	if (!w->ncols)
		w->ncols = w->col;
	w->col = 0;
	fputc('\n', w->out);
}
