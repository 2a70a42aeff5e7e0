#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# tarball + patches/ + platform/ -> kernel trees.
#
# The tree is a git repo: the tarball's contents committed and tagged
# "pristine", then branch "series" = pristine + `git am` of each series in
# patches/ (fixes/, then lab/: lib.sh series_dirs); each series but the
# last also gets a branch of its name at its last patch ("fixes").
# It is rebuilt from pristine only when the series (or the tarball) changed,
# so commits made in the tree survive until patches/ changes under them.
# The test platform (platform/) is stacked on the tree's HEAD and, with
# --pristine, on pristine, in worktrees of their own: the kernels build
# from those (lib.sh, kernel_source).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<EOU
usage: $PROG [--patches DIR] [--platform DIR] [--force] [--pristine]
  Extract $TARBALL into \$UTIL_EST_TREE ($TREE),
  commit it as "pristine", apply the series with git am, and keep
  $SERIES_PLATFORM_TREE at the series + the platform.
  --patches DIR  series to apply: DIR/fixes then DIR/lab, or DIR's own
                 patches if it has neither (default: $ROOT/patches)
  --platform DIR test platform to stack (default: $PLATFORM)
  --force        re-apply even if the series is unchanged (local commits are
                 saved on a backup/ branch first)
  --pristine     also keep $PRISTINE_TREE at pristine and
                 $STOCK_TREE at pristine + the platform,
                 to build the unpatched kernels from
EOU
}

PATCHES=$ROOT/patches
force= pristine=
while [ $# -gt 0 ]; do
	case $1 in
	--patches) [ $# -ge 2 ] || usage_die "--patches needs a directory"; PATCHES=$2; shift ;;
	--platform) [ $# -ge 2 ] || usage_die "--platform needs a directory"; PLATFORM=$2; shift ;;
	--force) force=1 ;;
	--pristine) pristine=1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_die "unknown argument: $1" ;;
	esac
	shift
done
[ -d "$PATCHES" ] || die "no patch directory $PATCHES"
[ -d "$PLATFORM" ] || die "no platform patch directory $PLATFORM"

tgit() { git -C "$TREE" "$@"; }

[ -e "$TARBALL" ] || die "$TARBALL not found: install Debian's linux-source-6.12 (harness/deps.sh tree)"
ver=$(debian_version)
tarball_id="$ver $(stat -L -c '%s %Y' "$TARBALL")"

# A run stopped half-way (Ctrl-C, a full disk, a kill) leaves no partial
# tree behind: the tarball is extracted and committed in a temporary
# directory beside the tree, moved into place only once whole. One killed
# outright leaves that directory: the next extraction removes it.
extract_tmp=
trap '[ -z "$extract_tmp" ] || rm -rf "$extract_tmp" "$extract_tmp.err"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

extract_pristine() {
	local parent tmp top stale
	parent=$(dirname "$TREE")
	mkdir -p "$parent"
	for stale in "$parent"/.extract.*; do
		[ -e "$stale" ] || continue
		log "removing $stale, left by an extraction that was stopped"
		rm -rf "$stale"
	done
	tmp=$(mktemp -d "$parent/.extract.XXXXXX")
	extract_tmp=$tmp
	log "extracting $TARBALL ($ver)"
	if ! tar -xf "$TARBALL" -C "$tmp" 2>"$tmp.err"; then
		local why; why=$(head -n 3 "$tmp.err")
		if grep -q 'No space left on device' "$tmp.err"; then
			die "no space left on device under $parent ($(df -h --output=avail "$parent" | tail -n 1 | tr -d ' ') free): free some space there, or point UTIL_EST_CACHE at a disk with room"
		fi
		die "$TARBALL is corrupt or truncated: ${why:-tar failed}"
	fi
	rm -f "$tmp.err"
	top=$(find "$tmp" -mindepth 1 -maxdepth 1)
	[ "$(printf '%s\n' "$top" | wc -l)" -eq 1 ] && [ -f "$top/Makefile" ] ||
		die "$TARBALL does not hold a kernel tree"
	log "committing the pristine tree"
	git -C "$top" init -q -b series
	git -C "$top" config user.name "util-est harness"
	git -C "$top" config user.email "util-est@localhost"
	git -C "$top" config gc.auto 0
	# -f: the tarball is the truth, even files its own .gitignore names.
	git -C "$top" add -A -f
	# Fixed dates: the same tarball always gives the same pristine commit.
	local date="@$(stat -L -c %Y "$TARBALL") +0000"
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		git -C "$top" commit -q -m "Debian linux-source-6.12 $ver"
	git -C "$top" tag pristine
	git -C "$top" config util-est.tarball "$tarball_id"
	rm -rf "$TREE" "$PRISTINE_TREE"
	mv "$top" "$TREE"
	rmdir "$tmp"
	extract_tmp=
}

