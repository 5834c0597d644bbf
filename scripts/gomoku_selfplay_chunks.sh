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
# From the environment: SELFPLAY_OPTIONS (split on spaces) goes to every chunk, e.g.
# SELFPLAY_OPTIONS="--siblings 2"; JOBS (1) chunks play at once, one engine each (worker j plays
# chunks j, j + JOBS, ...: the chunks and their seeds do not depend on JOBS); DEADLINE_S, when set,
# the seconds after which no chunk starts (those under way finish), for a machine lent for a while.
set -euo pipefail
[ $# -eq 7 ] || [ $# -eq 8 ] || { awk 'NR > 1 { if (!/^#/) exit; print }' "$0" >&2; exit 2; }
bin=$1 out=$2 rule=$3 nodes=$4 games=$5 chunks=$6 seed0=$7 network=${8:-}
: "${JOBS:=1}" "${DEADLINE_S:=}"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "JOBS must be a positive number, not '$JOBS'" >&2; exit 2; }
[ -z "$DEADLINE_S" ] || [[ $DEADLINE_S =~ ^[0-9]+$ ]] || { echo "DEADLINE_S must be seconds, not '$DEADLINE_S'" >&2; exit 2; }
net_args=()
[ -n "$network" ] && net_args=(--network "$network")
read -r -a extra_args <<< "${SELFPLAY_OPTIONS:-}"
mkdir -p "$out"
start=$(date +%s)

# Worker J plays chunks J, J + JOBS, ... in turn.
worker() {
  for ((i = $1; i < chunks; i += JOBS)); do
    if [ -n "$DEADLINE_S" ] && [ $(($(date +%s) - start)) -ge "$DEADLINE_S" ]; then return 0; fi
    name=$(printf '%s/%s-n%s-s%d' "$out" "$rule" "$nodes" $((seed0 + i)))
    [ -f "$name.json" ] && continue
    "$bin" gomoku selfplay --rule "$rule" --nodes "$nodes" --games "$games" --seed $((seed0 + i)) "${net_args[@]}" "${extra_args[@]}" \
      --out "$name.data" --json-out "$name.json.part" > "$name.log" 2> "$name.progress"
    mv "$name.json.part" "$name.json"
    tail -n 3 "$name.log"
  done
}

if [ "$JOBS" -eq 1 ]; then
  worker 0
  exit 0
fi
pids=()
for ((j = 0; j < JOBS; j++)); do
  worker "$j" &
  pids+=($!)
done
# A stop reaches every worker's engine (it finishes the games under way, writes them and exits 130,
# so its chunk is played again on resume); the run fails when a worker does.
stop() {
  for p in "${pids[@]}"; do pkill -TERM -P "$p" 2> /dev/null || true; done
  kill -TERM "${pids[@]}" 2> /dev/null || true
  wait
  exit 130
}
trap stop INT TERM
status=0
for p in "${pids[@]}"; do wait "$p" || status=$?; done
exit "$status"
