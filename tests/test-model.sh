#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# analysis/ue_model.c against PELT's closed forms and the RFC's figures.
. "$(dirname "$0")/lib.sh"
plan 6

cat >"$WORK/drive.c" <<'EOC'
#include <stdio.h>
#include <stdlib.h>
#include "ue_model.h"

/* drive MULT RUN_US PERIOD_US N: N activations; prints troughs, peaks, ewma */
int main(int argc, char **argv)
{
	unsigned long long t = 0, run, period;
	unsigned int lo = ~0u, hi = 0;
	struct ue_model m;
	int i, n;

	if (argc != 5)
		return 2;
	run = atoll(argv[2]) * 1000;
	period = atoll(argv[3]) * 1000;
	n = atoi(argv[4]);
	ue_model_init(&m, atoi(argv[1]), 0, 0, 0, 0);
	for (i = 0; i < n; i++) {
		ue_model_update(&m, t, 0);
		if (i >= n / 2 && m.util_avg < lo)
			lo = m.util_avg;
		ue_model_sample(&m, t + run);
		if (i >= n / 2 && m.util_avg > hi)
			hi = m.util_avg;
		t += period;
	}
	printf("lo=%u hi=%u ewma=%u last=%u", lo, hi, m.ewma, m.last);
	ue_model_update(&m, t + 1000000000ULL, 0);
	printf(" slept_util=%u slept_ewma=%u slept_last=%u\n", m.util_avg, m.ewma, m.last);
	return 0;
}
EOC
make -s -C "$TESTS_ROOT" analysis BIN="$WORK/bin" >/dev/null ||
	{ echo "Bail out! make analysis fails"; exit 1; }
gcc -O2 -Wall -Wextra -Werror -I"$TESTS_ROOT/analysis" -I"$WORK/bin" -o "$WORK/drive" "$WORK/drive.c" \
	"$TESTS_ROOT/analysis/ue_model.c" || { echo "Bail out! the model does not build"; exit 1; }
fig() { echo "$out" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
within() { awk -v v="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

# PELT's period is 1024 "us" of 1024 ns: 1.048576 ms. Always running for
# 32 periods (33.554 ms) from 0 reaches half of 1024, 512.
out=$("$WORK/drive" 1 33554 33554 1)
check "running 32 periods from 0 reaches half: $(fig hi)" within x "$(fig hi)" 510 514

# 4 ms every 16 ms. At 32 ms half-life the peak is
# 1024 (1 - y^4) / (1 - y^16), y = 2^(-1/33.55) per ms: 289.
out=$("$WORK/drive" 1 4000 16000 200)
check "4/16 at 32 ms: peak at dequeue 289 +- 3 ($(fig hi))" within x "$(fig hi)" 286 292
check "4/16 at 32 ms: ewma converges to the peak ($(fig ewma))" within x "$(fig ewma)" 285 293
# The RFC: at an 8 ms half-life PELT oscillates in ~[140, 400].
out=$("$WORK/drive" 4 4000 16000 200)
check "4/16 at 8 ms: PELT in [$(fig lo), $(fig hi)], the RFC's ~[140, 400]" \
	eval 'within x "$(fig lo)" 130 160 && within x "$(fig hi)" 385 410'
# Asleep for 1 s: util_avg decays to 0, the estimator does not move.
check "a 1 s sleep: util_avg $(fig slept_util), ewma $(fig ewma) -> $(fig slept_ewma), last $(fig last) -> $(fig slept_last)" \
	eval '[ "$(fig slept_util)" = 0 ] && [ "$(fig slept_ewma)" = "$(fig ewma)" ] && [ "$(fig slept_last)" = "$(fig last)" ]'
# The EWMA in the kernel's integer arithmetic: the first sample is taken
# whole, then ewma += (sample - ewma) / 4, truncated.
cat >"$WORK/ewma.c" <<'EOC'
#include <stdio.h>
#include "ue_model.h"
int main(void)
{
	printf("%u %u %u\n", ue_model_ewma_add(0, 300), ue_model_ewma_add(100, 201),
	       ue_model_ewma_add(1024, 0));
	return 0;
}
EOC
gcc -O2 -Wall -I"$TESTS_ROOT/analysis" -I"$WORK/bin" -o "$WORK/ewma" "$WORK/ewma.c" "$TESTS_ROOT/analysis/ue_model.c"
check "EWMA steps: 0 then 300 -> 300, 100 then 201 -> 125, 1024 then 0 -> 768" \
	[ "$("$WORK/ewma")" = "300 125 768" ]
finish
