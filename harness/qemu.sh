#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernel + initramfs -> serial log: boot once in QEMU, run one plan.
#
# TCG unless a KVM probe boot succeeds (nested KVM hangs on some hosts);
# -icount always means TCG. The guest powers off when its plan is done;
# a hard timeout kills it otherwise.
#
# The guest's console (ttyS0) goes to the log; its data port (ttyS1), where
# experiments write what they measured, to LOG.data; what ran (accel, cpu,
# smp, mem, icount, plan, timeout, seconds, status) to LOG.settings.
#
# Exit status: 0 QEMU exited (the log says how the guest did),
#              3 timeout, 1 QEMU itself failed or was killed, 2 usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOU
usage: $PROG --kernel BZIMAGE --initrd CPIO --log FILE [options]
  --plan NAME      guest test plan (default: smoke)
  --smp N          vCPUs (default: 2)
  --mem MB         guest memory (default: 512)
  --icount SHIFT   deterministic guest time: -icount shift=SHIFT,sleep=off (TCG)
  --accel MODE     auto, tcg, tcg-single, tcg-multi or kvm (default: auto:
                   kvm only if a probe boots, else tcg). tcg (tcg-single is
                   the same) runs every vCPU in one host thread, as -icount
                   does; tcg-multi, one thread a vCPU, is there only to show
                   why no boot uses it: QEMU 7.2's multi-threaded TCG runs
                   stale int3s after x86 text patching (plan keyflips oopses
                   pristine 6.12.118 with "Oops: int3"; docs/findings.md)
  --timeout SEC    hard limit for the whole boot (default: 900)
  --append ARGS    extra kernel command line (repeatable)
  --release STR    the kernel's release, which the guest checks it runs
  --plugin SPEC    a TCG plugin, as QEMU's -plugin takes it (FILE.so,ARG=V):
                   harness/insn_profile.sh counts instructions with one
  --cpu MODEL      TCG CPU model (default: max,vendor=GenuineIntel: TCG has
                   no invtsc, but Linux gives this one constant_tsc, so x86
                   registers no cpufreq transition notifier: cpufreq may
                   fast-switch and the TSC stays trusted; "max" makes
                   schedutil use its kthread)
EOU
}

kernel= initrd= logf= plan=smoke smp=2 mem=512 icount= accel=${UTIL_EST_ACCEL:-auto} limit=900 append= release= plugin= cpu_model=max,vendor=GenuineIntel
is_uint() { case $1 in ''|*[!0-9]*) return 1 ;; esac; }
while [ $# -gt 0 ]; do
	[ $# -ge 2 ] || case $1 in -h|--help) ;; *) usage_die "$1 needs a value" ;; esac
	case $1 in
	--kernel)  kernel=$2 ;;
	--initrd)  initrd=$2 ;;
	--log)     logf=$2 ;;
	--plan)    plan=$2 ;;
	--smp)     smp=$2 ;;
	--mem)     mem=$2 ;;
	--icount)  icount=$2 ;;
	--accel)   accel=$2 ;;
	--timeout) limit=$2 ;;
	--append)  append=${append:+$append }$2 ;;
	--release) release=$2 ;;
	--plugin)  plugin=$2 ;;
	--cpu)     cpu_model=$2 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift 2
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$logf" ] || usage_die "--kernel, --initrd and --log are required"
[ -f "$kernel" ] || die "kernel $kernel not found"
[ -f "$initrd" ] || die "initramfs $initrd not found"
is_uint "$smp" && [ "$smp" -ge 1 ] && [ "$smp" -le 8 ] || usage_die "--smp must be 1..8 (CONFIG_NR_CPUS=8)"
is_uint "$mem" && [ "$mem" -ge 64 ] || usage_die "--mem must be a number of MB >= 64"
is_uint "$limit" && [ "$limit" -ge 1 ] || usage_die "--timeout must be a positive number of seconds"
[ -z "$icount" ] || { is_uint "$icount" && [ "$icount" -le 10 ]; } || usage_die "--icount must be a shift 0..10"
case $accel in auto|tcg|tcg-single|tcg-multi|kvm) ;; *) usage_die "--accel must be auto, tcg, tcg-single, tcg-multi or kvm" ;; esac
# QEMU_BIN: the emulator (the tests put a fake one here).
QEMU_BIN=${QEMU_BIN:-qemu-system-x86_64}
command -v "$QEMU_BIN" >/dev/null || die "$QEMU_BIN not found (harness/deps.sh boot)"

