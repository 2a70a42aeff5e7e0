// SPDX-License-Identifier: GPL-2.0
/*
 * ue_cpufreq: a cpufreq driver for QEMU guests whose OPPs are real.
 *
 * An emulated CPU runs at one speed whatever a cpufreq driver says, so a
 * busy task would never slow down at a low OPP and schedutil's loop would
 * stay open. This driver offers a table of nr_opps OPPs up to max_khz, one
 * policy per CPU, with both fast_switch and target_index, and *enacts* the
 * chosen OPP: a CPU at f runs tasks at f / fmax of full speed.
 *
 * It does so by taking time back from the running task. A pinned hard
 * hrtimer fires after each free_us of free time and spins, in hardirq
 * context, for
 *
 *	spin = free_us * (fmax - f) / f
 *
 * so that in every free_us + spin of wall time the task progresses by
 * free_us: f / fmax of full speed. Without IRQ_TIME_ACCOUNTING the spin is
 * charged to whichever task runs, so the task's work really takes fmax / f
 * longer, and deadlines can be missed, as on silicon. The free time comes
 * in one piece so that kthreads and interrupts keep running. Nothing is
 * taken from an idle CPU, and nothing at fmax.
 *
 * The spin waits on ktime_get_mono_fast_ns(): local_clock() may not move
 * inside a long hardirq once the TSC is no longer trusted. CPUFREQ_CONST_LOOPS
 * keeps x86 from marking the TSC unstable at the first OPP change (it would
 * on a CPU model without constant_tsc). Loaded in the guest only.
 */
#include <linux/cpufreq.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/timekeeping.h>

static unsigned int nr_opps = 8;
module_param(nr_opps, uint, 0444);
MODULE_PARM_DESC(nr_opps, "number of OPPs, evenly spaced up to max_khz (2..32)");

static unsigned int max_khz = 2000000;
module_param(max_khz, uint, 0444);
MODULE_PARM_DESC(max_khz, "the highest OPP, kHz");

static bool enact = true;
module_param(enact, bool, 0444);
MODULE_PARM_DESC(enact, "make a CPU at f run at f/fmax of full speed");

static unsigned int free_us = 1000;
module_param(free_us, uint, 0444);
MODULE_PARM_DESC(free_us, "free time between two spins, us (100..10000)");

static bool fast_switch = true;
module_param(fast_switch, bool, 0444);
MODULE_PARM_DESC(fast_switch, "offer fast switching (the core may still refuse it)");

static unsigned int rate_limit_us = 1000;
module_param(rate_limit_us, uint, 0444);
MODULE_PARM_DESC(rate_limit_us, "policy transition delay, schedutil's default rate limit");

struct ue_cpu {
	struct hrtimer timer;
	int cpu;
	unsigned int khz;	/* the OPP this CPU runs at */
	bool armed;		/* timer queued or running */
	u64 stolen_ns;		/* time taken back so far */
};

static DEFINE_PER_CPU(struct ue_cpu, ue_cpus);
static struct cpufreq_frequency_table *ue_table;

static u64 spin_ns(unsigned int khz)
{
	return div_u64((u64)free_us * NSEC_PER_USEC * (max_khz - khz), khz);
}

static enum hrtimer_restart ue_enact(struct hrtimer *timer)
{
	struct ue_cpu *c = container_of(timer, struct ue_cpu, timer);
	unsigned int khz = READ_ONCE(c->khz);
	u64 start, spin;

	/* At fmax, or moved off its CPU by hotplug: nothing to take. */
	if (khz >= max_khz || c->cpu != smp_processor_id()) {
		WRITE_ONCE(c->armed, false);
		return HRTIMER_NORESTART;
	}

	if (!is_idle_task(current)) {
		spin = spin_ns(khz);
		start = ktime_get_mono_fast_ns();
		while (ktime_get_mono_fast_ns() - start < spin)
			cpu_relax();
		c->stolen_ns += spin;
	}

