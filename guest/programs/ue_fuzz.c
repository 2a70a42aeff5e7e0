// SPDX-License-Identifier: GPL-2.0
/*
 * ue_fuzz SEED CASES: bad input on the series' debugfs files, as TAP.
 *
 * Each file takes one value, written whole at offset 0 in fewer than 32
 * bytes with no NUL in it. The name files take a name they list, alone or
 * with one trailing newline (sysfs_streq()); the multiplier takes 1, 2 or
 * 4 as kstrtouint() reads them: an optional '+', decimal digits, one
 * optional newline, -ERANGE past the type's range. Anything else fails
 * with -EINVAL and changes nothing. seq_file takes pwrite() away: it
 * fails with -ESPIPE.
 *
 * That rule is the model. Every case (one write, or two on one open file)
 * is judged by it: each write's errno against the model's, the state read
 * back afterwards against the model's state. Then concurrent writers and
 * readers (every read shows a well-formed state) and a user who is not
 * root (nothing opens for writing, nothing changes). The same SEED
 * replays the same cases; the state from before is restored at the end.
 * Exit status: 0 all passed, 1 a failure, 2 bad arguments, 4 no files.
 * UE_FUZZ_DIR names another directory than /sys/kernel/debug/sched (the
 * host's tests give it files that take anything, and see it fail).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define MAX_NAMES	8
#define NAME_MAX_LEN	32
#define WRITE_MAX	32		/* the kernel's buffer: a write is < 32 */
#define LONG_WRITE	65536
#define MAX_DIAG	10

struct knob {
	const char *name;
	char file[256];
	int numeric;			/* a number, not a name */
	char names[MAX_NAMES][NAME_MAX_LEN];	/* the values it takes */
	int nr;
	int state, saved;		/* the model's, and the one to restore */
	long cases, failed;
};

static struct knob knobs[] = {
	{ .name = "util_est_policy" },
	{ .name = "util_est_sample" },
	{ .name = "pelt_multiplier", .numeric = 1,
	  .names = { "1", "2", "4" }, .nr = 3 },
};

#define NR_KNOBS	((int)(sizeof(knobs) / sizeof(knobs[0])))

/* xorshift64: the cases follow from the seed alone. */
static uint64_t rng;

static int below(int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n > 0 ? (int)(rng % (uint64_t)n) : 0;
}

static int read_text(const char *file, char *text, size_t n)
{
	ssize_t len;
	int fd;

	fd = open(file, O_RDONLY);
	if (fd < 0)
		return -1;
	len = read(fd, text, n - 1);
	close(fd);
	if (len < 0)
		return -1;
	text[len] = '\0';
	return 0;
}

/* The names a name file lists, "a [b] c\n": learnt once, at the start. */
static int learn_names(struct knob *k)
{
	char text[256], *tok, *save;

	if (read_text(k->file, text, sizeof(text)))
		return -1;
	for (tok = strtok_r(text, " \n", &save); tok && k->nr < MAX_NAMES;
	     tok = strtok_r(NULL, " \n", &save)) {
		size_t len = strlen(tok);

		if (tok[0] == '[' && len > 2 && tok[len - 1] == ']') {
			tok[len - 1] = '\0';
			tok++;
		}
		snprintf(k->names[k->nr++], NAME_MAX_LEN, "%s", tok);
	}
	return k->nr > 1 ? 0 : -1;
}

/* The value in force, as the file shows it; -1 if it is not well formed. */
static int read_state(const struct knob *k)
{
	char text[256], want[256];
	int i, j;

	if (read_text(k->file, text, sizeof(text)))
		return -1;
	for (i = 0; i < k->nr; i++) {
		if (k->numeric) {
			snprintf(want, sizeof(want), "%s\n", k->names[i]);
		} else {
			want[0] = '\0';
			for (j = 0; j < k->nr; j++)
				snprintf(want + strlen(want), sizeof(want) - strlen(want),
					 j == i ? "%s[%s]" : "%s%s", j ? " " : "", k->names[j]);
			strcat(want, "\n");
		}
		if (!strcmp(text, want))
			return i;
	}
	return -1;
}

