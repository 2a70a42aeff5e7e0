#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# guest/ + kernel build -> initramfs (newc cpio, uncompressed).
#
# Holds static busybox, our init, plans and tests, our static C programs,
# the kselftests the series ships, rt-app, hackbench, cyclictest and stress-ng with
# the shared libraries they load, and the build's modules. Rebuilt each
# time: it takes about a second and is never stale.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--tree DIR] --build BUILD_DIR --out FILE.cpio"; }

tree=$TREE build= out=
while [ $# -gt 0 ]; do
	case $1 in
	--tree)  [ $# -ge 2 ] || usage_die "--tree needs a directory"; tree=$2; shift ;;
	--build) [ $# -ge 2 ] || usage_die "--build needs a directory"; build=$2; shift ;;
	--out)   [ $# -ge 2 ] || usage_die "--out needs a file"; out=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -n "$build" ] && [ -n "$out" ] || usage_die "--build and --out are required"
gen=$build/usr/gen_init_cpio
[ -x "$gen" ] || die "no $gen: build the kernel first (harness/build.sh)"
busybox=/bin/busybox
# Static: no program interpreter to load it.
[ -f "$busybox" ] && ! readelf -l "$busybox" 2>/dev/null | grep -q 'Requesting program interpreter' ||
	die "$busybox is not a static busybox (harness/deps.sh boot installs busybox-static)"

stage=$(mktemp -d "${TMPDIR:-/tmp}/initramfs.XXXXXX")
trap 'rm -rf "$stage" "$stage.list"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,lib,lib64,tests,plans,proc,sys,dev,tmp,etc,root}
cp "$busybox" "$stage/bin/busybox"
install -m 755 "$ROOT/guest/init" "$stage/init"
# The guest scripts' libraries (tap.sh, kv.sh and kv.awk...) and the trace converter.
cp "$ROOT/guest/lib/"*.sh "$ROOT/guest/lib/"*.awk "$ROOT/guest/experiments/"*.awk "$stage/lib/"
cp "$ROOT/guest/plans/"* "$stage/plans/"
# The experiments' plans are made from the scenario table, which the
# experiment runner reads too.
for p in rfc rfc-stock; do
	"$ROOT/harness/plans.sh" "$p" >"$stage/plans/$p" || die "harness/plans.sh cannot make plan $p"
done
cp "$ROOT/analysis/scenarios" "$stage/lib/scenarios"
# The policies the harness knows: smoke checks the kernel lists them, the
# experiments read what estimate each makes.
cp "$POLICIES" "$stage/lib/policies"
# Tests and experiment runners alike: a plan names either.
for t in "$ROOT"/guest/tests/*.sh "$ROOT"/guest/experiments/*.sh; do
	install -m 755 "$t" "$stage/tests/$(basename "$t" .sh)"
done

# Our C programs, static so they need nothing from the guest.
for c in "$ROOT"/guest/programs/*.c; do
	[ -e "$c" ] || continue
	gcc -static -O2 -Wall -Wextra -Werror -o "$stage/usr/bin/$(basename "$c" .c)" "$c" -lm ||
		die "guest program $c does not build"
done

# The series' kselftest, against the series' headers (on a kernel
# without the series it skips: no debugfs files of the lab), made
# from the tree they come from into the build dir, so the tree stays clean.
sched_tests=$tree/tools/testing/selftests/sched
if [ -f "$sched_tests/util_est_test.c" ]; then
	hdr=$build/series-headers
	make -s -C "$tree" O="$hdr" ARCH=x86_64 headers >"$build/headers.log" 2>&1 ||
		die "make headers of $tree failed (log: $build/headers.log)"
	mkdir -p "$build/kselftest/sched"
	make -s -C "$sched_tests" OUTPUT="$build/kselftest/sched" \
		KHDR_INCLUDES="-isystem $hdr/usr/include" LDFLAGS=-static \
		"$build/kselftest/sched/util_est_test" >"$build/kselftest.log" 2>&1 ||
		{ tail -n 20 "$build/kselftest.log" >&2; die "kselftest sched/util_est_test does not build"; }
	install -m 755 "$build/kselftest/sched/util_est_test" "$stage/tests/sched_util_est"
fi

# Dynamic programs from Debian, with the libraries ldd says they load.
copy_with_libs() {
	local bin=$1 lib
	[ -x "$bin" ] || die "$bin not found (harness/deps.sh guest)"
	cp -L "$bin" "$stage/usr/bin/"
	for lib in $(ldd "$bin" | awk '/=>/ { print $3 } /^[ \t]*\// { print $1 }'); do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
}
copy_with_libs /usr/bin/rt-app
# glibc dlopens libgcc_s for pthread_exit()'s unwinding: ldd cannot see it,
# and rt-app's threads abort at exit without it.
gcc_s=$(gcc -print-file-name=libgcc_s.so.1)
[ -f "$gcc_s" ] || die "libgcc_s.so.1 not found (harness/deps.sh build)"
mkdir -p "$stage/lib/x86_64-linux-gnu" && cp -L "$gcc_s" "$stage/lib/x86_64-linux-gnu/"
copy_with_libs /usr/bin/hackbench
copy_with_libs /usr/bin/cyclictest
copy_with_libs /usr/bin/stress-ng
copy_with_libs /usr/bin/perf
copy_with_libs /usr/bin/trace-cmd
cp "$ROOT"/guest/workloads/*.json "$stage/root/" 2>/dev/null || true

# Modules: the kernel's own, and our test modules (guest/modules/NAME/, built
# out of tree against this build, from a copy so the checkout stays clean),
# into /lib/modules/RELEASE/{kernel,extra}.
if grep -q '^CONFIG_MODULES=y' "$build/.config"; then
	release=$(cat "$build/kernelrelease")
	make -s -C "$build" ARCH=x86_64 INSTALL_MOD_PATH="$stage" INSTALL_MOD_STRIP=1 \
		DEPMOD=true modules_install >"$build/modules_install.log" 2>&1 ||
		die "modules_install failed (log: $build/modules_install.log)"
	for src in "$ROOT"/guest/modules/*/; do
		[ -d "$src" ] || continue
		name=$(basename "$src")
		mdir=$build/guest-modules/$name
		rm -rf "$mdir" && mkdir -p "$mdir" && cp "$src"* "$mdir/"
		make -s -C "$build" ARCH=x86_64 CC="ccache gcc" M="$mdir" W=1 modules >"$mdir/build.log" 2>&1 ||
			{ tail -n 20 "$mdir/build.log" >&2; die "guest module $name does not build (log: $mdir/build.log)"; }
		! grep -q 'warning:' "$mdir/build.log" ||
			{ grep 'warning:' "$mdir/build.log" >&2; die "guest module $name builds with warnings"; }
		# A module's Kbuild may build nothing for a kernel without what
		# it hooks (the stock baseline).
		if ! ls "$mdir"/*.ko >/dev/null 2>&1; then
			log "guest module $name: nothing to build for this kernel"
			continue
		fi
		mkdir -p "$stage/lib/modules/$release/extra"
		cp "$mdir"/*.ko "$stage/lib/modules/$release/extra/"
	done
fi

# gen_init_cpio, not cpio(1): it makes /dev/console without root or mknod.
{
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	echo "slink /bin/sh busybox 0777 0 0"
	(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort) | while read -r p; do
		p=${p#.}
		if [ -L "$stage$p" ]; then
			echo "slink $p $(readlink "$stage$p") 0777 0 0"
		elif [ -d "$stage$p" ]; then
			echo "dir $p 0755 0 0"
		else
			echo "file $p $stage$p $(stat -c %a "$stage$p") 0 0"
		fi
	done
} >"$stage.list"
mkdir -p "$(dirname "$out")"
"$gen" "$stage.list" >"$out.tmp" || die "gen_init_cpio failed"
rm -f "$stage.list"
mv "$out.tmp" "$out"
log "wrote $out ($(( $(stat -c %s "$out") / 1024 )) KiB)"