	hrtimer_forward_now(timer, ns_to_ktime((u64)free_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static void ue_arm_local(void *data)
{
	struct ue_cpu *c = data;

	if (READ_ONCE(c->armed) || READ_ONCE(c->khz) >= max_khz)
		return;
	WRITE_ONCE(c->armed, true);
	hrtimer_start(&c->timer, ns_to_ktime((u64)free_us * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * Run @cpu at @khz. Fast switching calls this on @cpu itself with interrupts
 * off; target_index may come from any CPU, in process context.
 */
static void ue_set(unsigned int cpu, unsigned int khz)
{
	struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);

	WRITE_ONCE(c->khz, khz);
	if (!enact || khz >= max_khz || READ_ONCE(c->armed))
		return;
	if (cpu == smp_processor_id())
		ue_arm_local(c);
	else if (!irqs_disabled())
		smp_call_function_single(cpu, ue_arm_local, c, 1);
}

static int ue_target_index(struct cpufreq_policy *policy, unsigned int index)
{
	ue_set(policy->cpu, ue_table[index].frequency);
	return 0;
}

static unsigned int ue_fast_switch(struct cpufreq_policy *policy,
				   unsigned int target_freq)
{
	int index = cpufreq_frequency_table_target(policy, target_freq, policy->min,
						   policy->max, CPUFREQ_RELATION_L);
	unsigned int khz = policy->freq_table[index].frequency;

	ue_set(policy->cpu, khz);
	return khz;
}

static unsigned int ue_get(unsigned int cpu)
{
	return READ_ONCE(per_cpu_ptr(&ue_cpus, cpu)->khz);
}

static int ue_cpu_init(struct cpufreq_policy *policy)
{
	struct ue_cpu *c = per_cpu_ptr(&ue_cpus, policy->cpu);

	policy->freq_table = ue_table;
	policy->cpuinfo.transition_latency = 0;
	policy->transition_delay_us = rate_limit_us;
	policy->fast_switch_possible = fast_switch;
	policy->cur = READ_ONCE(c->khz);
	return 0;
}

static void ue_cpu_exit(struct cpufreq_policy *policy)
{
	struct ue_cpu *c = per_cpu_ptr(&ue_cpus, policy->cpu);

	hrtimer_cancel(&c->timer);
	WRITE_ONCE(c->armed, false);
}

/* Time taken back from each CPU's tasks, for the experiments' accounting. */
static ssize_t show_stolen_ns(struct cpufreq_policy *policy, char *buf)
{
	return sysfs_emit(buf, "%llu\n", per_cpu_ptr(&ue_cpus, policy->cpu)->stolen_ns);
}
cpufreq_freq_attr_ro(stolen_ns);

static struct freq_attr *ue_attrs[] = {
	&cpufreq_freq_attr_scaling_available_freqs,
	&stolen_ns,
	NULL,
};

static struct cpufreq_driver ue_driver = {
	.name		= "ue_cpufreq",
	.flags		= CPUFREQ_CONST_LOOPS,
	.verify		= cpufreq_generic_frequency_table_verify,
	.target_index	= ue_target_index,
	.fast_switch	= ue_fast_switch,
	.get		= ue_get,
	.init		= ue_cpu_init,
	.exit		= ue_cpu_exit,
	.attr		= ue_attrs,
};

static int __init ue_init(void)
{
	unsigned int i, cpu;
	int ret;

	if (nr_opps < 2 || nr_opps > 32 || max_khz < nr_opps * 1000 ||
	    free_us < 100 || free_us > 10000)
		return -EINVAL;

	ue_table = kcalloc(nr_opps + 1, sizeof(*ue_table), GFP_KERNEL);
	if (!ue_table)
		return -ENOMEM;
	for (i = 0; i < nr_opps; i++)
		ue_table[i].frequency = max_khz / nr_opps * (i + 1);
	ue_table[nr_opps - 1].frequency = max_khz;
	ue_table[nr_opps].frequency = CPUFREQ_TABLE_END;

	for_each_possible_cpu(cpu) {
		struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);

		hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		c->timer.function = ue_enact;
		c->cpu = cpu;
		c->khz = max_khz;
	}

	ret = cpufreq_register_driver(&ue_driver);
	if (ret)
		kfree(ue_table);
	return ret;
}

static void __exit ue_exit(void)
{
	cpufreq_unregister_driver(&ue_driver);
	kfree(ue_table);
}

module_init(ue_init);
module_exit(ue_exit);
MODULE_DESCRIPTION("cpufreq driver with enacted fake OPPs, for QEMU guests");
MODULE_LICENSE("GPL");
