/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ue_data: the one reader of the experiments' data blocks (written by
 * guest/experiments/experiment.sh, through trace2data.awk). It knows the
 * format and nothing else: each run's header and the events of its task,
 * handed to the caller when the run is complete. See ue_data.c.
 */
#ifndef UE_DATA_H
#define UE_DATA_H

#include <stddef.h>

enum ue_ev_kind {
	UE_IN,		/* the task switched in */
	UE_PREEMPT,	/* switched out, still runnable */
	UE_SLEEP,	/* switched out asleep: the end of an activation */
	UE_SAMPLE,	/* util_est's sample: util_avg ewma last estimate */
	UE_ENQUEUE,	/* it entered a CPU's sum: |delta| cpu sum */
	UE_DEQUEUE,	/* it left one: |delta| cpu sum */
	UE_OPP,		/* the OPP of the task's CPU changed: khz */
};

struct ue_event {
	enum ue_ev_kind kind;
	long long t;	/* us */
	int on_cpu;	/* on the run's CPU (switches: the CPU they were on) */
	long v[4];	/* switches: v[0] is that CPU */
};

#define UE_MAX_CPUS	8
#define UE_MAX_PS	32

/* Every CPU's OPP changes and switches, for the energy and placement. */
enum ue_cpu_kind {
	UE_CPU_OPP,	/* v: khz */
	UE_CPU_SWITCH,	/* v: the pid switched in (0: idle), prev: out */
};

struct ue_cpu_event {
	enum ue_cpu_kind kind;
	long long t;	/* us */
	int cpu;
	long v, prev;
};

/* A CPU's active power at one OPP, from the guest's energy model. */
struct ue_ps {
	long khz, uw;
};

struct ue_cpu {
	long khz0;			/* its OPP when tracing started; 0: not given */
	long capacity;			/* at its top OPP, of 1024; 0: not given */
	int pd;				/* its performance domain's first CPU */
	int nr_ps;			/* its energy model; 0: none */
	struct ue_ps ps[UE_MAX_PS];	/* by rising khz */
};

struct ue_run {
	const char *file;
	char head[1024];	/* the header's key=value pairs */
	char workload[64], setting[64], opp[16];
	char platform[16];	/* the setting's test platform; "": the symmetric guest */
	char kernel[128];
	char path[16];		/* schedutil's (the M line): fast_switch, kthread; "" */
	int mult, rep;
	int cpu;		/* the CPU whose OPP is traced */
	long khz0, fmax;	/* its OPP when tracing started, its highest */
	long pid;		/* the task, found by its thread's name; -1 if absent */
	long long t_last;	/* the last event on that CPU */
	struct ue_event *ev;	/* the task's, and the CPU's OPP changes, in order */
	int nr_ev, max_ev;
	int nr_cpus;		/* CPUs with an O or E line */
	struct ue_cpu cpus[UE_MAX_CPUS];
	struct ue_cpu_event *cev;	/* every CPU's, in order */
	int nr_cev, max_cev;
};

/* Called with each complete run; a non-zero return stops the reading. */
typedef int (*ue_run_fn)(const struct ue_run *run, void *arg);

/*
 * ue_read() - read the data blocks of @path
 * @task:	the traced thread's name (rt-app's thread, e.g. "big")
 *
 * Return: 0 when every block was read and handed over; -1 after a
 * message naming the file and line (malformed, a limit reached); or
 * what @fn returned to stop.
 */
int ue_read(const char *path, const char *task, ue_run_fn fn, void *arg);

/*
 * ue_kv() - the value of @key in a line of key=value words (a data block's
 * header, its M line; the benchmark's blocks): the one parser of that
 * format. Return: @buf, or NULL if @key is absent or its value does not
 * fit in @n.
 */
const char *ue_kv(const char *line, const char *key, char *buf, size_t n);

#endif
