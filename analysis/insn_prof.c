// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin: how many times each guest kernel instruction ran.
 *
 *   qemu-system-x86_64 ... -plugin BIN/insn_prof.so,out=FILE
 *
 * At QEMU's exit FILE gets "address count" lines, addresses in hex, one a
 * kernel instruction (upper half of the address space) that ran at least
 * once; an address translated more than once (a flushed or retranslated
 * block) has a line per translation, which the reader adds up
 * (harness/insn_profile.sh). Each instruction of each translated block
 * gets an inline counter: QEMU adds 1 to it as the instruction runs, with
 * no call out of the generated code. Under -icount the guest's time counts
 * guest instructions only, so the counters do not change what it measures.
 * Counts are exact with one vCPU; with several they may lose increments
 * (the inline add is not atomic).
 *
 * QEMU ships no header for the plugin API in Debian 12, so the few calls
 * used here are declared below, as QEMU 7.2's plugin API version 1 has
 * them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t plugin_id;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;
enum { INLINE_ADD_U64 };

#define EXPORT __attribute__((visibility("default")))

void qemu_plugin_register_vcpu_tb_trans_cb(plugin_id id,
	void (*cb)(plugin_id id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_atexit_cb(plugin_id id,
	void (*cb)(plugin_id id, void *data), void *data);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t i);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
	int op, void *ptr, uint64_t imm);

EXPORT int qemu_plugin_version = 1;

/* One translated instruction: where it is, and how often it ran. */
struct site {
	uint64_t addr, count;
};

/*
 * Sites live in chunks that never move (QEMU holds pointers to their
 * counters); the chunks form a list.
 */
#define CHUNK 65536
struct chunk {
	struct chunk *next;
	size_t used;
	struct site site[CHUNK];
};

static struct chunk *chunks;
static const char *out_path;

static struct site *new_site(uint64_t addr)
{
	struct site *s;

	if (!chunks || chunks->used == CHUNK) {
		struct chunk *c = calloc(1, sizeof(*c));

		if (!c) {
			fprintf(stderr, "insn_prof: out of memory\n");
			exit(1);
		}
		c->next = chunks;
		chunks = c;
	}
	s = &chunks->site[chunks->used++];
	s->addr = addr;
	return s;
}

static void on_translate(plugin_id id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t addr = qemu_plugin_insn_vaddr(insn);

		if (addr >> 63)	/* the kernel's half */
			qemu_plugin_register_vcpu_insn_exec_inline(insn, INLINE_ADD_U64,
								   &new_site(addr)->count, 1);
	}
}

static void write_counts(plugin_id id, void *data)
{
	FILE *f = fopen(out_path, "w");

	(void)id, (void)data;
	if (!f) {
		perror(out_path);
		return;
	}
	for (struct chunk *c = chunks; c; c = c->next)
		for (size_t i = 0; i < c->used; i++)
			if (c->site[i].count)
				fprintf(f, "%016llx %llu\n", (unsigned long long)c->site[i].addr,
					(unsigned long long)c->site[i].count);
	if (fclose(f))
		perror(out_path);
}

EXPORT int qemu_plugin_install(plugin_id id, const struct qemu_info_t *info,
			       int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
	if (!out_path) {
		fprintf(stderr, "insn_prof: needs out=FILE\n");
		return 1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
