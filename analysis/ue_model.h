/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ue_model: PELT and the RFC's util_est as the kernel computes them, for
 * one task on a CPU without frequency or capacity invariance (x86 under
 * TCG: a running task accrues 1024 whatever the OPP), replayed from its
 * switches. See ue_model.c.
 */
#ifndef UE_MODEL_H
#define UE_MODEL_H

#include <stdint.h>

struct ue_model {
	uint64_t last_ns;	/* PELT clock at the last update */
	uint64_t util_sum;
	uint32_t period_contrib;
	unsigned int util_avg;
	unsigned int mult;	/* sched_pelt_multiplier: 1, 2 or 4 */
	unsigned int ewma, last;	/* the RFC's estimator */
};

/* A task at @util_avg (its sum as PELT would hold it), estimator at @ewma, @last. */
void ue_model_init(struct ue_model *m, unsigned int mult, uint64_t t_ns,
		   unsigned int util_avg, unsigned int ewma, unsigned int last);
/* Time runs to @t_ns (wall clock); the task ran, or not, since the last call. */
void ue_model_update(struct ue_model *m, uint64_t t_ns, int running);
/* The task is dequeued for sleep at @t_ns, after running up to it: a sample. */
void ue_model_sample(struct ue_model *m, uint64_t t_ns);
/* util_avg at @t_ns if the task does not run meanwhile, @m unchanged. */
unsigned int ue_model_util_at(const struct ue_model *m, uint64_t t_ns, int running);
unsigned int ue_model_ewma_add(unsigned int ewma, unsigned int sample);

#endif
