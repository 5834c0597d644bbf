#!/usr/bin/env bash
# A long `tilestone 2048 bench` run in shards that survive an interruption: each shard's --json-out
# is written under OUT_DIR when the shard finishes, shards already there are skipped, and when
# every shard is there they are merged (tilestone merge) into OUT_DIR/merged.json and .csv.
#
#   scripts/bench_2048_shards.sh OUT_DIR SHARDS -- BENCH_OPTIONS...
#   scripts/bench_2048_shards.sh docs/results/2048/expectimax-ntuple-10ms 10 -- \
#       --ai expectimax --eval ntuple --time-ms 10 --games 100 --jobs 2 --seed 1
#
# TILESTONE (default build/tilestone) names the executable.
set -euo pipefail

usage() {
  echo "usage: $0 OUT_DIR SHARDS -- BENCH_OPTIONS..." >&2
  exit 2
}
[ $# -ge 3 ] || usage
out=$1 shards=$2
shift 2
[ "$1" = "--" ] || usage
shift
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "$0: SHARDS must be a positive integer, got '$shards'" >&2; exit 2; }
for a in "$@"; do
  case $a in --shard|--shard=*|--json-out|--json-out=*) echo "$0: $a is set by the script" >&2; exit 2 ;; esac
done
bin=${TILESTONE:-build/tilestone}
[ -x "$bin" ] || { echo "$0: no executable at $bin (set TILESTONE)" >&2; exit 2; }
mkdir -p "$out"

files=()
for ((i = 0; i < shards; ++i)); do
  f="$out/shard$i.json"
  files+=("$f")
  if [ -s "$f" ]; then
    echo "shard $i/$shards: already in $f"
    continue
  fi
  echo "shard $i/$shards: started $(date -u +%FT%TZ)"
  # Written under another name first, so that an interrupted shard never looks finished.
  "$bin" 2048 bench "$@" --shard "$i/$shards" --json-out "$f.part" > "$out/shard$i.log" 2>&1
  mv "$f.part" "$f"
  echo "shard $i/$shards: done $(date -u +%FT%TZ)"
done
"$bin" merge "${files[@]}" --json-out "$out/merged.json" --csv "$out/merged.csv"
