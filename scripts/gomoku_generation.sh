#!/usr/bin/env bash
# One generation of the Gomoku network's training loop, resumable step by step (a step whose
# output exists is skipped, so the same command continues after a stopped machine):
#
#   1. self-play: the strong engine plays itself with the best network so far (the classical
#      evaluation before the first), in chunks (scripts/gomoku_selfplay_chunks.sh);
#   2. training: from the best network's weights (train.py --init) on the newest WINDOW
#      generations of data;
#   3. gating: a match of the new network against the best so far (the classical evaluation
#      before the first) with an SPRT; the new network is promoted only when H1 is accepted.
#
#   scripts/gomoku_generation.sh TILESTONE WORK RULE GEN
#   e.g. scripts/gomoku_generation.sh build/tilestone ~/gomoku-nets freestyle 1
#
# WORK/RULE/gen<G>/ holds generation G's data, WORK/RULE/net<G>/ its training run (log.csv,
# loss.svg, checkpoint.pt, network.tsnet) and gate.json / gate.txt, and WORK/RULE/best.tsnet and
# best.pt the promoted network (best.gen says which generation). Settings, from the environment:
#   GAMES (1200) and NODES (12000) of self-play, CHUNK (50 games), WINDOW (3 generations),
#   EPOCHS (6), LR (2e-3), GATE_MS (100 ms a move), GATE_GAMES (600 at most),
#   GATE_SPRT ("elo0=0 elo1=30"), JOBS (1: games at once in the gate).
set -euo pipefail
[ $# -eq 4 ] || { awk 'NR > 1 { if (!/^#/) exit; print }' "$0" >&2; exit 2; }
bin=$(realpath "$1") work=$2 rule=$3 gen=$4
: "${GAMES:=1200}" "${NODES:=12000}" "${CHUNK:=50}" "${WINDOW:=3}" "${EPOCHS:=6}" "${LR:=2e-3}"
: "${GATE_MS:=100}" "${GATE_GAMES:=600}" "${GATE_SPRT:=elo0=0 elo1=30}" "${JOBS:=1}"
here=$(cd "$(dirname "$0")/.." && pwd)
python=/usr/bin/python3
dir=$work/$rule
mkdir -p "$dir"
best_net=""
[ -f "$dir/best.tsnet" ] && best_net=$dir/best.tsnet

# Step 1. Self-play with the best network so far.
chunks=$(((GAMES + CHUNK - 1) / CHUNK))
echo "generation $gen ($rule): self-play, $chunks chunks of $CHUNK games at $NODES nodes a move" \
  "with ${best_net:-the classical evaluation}"
"$here/scripts/gomoku_selfplay_chunks.sh" "$bin" "$dir/gen$gen" "$rule" "$NODES" "$CHUNK" "$chunks" \
  $((gen * 100000)) $best_net

# Step 2. Training on the newest WINDOW generations, from the best network's weights.
run=$dir/net$gen
if [ ! -f "$run/network.tsnet" ]; then
  data=()
  for ((g = gen; g > gen - WINDOW && g >= 0; g--)); do
    [ -d "$dir/gen$g" ] && data+=("$dir"/gen$g/*.data)
  done
  init=()
  [ -f "$dir/best.pt" ] && init=(--init "$dir/best.pt")
  echo "generation $gen ($rule): training on ${#data[@]} data files ${init[*]}"
  "$python" "$here/train/gomoku/train.py" --data "${data[@]}" --rule "$rule" --out "$run" --epochs "$EPOCHS" \
    --lr "$LR" --seed "$gen" --threads 1 --eval-every 500 --resume --export "${init[@]}"
fi

# Step 3. Gating: the new network against the best so far.
if [ ! -f "$run/gate.txt" ]; then
  opponent=strong
  [ -n "$best_net" ] && opponent="strong:network=$best_net"
  echo "generation $gen ($rule): gate against $opponent"
  # shellcheck disable=SC2086 # GATE_SPRT is two to four words
  "$bin" gomoku match --black "strong:network=$run/network.tsnet" --white "$opponent" --rule "$rule" \
    --games "$GATE_GAMES" --time-ms "$GATE_MS" --sprt $GATE_SPRT --seed "$gen" --jobs "$JOBS" \
    --json-out "$run/gate.json" > "$run/gate.txt.part" 2> "$run/gate.progress"
  mv "$run/gate.txt.part" "$run/gate.txt"
fi
cat "$run/gate.txt"
if grep -q "H1 accepted" "$run/gate.txt"; then
  cp "$run/network.tsnet" "$dir/best.tsnet.part" && mv "$dir/best.tsnet.part" "$dir/best.tsnet"
  cp "$run/checkpoint.pt" "$dir/best.pt.part" && mv "$dir/best.pt.part" "$dir/best.pt"
  echo "$gen" > "$dir/best.gen"
  echo "generation $gen ($rule): promoted"
else
  echo "generation $gen ($rule): not promoted; the best stays ${best_net:-the classical evaluation}"
fi
