#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/qemu.sh: a guest that never powers off is killed at the timeout
# and reported; bad options are refused before anything boots.
. "$(dirname "$0")/lib.sh"
plan 16

as --32 -o "$WORK/hang.o" "$TESTS_ROOT/tests/fixtures/hang-kernel.S" &&
	ld -m elf_i386 -Ttext=0x100000 -e _start -o "$WORK/hang.elf" "$WORK/hang.o" ||
	{ echo "Bail out! cannot build the hang kernel"; exit 1; }
echo placeholder >"$WORK/initrd"
q() { "$HARNESS/qemu.sh" --initrd "$WORK/initrd" --log "$WORK/run/console.log" --accel tcg "$@"; }

start=$(date +%s)
fails_with "a guest that never powers off times out, named" \
	'timeout: guest did not power off within 3s' q --kernel "$WORK/hang.elf" --timeout 3
figures_are "the timeout is kept beside the log" "$WORK/run/console.log.settings" "status timeout" "timeout 3"
check "and it came at the limit, not later" [ $(( $(date +%s) - start )) -lt 15 ]
fails_with "an absent kernel is named" 'kernel /nonexistent not found' q --kernel /nonexistent
fails_with "--smp beyond CONFIG_NR_CPUS is refused" 'smp must be 1\.\.8' q --kernel "$WORK/hang.elf" --smp 9
fails_with "-icount with KVM is refused" 'icount needs single-threaded TCG' \
	"$HARNESS/qemu.sh" --kernel "$WORK/hang.elf" --initrd "$WORK/initrd" --log "$WORK/x" --icount 3 --accel kvm

# A fake QEMU at the process boundary records what it was asked to run.
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"%s"\n' "$WORK/qemu.args" >"$WORK/fake-qemu"
chmod +x "$WORK/fake-qemu"
QEMU_BIN=$WORK/fake-qemu q --kernel "$WORK/hang.elf" --accel tcg-single --append a=1 --append b=2 >/dev/null 2>&1
check "tcg-single is TCG with one thread" grep -qx 'tcg,thread=single' "$WORK/qemu.args"
fails_with "-icount with tcg-multi is refused" 'icount needs single-threaded TCG' \
	"$HARNESS/qemu.sh" --kernel "$WORK/hang.elf" --initrd "$WORK/initrd" --log "$WORK/x" --icount 3 --accel tcg-multi
check "--append twice keeps both" grep -q ' a=1 b=2$' "$WORK/qemu.args"
QEMU_BIN=$WORK/fake-qemu q --kernel "$WORK/hang.elf" >/dev/null 2>&1
check "tcg too: no boot runs multi-threaded TCG unless asked" grep -qx 'tcg,thread=single' "$WORK/qemu.args"
QEMU_BIN=$WORK/fake-qemu q --kernel "$WORK/hang.elf" --accel tcg-multi >/dev/null 2>&1
check "tcg-multi is TCG with a thread a vCPU" grep -qx 'tcg,thread=multi' "$WORK/qemu.args"
# A QEMU killed from outside (the OOM killer, a user) before the limit.
printf '#!/bin/sh\nkill -KILL $$\n' >"$WORK/killed-qemu"
chmod +x "$WORK/killed-qemu"
QEMU_BIN=$WORK/killed-qemu fails_with "QEMU killed mid-run is named as such, not as a timeout" \
	'QEMU was killed by signal 9 after [0-9]+s, before the 60s limit' q --kernel "$WORK/hang.elf" --timeout 60
figures_are "and its status is kept beside the log" "$WORK/run/console.log.settings" status killed
QEMU_BIN=$WORK/fake-qemu "$HARNESS/qemu.sh" --kernel "$WORK/hang.elf" --initrd "$WORK/initrd" --log "$WORK/x" \
	--plugin /p.so,out=/c >/dev/null 2>&1
check "a plugin goes to QEMU, and with it single-threaded TCG" \
	sh -c 'grep -qx /p.so,out=/c "$1" && grep -qx tcg,thread=single "$1"' - "$WORK/qemu.args"
fails_with "a plugin with KVM is refused" 'plugin needs single-threaded TCG' \
	"$HARNESS/qemu.sh" --kernel "$WORK/hang.elf" --initrd "$WORK/initrd" --log "$WORK/x" --plugin /p.so --accel kvm
fails_with "an unknown accelerator is refused" 'accel must be auto, tcg, tcg-single, tcg-multi or kvm' q --kernel "$WORK/hang.elf" --accel xen
finish
