# SPDX-License-Identifier: GPL-2.0
# The verbs. Each is a step of the pipeline in harness/, which does the work:
#   patches/ -> tree -> kernel -> initramfs -> QEMU -> results -> report
#
#   make demo      install, build, boot, run the main job, say where results are
#   make check     the whole test suite; ends with "N passed, N failed"
#   make experiments  the RFC's experiments on built kernels -> out/report.md
#   make lint      the series against the upstream bar: checkpatch --strict,
#                  bisectable, builds with SMP/SCHED_DEBUG/FAIR_GROUP_SCHED/
#                  CPU_FREQ off, no new W=1 or sparse warnings
#   make tree      Debian's linux-source-6.12 + patches/ (git am) in the cache
#   make kernel    configure and build KERNEL (test or stock)
#   make boot      one boot of KERNEL running PLAN
#   make patches   export the tree's commits back into patches/
#
# Variables: KERNEL=test|stock  PLAN=smoke  SMP=2  ICOUNT=  ACCEL=auto
#            UTIL_EST_CACHE (tree, builds, ccache; default ~/.cache/util-est)

SHELL := /bin/bash
KERNEL ?= test
PLAN ?= smoke
SMP ?= 2
ICOUNT ?=
ACCEL ?= auto

FRAGMENTS_test  := configs/base.config configs/test.config
FRAGMENTS_stock := configs/base.config configs/stock.config
CACHE := $(shell . harness/lib.sh && echo $$CACHE)
# The test kernel builds from the tree with the series, stock from pristine.
SOURCE_test  := $(shell . harness/lib.sh && echo $$TREE)
SOURCE_stock := $(shell . harness/lib.sh && echo $$PRISTINE_TREE)

ifeq ($(FRAGMENTS_$(KERNEL)),)
$(error KERNEL must be test or stock, not '$(KERNEL)')
endif

.PHONY: demo check lint experiments deps tree kernel boot patches test-harness clean

demo:
	@harness/demo.sh

check:
	@harness/check.sh

lint:
	@harness/lint.sh

experiments:
	@harness/experiments.sh

deps:
	@harness/deps.sh all

tree: deps
	@harness/tree.sh $(if $(filter stock,$(KERNEL)),--pristine)

kernel: tree
	@harness/config.sh --tree $(SOURCE_$(KERNEL)) --out $(CACHE)/build/$(KERNEL) $(FRAGMENTS_$(KERNEL))
	@harness/build.sh --tree $(SOURCE_$(KERNEL)) --out $(CACHE)/build/$(KERNEL)

boot: kernel
	@harness/run.sh --kernel $(KERNEL) --plan $(PLAN) --smp $(SMP) --accel $(ACCEL) \
		$(if $(ICOUNT),--icount $(ICOUNT))

patches:
	@harness/patches.sh

test-harness:
	@tests/run.sh

clean:
	rm -rf out
