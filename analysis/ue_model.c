// SPDX-License-Identifier: GPL-2.0
/*
 * ue_model: kernel/sched/pelt.c's ___update_load_sum() and _avg() for a
 * task's util, and the RFC's estimator of kernel/sched/util_est.h, in the
 * kernel's integer arithmetic.
 *
 * PELT counts time in periods of 1024 "us" (1024 ns each) of its clock,
 * which sched_pelt_multiplier runs 1, 2 or 4 times as fast as wall time.
 * A sum decays by y per period, y^32 = 1/2, and a running task adds 1024
 * per us; util_avg = util_sum / divider, the divider being the largest sum
 * a task running all along could have, LOAD_AVG_MAX - 1024 plus what the
 * current period holds. One difference: the kernel refreshes util_avg only
 * when an update crosses a period boundary, the model at every update, so
 * the kernel's value can lag the model's by what one period changes it,
 * 1024 (1 - y) = 22 at most.
 */
#include <math.h>
#include "ue_model.h"

#define PELT_PERIOD	1024
#define LOAD_AVG_PERIOD	32
#define LOAD_AVG_MAX	47742
#define WEIGHT_SHIFT	2	/* w = 1/4 */

/* val * y^n, as decay_load() does it with its table of y^n * 2^32. */
static uint64_t decay_load(uint64_t val, uint64_t n)
{
	uint64_t inv;

	if (n > LOAD_AVG_PERIOD * 63)
		return 0;
	val >>= n / LOAD_AVG_PERIOD;
	n %= LOAD_AVG_PERIOD;
	inv = n ? (uint64_t)(4294967296.0 * pow(0.5, n / 32.0)) : 0xffffffffULL;
	return (val * inv) >> 32;
}

/*
 * What a task running for @periods full periods adds: the rest of the
 * period it started in (@d1), the full periods, the start of the current
 * one (@d3), each decayed by its age.
 */
static uint64_t accumulate_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
	uint64_t c1 = decay_load(d1, periods);
	uint64_t c2 = LOAD_AVG_MAX - decay_load(LOAD_AVG_MAX, periods) - PELT_PERIOD;

	return c1 + c2 + d3;
}

static void accumulate(struct ue_model *m, uint64_t delta, int running)
{
	uint64_t contrib = delta, periods;

	delta += m->period_contrib;
	periods = delta / PELT_PERIOD;
	if (periods) {
		m->util_sum = decay_load(m->util_sum, periods);
		delta %= PELT_PERIOD;
		if (running)
			contrib = accumulate_segments(periods, PELT_PERIOD - m->period_contrib, delta);
	}
	m->period_contrib = delta;
	if (running)
		m->util_sum += contrib << 10;
	m->util_avg = m->util_sum / (LOAD_AVG_MAX - PELT_PERIOD + m->period_contrib);
}

void ue_model_update(struct ue_model *m, uint64_t t_ns, int running)
{
	uint64_t now = t_ns * m->mult, delta;

	if (now <= m->last_ns)
		return;
	delta = (now - m->last_ns) >> 10;
	if (!delta)
		return;
	m->last_ns += delta << 10;
	accumulate(m, delta, running);
}

void ue_model_init(struct ue_model *m, unsigned int mult, uint64_t t_ns,
		   unsigned int util_avg, unsigned int ewma, unsigned int last)
{
	m->mult = mult ? mult : 1;
	m->last_ns = t_ns * m->mult;
	m->period_contrib = 0;
	m->util_sum = (uint64_t)util_avg * (LOAD_AVG_MAX - PELT_PERIOD);
	m->util_avg = util_avg;
	m->ewma = ewma;
	m->last = last;
}

unsigned int ue_model_ewma_add(unsigned int ewma, unsigned int sample)
{
	if (!ewma)
		return sample;
	return ((ewma << WEIGHT_SHIFT) - ewma + sample) >> WEIGHT_SHIFT;
}

void ue_model_sample(struct ue_model *m, uint64_t t_ns)
{
	ue_model_update(m, t_ns, 1);
	m->last = m->util_avg;
	m->ewma = ue_model_ewma_add(m->ewma, m->util_avg);
}

unsigned int ue_model_util_at(const struct ue_model *m, uint64_t t_ns, int running)
{
	struct ue_model copy = *m;

	ue_model_update(&copy, t_ns, running);
	return copy.util_avg;
}
