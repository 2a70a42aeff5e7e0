#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/insn_profile.sh's steps alone: the plugin builds; counts fall to
# the function that holds their address (fold); two kernels' profiles side
# by side (diff). The boots themselves are make-bench-like and not run here.
. "$(dirname "$0")/lib.sh"
plan 7

check "the plugin builds" make -s -C "$TESTS_ROOT" "$WORK/insn_prof.so" BIN="$WORK"

# An ELF with two functions whose addresses nm gives: counts at each, one
# inside the first, one before both.
printf 'void alpha(void) { __asm__("nop; nop; nop"); }\nvoid beta(void) { }\n' >"$WORK/f.c"
gcc -O0 -c -o "$WORK/f.o" "$WORK/f.c" || { echo "Bail out! no compiler"; exit 1; }
addr() { printf '%016x' $((16#$(nm "$WORK/f.o" | awk -v f="$1" '$3 == f { print $1 }') + $2)); }
{
	echo "$(addr beta 0) 3"
	echo "$(addr alpha 0) 5"
	echo "$(addr alpha 1) 7"
	echo "$(addr alpha 1) 1"
} >"$WORK/counts"
"$HARNESS/insn_profile.sh" --fold "$WORK/f.o" "$WORK/counts" | sort >"$WORK/fold"
check "each count to its function, a translation's counts added" \
	diff <(printf 'alpha 13\nbeta 3\n') "$WORK/fold"

# Boots of 10 and 20 round trips: f1 ran 10 more, f2 the same, f3 only in
# the longer, f4 only in the shorter (a function that ran less counts).
printf 'f1 30\nf2 7\nf4 5\n' >"$WORK/short"
printf 'f2 7\nf3 4\nf1 40\n' >"$WORK/long"
check "what the longer boot ran more, over N, for a function either boot ran" \
	diff <("$HARNESS/insn_profile.sh" --per k 10 "$WORK/short" "$WORK/long") \
	<(printf 'k\tf1\t1.00\nk\tf3\t0.40\nk\tf4\t-0.50\n')

printf 'kernel\tfunction\tinsns\n' >"$WORK/p.tsv"
printf '%s\t%s\t%s\n' a f1 10.00 a f2 4.00 b f1 10.00 b f2 6.50 b f3 1.00 a f4 2.00 \
	a f5 3.00 b f5 3.25 b f6 0.25 >>"$WORK/p.tsv"
"$HARNESS/insn_profile.sh" --diff a b "$WORK/p.tsv" >"$WORK/d.tsv"
check "the functions that differ by half an instruction, most added first; the rest as one" \
	diff <(cut -f1,4 "$WORK/d.tsv") <(printf 'function\tdiff\nf2\t+2.50\nf3\t+1.00\nf4\t-2.00\nother\t+0.50\ntotal\t+2.00\n')
check "each kernel's count beside the other's, and the total of each" \
	diff <(cut -f2,3 "$WORK/d.tsv") <(printf 'a\tb\n4.00\t6.50\n0.00\t1.00\n2.00\t0.00\n13.00\t13.50\n19.00\t21.00\n')
fails_with "--fold wants its two files" 'fold needs an ELF and a counts file' "$HARNESS/insn_profile.sh" --fold x
fails_with "two kernels, not one" 'kernels needs two kinds' "$HARNESS/insn_profile.sh" --kernels stock
finish
