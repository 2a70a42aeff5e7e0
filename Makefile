# SPDX-License-Identifier: GPL-2.0
# The verbs. Each is a step of the pipeline in harness/, which does the work:
#   patches/ -> tree -> kernel -> initramfs -> QEMU -> results -> report
#
#   make demo      install, build, boot, run the main job, say where results are
#   make check     the whole test suite; ends with "N passed, N failed"
#   make experiments  the RFC's experiments on built kernels -> out/report.md
#   make bakeoff   the same sharded, a boot a shard, through GNU parallel (JOBS=, HOSTS=, PER=)
#   make bench     what util_est costs, stock against patched -> out/bench.md
#   make stress    a storm on the debug and KCSAN kernels -> out/stress.md
#   make lint      the series against the upstream bar: checkpatch --strict,
#                  bisectable, builds with SMP/SCHED_DEBUG/FAIR_GROUP_SCHED/
#                  CPU_FREQ off, no new W=1 or sparse warnings
#   make tree      Debian's linux-source-6.12 + patches/ (git am) in the cache
#   make kernel    configure and build KERNEL
#   make boot      one boot of KERNEL running PLAN
#   make patches   export the tree's commits back into patches/
#   make record    copy a kept run's record and figures into results/ (RUN=, NAME=)
#   make quote     the README's table and docs/history.md, from results/
#
# Variables: KERNEL=test|stock|bench|debug|stock-debug|kcsan  PLAN=smoke  SMP=2  ICOUNT=  ACCEL=auto|tcg|tcg-multi|kvm
#            UTIL_EST_CACHE (tree, builds, ccache; default ~/.cache/util-est)

SHELL := /bin/bash
KERNEL ?= test
PLAN ?= smoke
SMP ?= 2
ICOUNT ?=
ACCEL ?= auto

CACHE := $(shell . harness/lib.sh && echo $$CACHE)
OUT := $(shell . harness/lib.sh && echo $$OUT)
# Where make analysis puts the host tools (the tests point it elsewhere).
BIN ?= $(OUT)/bin
# Each kind of kernel's tree and config fragments: harness/lib.sh.
FRAGMENTS := $(shell . harness/lib.sh && kernel_fragments $(KERNEL) 2>/dev/null)
MAKE_VARS := $(shell . harness/lib.sh && kernel_make_vars $(KERNEL) 2>/dev/null)
SOURCE := $(shell . harness/lib.sh && kernel_source $(KERNEL) 2>/dev/null)
# The unpatched kernels' trees: make tree checks them out (--pristine).
UNPATCHED := $(shell . harness/lib.sh && echo $$PRISTINE_TREE $$STOCK_TREE)

ifeq ($(FRAGMENTS),)
$(error KERNEL must be test, stock, bench, debug, stock-debug or kcsan, not '$(KERNEL)')
endif

.PHONY: demo check lint experiments bakeoff bench stress repeat deps tree kernel boot patches record quote test-harness clean analysis

demo:
	@harness/demo.sh

check:
	@harness/check.sh

lint:
	@harness/lint.sh

experiments:
	@harness/experiments.sh

# make bakeoff [JOBS=N] [HOSTS=FILE (parallel's --sshloginfile)] [PER=N (settings a shard)]
bakeoff:
	@harness/bakeoff.sh $(if $(JOBS),--jobs $(JOBS)) $(if $(HOSTS),--hosts $(HOSTS)) $(if $(PER),--per $(PER))

# make bench [QUICK=1] [BENCH_SMP=1,2,4,8] [ROUNDS=11] [GROUPS=1,10,40] [LOOPS=5] [NOISE=1] [KEYS=1]
bench:
	@harness/bench.sh $(if $(QUICK),--quick) $(if $(BENCH_SMP),--smp $(BENCH_SMP)) \
		$(if $(ROUNDS),--rounds $(ROUNDS)) $(if $(GROUPS),--groups $(GROUPS)) \
		$(if $(LOOPS),--loops $(LOOPS)) $(if $(NOISE),--noise) $(if $(KEYS),--keys)

# make stress [DURATION=10m] [STRESS_KERNELS=debug,kcsan] [SEED=20261206]
repeat:
	@harness/repeat.sh $(if $(TIMES),--times $(TIMES)) $(if $(JOBS),--jobs $(JOBS))

stress:
	@harness/stress.sh $(if $(DURATION),--duration $(DURATION)) \
		$(if $(STRESS_KERNELS),--kernels $(STRESS_KERNELS)) $(if $(SEED),--seed $(SEED))

deps:
	@harness/deps.sh all

tree: deps
	@harness/tree.sh $(if $(filter $(UNPATCHED),$(SOURCE)),--pristine)

kernel: tree
	@harness/config.sh --tree $(SOURCE) --out $(CACHE)/build/$(KERNEL) $(FRAGMENTS)
	@harness/build.sh --tree $(SOURCE) --out $(CACHE)/build/$(KERNEL) $(MAKE_VARS)

boot: kernel
	@harness/run.sh --kernel $(KERNEL) --plan $(PLAN) --smp $(SMP) --accel $(ACCEL) \
		$(if $(ICOUNT),--icount $(ICOUNT))

patches:
	@harness/patches.sh

# make record RUN=out/runs/KERNEL/PLAN (or a run's directory) [NAME=...]
record:
	@harness/record.sh --run "$(RUN)" $(if $(NAME),--name "$(NAME)") $(if $(NOTE),--note "$(NOTE)")

quote:
	@harness/quote.sh write

test-harness:
	@harness/tree.sh >/dev/null && tests/run.sh

# The analysis tools, on the host: the only rule that builds them.
ANALYSIS_CC := gcc -O2 -Wall -Wextra -Werror
analysis: $(BIN)/ue_metrics $(BIN)/bench_stats $(BIN)/jump_sites

$(BIN)/pelt_table: analysis/pelt_table.c
	@mkdir -p $(BIN)
	$(ANALYSIS_CC) -o $@ $< -lm

$(BIN)/pelt_table.h: $(BIN)/pelt_table
	$< >$@

UE_METRICS := analysis/ue_metrics.c analysis/ue_figures.c analysis/ue_energy.c analysis/ue_data.c analysis/ue_model.c analysis/ue_table.c
$(BIN)/ue_metrics: $(UE_METRICS) analysis/ue_figures.h analysis/ue_data.h analysis/ue_model.h analysis/ue_table.h $(BIN)/pelt_table.h
	$(ANALYSIS_CC) -I$(BIN) -o $@ $(UE_METRICS)

BENCH_STATS := analysis/bench_stats.c analysis/ue_data.c analysis/ue_table.c
$(BIN)/bench_stats: $(BENCH_STATS) analysis/ue_data.h analysis/ue_table.h
	@mkdir -p $(BIN)
	$(ANALYSIS_CC) -o $@ $(BENCH_STATS) -lm

$(BIN)/jump_sites: analysis/jump_sites.c
	@mkdir -p $(BIN)
	$(ANALYSIS_CC) -o $@ $<

# A QEMU plugin, loaded by harness/insn_profile.sh's boots (not by make analysis).
$(BIN)/insn_prof.so: analysis/insn_prof.c
	@mkdir -p $(BIN)
	$(ANALYSIS_CC) -shared -fPIC -fvisibility=hidden -o $@ $<

clean:
	rm -rf out
