// SPDX-License-Identifier: GPL-2.0
/*
 * ue_storm [-s SEED] [-t SECONDS] [-q EVERY] [-a ACTORS] [-x COMMAND]...
 * ue_storm -P FILE
 *
 * A storm on the scheduler for SECONDS, from separate processes, each with
 * its own random stream drawn from SEED (printed, so a failure replays):
 *
 *   workers   periodic tasks of changing period and duty, the targets of
 *             the actors below
 *   policy    switches util_est's policy and sample point
 *             every few ms
 *   toggle    turns UTIL_EST off and on
 *   pelt      changes the PELT multiplier
 *             (a kernel without the series has neither selector: there,
 *             these two do nothing)
 *   hotplug   takes a CPU other than 0 offline and brings it back
 *   cgroup    moves workers between cgroups with and without CFS bandwidth
 *             limits, and changes the limits
 *   attr      changes a worker's affinity, nice value, class (SCHED_FIFO
 *             for a moment, then back) and own util_est policy (a kernel
 *             without the series has no util_est_task: not done there)
 *   forker    forks short-lived children, some of which fork in turn
 *   reader    reads sched/debug and a worker's /proc/PID/sched, as tools
 *             and people do while all this goes on
 *   COMMAND   each -x runs through sh -c, again whenever it ends
 *
 * -a names the actors to run, e.g. "toggle,hotplug", or "none" (default:
 * all): a failure narrows down to the actors that cause it. -P FILE only
 * reads FILE as sched/debug and prints what the check would take from it
 * (the host's tests give it recorded ones).
 *
 * Every EVERY seconds the storm stops at a quiet point: the actors finish
 * what they do, every worker and command is stopped (a stopped task is
 * dequeued), and sched/debug is read 20 times, 1 ms apart. A CPU whose root
 * cfs_rq was seen empty must show a util_est of 0 in at least one of those
 * snapshots; a residue in every one is a failure. A last quiet point ends
 * the storm.
 *
 * Prints its settings, seed first, then a line per residue, then one line
 * "storm: KEY=VALUE ..." with the counts. Exit status: 0 no residue and no
 * unexpected error, 1 otherwise, 2 bad arguments.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define SCHED_DIR	"/sys/kernel/debug/sched"
#define CGROUP_DIR	"/sys/fs/cgroup"
#define NR_WORKERS	6
#define MAX_CMDS	8
#define MAX_CPUS	64
#define MAX_NAMES	8
#define SNAPSHOTS	20

/* What the actors count, in memory every process of the storm shares. */
enum counter {
	C_POLICY, C_SAMPLE, C_TOGGLE, C_PELT, C_HOTPLUG, C_HOTPLUG_REFUSED,
	C_CGROUP_MOVE, C_BANDWIDTH, C_AFFINITY, C_NICE, C_CLASS, C_OWN, C_FORK,
	C_READ, C_COMMAND, C_QUIET, C_IDLE_CHECKED, C_IDLE_UNSEEN, C_RESIDUE,
	C_ERROR, NR_COUNTERS
};

static const char *const counter_names[NR_COUNTERS] = {
	"policy_switches", "sample_switches",
	"util_est_toggles", "pelt_switches", "hotplug_cycles", "hotplug_refused",
	"cgroup_moves", "bandwidth_changes", "affinity_changes", "nice_changes",
	"class_changes", "own_policy_changes", "forks", "debug_reads", "command_starts", "quiet_points",
	"idle_checks", "cpus_never_empty", "idle_residues", "errors",
};

struct shared {
	long count[NR_COUNTERS];
	int pause;		/* the main process asks the actors to stop */
	int stop;		/* ... for good */
	int parked[16];		/* each actor says it has stopped */
	pid_t workers[NR_WORKERS];
};

static struct shared *sh;
static int ncpus;

static void count(enum counter c)
{
	__atomic_fetch_add(&sh->count[c], 1, __ATOMIC_RELAXED);
}

/* splitmix64: one independent stream per actor, all from the seed. */
static uint64_t stream;