/* kstrtouint(s, 10): 0 and *v, or the errno it returns. */
static int model_uint(const char *s, unsigned int *v)
{
	uint64_t x = 0;
	int digits = 0;

	if (*s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++, digits++)
		if (__builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, *s - '0', &x))
			return ERANGE;
	if (!digits)
		return EINVAL;
	if (*s == '\n')
		s++;
	if (*s)
		return EINVAL;
	if (x > 0xffffffffULL)
		return ERANGE;
	*v = x;
	return 0;
}

/* What the kernel does with @len bytes of @buf written at @pos. */
static int model(const struct knob *k, const char *buf, size_t len, long pos, int *to)
{
	char s[WRITE_MAX];
	unsigned int v;
	int i, err;

	if (pos || !len || len >= WRITE_MAX || memchr(buf, '\0', len))
		return EINVAL;
	memcpy(s, buf, len);
	s[len] = '\0';
	if (k->numeric) {
		err = model_uint(s, &v);
		if (err)
			return err;
		for (i = 0; i < k->nr; i++)
			if (v == strtoul(k->names[i], NULL, 10)) {
				*to = i;
				return 0;
			}
		return EINVAL;
	}
	for (i = 0; i < k->nr; i++) {
		size_t n = strlen(k->names[i]);

		if (!strncmp(s, k->names[i], n) && (!s[n] || !strcmp(s + n, "\n"))) {
			*to = i;
			return 0;
		}
	}
	return EINVAL;
}

static void diag_case(const struct knob *k, const char *what, const char *buf, size_t len,
		      long pos, int got, int want)
{
	size_t i;

	printf("# %s: %s of %zu bytes at %ld: errno %d, the model says %d; \"", k->file, what,
	       len, pos, got, want);
	for (i = 0; i < len && i < 40; i++)
		printf(buf[i] >= 0x20 && buf[i] < 0x7f ? "%c" : "\\x%02x", (unsigned char)buf[i]);
	printf("%s\"\n", len > 40 ? "..." : "");
}

/*
 * One write through @fd, judged: write() at the file's position @pos, or
 * pwrite() at @at if it is not negative. Updates the model and @pos.
 */
static int judged_write(struct knob *k, int fd, long *pos, const char *buf, size_t len,
			long at)
{
	int use_pwrite = at >= 0, to = k->state, want, got = 0;
	ssize_t ret;

	want = use_pwrite ? ESPIPE : model(k, buf, len, *pos, &to);
	ret = use_pwrite ? pwrite(fd, buf, len, at) : write(fd, buf, len);
	if (ret < 0)
		got = errno;
	else if ((size_t)ret != len)
		got = -1;
	if (got != want) {
		if (k->failed < MAX_DIAG)
			diag_case(k, use_pwrite ? "pwrite" : "write", buf, len,
				  use_pwrite ? at : *pos, got, want);
		return -1;
	}
	if (!want) {
		k->state = to;
		*pos += len;
	}
	return 0;
}

static const char alphabet[] = "aeilmnpstuw_xr0124+-\n\t \xff\xc3\x80";