# A series' cover letter (DIR/0000-cover-letter.patch): its subject and
# blurb become a branch description, which `git format-patch
# --cover-from-description` (harness/patches.sh) turns back into it.
cover_description() {
	local cover=$1/0000-cover-letter.patch
	[ -f "$cover" ] || return 0
	awk '
		/^Subject: / && !subj { sub(/^Subject: (\[[^]]*\] )?/, ""); subj = $0; folded = 1; next }
		folded && /^[ \t]/ { subj = subj $0; next }	# a folded header line
		{ folded = 0 }
		/^$/ && subj && !body { body = 1; print subj; print ""; next }
		body && /^[^ ].* \([0-9]+\):$/ { exit }
		body && /^base-commit: / { exit }
		body { print }
	' "$cover" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

if [ ! -d "$TREE/.git" ] || [ "$(tgit config util-est.tarball || true)" != "$tarball_id" ]; then
	[ -d "$TREE/.git" ] && [ -n "$(tgit status --porcelain 2>/dev/null)" ] &&
		die "tree $TREE has uncommitted changes and the tarball changed; commit them or remove the tree"
	extract_pristine
fi

want=$(series_id "$PATCHES")
have=$(tgit config util-est.series || true)
applied=$(tgit config util-est.applied || true)
head=$(tgit rev-parse HEAD)

if [ "$want" = "$have" ] && [ -z "$force" ]; then
	if [ "$head" != "$applied" ]; then
		n=$(tgit rev-list --count "$applied..HEAD" 2>/dev/null || echo "?")
		log "tree has $n local commit(s) on top of the series; 'make patches' exports them"
	fi
else
	[ -z "$(tgit status --porcelain)" ] ||
		die "tree $TREE has uncommitted changes; commit them (then 'make patches') or discard them"
	if [ -n "$applied" ] && [ "$head" != "$applied" ]; then
		backup=backup/$(date +%Y%m%d-%H%M%S)
		tgit branch -f "$backup" HEAD
		log "local commits in the tree saved as branch $backup"
	fi
	tgit checkout -q -f -B series pristine
	tgit am --abort >/dev/null 2>&1 || true
	dirs=$(series_dirs "$PATCHES")
	last=$(echo "$dirs" | tail -n 1)
	for d in $dirs; do
		for p in $(series_files "$d"); do
			# A fixed committer: the same series gives the same commits,
			# and the kernel the same release string, in every clone.
			if ! GIT_COMMITTER_NAME="util-est harness" GIT_COMMITTER_EMAIL=util-est@localhost \
				tgit am -q --committer-date-is-author-date "$p" >"$TREE/.git/am.log" 2>&1; then
				why=$(grep -m1 -E '^(error|fatal|Patch failed)' "$TREE/.git/am.log" || head -n 1 "$TREE/.git/am.log")
				tgit am --abort >/dev/null 2>&1 || true
				tgit checkout -q -f -B series pristine
				tgit config --unset util-est.series || true
				name=$(basename "$p")
				[ "$d" = "$PATCHES" ] || name=$(basename "$d")/$name
				die "patch $name does not apply to linux-source-6.12 $ver: $why"
			fi
		done
		# The last series is branch "series" (HEAD); each before it, a
		# branch of its own name where it ends.
		branch=series
		[ "$d" = "$last" ] || { branch=$(basename "$d"); tgit branch -f "$branch" HEAD; }
		desc=$(cover_description "$d")
		if [ -n "$desc" ]; then tgit config "branch.$branch.description" "$desc"; fi
	done
	tgit config util-est.series "$want"
	tgit config util-est.applied "$(tgit rev-parse HEAD)"