static uint64_t next_random(void)
{
	uint64_t z = (stream += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A number in [lo, hi]. */
static long pick(long lo, long hi)
{
	return lo + (long)(next_random() % (uint64_t)(hi - lo + 1));
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Write TEXT to FILE; 0 or the errno. */
static int write_file(const char *file, const char *text)
{
	int fd, err = 0;

	fd = open(file, O_WRONLY);
	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) < 0)
		err = errno;
	close(fd);
	return err;
}

/* A write that must succeed: a failure is counted and told. */
static void must_write(const char *file, const char *text)
{
	int err = write_file(file, text);

	if (err) {
		count(C_ERROR);
		fprintf(stderr, "storm: writing '%s' to %s: %s\n", text, file, strerror(err));
	}
}

/* The names a debugfs selector lists, "a [b] c". */
static int list_names(const char *file, char names[][32])
{
	char text[256], *tok, *save;
	int fd, n = 0;
	ssize_t len;

	fd = open(file, O_RDONLY);
	if (fd < 0)
		return 0;
	len = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (len <= 0)
		return 0;
	text[len] = '\0';
	for (tok = strtok_r(text, " []\n", &save); tok && n < MAX_NAMES;
	     tok = strtok_r(NULL, " []\n", &save))
		snprintf(names[n++], 32, "%s", tok);
	return n;
}

/*
 * An actor's loop: one step, a pause between steps, until the storm
 * stops; at a quiet point it parks, after PARK has undone what it must.
 */
static void run_actor(int id, void (*step)(void), void (*park)(void),
		      long min_us, long max_us)
{
	/* Ahead of the load, or a loaded guest would starve the switches. */
	setpriority(PRIO_PROCESS, 0, -15);
	while (!__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE)) {
		if (__atomic_load_n(&sh->pause, __ATOMIC_ACQUIRE)) {
			if (park)
				park();
			__atomic_store_n(&sh->parked[id], 1, __ATOMIC_RELEASE);
			while (__atomic_load_n(&sh->pause, __ATOMIC_ACQUIRE) &&
			       !__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE))
				sleep_us(1000);
			__atomic_store_n(&sh->parked[id], 0, __ATOMIC_RELEASE);
			continue;
		}
		step();
		sleep_us(pick(min_us, max_us));
	}
	if (park)
		park();
	_exit(0);
}

/* The actors' steps. */

/* A debugfs selector: its file, the names it lists, what a switch counts. */
struct selector {
	const char *file;
	char names[MAX_NAMES][32];
	int nr;
	enum counter counter;
};

static struct selector policies = { SCHED_DIR "/util_est_policy", .counter = C_POLICY };
static struct selector samples = { SCHED_DIR "/util_est_sample", .counter = C_SAMPLE };
/* Tasks' own policies: "PID NAME" to util_est_task, the names it lists. */
static struct selector owns = { SCHED_DIR "/util_est_task", .counter = C_OWN };

/* Mostly the policy; a sixth of the time, the sample point. */
static void policy_step(void)
{
	struct selector *s = &policies;

	if (policies.nr < 2)
		return;
	if (!pick(0, 5))
		s = &samples;
	if (s->nr < 2)
		s = &policies;
	must_write(s->file, s->names[pick(0, s->nr - 1)]);
	count(s->counter);
}

static int util_est_on = 1;

static void toggle_step(void)
{
	util_est_on = !util_est_on;
	must_write(SCHED_DIR "/features", util_est_on ? "UTIL_EST" : "NO_UTIL_EST");
	count(C_TOGGLE);
}

static void toggle_park(void)
{
	if (!util_est_on)
		toggle_step();
}

static int have_pelt_multiplier;

static void pelt_step(void)
{
	static const char *const multipliers[] = { "1", "2", "4" };

	if (!have_pelt_multiplier)
		return;
	must_write(SCHED_DIR "/pelt_multiplier", multipliers[pick(0, 2)]);
	count(C_PELT);
}

static void hotplug_step(void)
{
	char file[64];
	int err;

	if (ncpus < 2)
		return;
	snprintf(file, sizeof(file), "/sys/devices/system/cpu/cpu%ld/online", pick(1, ncpus - 1));
	/* Offlining can be refused (the last CPU of a cpuset, say): not ours. */
	err = write_file(file, "0");
	if (err) {
		count(C_HOTPLUG_REFUSED);
		return;
	}
	sleep_us(pick(5000, 50000));
	must_write(file, "1");
	count(C_HOTPLUG);
}

/*
 * Where workers go: the root, a group, and two groups nested in a third
 * (which, as cgroup v2 wants of a parent with controllers, has no task of
 * its own). Each but the root may get a CFS bandwidth limit.
 */
#define NR_GROUPS	5
static const char *const groups[NR_GROUPS] = {
	CGROUP_DIR, CGROUP_DIR "/storm-a", CGROUP_DIR "/storm-b/x",
	CGROUP_DIR "/storm-b/y", CGROUP_DIR "/storm-b",
};
#define NR_LEAVES	4
static const char *const limits[] = {
	"max 100000", "10000 100000", "3000 10000", "20000 50000",
};

