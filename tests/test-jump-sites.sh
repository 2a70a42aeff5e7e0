#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/jump_sites.c on a program of our own with static-branch sites
# laid out as the kernel's jump table (three words an entry, the code's
# offset from the entry first): each function's sites counted once,
# static functions of one name in two files in one row, a site outside
# every function under "-", bad files refused by name; with --keys, a row
# a function and key, the key named by the object holding it whatever
# its flag bits.
. "$(dirname "$0")/lib.sh"
plan 6

js=$WORK/jump_sites
gcc -O2 -Wall -Wextra -Werror -o "$js" "$TESTS_ROOT/analysis/jump_sites.c" ||
	{ echo "Bail out! jump_sites does not build"; exit 1; }
cat >"$WORK/sites.c" <<'EOC'
#define SITE(l) asm volatile(l ": nop\n\t.pushsection __jump_table, \"aw\"\n\t.balign 8\n\t" \
			     ".long " l "b - .\n\t.long " l "b - .\n\t.quad 0\n\t.popsection")
__attribute__((noinline)) void two(void) { SITE("1"); SITE("2"); }
__attribute__((noinline)) void one(void) { SITE("3"); }
__attribute__((noinline)) void none(void) { asm volatile("nop"); }
/* A site in no function's bounds: a label in a section of its own. */
asm(".pushsection .text.loose, \"ax\"\nloose: nop\n.popsection");
asm(".pushsection __jump_table, \"aw\"\n.balign 8\n.long loose - .\n.long loose - .\n.quad 0\n.popsection");
extern char __start___jump_table[], __stop___jump_table[];
void other(void);
int main(void) { two(); one(); none(); other(); return __stop___jump_table == __start___jump_table; }
EOC
# A static function of the same name in another file: one row for both.
{ sed -n '1,2p' "$WORK/sites.c"
  echo '__attribute__((noinline)) static void one(void) { SITE("4"); }'
  echo 'void other(void) { one(); }'; } >"$WORK/other.c"
gcc -O2 -o "$WORK/sites" "$WORK/sites.c" "$WORK/other.c" || { echo "Bail out! the fixture does not build"; exit 1; }
"$js" "$WORK/sites" >"$WORK/sites.tsv" 2>&1
check "a row a function with sites, by name, with the header" \
	diff "$WORK/sites.tsv" <(printf 'function\tsites\n-\t1\none\t2\ntwo\t2\n')
check "a function without sites has no row" sh -c "! grep -q '^none' '$WORK/sites.tsv'"
fails_with "a file that is not ELF is named" 'not a 64-bit ELF' "$js" "$WORK/sites.c"
gcc -O2 -o "$WORK/plain" -x c - <<<'int main(void) { return 0; }'
fails_with "an ELF file without a jump table is named" 'no jump table' "$js" "$WORK/plain"
fails_with "a missing argument gets the usage" 'usage: jump_sites' "$js"

# Sites of two keys, the second's entries with the branch flag (bit 0) set.
cat >"$WORK/keys.c" <<'EOC'
#define SITE(l, key) asm volatile(l ": nop\n\t.pushsection __jump_table, \"aw\"\n\t.balign 8\n\t" \
			     ".long " l "b - .\n\t.long " l "b - .\n\t.quad " key "\n\t.popsection")
long key_a[2], key_b[2];
__attribute__((noinline)) void two(void) { SITE("1", "key_a - ."); SITE("2", "key_b + 8 + 1 - ."); SITE("3", "key_b + 1 - ."); }
__attribute__((noinline)) void one(void) { SITE("4", "key_a - ."); }
extern char __start___jump_table[], __stop___jump_table[];
int main(void) { two(); one(); return __stop___jump_table == __start___jump_table; }
EOC
gcc -O2 -o "$WORK/keys" "$WORK/keys.c" || { echo "Bail out! the keys fixture does not build"; exit 1; }
check "--keys: a row a function and key, its sites counted" \
	diff <("$js" --keys "$WORK/keys" | grep -v -e '^-' -e '	-	') <(printf 'function\tkey\tsites\none\tkey_a\t1\ntwo\tkey_a\t1\ntwo\tkey_b\t2\n')
finish