fi

# stack BASE NAME: print the commit BASE + the platform's patches. It is
# made in a temporary index, touching no work tree, and is the same commit
# for the same base and patches: a worktree moved to it rewrites only the
# files that differ, so a changed series rebuilds what it changed, not
# everything the platform's headers reach.
stack() {
	local commit tmp p
	commit=$(tgit rev-parse "$1^{commit}")
	tmp=$(mktemp -d)
	for p in $(series_files "$PLATFORM"); do
		[ -f "$tmp/index" ] || GIT_INDEX_FILE=$tmp/index tgit read-tree "$commit"
		if ! GIT_INDEX_FILE=$tmp/index tgit apply --cached "$p" 2>"$tmp/err"; then
			p="platform patch $(basename "$p") does not apply to $2: $(head -n 1 "$tmp/err")"
			rm -rf "$tmp"
			die "$p"
		fi
		tgit mailinfo "$tmp/msg" /dev/null <"$p" >"$tmp/info"
		# shellcheck disable=SC2016 # ($1 is sed's, not the shell's)
		commit=$(
			field() { sed -n "s/^$1: //p" "$tmp/info"; }
			GIT_AUTHOR_NAME=$(field Author) GIT_AUTHOR_EMAIL=$(field Email) \
			GIT_AUTHOR_DATE=$(field Date) GIT_COMMITTER_DATE=$(field Date) \
			GIT_COMMITTER_NAME="util-est harness" GIT_COMMITTER_EMAIL=util-est@localhost \
				tgit commit-tree "$(GIT_INDEX_FILE=$tmp/index tgit write-tree)" -p "$commit" \
				-F <(field Subject; echo; cat "$tmp/msg"))
	done
	rm -rf "$tmp"
	echo "$commit"
}

# worktree DIR COMMIT: keep DIR, a worktree of the tree, at COMMIT.
worktree() {
	if [ ! -e "$1/.git" ]; then
		tgit worktree prune
		tgit worktree add -q --detach "$1" "$2"
	elif [ "$(git -C "$1" rev-parse HEAD)" != "$2" ]; then
		# A file whose stat changed but not its content is not rewritten.
		git -C "$1" update-index -q --refresh >/dev/null || true
		git -C "$1" checkout -q -f --detach "$2"
	fi
}

[ -z "$(tgit status --porcelain)" ] ||
	log "uncommitted changes in $TREE are not in the test kernel's tree: commit them"
worktree "$SERIES_PLATFORM_TREE" "$(stack HEAD "the series")"
if [ -n "$pristine" ]; then
	worktree "$PRISTINE_TREE" "$(tgit rev-parse pristine)"
	worktree "$STOCK_TREE" "$(stack pristine "pristine 6.12")"
	echo "pristine: $PRISTINE_TREE"
	echo "stock: $STOCK_TREE"
fi

n=$(tgit rev-list --count pristine..HEAD)
echo "tree: Debian linux-source-6.12 $ver (Linux $(make -s -C "$TREE" kernelversion 2>/dev/null)) + $n patch(es) at $TREE"
echo "test: $SERIES_PLATFORM_TREE (+ $(series_files "$PLATFORM" | wc -l) platform patch(es))"
