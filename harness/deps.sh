#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages a step needs, only those missing.
#
#   deps.sh GROUP|PACKAGE...
#
# Groups name what a step needs; anything else is taken as a package name.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG {build|tree|boot|guest|lint|report|bench|shards|all|PACKAGE}..."; }

group() {
	case $1 in
	build)	echo gcc make bc bison flex libelf-dev libssl-dev cpio xz-utils \
		     python3 perl kmod ccache git ;;
	tree)	echo linux-source-6.12 git xz-utils ;;
	boot)	echo qemu-system-x86 busybox-static ;;
	guest)	echo rt-app rt-tests stress-ng trace-cmd linux-perf libc6-dev ;;
	lint)	echo sparse python3-ply python3-git shellcheck ;;
	report)	echo gnuplot-nox ;;
	bench)	echo dwarves ;;
	shards)	echo parallel rsync openssh-client ;;
	all)	for g in build tree boot guest lint report bench shards; do group $g; done ;;
	*)	echo "$1" ;;
	esac
}

[ $# -gt 0 ] || usage_die "nothing to install"

want=()
for arg; do
	case $arg in -h|--help) usage; exit 0 ;; -*) usage_die "unknown option $arg" ;; esac
	for pkg in $(group "$arg"); do
		[[ " ${want[*]-} " == *" $pkg "* ]] && continue
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
			want+=("$pkg")
	done
done
[ ${#want[@]} -eq 0 ] && exit 0

sudo=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || die "need root or sudo to install: ${want[*]}"
	sudo=sudo
fi

log "installing ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
aptlog=$(mktemp)
trap 'rm -f "$aptlog"' EXIT
# A fresh image may have no package lists yet: update once, then install.
if ! $sudo apt-get install -y --no-install-recommends "${want[@]}" >"$aptlog" 2>&1; then
	$sudo apt-get update >>"$aptlog" 2>&1 || true
	if ! $sudo apt-get install -y --no-install-recommends "${want[@]}" >>"$aptlog" 2>&1; then
		missing=$(sed -n 's/^E: Unable to locate package //p; s/^E: Package .\(.*\). has no installation candidate/\1/p' "$aptlog" | sort -u | tr '\n' ' ')
		tail -n 5 "$aptlog" >&2
		case " $missing " in *" linux-source-6.12 "*)
			log "linux-source-6.12 comes from bookworm-security: is 'deb http://deb.debian.org/debian-security bookworm-security main' in /etc/apt/sources.list?" ;;
		esac
		die "apt-get could not install ${missing:-${want[*]}}"
	fi
fi
