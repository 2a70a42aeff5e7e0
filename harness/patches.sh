#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# kernel tree -> patches/: the upstream round trip.
#
# Commit in the tree (git commit, rebase -i, ...), then run this: it writes
# each series as `git format-patch --cover-letter` into patches/NAME/:
# pristine..fixes into patches/fixes, fixes..HEAD into patches/lab (move
# branch "fixes" along when you rewrite the fixes). A cover letter's text
# is its branch's description (`git -C $TREE branch --edit-description
# fixes`, or `series` for the last), seeded from patches/ by tree.sh.
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

# The series, as tree.sh left them: each of SERIES_ORDER but the last that
# has a branch in the tree ends there; the last ends at HEAD. A tree with
# none of those branches is one series, written to the directory itself.
ranges=() base=pristine
for s in $SERIES_ORDER; do
	tgit rev-parse -q --verify "refs/heads/$s" >/dev/null || continue
	ranges+=("$s|$base|$s") base=$s
done
last=${SERIES_ORDER##* }
if [ ${#ranges[@]} -gt 0 ]; then ranges+=("$last|$base|HEAD"); else ranges=(".|pristine|HEAD"); fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in "${ranges[@]}"; do
	IFS='|' read -r name from to <<<"$r"
	# format-patch takes the cover letter's text from the tip's branch.
	branch=$to; [ "$to" = HEAD ] && branch=series
	desc=$(tgit config "branch.$branch.description" || true)
	[ -n "$desc" ] || die "no cover letter text for $name: git -C $TREE branch --edit-description $branch"
	[ "$(tgit rev-list --count "$from..$to")" -gt 0 ] || die "series $name has no commits ($from..$to)"
	mkdir -p "$tmp/$name"
	tgit format-patch -q --cover-letter --cover-from-description=subject \
		--base=pristine -o "$tmp/$name" "$from..$to"
done
for r in "${ranges[@]}"; do
	name=${r%%|*}
	mkdir -p "$PATCHES/$name"
	rm -f "$PATCHES/$name"/[0-9][0-9][0-9][0-9]-*.patch
	cp "$tmp/$name"/*.patch "$PATCHES/$name/"
done

# The lab cover letter's measured part comes from results/, not from the
# branch description.
cover=$PATCHES/lab/0000-cover-letter.patch
if [ -f "$cover" ] && grep -qxF "${COVER_MARKS[0]}" "$cover"; then
	"$ROOT/harness/quote.sh" --cover "$cover" write-cover
fi

# The tree now is the series: record it so tree.sh does not re-apply it.
tgit config util-est.series "$(series_id "$PATCHES")"
tgit config util-est.applied "$(tgit rev-parse HEAD)"
log "wrote $n patch(es) in ${#ranges[@]} series, each with a cover letter, to $PATCHES"