/* Fills @buf with one case's bytes; returns their length. */
static size_t make_bytes(const struct knob *k, int kind, char *buf)
{
	const char *name = k->names[below(k->nr)];
	size_t len = strlen(name), i, n;

	switch (kind) {
	case 0:	/* a value, with or without its newline */
		return sprintf(buf, "%s%s", name, below(2) ? "\n" : "");
	case 1:	/* a value and garbage after it */
		n = 1 + below(5);
		memcpy(buf, name, len);
		for (i = 0; i < n; i++)
			buf[len + i] = alphabet[below(sizeof(alphabet))];	/* NUL too */
		return len + n;
	case 2:	/* a proper prefix, the empty write among them */
		memcpy(buf, name, len);
		return below(len);
	case 3:	/* anything, NUL and bytes that are no UTF-8 included */
		n = below(41);
		for (i = 0; i < n; i++)
			buf[i] = below(4) ? alphabet[below(sizeof(alphabet))] : (char)below(256);
		return n;
	case 4: {	/* whitespace around a value */
		static const char * const fmt[] = { " %s", "%s ", "\t%s", "%s\n\n", "\n%s", "%s\r\n" };

		return sprintf(buf, fmt[below(6)], name);
	}
	case 5:	/* over-long: 4 KiB or 64 KiB of values */
		n = below(2) ? 4096 : LONG_WRITE;
		for (i = 0; i < n; i++)
			buf[i] = name[i % len];
		return n;
	default: {	/* a number: signs, leading zeros, overflow */
		static const char * const sign[] = { "", "", "+", "-", "++", "+-" };

		n = sprintf(buf, "%s", sign[below(6)]);
		for (i = 0, len = 1 + below(25); i < len; i++)
			buf[n++] = '0' + (below(3) ? below(10) : (i ? below(10) : 0));
		if (below(2))
			buf[n++] = '\n';
		return n;
	}
	}
}

/* One case on @k: a write, a write at an offset, or two writes on one open file. */
static int one_case(struct knob *k, char *buf)
{
	int kind = below(10), fd, bad = 0, now;
	long pos = 0;
	size_t len, cut;

	fd = open(k->file, O_WRONLY);
	if (fd < 0)
		return -1;
	if (kind < 7) {
		len = make_bytes(k, kind, buf);
		bad = judged_write(k, fd, &pos, buf, len, -1);
	} else if (kind == 7) {	/* seek, then write */
		len = make_bytes(k, 0, buf);
		if (lseek(fd, 1, SEEK_SET) == 1)
			pos = 1;
		bad = judged_write(k, fd, &pos, buf, len, -1);
	} else if (kind == 8) {	/* pwrite(), at 0 too */
		len = make_bytes(k, 0, buf);
		bad = judged_write(k, fd, &pos, buf, len, below(40));
	} else {	/* in two pieces, or two values in a row */
		len = make_bytes(k, 0, buf);
		cut = below(2) ? len : (size_t)below(len + 1);
		bad = judged_write(k, fd, &pos, buf, cut, -1);
		if (cut == len) {
			len = make_bytes(k, 0, buf);
			cut = 0;
		}
		bad |= judged_write(k, fd, &pos, buf + cut, len - cut, -1);
	}
	close(fd);
	now = read_state(k);
	if (now != k->state) {
		if (k->failed < MAX_DIAG)
			printf("# %s: reads as value %d, the model says %d\n", k->file, now, k->state);
		bad = -1;
	}
	return bad ? -1 : 0;
}

/* @writers processes writing at random and @readers reading: every read well formed. */
static int concurrent(int writers, int readers, int rounds, char *buf)
{
	int i, r, status, bad = 0;
	pid_t pid;

	for (i = 0; i < writers + readers; i++) {
		pid = fork();
		if (pid < 0)
			return -1;
		if (!pid) {
			int malformed = 0;

			rng += i + 1;
			for (r = 0; r < rounds; r++) {
				struct knob *k = &knobs[below(NR_KNOBS)];

				if (i < writers) {
					int fd = open(k->file, O_WRONLY);
					size_t len = make_bytes(k, below(7), buf);

					if (fd >= 0) {
						if (write(fd, buf, len) < 0 && errno != EINVAL &&
						    errno != ERANGE)
							malformed++;
						close(fd);
					}
				}
				malformed += read_state(k) < 0;
			}
			_exit(malformed > 255 ? 255 : malformed);
		}
	}
	while (wait(&status) > 0)
		bad += !WIFEXITED(status) || WEXITSTATUS(status);
	return bad ? -1 : 0;
}

