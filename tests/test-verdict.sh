#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/verdict.sh on synthetic serial logs: results are counted, and
# every kind of kernel failure fails the run and names itself.
. "$(dirname "$0")/lib.sh"
plan 26

. "$HARNESS/lib.sh"
[ -f "$KUNIT_PY" ] || { echo "Bail out! no KTAP parser at $KUNIT_PY (harness/tree.sh)"; exit 1; }

# log NAME: a boot with KUnit results and a finished plan, plus whatever
# the caller appends.
boot_log() {
	cat <<'EOL'
[    0.000000] Linux version 6.12.118-utilest (util-est@qemu)
[    1.000000] KTAP version 1
[    1.000000] 1..1
[    1.000000]     KTAP version 1
[    1.000000]     # Subtest: sched_util_est
[    1.000000]     1..2
[    1.000000]     ok 1 util_est_ewma_step
[    1.000000]     ok 2 util_est_policies
[    1.000000] ok 1 sched_util_est
[    1.100000] Run /init as init process
=== util-est plan smoke begin ===
TAP version 13
1..1
    TAP version 13
    1..2
    ok 1 release
    ok 2 fields
ok 1 smoke
=== util-est plan smoke end ===
[    2.000000] reboot: Restarting system
EOL
}
v() { "$HARNESS/verdict.sh" --plan smoke --expect-kunit --counts "$WORK/counts" --log "$@"; }

boot_log >"$WORK/pass.log"
check "a clean boot passes" v "$WORK/pass.log"
check "its results are counted: 4 passed" grep -qx 'passed=4 failed=0 skipped=0' "$WORK/counts"
"$HARNESS/verdict.sh" --plan smoke --reports "$WORK/reports" --log "$WORK/pass.log" >/dev/null 2>&1
no_reports() { [ -f "$WORK/reports" ] && [ ! -s "$WORK/reports" ]; }
check "and --reports lists no kernel report" no_reports

inject() { # NAME LINE: the clean boot with LINE before the end frame
	boot_log | sed "/^ok 1 smoke\$/a $2" >"$WORK/$1.log"
}
inject panic '[    1.500000] Kernel panic - not syncing: Attempted to kill init!'
fails_with "a panic fails the run, named" 'FAIL: kernel panic: Kernel panic - not syncing: Attempted to kill init! \(.*panic.log:19\)' v "$WORK/panic.log"
inject warn '[    1.500000] WARNING: CPU: 1 PID: 42 at kernel/sched/fair.c:5012 util_est_dequeue+0x5a/0x60'
fails_with "a WARN fails the run, naming file and line" 'FAIL: kernel WARNING at kernel/sched/fair.c:5012' v "$WORK/warn.log"
inject bug '[    1.500000] BUG: kernel NULL pointer dereference, address: 0000000000000008'
fails_with "a BUG fails the run" 'FAIL: kernel BUG: kernel NULL pointer' v "$WORK/bug.log"
inject kasan '[    1.500000] BUG: KASAN: slab-out-of-bounds in util_est_update+0x20/0x80'
fails_with "a KASAN report fails the run" 'FAIL: KASAN: slab-out-of-bounds in util_est_update' v "$WORK/kasan.log"
inject kcsan '[    1.500000] BUG: KCSAN: data-race in util_est_dequeue / util_est_update'
fails_with "a KCSAN report fails the run" 'FAIL: KCSAN: data-race in util_est_dequeue / util_est_update' v "$WORK/kcsan.log"
"$HARNESS/verdict.sh" --plan smoke --reports "$WORK/reports" --log "$WORK/kcsan.log" >/dev/null 2>&1
check "and --reports lists it, with its place" grep -qx 'KCSAN: data-race in util_est_dequeue / util_est_update (.*kcsan.log:19)' "$WORK/reports"
check "one report, one line" [ "$(wc -l <"$WORK/reports")" -eq 1 ]
# A KCSAN kernel's races, told apart by the functions they name: those a
# series defines or changes (its hunks), kernel code only.
mkdir -p "$WORK/series"
cat >"$WORK/series/0001-sched-fair-x.patch" <<'EOP'
diff --git a/kernel/sched/fair.c b/kernel/sched/fair.c
@@ -10,6 +10,12 @@ static void enqueue_task_fair(struct rq *rq)
+static unsigned int util_est_pick(struct task_struct *p)
+{
+	return util_est_seed(p);
+}
diff --git a/kernel/sched/util_est_test.c b/kernel/sched/util_est_test.c
+static void util_est_case(struct kunit *test)
EOP
series_functions "$WORK/series" >"$WORK/series.funcs"
check "series_functions: a function it defines is new" grep -qx 'new util_est_pick' "$WORK/series.funcs"
check "one its hunk falls in is changed; calls and tests are neither" \
	sh -c "grep -qx 'changed enqueue_task_fair' '$WORK/series.funcs' && [ \$(wc -l <'$WORK/series.funcs') -eq 2 ]"
