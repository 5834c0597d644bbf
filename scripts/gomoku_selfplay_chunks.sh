#!/usr/bin/env bash
# Long self-play runs that survive a stopped machine: the run is cut into chunks of games, each
# its own data file and JSON summary; a chunk whose summary exists is done and skipped, so the
# same command resumes where it stopped (losing at most the chunk under way: a chunk stopped by a
# signal exits 130 and is played again).
#
#   scripts/gomoku_selfplay_chunks.sh TILESTONE OUT_DIR RULE NODES GAMES_PER_CHUNK CHUNKS FIRST_SEED [NETWORK]
#   e.g. scripts/gomoku_selfplay_chunks.sh build/tilestone ~/data/gomoku/gen0 freestyle 20000 200 50 1000
#
# Chunk i plays --seed FIRST_SEED+i, so every chunk's games differ and the run is repeatable.
# With NETWORK, the engine evaluates with that network file (`gomoku selfplay --network`).
# SELFPLAY_OPTIONS (split on spaces) goes to every chunk, e.g. SELFPLAY_OPTIONS="--siblings 2".
set -euo pipefail
[ $# -eq 7 ] || [ $# -eq 8 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
bin=$1 out=$2 rule=$3 nodes=$4 games=$5 chunks=$6 seed0=$7 network=${8:-}
net_args=()
[ -n "$network" ] && net_args=(--network "$network")
read -r -a extra_args <<< "${SELFPLAY_OPTIONS:-}"
mkdir -p "$out"
for ((i = 0; i < chunks; i++)); do
  name=$(printf '%s/%s-n%s-s%d' "$out" "$rule" "$nodes" $((seed0 + i)))
  [ -f "$name.json" ] && continue
  "$bin" gomoku selfplay --rule "$rule" --nodes "$nodes" --games "$games" --seed $((seed0 + i)) "${net_args[@]}" "${extra_args[@]}" \
    --out "$name.data" --json-out "$name.json.part" > "$name.log" 2> "$name.progress"
  mv "$name.json.part" "$name.json"
  tail -n 3 "$name.log"
done