/* A user who is not root: no file opens for writing, nothing changes. */
static int not_root(void)
{
	int i, status, before[NR_KNOBS], same = 1;
	pid_t pid;

	for (i = 0; i < NR_KNOBS; i++)
		before[i] = read_state(&knobs[i]);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int opened = 0, fd;

		if (setgid(65534) || setuid(65534))
			_exit(100);
		for (i = 0; i < NR_KNOBS; i++) {
			fd = open(knobs[i].file, O_WRONLY);
			if (fd >= 0) {
				opened++;
				close(fd);
			} else if (errno != EACCES && errno != EPERM) {
				opened++;
			}
		}
		_exit(opened);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	for (i = 0; i < NR_KNOBS; i++)
		same &= read_state(&knobs[i]) == before[i];
	return WIFEXITED(status) && !WEXITSTATUS(status) && same ? 0 : -1;
}

static int tap_n, tap_failed;

static void result(int ok, const char *what)
{
	printf("%sok %d %s\n", ok ? "" : "not ", ++tap_n, what);
	tap_failed += !ok;
	fflush(stdout);
}

static int number(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return !*s || *end || errno || *v <= 0;
}

int main(int argc, char **argv)
{
	const char *dir = getenv("UE_FUZZ_DIR") ?: "/sys/kernel/debug/sched";
	long seed, cases, n;
	char what[512], *buf;
	int i, restored = 1;

	if (argc != 3 || number(argv[1], &seed) || number(argv[2], &cases)) {
		fprintf(stderr, "usage: ue_fuzz SEED CASES (both positive numbers)\n");
		return 2;
	}
	printf("TAP version 13\n");
	for (i = 0; i < NR_KNOBS; i++) {
		struct knob *k = &knobs[i];

		snprintf(k->file, sizeof(k->file), "%s/%s", dir, k->name);
		if (access(k->file, F_OK) || (!k->numeric && learn_names(k))) {
			printf("1..0 # SKIP no %s: needs the series with CONFIG_SCHED_DEBUG and SMP\n",
			       k->file);
			return 4;
		}
		k->state = k->saved = read_state(k);
		if (k->state < 0) {
			printf("Bail out! %s is not well formed\n", k->file);
			return 1;
		}
	}
	printf("1..%d\n", NR_KNOBS + 3);
	buf = malloc(LONG_WRITE + 64);
	if (!buf)
		return 1;
	rng = seed;
	printf("# seed %ld, %ld cases\n", seed, cases);
	for (n = 0; n < cases; n++) {
		struct knob *k = &knobs[below(NR_KNOBS)];

		k->cases++;
		if (one_case(k, buf))
			k->failed++;
	}
	for (i = 0; i < NR_KNOBS; i++) {
		snprintf(what, sizeof(what), "%s: %ld cases, %ld against the model",
			 knobs[i].file, knobs[i].cases, knobs[i].failed);
		result(knobs[i].cases > 0 && !knobs[i].failed, what);
	}
	result(!concurrent(4, 4, cases / 8 + 1, buf),
	       "4 writers and 4 readers at once: every read well formed");
	result(!not_root(), "as uid 65534: no file opens for writing, nothing changes");
	for (i = 0; i < NR_KNOBS; i++) {
		int fd = open(knobs[i].file, O_WRONLY);
		const char *v = knobs[i].names[knobs[i].saved];

		restored &= fd >= 0 && write(fd, v, strlen(v)) == (ssize_t)strlen(v);
		if (fd >= 0)
			close(fd);
		restored &= read_state(&knobs[i]) == knobs[i].saved;
	}
	result(restored, "every file holds its value from before");
	printf("# Totals: pass:%d fail:%d skip:0\n", tap_n - tap_failed, tap_failed);
	free(buf);
	return tap_failed ? 1 : 0;
}
