#!/usr/bin/env bash
# Brings the public Hearts program shmemcat/hearts (its pure-Python game and AI modules) at a pinned commit into a
# cache directory outside the repository, checks that it loads, and prints the arena's cmd: for it.
#
#   setup.sh [SOURCE]
#
# SOURCE: a git repository holding the commit — a URL to clone (default: the program's public repository) or a
# local clone or bare mirror. Nothing of the program is copied into this repository.
# HEARTS_PUBLIC_BOTS: the cache directory (default ~/.cache/hearts-public-bots).
# Needs git, tar and Python 3.9 or later (standard library only: the program's AI has no dependency). PyPy
# (Debian's pypy3) runs it about four times faster than CPython and is used when present.
set -euo pipefail

COMMIT=9a8df5b5e5dfdb2af50097f4ccd74bad1df57e13 # shmemcat/hearts main, 2026-03-16
SOURCE=${1:-https://github.com/shmemcat/hearts.git}
CACHE=${HEARTS_PUBLIC_BOTS:-$HOME/.cache/hearts-public-bots}
DEST=$CACHE/shmemcat-hearts/$COMMIT
HERE=$(cd "$(dirname "$0")" && pwd)

if [ ! -f "$DEST/api/hearts/ai/hard_ai.py" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  if git --git-dir="$SOURCE" rev-parse --verify -q "$COMMIT^{commit}" >/dev/null 2>&1; then
    gitdir=$SOURCE # a bare mirror
  elif [ -d "$SOURCE/.git" ]; then
    gitdir=$SOURCE/.git
  else
    git clone --quiet --bare "$SOURCE" "$work/repo.git"
    gitdir=$work/repo.git
  fi
  mkdir -p "$work/out"
  # A partial mirror may lack large files elsewhere in the tree (git then complains): only these paths matter.
  git --git-dir="$gitdir" archive -o "$work/src.tar" "$COMMIT" api/hearts/ai api/hearts/game README.md \
    2>/dev/null || true
  tar -x -C "$work/out" -f "$work/src.tar" 2>/dev/null || true
  [ -f "$work/out/api/hearts/ai/hard_ai.py" ] || { echo "commit $COMMIT not found in $SOURCE" >&2; exit 1; }
  mkdir -p "$(dirname "$DEST")"
  rm -rf "$DEST"
  mv "$work/out" "$DEST"
fi

# The program's own modules must load (the adapter imports them and builds its strongest level, then meets the
# end of its input).
PYTHON=$(command -v pypy3 >/dev/null && echo pypy3 || echo python3)
"$PYTHON" "$HERE/adapter.py" --src "$DEST/api" --level hardest </dev/null >/dev/null 2>&1 ||
  { echo "the program at $DEST does not load" >&2; exit 1; }
echo "cmd:$PYTHON $HERE/adapter.py --src $DEST/api --level hard"