static void move_to(pid_t pid, const char *group)
{
	char file[128], text[32];
	int err;

	snprintf(file, sizeof(file), "%s/cgroup.procs", group);
	snprintf(text, sizeof(text), "%d", pid);
	err = write_file(file, text);
	if (err == ESRCH)
		return;
	if (err) {
		count(C_ERROR);
		fprintf(stderr, "storm: moving %d to %s: %s\n", pid, group, strerror(err));
		return;
	}
	count(C_CGROUP_MOVE);
}

static void cgroup_step(void)
{
	char file[128];

	if (pick(0, 4)) {
		move_to(sh->workers[pick(0, NR_WORKERS - 1)], groups[pick(0, NR_LEAVES - 1)]);
		return;
	}
	snprintf(file, sizeof(file), "%s/cpu.max", groups[pick(1, NR_GROUPS - 1)]);
	must_write(file, limits[pick(0, 3)]);
	count(C_BANDWIDTH);
}

static void attr_step(void)
{
	pid_t pid = sh->workers[pick(0, NR_WORKERS - 1)];
	struct sched_param fifo = { .sched_priority = 1 }, other = { 0 };
	cpu_set_t set;
	int cpu;

	switch (pick(0, 3)) {
	case 0:
		CPU_ZERO(&set);
		for (cpu = 0; cpu < ncpus; cpu++)
			if (pick(0, 1))
				CPU_SET(cpu, &set);
		if (!CPU_COUNT(&set))
			CPU_SET(0, &set);
		/* EINVAL: every CPU chosen is offline at the moment. */
		if (!sched_setaffinity(pid, sizeof(set), &set))
			count(C_AFFINITY);
		break;
	case 1:
		if (!setpriority(PRIO_PROCESS, pid, (int)pick(-20, 19)))
			count(C_NICE);
		break;
	case 2:
		if (owns.nr) {
			char line[64];

			snprintf(line, sizeof(line), "%d %s", pid, owns.names[pick(0, owns.nr - 1)]);
			if (!write_file(owns.file, line))
				count(C_OWN);
		}
		break;
	default:
		if (sched_setscheduler(pid, SCHED_FIFO, &fifo))
			break;
		sleep_us(pick(100, 3000));
		sched_setscheduler(pid, SCHED_OTHER, &other);
		count(C_CLASS);
	}
}

static void spin_for(double secs)
{
	double end = now() + secs;

	while (now() < end)
		;
}

static void forker_step(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		/* Some children fork once more before they exit. */
		if (pick(0, 3) == 0 && fork() == 0) {
			spin_for(pick(0, 2000) / 1e6);
			_exit(0);
		}
		spin_for(pick(0, 3000) / 1e6);
		if (pick(0, 1))
			sleep_us(pick(100, 2000));
		_exit(0);
	}
	if (pid > 0)
		count(C_FORK);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

static void read_all(const char *file)
{
	char buf[4096];
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
}

static void reader_step(void)
{
	char file[64];

	read_all(SCHED_DIR "/debug");
	snprintf(file, sizeof(file), "/proc/%d/sched", sh->workers[pick(0, NR_WORKERS - 1)]);
	read_all(file);
	count(C_READ);
}

static void forker_park(void)
{
	while (wait(NULL) > 0)
		;
}

/* A worker: busy for duty% of its period, asleep the rest; both change. */
static void worker(void)
{
	long period_us = 0, duty = 0;
	double next_change = 0;

	for (;;) {
		if (now() >= next_change) {
			period_us = pick(2000, 32000);
			duty = pick(5, 90);
			next_change = now() + pick(1, 5);
		}
		spin_for(period_us * duty / 100 / 1e6);
		sleep_us(period_us * (100 - duty) / 100);
	}
}

/* A command, again whenever it ends, in a process group of its own. */
static void command(const char *cmd)
{
	pid_t pid;

	setpgid(0, 0);
	while (!__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE)) {
		pid = fork();
		if (pid == 0) {
			execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
			_exit(127);
		}
		if (pid < 0)
			_exit(1);
		count(C_COMMAND);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	_exit(0);
}

/* The last snapshot's text, and for each CPU the last that found it empty. */
#define SNAP_MAX	(1 << 20)
static char snap_text[SNAP_MAX];
static char *empty_text[MAX_CPUS];
static const char *debug_file = SCHED_DIR "/debug";

