#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernel tree -> patches/: the upstream round trip.
#
# Commit in the tree (git commit, rebase -i, ...), then run this: it writes
# pristine..HEAD as `git format-patch --cover-letter` into patches/. The
# cover letter's text is the branch description (`git -C $TREE branch
# --edit-description`), seeded from the current cover letter by tree.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $PROG [--out DIR]"; }

PATCHES=$ROOT/patches
while [ $# -gt 0 ]; do
	case $1 in
	--out) [ $# -ge 2 ] || usage_die "--out needs a directory"; PATCHES=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done

tgit() { git -C "$TREE" "$@"; }
[ -d "$TREE/.git" ] || die "no kernel tree at $TREE (run harness/tree.sh)"
[ -z "$(tgit status --porcelain)" ] || die "tree $TREE has uncommitted changes: commit them first"
n=$(tgit rev-list --count pristine..HEAD)
[ "$n" -gt 0 ] || die "no commits on top of pristine in $TREE"
desc=$(tgit config branch.series.description || true)
[ -n "$desc" ] || die "no cover letter text: git -C $TREE branch --edit-description series"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tgit format-patch -q --cover-letter --cover-from-description=subject \
	--base=pristine -o "$tmp" pristine..HEAD
mkdir -p "$PATCHES"
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
cp "$tmp"/*.patch "$PATCHES/"

# The tree now is the series: record it so tree.sh does not re-apply it.
tgit config util-est.series "$(series_id "$PATCHES")"
tgit config util-est.applied "$(tgit rev-parse HEAD)"
log "wrote $n patch(es) and a cover letter to $PATCHES"