printf 'new util_est_update_rfc\nchanged enqueue_task_fair\n' >"$WORK/funcs"
kv() { v "$1" --kcsan-funcs "$WORK/funcs" --races "$WORK/races"; }
inject kcsan-new '[    1.500000] BUG: KCSAN: data-race in sched_util_est_set_policy / util_est_update_rfc+0x12/0x80'
fails_with "a race naming a function the series defines fails the run" 'FAIL: KCSAN \(the series\): data-race in' kv "$WORK/kcsan-new.log"
inject kcsan-old '[    1.500000] BUG: KCSAN: data-race in __update_load_avg_cfs_rq / avg_vruntime.constprop.0'
check "a race naming only 6.12's functions does not" kv "$WORK/kcsan-old.log"
check "and is listed as 6.12's" grep -qx '19 6.12 data-race in __update_load_avg_cfs_rq / avg_vruntime.constprop.0' "$WORK/races"
inject kcsan-changed '[    1.500000] BUG: KCSAN: data-race in enqueue_task_fair+0x1/0x2 / update_sd_lb_stats'
kv "$WORK/kcsan-changed.log" >/dev/null 2>&1
check "one naming a function the series changes is listed for a look" grep -q '^19 changed data-race in enqueue_task_fair' "$WORK/races"
inject lockdep '[    1.500000] WARNING: possible circular locking dependency detected'
fails_with "a lockdep report fails the run" 'FAIL: lockdep: possible circular locking' v "$WORK/lockdep.log"
inject ubsan '[    1.500000] UBSAN: shift-out-of-bounds in kernel/sched/fair.c:42:7'
fails_with "a UBSAN report fails the run" 'FAIL: UBSAN: shift-out-of-bounds' v "$WORK/ubsan.log"

boot_log | sed 's/^    ok 2 fields$/    not ok 2 fields/; s/^ok 1 smoke$/not ok 1 smoke/' >"$WORK/fail.log"
fails_with "a failed guest test is counted and named" 'FAILED: fields' v "$WORK/fail.log"

boot_log | sed '/^=== util-est plan smoke end ===$/,$d' >"$WORK/cut.log"
fails_with "a plan that stops half-way fails" 'plan smoke stopped before its end' v "$WORK/cut.log"

boot_log | sed '/^=== util-est plan smoke begin ===$/,$d' >"$WORK/noinit.log"
fails_with "a kernel that never reaches init fails" 'never started' v "$WORK/noinit.log"

boot_log | sed '/KTAP\|^\[    1.000000\]/d' >"$WORK/nokunit.log"
fails_with "no KUnit output when expected fails" 'no KUnit results' v "$WORK/nokunit.log"

boot_log | sed 's/^    1\.\.2$/    1..3/' >"$WORK/plan.log"
fails_with "a plan count that does not match fails" 'FAIL: guest plan smoke: no parseable KTAP' v "$WORK/plan.log"

cp "$WORK/pass.log" "$WORK/timeout.log"
printf 'accel\tsmp\tmem\ticount\tplan\ttimeout\tseconds\tstatus\ntcg\t2\t512\toff\tsmoke\t5\t6\ttimeout\n' \
	>"$WORK/timeout.log.settings"
fails_with "a timeout fails the run, with its limit" 'timeout: the guest did not power off \(5s limit\)' v "$WORK/timeout.log"
# The fixes' reproducers on the stock kernel: a failure is the bug shown,
# a pass says the bug did not show; a log without the plan says so.
cat >"$WORK/stock-fixes.log" <<'EOL'
=== util-est plan fixes begin ===
TAP version 13
1..2
    not ok 4 CPU 1's sum is the hog's estimate when the hog is alone
not ok 1 util_est_forced_dequeue # exit status 1
ok 2 util_est_flip_residue
=== util-est plan fixes end ===
EOL
fixes_on_stock "$WORK/stock-fixes.log" >"$WORK/stock-fixes.out"
check "fixes_on_stock: a failed reproducer is its bug shown, a passed one is not" \
	sh -c "grep -qx 'stock: util_est_forced_dequeue: fails, the bug shows (expected)' '$WORK/stock-fixes.out' &&
		grep -qx 'stock: util_est_flip_residue: passes, the bug did not show in this run' '$WORK/stock-fixes.out' &&
		[ \$(wc -l <'$WORK/stock-fixes.out') = 2 ]"
check "fixes_on_stock: a log without plan fixes says it has no results" \
	bash -c ". '$HARNESS/lib.sh'; fixes_on_stock /dev/null | grep -qx 'stock: no results from plan fixes'"
finish