/*
 * One snapshot of sched/debug: for each CPU's root cfs_rq ("cfs_rq[N]:/"),
 * its nr_running and util_est. The root is the last cfs_rq a CPU lists, and
 * the next CPU's header has an nr_running of its own (the rq's): a section
 * ends at the next line that does not start with a space. Returns the
 * number of CPUs read.
 */
static int snapshot(long nr[], long est[])
{
	char *line, *next, *colon;
	int cpu = -1, root = 0, n = 0, fd;
	ssize_t len, got = 0;

	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		nr[cpu] = est[cpu] = -1;
	fd = open(debug_file, O_RDONLY);
	if (fd < 0)
		return -1;
	while (got < SNAP_MAX - 1 && (len = read(fd, snap_text + got, SNAP_MAX - 1 - got)) > 0)
		got += len;
	close(fd);
	snap_text[got] = '\0';
	for (line = snap_text; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		/* Any line that does not start with a space starts a section. */
		if (*line != ' ') {
			root = !strncmp(line, "cfs_rq[", 7);
			cpu = root ? atoi(line + 7) : -1;
			colon = strchr(line, ':');
			root = root && cpu >= 0 && cpu < MAX_CPUS && colon && !strncmp(colon, ":/\n", 3);
			n += root;
			continue;
		}
		colon = strchr(line, ':');
		if (!root || !colon || colon > next)
			continue;
		if (!strncmp(line, "  .nr_running ", 14))
			nr[cpu] = atol(colon + 1);
		else if (!strncmp(line, "  .util_est ", 12))
			est[cpu] = atol(colon + 1);
	}
	return n;
}

/*
 * What a snapshot that found CPU empty says of it: each of its cfs_rqs'
 * counts, throttling and sum, and the tasks it lists for it.
 */
static void show_cpu(int cpu)
{
	static const char *const keep[] = {
		"cfs_rq[", "  .nr_running ", "  .h_nr_running ", "  .util_est ",
		"  .throttled ", "  .throttle_count ",
	};
	char *line, *next, head[32];
	int in = 0, tasks = 0;
	unsigned int i;

	if (!empty_text[cpu])
		return;
	snprintf(head, sizeof(head), "cpu#%d", cpu);
	for (line = empty_text[cpu]; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (!strncmp(line, "cpu#", 4)) {
			in = !strncmp(line, head, strlen(head)) &&
			     (line[strlen(head)] == ',' || line[strlen(head)] == '\n');
			tasks = 0;
		}
		if (!in)
			continue;
		if (!strncmp(line, "runnable tasks:", 15))
			tasks = 1;
		else if (tasks && line[0] == '\n')
			tasks = 0;
		for (i = 0; !tasks && i < sizeof(keep) / sizeof(keep[0]); i++)
			if (!strncmp(line, keep[i], strlen(keep[i])))
				break;
		/* Of the tasks, the header and those queued (R). */
		if ((tasks && (line[1] == 'R' || strstr(line, " task   PID"))) ||
		    (!tasks && i < sizeof(keep) / sizeof(keep[0])))
			printf("storm:   %.*s", (int)(next - line), line);
	}
}

/* The quiet point's check: see the header. */
static void check_idle(int quiet)
{
	long nr[MAX_CPUS], est[MAX_CPUS], smallest[MAX_CPUS];
	int cpu, i, seen[MAX_CPUS] = { 0 };

	for (i = 0; i < SNAPSHOTS; i++) {
		if (snapshot(nr, est) <= 0) {
			count(C_ERROR);
			fprintf(stderr, "storm: cannot read %s\n", debug_file);
			return;
		}
		for (cpu = 0; cpu < ncpus && cpu < MAX_CPUS; cpu++) {
			if (nr[cpu] != 0 || est[cpu] < 0)
				continue;
			if (!seen[cpu]++ || est[cpu] < smallest[cpu])
				smallest[cpu] = est[cpu];
			if (est[cpu] > 0) {
				free(empty_text[cpu]);
				empty_text[cpu] = strdup(snap_text);
			}
		}
		sleep_us(1000);
	}
	for (cpu = 0; cpu < ncpus && cpu < MAX_CPUS; cpu++) {
		if (!seen[cpu]) {
			count(C_IDLE_UNSEEN);
			continue;
		}
		count(C_IDLE_CHECKED);
		if (smallest[cpu]) {
			count(C_RESIDUE);
			printf("storm: quiet point %d: cpu%d empty in %d of %d snapshots, util_est never below %ld\n",
			       quiet, cpu, seen[cpu], SNAPSHOTS, smallest[cpu]);
			show_cpu(cpu);
		}
	}
}

