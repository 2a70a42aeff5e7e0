#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input on the series' debugfs files (util_est_policy, util_est_sample,
# pelt_multiplier): guest/programs/ue_fuzz.c judges every
# write against the files' rule and counts its cases. A fixed seed, so
# that a failure replays; ue.fuzz_seed=N and ue.fuzz_cases=N on the
# command line change them.
exec ue_fuzz "${UE_FUZZ_SEED:-20261205}" "${UE_FUZZ_CASES:-3000}"
