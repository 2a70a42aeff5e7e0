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
 *
 * Platforms (platform=):
 *
 *  symmetric  one policy per CPU, nr_opps OPPs up to max_khz, every CPU of
 *	       capacity 1024. PELT is frequency invariant only with
 *	       invariant=1. The guest as it always was. No energy model is
 *	       registered (EAS needs asymmetric capacities, and a CPU's model
 *	       cannot be replaced by another platform's in the same boot), but
 *	       the experiments weigh its runs with one: see ue_power_uw().
 *  juno-r0    Arm's Juno r0 board as EAS sees it: little_cpus A53s, the rest
 *	       A57s, each cluster a performance domain with its OPPs, its
 *	       capacity and an energy model. Frequency invariant.
 *
 * Juno r0's OPPs (MHz at mV) and dynamic-power coefficients are those of
 * its SCP firmware (ARM-software/SCP-firmware, product/juno/scp_ramfw/
 * config_dvfs.c) and of its device tree (arch/arm64/boot/dts/arm/juno.dts:
 * dynamic-power-coefficient 140 and 530 uW/MHz/V^2, capacity-dmips-mhz 578
 * and 1024). A CPU's capacity at its top OPP is dmips_mhz * fmax against
 * the biggest's, as arch_topology computes it: 446 for the A53 at 850 MHz
 * against the A57 at 1100 MHz. Power at an OPP is C * f * V^2, as
 * dev_pm_opp_of_register_em() derives it from the same coefficient.
 * Each policy shows its model, registered or not, as opp_power_uw ("kHz uW"
 * an OPP a line) and its capacity, for the experiments' energy figures.
 *
 * Enacting capacity is the same as enacting frequency: a CPU at f in a
 * domain of top OPP fmax and capacity cap runs at speed
 *
 *	s = cap / 1024 * f / fmax
 *
 * of the emulated CPU's full speed, by taking back, after each free_us,
 *
 *	spin = free_us * (1 - s) / s
 *
 * (symmetric: cap = 1024, and this is the formula above).
 */
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/energy_model.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>

/*
 * The test platform's patches (platform/) give x86 arch_set_freq_scale()
 * and the calls ue_declare() makes. A kernel without them (the checking
 * kernels, built from the series alone) gets the symmetric, non-invariant
 * driver only.
 */
#ifdef arch_set_freq_scale
#define UE_HAS_PLATFORM	1
#else
#define UE_HAS_PLATFORM	0
static inline int arch_freq_invariance_by_cpufreq(const struct cpumask *cpus,
						  unsigned int ref_khz)
{
	return -EOPNOTSUPP;
}

static inline void arch_rebuild_sched_domains(void)
{
}
#endif

static char *platform = "symmetric";
module_param(platform, charp, 0444);
MODULE_PARM_DESC(platform, "symmetric or juno-r0");

static unsigned int nr_opps = 8;
module_param(nr_opps, uint, 0444);
MODULE_PARM_DESC(nr_opps, "symmetric: number of OPPs, evenly spaced up to max_khz (2..32)");

static unsigned int max_khz = 2000000;
module_param(max_khz, uint, 0444);
MODULE_PARM_DESC(max_khz, "symmetric: the highest OPP, kHz");

static bool invariant;
module_param(invariant, bool, 0444);
MODULE_PARM_DESC(invariant, "symmetric: make PELT frequency invariant (juno-r0 always is)");

static unsigned int little_cpus = 2;
module_param(little_cpus, uint, 0444);
MODULE_PARM_DESC(little_cpus, "juno-r0: CPUs 0..little_cpus-1 are A53s, the others A57s");

static bool enact = true;
module_param(enact, bool, 0444);
MODULE_PARM_DESC(enact, "make a CPU run at the speed its OPP and capacity give");

static unsigned int free_us = 1000;
module_param(free_us, uint, 0444);
MODULE_PARM_DESC(free_us, "free time between two spins, us (100..10000)");

static bool fast_switch = true;
module_param(fast_switch, bool, 0444);
MODULE_PARM_DESC(fast_switch, "offer fast switching (the core may still refuse it)");

static unsigned int rate_limit_us = 1000;
module_param(rate_limit_us, uint, 0444);
MODULE_PARM_DESC(rate_limit_us, "policy transition delay, schedutil's default rate limit");

/* Speeds are fractions of the emulated CPU's full speed, in 1 / 2^20. */
#define SPEED_SHIFT	20
#define FULL_SPEED	BIT(SPEED_SHIFT)

struct ue_opp {
	unsigned int mhz;
	unsigned int mv;
};

struct ue_domain {
	const char *name;
	unsigned int dmips_mhz;		/* capacity-dmips-mhz */
	unsigned int power_coeff;	/* uW/MHz/V^2 */
	unsigned int nr_opps;
	const struct ue_opp *opps;	/* NULL: nr_opps evenly up to max_khz */
	/* set up at load: */
	unsigned int capacity;		/* at the top OPP, of 1024 */
	unsigned int fmax_khz;
	struct cpumask cpus;
	struct cpufreq_frequency_table *table;
};

static const struct ue_opp juno_a53[] = {
	{ 450, 820 }, { 575, 850 }, { 700, 900 }, { 775, 950 }, { 850, 1000 },
};

static const struct ue_opp juno_a57[] = {
	{ 450, 820 }, { 625, 850 }, { 800, 900 }, { 950, 950 }, { 1100, 1000 },
};

/* Juno r0's clusters: capacity-dmips-mhz, power coefficient, OPPs. */
static const struct ue_domain juno_r0[] = {
	{ .name = "a53", .dmips_mhz = 578, .power_coeff = 140,
	  .nr_opps = ARRAY_SIZE(juno_a53), .opps = juno_a53 },
	{ .name = "a57", .dmips_mhz = 1024, .power_coeff = 530,
	  .nr_opps = ARRAY_SIZE(juno_a57), .opps = juno_a57 },
};

/* Symmetric: one domain per CPU. Juno r0: the A53s, then the A57s. */
static struct ue_domain *ue_domains;
static unsigned int nr_domains;
static bool juno;

struct ue_cpu {
	struct hrtimer timer;
	call_single_data_t arm_csd;	/* arms the timer from another CPU */
	int cpu;
	struct ue_domain *domain;
	unsigned int khz;	/* the OPP this CPU runs at */
	unsigned long speed;	/* what that OPP and the capacity give */
	bool armed;		/* timer queued or running */
	u64 stolen_ns;		/* time taken back so far */
};

static DEFINE_PER_CPU(struct ue_cpu, ue_cpus);

static u64 spin_ns(unsigned long speed)
{
	return div64_ul((u64)free_us * NSEC_PER_USEC * (FULL_SPEED - speed), speed);
}

static enum hrtimer_restart ue_enact(struct hrtimer *timer)
{
	struct ue_cpu *c = container_of(timer, struct ue_cpu, timer);
	unsigned long speed = READ_ONCE(c->speed);
	u64 start, spin;

	/* At full speed, or moved off its CPU by hotplug: nothing to take. */
	if (speed >= FULL_SPEED || c->cpu != smp_processor_id()) {
		WRITE_ONCE(c->armed, false);
		return HRTIMER_NORESTART;
	}

	if (!is_idle_task(current)) {
		spin = spin_ns(speed);
		start = ktime_get_mono_fast_ns();
		while (ktime_get_mono_fast_ns() - start < spin)
			cpu_relax();
		c->stolen_ns += spin;
	}

	/* free_us from now, not from the last expiry: the spin is no multiple of it. */
	hrtimer_set_expires(timer, ktime_add_us(ktime_get(), free_us));
	return HRTIMER_RESTART;
}

/* On the CPU of @c, in hardirq context or with interrupts off. */
static void ue_arm_local(struct ue_cpu *c)
{
	if (READ_ONCE(c->armed) || READ_ONCE(c->speed) >= FULL_SPEED)
		return;
	WRITE_ONCE(c->armed, true);
	hrtimer_start(&c->timer, ns_to_ktime((u64)free_us * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static void ue_arm_ipi(void *data)
{
	ue_arm_local(data);
}

/*
 * Arm @c's timer on its CPU from this one, interrupts on or off. A call
 * still in flight (-EBUSY) arms it already.
 */
static void ue_arm_remote(struct ue_cpu *c)
{
	smp_call_function_single_async(c->cpu, &c->arm_csd);
}

static unsigned long ue_speed(struct ue_domain *d, unsigned int khz)
{
	return div_u64((u64)d->capacity * khz << (SPEED_SHIFT - SCHED_CAPACITY_SHIFT), d->fmax_khz);
}

/*
 * Run the CPUs of @policy at @khz. Fast switching calls this on one of them
 * with interrupts off; target_index may come from any CPU, in process
 * context. A CPU other than this one is armed by an IPI.
 */
static void ue_set(struct cpufreq_policy *policy, unsigned int khz)
{
	int cpu;

	for_each_cpu(cpu, policy->cpus) {
		struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);
		unsigned long speed = ue_speed(c->domain, khz);

		WRITE_ONCE(c->khz, khz);
		WRITE_ONCE(c->speed, speed);
		if (!enact || speed >= FULL_SPEED || READ_ONCE(c->armed))
			continue;
		if (cpu == smp_processor_id()) {
			unsigned long flags;

			local_irq_save(flags);
			ue_arm_local(c);
			local_irq_restore(flags);
		} else {
			ue_arm_remote(c);
		}
	}
}

static int ue_target_index(struct cpufreq_policy *policy, unsigned int index)
{
	ue_set(policy, policy->freq_table[index].frequency);
	return 0;
}

static unsigned int ue_fast_switch(struct cpufreq_policy *policy,
				   unsigned int target_freq)
{
	int index = cpufreq_frequency_table_target(policy, target_freq, policy->min,
						   policy->max, CPUFREQ_RELATION_L);
	unsigned int khz = policy->freq_table[index].frequency;

	ue_set(policy, khz);
	return khz;
}

static unsigned int ue_get(unsigned int cpu)
{
	return READ_ONCE(per_cpu_ptr(&ue_cpus, cpu)->khz);
}

static int ue_cpu_init(struct cpufreq_policy *policy)
{
	struct ue_cpu *c = per_cpu_ptr(&ue_cpus, policy->cpu);

	cpumask_copy(policy->cpus, &c->domain->cpus);
	policy->freq_table = c->domain->table;
	policy->cpuinfo.transition_latency = 0;
	policy->transition_delay_us = rate_limit_us;
	policy->fast_switch_possible = fast_switch;
	policy->cur = READ_ONCE(c->khz);
	return 0;
}

static void ue_cpu_exit(struct cpufreq_policy *policy)
{
	int cpu;

	for_each_cpu(cpu, policy->related_cpus) {
		struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);

		hrtimer_cancel(&c->timer);
		WRITE_ONCE(c->armed, false);
	}
}

/* The A57's voltage at @mhz: between its OPPs' linearly, its lowest's below. */
static unsigned int a57_mv(unsigned int mhz)
{
	const struct ue_opp *o = juno_a57;
	unsigned int i;

	if (mhz <= o[0].mhz)
		return o[0].mv;
	for (i = 1; i < ARRAY_SIZE(juno_a57) - 1 && mhz > o[i].mhz; i++)
		;
	if (mhz >= o[i].mhz)
		return o[i].mv;
	return o[i - 1].mv + (o[i].mv - o[i - 1].mv) * (mhz - o[i - 1].mhz) /
			     (o[i].mhz - o[i - 1].mhz);
}

/*
 * Power at @d's OPP @i in uW: C * f * V^2 (C in uW/MHz/V^2). A Juno r0 OPP
 * has its own voltage. A symmetric CPU at f runs at f / fmax of full
 * speed, as an A57 does at f / fmax of its top OPP: it is given the power
 * that A57 would draw, at that frequency and the voltage its OPP table
 * gives there.
 */
static unsigned long ue_power_uw(const struct ue_domain *d, unsigned int i)
{
	u64 khz = d->table[i].frequency;
	unsigned int mv;

	if (d->opps) {
		mv = d->opps[i].mv;
	} else {
		khz = div_u64(khz * juno_a57[ARRAY_SIZE(juno_a57) - 1].mhz * 1000, d->fmax_khz);
		mv = a57_mv(khz / 1000);
	}
	return div_u64(d->power_coeff * khz * mv * mv, 1000000000);
}

/* The energy model's callback: power at the lowest OPP at or above *khz. */
static int ue_active_power(struct device *dev, unsigned long *uw,
			   unsigned long *khz)
{
	struct ue_domain *d = per_cpu_ptr(&ue_cpus, dev->id)->domain;
	unsigned int i;

	for (i = 0; i < d->nr_opps; i++) {
		if (d->table[i].frequency < *khz)
			continue;
		*khz = d->table[i].frequency;
		*uw = ue_power_uw(d, i);
		return 0;
	}
	return -EINVAL;
}

/* Juno r0 only: the symmetric platform's model is for the experiments alone. */
static void ue_register_em(struct cpufreq_policy *policy)
{
	struct em_data_callback cb = EM_DATA_CB(ue_active_power);
	struct ue_domain *d = per_cpu_ptr(&ue_cpus, policy->cpu)->domain;

	if (juno)
		em_dev_register_perf_domain(get_cpu_device(policy->cpu), d->nr_opps,
					    &cb, policy->related_cpus, true);
}

/* The model, registered or not: "kHz uW", an OPP a line. */
static ssize_t show_opp_power_uw(struct cpufreq_policy *policy, char *buf)
{
	struct ue_domain *d = per_cpu_ptr(&ue_cpus, policy->cpu)->domain;
	unsigned int i;
	ssize_t n = 0;

	for (i = 0; i < d->nr_opps; i++)
		n += sysfs_emit_at(buf, n, "%u %lu\n", d->table[i].frequency,
				   ue_power_uw(d, i));
	return n;
}
cpufreq_freq_attr_ro(opp_power_uw);

/* The policy's CPUs' capacity at their top OPP, of 1024. */
static ssize_t show_capacity(struct cpufreq_policy *policy, char *buf)
{
	return sysfs_emit(buf, "%u\n", per_cpu_ptr(&ue_cpus, policy->cpu)->domain->capacity);
}
cpufreq_freq_attr_ro(capacity);

/* Time taken back from each CPU's tasks, for the experiments' accounting. */
static ssize_t show_stolen_ns(struct cpufreq_policy *policy, char *buf)
{
	u64 sum = 0;
	int cpu;

	for_each_cpu(cpu, policy->related_cpus)
		sum += per_cpu_ptr(&ue_cpus, cpu)->stolen_ns;
	return sysfs_emit(buf, "%llu\n", sum);
}
cpufreq_freq_attr_ro(stolen_ns);

static struct freq_attr *ue_attrs[] = {
	&cpufreq_freq_attr_scaling_available_freqs,
	&stolen_ns,
	&opp_power_uw,
	&capacity,
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
	.register_em	= ue_register_em,
	.attr		= ue_attrs,
};

/* The parameters, checked before anything is changed. */
static int ue_check_params(void)
{
	if (!UE_HAS_PLATFORM && (invariant || strcmp(platform, "symmetric"))) {
		pr_err("ue_cpufreq: platform=%s invariant=%d: this kernel lacks the test platform's patches (platform/)\n",
		       platform, invariant);
		return -EOPNOTSUPP;
	}
	if (free_us < 100 || free_us > 10000) {
		pr_err("ue_cpufreq: free_us=%u: must be 100..10000\n", free_us);
		return -EINVAL;
	}
	if (!strcmp(platform, "symmetric")) {
		if (nr_opps < 2 || nr_opps > 32 || max_khz < nr_opps * 1000) {
			pr_err("ue_cpufreq: nr_opps=%u max_khz=%u: 2..32 OPPs, at least 1 MHz apart\n",
			       nr_opps, max_khz);
			return -EINVAL;
		}
		return 0;
	}
	if (!strcmp(platform, "juno-r0")) {
		if (little_cpus < 1 || little_cpus >= num_possible_cpus()) {
			pr_err("ue_cpufreq: little_cpus=%u: must leave at least one of the %u CPUs big\n",
			       little_cpus, num_possible_cpus());
			return -EINVAL;
		}
		juno = true;
		return 0;
	}
	pr_err("ue_cpufreq: platform=%s: must be symmetric or juno-r0\n", platform);
	return -EINVAL;
}

static struct cpufreq_frequency_table *ue_make_table(struct ue_domain *d)
{
	struct cpufreq_frequency_table *t;
	unsigned int i;

	t = kcalloc(d->nr_opps + 1, sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;
	for (i = 0; i < d->nr_opps; i++)
		t[i].frequency = d->opps ? d->opps[i].mhz * 1000 :
					   d->fmax_khz / d->nr_opps * (i + 1);
	t[d->nr_opps - 1].frequency = d->fmax_khz;
	t[d->nr_opps].frequency = CPUFREQ_TABLE_END;
	return t;
}

static void ue_free_domains(void)
{
	unsigned int i;

	for (i = 0; i < nr_domains; i++)
		kfree(ue_domains[i].table);
	kfree(ue_domains);
	ue_domains = NULL;
	nr_domains = 0;
}

static int ue_make_domains(void)
{
	unsigned int i, cpu, big_dmips = 1024;

	nr_domains = juno ? 2 : nr_cpu_ids;
	ue_domains = kcalloc(nr_domains, sizeof(*ue_domains), GFP_KERNEL);
	if (!ue_domains)
		return -ENOMEM;
	if (juno) {
		ue_domains[0] = juno_r0[0];
		ue_domains[1] = juno_r0[1];
		big_dmips = 1024 * juno_a57[ARRAY_SIZE(juno_a57) - 1].mhz;
	}
	for (i = 0; i < nr_domains; i++) {
		struct ue_domain *d = &ue_domains[i];

		if (!d->opps) {
			*d = (struct ue_domain){ .name = "cpu", .dmips_mhz = 1024,
						 .power_coeff = juno_r0[1].power_coeff,
						 .nr_opps = nr_opps };
			d->fmax_khz = max_khz;
			d->capacity = SCHED_CAPACITY_SCALE;
		} else {
			unsigned int top = d->opps[d->nr_opps - 1].mhz;

			d->fmax_khz = top * 1000;
			d->capacity = div_u64((u64)d->dmips_mhz * top * SCHED_CAPACITY_SCALE,
					      big_dmips);
		}
		d->table = ue_make_table(d);
		if (!d->table) {
			ue_free_domains();
			return -ENOMEM;
		}
	}
	for_each_possible_cpu(cpu) {
		i = juno ? cpu >= little_cpus : cpu;
		cpumask_set_cpu(cpu, &ue_domains[i].cpus);
		per_cpu_ptr(&ue_cpus, cpu)->domain = &ue_domains[i];
	}
	return 0;
}

/*
 * A CPU's energy model stays registered for good (6.12 cannot unregister
 * one): a second load must find the domains and OPPs of the first, or its
 * model would be the wrong one, silently.
 */
static int ue_check_em(void)
{
	unsigned int i;

	for (i = 0; i < nr_domains; i++) {
		struct ue_domain *d = &ue_domains[i];
		struct em_perf_domain *pd = em_cpu_get(cpumask_first(&d->cpus));

		if (!juno || !pd)
			continue;
		if (!cpumask_equal(em_span_cpus(pd), &d->cpus) ||
		    pd->nr_perf_states != d->nr_opps) {
			pr_err("ue_cpufreq: CPUs %*pbl keep the energy model of an earlier load (%*pbl, %d OPPs): reboot to change little_cpus\n",
			       cpumask_pr_args(&d->cpus), cpumask_pr_args(em_span_cpus(pd)),
			       pd->nr_perf_states);
			return -EBUSY;
		}
	}
	return 0;
}

/*
 * The platform as the scheduler sees it (the test-platform patches):
 * capacities, then the reference frequencies that make PELT invariant.
 */
static int ue_declare(void)
{
	unsigned int i, cpu;
	int ret;

	if (UE_HAS_PLATFORM && juno) {
		if (!arch_enable_hybrid_capacity_scale())
			return -ENOMEM;
		for_each_possible_cpu(cpu)
			arch_set_cpu_capacity(cpu, per_cpu_ptr(&ue_cpus, cpu)->domain->capacity,
					      SCHED_CAPACITY_SCALE, 1, 1);
		arch_rebuild_sched_domains();
	}
	if (!juno && !invariant)
		return 0;
	for (i = 0; i < nr_domains; i++) {
		ret = arch_freq_invariance_by_cpufreq(&ue_domains[i].cpus, ue_domains[i].fmax_khz);
		if (ret) {
			pr_err("ue_cpufreq: this CPU cannot be made frequency invariant (%d)\n",
			       ret);
			return ret;
		}
	}
	return 0;
}

static void ue_undeclare(void)
{
	unsigned int cpu;

	if (juno || invariant)
		arch_freq_invariance_by_cpufreq(cpu_possible_mask, 0);
	if (UE_HAS_PLATFORM && juno) {
		for_each_possible_cpu(cpu)
			arch_set_cpu_capacity(cpu, 1, 1, 1, 1);
		arch_rebuild_sched_domains();
	}
}

static int __init ue_init(void)
{
	unsigned int cpu;
	int ret;

	ret = ue_check_params();
	if (ret)
		return ret;
	ret = ue_make_domains();
	if (ret)
		return ret;
	ret = ue_check_em();
	if (ret) {
		ue_free_domains();
		return ret;
	}

	for_each_possible_cpu(cpu) {
		struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);

		hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		c->timer.function = ue_enact;
		INIT_CSD(&c->arm_csd, ue_arm_ipi, c);
		c->cpu = cpu;
		c->khz = c->domain->fmax_khz;
		c->speed = ue_speed(c->domain, c->khz);
		c->armed = false;
		c->stolen_ns = 0;
	}

	ret = ue_declare();
	if (!ret)
		ret = cpufreq_register_driver(&ue_driver);
	if (ret) {
		ue_undeclare();
		ue_free_domains();
		return ret;
	}
	/* A CPU slower than full speed at its top OPP (a little one) is so now. */
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct ue_cpu *c = per_cpu_ptr(&ue_cpus, cpu);

		if (enact && READ_ONCE(c->speed) < FULL_SPEED)
			ue_arm_remote(c);
	}
	cpus_read_unlock();
	return 0;
}

static void ue_nothing(void *unused)
{
}

static void __exit ue_exit(void)
{
	unsigned int cpu;

	cpufreq_unregister_driver(&ue_driver);
	/*
	 * No OPP is set any more, but an arming IPI may still be on its way,
	 * and may have armed a timer again: a synchronous IPI to every CPU
	 * comes after it, then every timer is stopped for good.
	 */
	on_each_cpu(ue_nothing, NULL, 1);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(&ue_cpus, cpu)->timer);
	ue_undeclare();
	ue_free_domains();
}

module_init(ue_init);
module_exit(ue_exit);
MODULE_DESCRIPTION("cpufreq driver with enacted fake OPPs and platforms, for QEMU guests");
MODULE_LICENSE("GPL");
