# SPDX-License-Identifier: GPL-2.0
# An experiment's setting, POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]: the
# one parser of the grammar in the shell, which the guest's runner
# (guest/experiments/experiment.sh) and the host's test of the scenario
# table (tests/test-scenarios.sh) share:
#   . /lib/setting.sh; setting_parse "$setting" || exit 1
#
#   POLICY    a util_est policy (analysis/policies), or pelt (UTIL_EST
#             off), or default (the kernel as booted)
#   SAMPLE    the sample point, one util_est_sample lists (unless given,
#             empty: the kernel's default, the first it lists)
#   THREAD=OWN  the workload's thread THREAD with a policy of its own, OWN
#             (a name util_est_task lists: system, none or a policy)
#   PLATFORM  the test platform the cpufreq driver makes: juno (Juno r0,
#             CPU 0 little, the others big), invariant (symmetric,
#             invariant PELT); the symmetric, non-invariant guest unless given

# setting_parse SETTING: sets setting_policy, setting_sample,
# setting_thread, setting_own and setting_platform (empty unless given)
# and setting_driver (the driver's parameters:
# platform, invariant, little_cpus); fails with a message saying the form.
setting_parse() {
	setting_policy=${1%%@*} setting_platform= setting_thread= setting_own= setting_sample=
	case $1 in *@) _setting_bad "$1" "no PLATFORM after '@'"; return 1 ;; *@*) setting_platform=${1#*@} ;; esac
	case $setting_policy in
	*/*=*) setting_own=${setting_policy#*/} setting_policy=${setting_policy%%/*}
		setting_thread=${setting_own%%=*} setting_own=${setting_own#*=} ;;
	*/*) _setting_bad "$1" "a thread's own policy is /THREAD=OWN"; return 1 ;;
	esac
	case $setting_policy in
	*:) _setting_bad "$1" "no SAMPLE after ':'"; return 1 ;;
	*:*) setting_sample=${setting_policy#*:} setting_policy=${setting_policy%%:*} ;;
	esac
	# shellcheck disable=SC2034 # (the caller's: experiment.sh loads the driver with it)
	case $setting_platform in
	'') setting_driver="symmetric N 2" ;;
	juno) setting_driver="juno-r0 N 1" ;;
	invariant) setting_driver="symmetric Y 2" ;;
	*) _setting_bad "$1" "no platform '$setting_platform' (juno or invariant)"; return 1 ;;
	esac
	_setting_word "$1" POLICY "$setting_policy" &&
		{ [ -z "$setting_sample" ] || _setting_word "$1" SAMPLE "$setting_sample"; } &&
		{ [ -z "$setting_thread$setting_own" ] ||
		  { _setting_word "$1" THREAD "$setting_thread" && _setting_word "$1" OWN "$setting_own"; }; }
}

# _setting_word SETTING PART VALUE: VALUE is a name (a-z, 0-9, _), or a
# message saying which part of SETTING is not.
_setting_word() {
	case $3 in
	''|*[!a-z0-9_]*) _setting_bad "$1" "$2 '$3' is not a name (a-z, 0-9, _)"; return 1 ;;
	esac
}

_setting_bad() { echo "setting '$1': $2; a setting is POLICY[:SAMPLE][/THREAD=OWN][@PLATFORM]" >&2; }