/* Every task of process group PGID is stopped or gone. */
static int group_stopped(pid_t pgid)
{
	char file[64], text[512], *p;
	struct dirent *d;
	int all = 1;
	DIR *dir;

	dir = opendir("/proc");
	if (!dir)
		return 1;
	while (all && (d = readdir(dir))) {
		long pid = atol(d->d_name), fields[3];
		char state;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(file, sizeof(file), "/proc/%ld/stat", pid);
		f = fopen(file, "r");
		if (!f)
			continue;
		p = fgets(text, sizeof(text), f) ? strrchr(text, ')') : NULL;
		fclose(f);
		/* "pid (comm) state ppid pgrp ..." */
		if (p && sscanf(p + 2, "%c %ld %ld", &state, &fields[0], &fields[1]) == 3 &&
		    fields[1] == pgid && state != 'T' && state != 't' && state != 'Z' &&
		    state != 'X')
			all = 0;
	}
	closedir(dir);
	return all;
}

static pid_t pgids[MAX_CMDS + 1];
static int nr_pgids;

/* Signal every worker and command; STOP waits until they have stopped. */
static void signal_all(int sig)
{
	int i;

	for (i = 0; i < nr_pgids; i++)
		kill(-pgids[i], sig);
	if (sig != SIGSTOP)
		return;
	for (i = 0; i < nr_pgids; i++)
		while (!group_stopped(pgids[i]))
			sleep_us(1000);
}

enum { A_POLICY, A_TOGGLE, A_PELT, A_HOTPLUG, A_CGROUP, A_ATTR, A_FORKER, A_READER, NR_ACTORS };
static const char *const actor_names[NR_ACTORS] = {
	"policy", "toggle", "pelt", "hotplug", "cgroup", "attr", "forker", "reader",
};
static int actor_on[NR_ACTORS];

static void quiet_point(int quiet)
{
	int i;

	__atomic_store_n(&sh->pause, 1, __ATOMIC_RELEASE);
	for (i = 0; i < NR_ACTORS; i++)
		while (actor_on[i] && !__atomic_load_n(&sh->parked[i], __ATOMIC_ACQUIRE))
			sleep_us(1000);
	signal_all(SIGSTOP);
	check_idle(quiet);
	count(C_QUIET);
	signal_all(SIGCONT);
	__atomic_store_n(&sh->pause, 0, __ATOMIC_RELEASE);
}

static void make_group(const char *dir)
{
	if (mkdir(dir, 0755) && errno != EEXIST) {
		count(C_ERROR);
		fprintf(stderr, "storm: mkdir %s: %s\n", dir, strerror(errno));
	}
}

static void setup_cgroups(void)
{
	must_write(CGROUP_DIR "/cgroup.subtree_control", "+cpu");
	make_group(CGROUP_DIR "/storm-a");
	make_group(CGROUP_DIR "/storm-b");
	must_write(CGROUP_DIR "/storm-b/cgroup.subtree_control", "+cpu");
	make_group(CGROUP_DIR "/storm-b/x");
	make_group(CGROUP_DIR "/storm-b/y");
}

/* -P: what a snapshot of FILE gives, one line per CPU it lists. */
static int parse_only(const char *file)
{
	long nr[MAX_CPUS], est[MAX_CPUS];
	int cpu;

	debug_file = file;
	if (snapshot(nr, est) < 0) {
		fprintf(stderr, "ue_storm: cannot read %s\n", file);
		return 1;
	}
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		if (nr[cpu] >= 0 || est[cpu] >= 0)
			printf("cpu%d nr_running=%ld util_est=%ld\n", cpu, nr[cpu], est[cpu]);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: ue_storm [-s SEED] [-t SECONDS] [-q EVERY] [-a ACTORS] [-x COMMAND]...\n"
			"       ue_storm -P FILE\n");
	exit(2);
}

/* "a,b,c" -> actor_on[]; an unknown name is a usage error. */
static void choose_actors(char *list)
{
	char *tok, *save;
	int i;

	memset(actor_on, 0, sizeof(actor_on));
	if (!strcmp(list, "none"))
		return;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < NR_ACTORS && strcmp(tok, actor_names[i]); i++)
			;
		if (i == NR_ACTORS) {
			fprintf(stderr, "ue_storm: no actor '%s'\n", tok);
			usage();
		}
		actor_on[i] = 1;
	}
}