# One QEMU invocation; the kernel command line carries the plan and the
# release the guest must find itself running (ue.release).
run_qemu() { # ACCEL LOG TIMEOUT PLAN
	local accel_arg
	case $1 in
	tcg|tcg-single) accel_arg=tcg,thread=single ;;
	tcg-multi) accel_arg=tcg,thread=multi ;;
	*) accel_arg=$1 ;;
	esac
	local args=(-accel "$accel_arg" -m "$mem" -smp "$smp" -nographic -no-reboot
		-kernel "$kernel" -initrd "$initrd" -serial "file:$2" -serial "file:$2.data"
		-monitor none)
	[ "$1" = kvm ] && args+=(-cpu host) || args+=(-cpu "$cpu_model")
	[ -n "$icount" ] && args+=(-icount "shift=$icount,sleep=off")
	[ -z "$plugin" ] || [ "$1" = kvm ] || args+=(-plugin "$plugin")
	args+=(-append "console=ttyS0 panic=-1 oops=panic softlockup_panic=1 ue.plan=$4 ue.release=$release $append")
	: >"$2"
	timeout -k 5 "$3" "$QEMU_BIN" "${args[@]}" </dev/null >"$2.qemu" 2>&1
}

# KVM is used only where it has been seen to boot; the answer is cached per
# host kernel and QEMU version.
probe_kvm() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	local key cachef
	key="$(uname -r) $("$QEMU_BIN" --version | head -n 1)"
	cachef=$CACHE/kvm-probe
	if [ -f "$cachef" ] && [ "$(head -n 1 "$cachef")" = "$key" ]; then
		[ "$(sed -n 2p "$cachef")" = yes ]
		return
	fi
	log "probing KVM (one boot, 60 s at most)"
	local plog ok=no
	plog=$(mktemp)
	if run_qemu kvm "$plog" 60 probe && grep -q '=== util-est plan probe begin ===' "$plog"; then
		ok=yes
	fi
	rm -f "$plog" "$plog.qemu"
	mkdir -p "$CACHE"
	printf '%s\n%s\n' "$key" "$ok" >"$cachef"
	log "KVM probe: $ok"
	[ $ok = yes ]
}

if [ -n "$icount" ]; then
	case $accel in kvm|tcg-multi) usage_die "--icount needs single-threaded TCG; drop --accel $accel" ;; esac
	accel=tcg	# -icount runs every vCPU in one thread
elif [ -n "$plugin" ]; then
	case $accel in kvm|tcg-multi) usage_die "--plugin needs single-threaded TCG; drop --accel $accel" ;; esac
	accel=tcg	# a plugin's inline counters are exact with one thread
elif [ "$accel" = auto ]; then
	if probe_kvm; then accel=kvm; else accel=tcg; fi
fi

mkdir -p "$(dirname "$logf")"
log "booting $(basename "$kernel") accel=$accel smp=$smp mem=${mem}M${icount:+ icount=$icount} plan=$plan (log: $logf)"
start=$(date +%s)
rc=0
run_qemu "$accel" "$logf" "$limit" "$plan" || rc=$?
elapsed=$(( $(date +%s) - start ))
# timeout(1) says 124 when the limit came, 137 when its KILL had to follow;
# QEMU killed by someone else before the limit also ends in 128 + signal.
case $rc in
0) status=ok ;;
124) status=timeout ;;
*) if [ "$rc" -gt 128 ] && { [ "$rc" -ne 137 ] || [ "$elapsed" -lt "$limit" ]; }; then
	status=killed
   elif [ "$rc" -eq 137 ]; then
	status=timeout
   else
	status=qemu-error
   fi ;;
esac
# What ran, a record (analysis/ue_table.h: TSV with a header) beside the log.
{
	tsv_row accel cpu smp mem icount plan timeout seconds status
	tsv_row "$accel" "$([ "$accel" = kvm ] && echo host || echo "$cpu_model")" "$smp" "$mem" "${icount:-off}" \
		"$plan" "$limit" "$elapsed" "$status"
} >"$logf.settings"
case $status in
ok) exit 0 ;;
timeout) echo "$PROG: timeout: guest did not power off within ${limit}s (log: $logf)" >&2; exit 3 ;;
killed) die "QEMU was killed by signal $((rc - 128)) after ${elapsed}s, before the ${limit}s limit: not the guest's doing; run it again (log: $logf)" ;;
*) sed 's/^/  qemu: /' "$logf.qemu" >&2; die "qemu-system-x86_64 exited with status $rc (log: $logf)" ;;
esac
