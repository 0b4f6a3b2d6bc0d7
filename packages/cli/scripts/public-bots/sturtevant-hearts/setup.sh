#!/usr/bin/env bash
# Builds the AI of Nathan Sturtevant's public Hearts program (github.com/nathansttt/hearts, GPL-3.0: the historical
# program of his thesis, perfect-information Monte Carlo with UCT) at a pinned commit into a cache directory outside
# the repository, with driver.cpp, and prints the arena's cmd: for it.
#
#   setup.sh [SOURCE]
#
# SOURCE: a git repository holding the commit — a URL to clone (default: the program's public repository) or a local
# clone or bare mirror. Nothing of the program is copied into this repository.
# HEARTS_PUBLIC_BOTS: the cache directory (default ~/.cache/hearts-public-bots).
# Needs git, tar, a C++11 compiler (g++ or clang++; CXX chooses) and pthreads.
set -euo pipefail

COMMIT=6ba11548af49d3953f989f50b318ee4f4c1b91f7 # nathansttt/hearts master
SOURCE=${1:-https://github.com/nathansttt/hearts.git}
CACHE=${HEARTS_PUBLIC_BOTS:-$HOME/.cache/hearts-public-bots}
DEST=$CACHE/sturtevant-hearts/$COMMIT
HERE=$(cd "$(dirname "$0")" && pwd)
CXX=${CXX:-$(command -v g++ || command -v clang++ || echo c++)}

if [ ! -f "$DEST/src/Hearts.cpp" ]; then
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
  mkdir -p "$work/out/src"
  git --git-dir="$gitdir" archive -o "$work/src.tar" "$COMMIT" 2>/dev/null || true
  tar -x -C "$work/out/src" -f "$work/src.tar" 2>/dev/null || true
  [ -f "$work/out/src/Hearts.cpp" ] || { echo "commit $COMMIT not found in $SOURCE" >&2; exit 1; }
  mkdir -p "$(dirname "$DEST")"
  rm -rf "$DEST"
  mv "$work/out" "$DEST"
fi

# The program's sources (not its main.cpp: the driver is the main) and the driver, compiled as its Makefile does
# (C++11, -O3). time() is wrapped so that a decision's seed makes it repeatable (driver.cpp).
if [ ! -x "$DEST/driver" ] || [ "$HERE/driver.cpp" -nt "$DEST/driver" ]; then
  mkdir -p "$DEST/obj"
  for f in "$DEST"/src/*.cpp; do
    name=$(basename "$f" .cpp)
    [ "$name" = main ] && continue
    [ "$DEST/obj/$name.o" -nt "$f" ] || "$CXX" -std=c++11 -O3 -w -c -o "$DEST/obj/$name.o" "$f"
  done
  "$CXX" -std=c++11 -O3 -w -I"$DEST/src" -c -o "$DEST/obj/driver.o" "$HERE/driver.cpp"
  "$CXX" -O3 -o "$DEST/driver" "$DEST"/obj/*.o -lpthread -Wl,--wrap=time
fi

# The driver must answer: one pass decision of its own.
echo "pass seed=1 fill=1 rules=3489 seat=0 dir=1 hand=2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC,AC" | "$DEST/driver" |
  grep -q '^ok ' || { echo "the program at $DEST does not answer" >&2; exit 1; }
echo "cmd:node $HERE/adapter.mjs --bin $DEST/driver"