static long number(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0)
		usage();
	return v;
}

int main(int argc, char **argv)
{
	static const struct { void (*step)(void); void (*park)(void); long lo, hi; } actors[NR_ACTORS] = {
		[A_POLICY]  = { policy_step, NULL, 1000, 5000 },
		[A_TOGGLE]  = { toggle_step, toggle_park, 2000, 10000 },
		[A_PELT]    = { pelt_step, NULL, 10000, 50000 },
		[A_HOTPLUG] = { hotplug_step, NULL, 20000, 200000 },
		[A_CGROUP]  = { cgroup_step, NULL, 1000, 5000 },
		[A_ATTR]    = { attr_step, NULL, 1000, 5000 },
		[A_FORKER]  = { forker_step, forker_park, 1000, 10000 },
		[A_READER]  = { reader_step, NULL, 5000, 20000 },
	};
	const char *cmds[MAX_CMDS];
	long seed = 1, secs = 60, every = 10;
	int opt, i, nr_cmds = 0, quiet = 0, status = 0;
	pid_t pid;
	double end, next_quiet;

	for (i = 0; i < NR_ACTORS; i++)
		actor_on[i] = 1;
	while ((opt = getopt(argc, argv, "s:t:q:a:x:P:")) != -1) {
		switch (opt) {
		case 'P': return parse_only(optarg);
		case 'a': choose_actors(optarg); break;
		case 's': seed = number(optarg); break;
		case 't': secs = number(optarg); break;
		case 'q': every = number(optarg); break;
		case 'x':
			if (nr_cmds == MAX_CMDS)
				usage();
			cmds[nr_cmds++] = optarg;
			break;
		default: usage();
		}
	}
	if (optind != argc || !secs || !every)
		usage();

	/* A kernel without the series (the stock baseline) has none of these. */
	policies.nr = list_names(policies.file, policies.names);
	samples.nr = list_names(samples.file, samples.names);
	owns.nr = list_names(owns.file, owns.names);
	have_pelt_multiplier = !access(SCHED_DIR "/pelt_multiplier", W_OK);
	ncpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("storm: seed=%ld seconds=%ld quiet_every=%ld cpus=%d commands=%d policies=%d actors=",
	       seed, secs, every, ncpus, nr_cmds, policies.nr);
	for (i = 0, opt = 0; i < NR_ACTORS; i++)
		if (actor_on[i])
			printf("%s%s", opt++ ? "," : "", actor_names[i]);
	printf("\n");
	setup_cgroups();

	/* Workers: one process group, stopped and resumed together. */
	for (i = 0; i < NR_WORKERS; i++) {
		pid = fork();
		if (pid == 0) {
			setpgid(0, i ? sh->workers[0] : 0);
			stream = (uint64_t)seed * 1000 + 100 + i;
			worker();
		}
		setpgid(pid, i ? sh->workers[0] : pid);
		sh->workers[i] = pid;
	}
	pgids[nr_pgids++] = sh->workers[0];
	for (i = 0; i < nr_cmds; i++) {
		pid = fork();
		if (pid == 0)
			command(cmds[i]);
		setpgid(pid, pid);
		pgids[nr_pgids++] = pid;
	}
	for (i = 0; i < NR_ACTORS; i++) {
		if (actor_on[i] && fork() == 0) {
			stream = (uint64_t)seed * 1000 + i;
			run_actor(i, actors[i].step, actors[i].park, actors[i].lo, actors[i].hi);
		}
	}

	end = now() + secs;
	for (next_quiet = now() + every; now() < end; next_quiet += every) {
		sleep_us((long)(((next_quiet < end ? next_quiet : end) - now()) * 1e6));
		if (now() < end)
			quiet_point(++quiet);
	}
	/* The end: the actors undo what they must and exit; a last check. */
	__atomic_store_n(&sh->stop, 1, __ATOMIC_RELEASE);
	signal_all(SIGCONT);
	for (i = 0; i < nr_pgids; i++)
		kill(-pgids[i], SIGKILL);
	while (wait(NULL) > 0)
		;
	check_idle(++quiet);
	count(C_QUIET);

	printf("storm:");
	for (i = 0; i < NR_COUNTERS; i++)
		printf(" %s=%ld", counter_names[i], sh->count[i]);
	printf("\n");
	if (sh->count[C_RESIDUE] || sh->count[C_ERROR])
		status = 1;
	return status;
}
