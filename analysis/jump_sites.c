// SPDX-License-Identifier: GPL-2.0
/*
 * vmlinux -> its static branches (jump labels, tracepoints' keys) by the
 * function whose code holds each site: what a function executes more
 * while every key is off, one 5-byte nop (or jmp) a site it passes.
 *
 *   jump_sites [--keys] VMLINUX
 *
 * prints a record (analysis/ue_table.h: TSV with a header), "function
 * sites", a row a function name with one site or more, sorted by name;
 * static functions of one name in several files share their row. A site
 * outside every function symbol counts under "-". With --keys, "function
 * key sites": a row a function and key, the key named by the object that
 * holds it (a tracepoint's key by its __tracepoint_NAME). Exit status 2
 * on bad usage, 1 if the file is no 64-bit ELF with a jump table.
 *
 * The table sits between __start___jump_table and __stop___jump_table,
 * an entry three words: the site's code and its target as 32-bit offsets
 * from the word itself, and the key's (a 64-bit offset, unused here), as
 * the x86-64 and arm64 kernels lay it out (CONFIG_HAVE_ARCH_JUMP_LABEL_
 * RELATIVE); the key's two low bits are flags.
 */
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct func {
	uint64_t start, size;
	const char *name;
	long sites;
};

/* A site's function and key, by name, for --keys. */
struct pair {
	const char *func, *key;
};

static void *file;
static size_t file_size;

static void fail(const char *what, const char *path)
{
	fprintf(stderr, "jump_sites: %s: %s\n", path, what);
	exit(1);
}

static void load(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		fail("cannot read it", path);
	file_size = n;
	file = malloc(file_size ? file_size : 1);
	if (!file || fread(file, 1, file_size, f) != file_size)
		fail("cannot read it", path);
	fclose(f);
}

static const Elf64_Shdr *section(const Elf64_Ehdr *eh, unsigned int i)
{
	return (const Elf64_Shdr *)((const char *)file + eh->e_shoff) + i;
}

/* The file bytes at virtual address @addr, @len of them, or NULL. */
static const void *at(const Elf64_Ehdr *eh, uint64_t addr, uint64_t len)
{
	unsigned int i;

	for (i = 0; i < eh->e_shnum; i++) {
		const Elf64_Shdr *s = section(eh, i);

		if (s->sh_type != SHT_PROGBITS || addr < s->sh_addr ||
		    addr + len > s->sh_addr + s->sh_size ||
		    s->sh_offset + s->sh_size > file_size)
			continue;
		return (const char *)file + s->sh_offset + (addr - s->sh_addr);
	}
	return NULL;
}

static int by_start(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static int by_name(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static int by_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c = strcmp(x->func, y->func);

	return c ? c : strcmp(x->key, y->key);
}

/* The function holding @addr, or NULL: @fn sorted by start. */
static struct func *holder(struct func *fn, size_t n, uint64_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fn[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && addr < fn[lo - 1].start + fn[lo - 1].size)
		return &fn[lo - 1];
	return NULL;
}

/* --keys: a row a function and key, from @pairs sorted. */
static void print_pairs(struct pair *pairs, size_t n)
{
	size_t i, j;

	qsort(pairs, n, sizeof(*pairs), by_pair);
	printf("function\tkey\tsites\n");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !by_pair(&pairs[i], &pairs[j]); j++)
			;
		printf("%s\t%s\t%zu\n", pairs[i].func, pairs[i].key, j - i);
	}
}

int main(int argc, char **argv)
{
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *symtab = NULL;
	uint64_t begin = 0, end = 0, a;
	struct func *fn, *obj;
	struct pair *pairs = NULL;
	size_t nfn = 0, nobj = 0, npairs = 0, i, nsym;
	long outside = 0;
	const char *strs, *table;
	int keys = argc == 3 && !strcmp(argv[1], "--keys");

	if (argc != 2 && !keys) {
		fprintf(stderr, "usage: jump_sites [--keys] VMLINUX\n");
		return 2;
	}
	argv += keys;
	load(argv[1]);
	eh = file;
	if (file_size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > file_size)
		fail("not a 64-bit ELF file", argv[1]);
	for (i = 0; i < eh->e_shnum; i++)
		if (section(eh, i)->sh_type == SHT_SYMTAB)
			symtab = section(eh, i);
	if (!symtab || symtab->sh_link >= eh->e_shnum)
		fail("no symbol table", argv[1]);
	strs = (const char *)file + section(eh, symtab->sh_link)->sh_offset;
	nsym = symtab->sh_size / sizeof(Elf64_Sym);
	fn = calloc(nsym ? nsym : 1, sizeof(*fn));
	obj = calloc(nsym ? nsym : 1, sizeof(*obj));
	if (!fn || !obj)
		fail("out of memory", argv[1]);
	for (i = 0; i < nsym; i++) {
		const Elf64_Sym *s = (const Elf64_Sym *)((const char *)file + symtab->sh_offset) + i;
		const char *name = strs + s->st_name;

		if (!strcmp(name, "__start___jump_table"))
			begin = s->st_value;
		else if (!strcmp(name, "__stop___jump_table"))
			end = s->st_value;
		else if (ELF64_ST_TYPE(s->st_info) == STT_FUNC && s->st_size)
			fn[nfn++] = (struct func){ s->st_value, s->st_size, name, 0 };
		else if (ELF64_ST_TYPE(s->st_info) == STT_OBJECT && s->st_size)
			obj[nobj++] = (struct func){ s->st_value, s->st_size, name, 0 };
	}
	table = begin ? at(eh, begin, end - begin) : NULL;
	if (!table || end < begin || (end - begin) % 16)
		fail("no jump table (__start___jump_table, __stop___jump_table)", argv[1]);
	qsort(fn, nfn, sizeof(*fn), by_start);
	qsort(obj, nobj, sizeof(*obj), by_start);
	if (keys && !(pairs = calloc((end - begin) / 16 + 1, sizeof(*pairs))))
		fail("out of memory", argv[1]);

	for (a = begin; a < end; a += 16) {
		int32_t code;
		int64_t key;
		struct func *f, *k;

		memcpy(&code, table + (a - begin), sizeof(code));
		f = holder(fn, nfn, a + (int64_t)code);
		if (f)
			f->sites++;
		else
			outside++;
		if (!keys)
			continue;
		memcpy(&key, table + (a - begin) + 8, sizeof(key));
		k = holder(obj, nobj, (a + 8 + key) & ~3ULL);
		pairs[npairs++] = (struct pair){ f ? f->name : "-", k ? k->name : "-" };
	}
	if (keys) {
		print_pairs(pairs, npairs);
		return 0;
	}

	qsort(fn, nfn, sizeof(*fn), by_name);
	printf("function\tsites\n");
	if (outside)
		printf("-\t%ld\n", outside);
	for (i = 0; i < nfn; i++) {
		long sites = fn[i].sites;

		while (i + 1 < nfn && !strcmp(fn[i + 1].name, fn[i].name))
			sites += fn[++i].sites;
		if (sites)
			printf("%s\t%ld\n", fn[i].name, sites);
	}
	return 0;
}
