#!/usr/bin/env bash
# A long n-tuple training run as a sequence of resumable stages: run the same command again after
# a stopped machine and it goes on from the last checkpoint (every CHECKPOINT_MINUTES), skipping the
# stages already done. The default recipe is optimistic TD, then temporal coherence:
#
#   stage 1, OTD: a new network valued VALUE everywhere, TD(0) at a fixed step ALPHA, to
#                 OTD_SHARE of GAMES;
#   stage 2, TC:  temporal coherence (a step per weight, TC_ALPHA its meta step) to GAMES, forward
#                 TD (TC_FORWARD=1): at meta step 1 each weight's first steps correct its whole
#                 error, and backward TD then carries one game's ending through all its boards in
#                 a single sweep (a 900,000-game OTD network fell from a mean of 61,000 to 7,600 in
#                 1,000 games); forward TD bootstraps from the values before the step.
#
#   scripts/train_2048_stages.sh TILESTONE WORK GAMES
#   e.g. scripts/train_2048_stages.sh build/tilestone ~/ntuple-otd-tc 1000000
#
# WORK/ holds network.tsn (the checkpoint, float32 with the training state), stage<k>.done
# markers and stage<k>.tsn (the network as stage k ended, to redo a later stage from), train.csv and curve.svg (the learning curve), and network-int16.tsn, the network
# to play with once the last stage is done. Settings, from the environment:
#   SEED (1), VALUE (320000), ALPHA (0.1), OTD_SHARE (0.9), TC_ALPHA (1.0), TC_FORWARD (1), LAMBDA (0),
#   STAGES ("": one set of weights; e.g. 16384 for a second stage of weights from that tile on,
#   given from the start), CHECKPOINT_MINUTES (10: a checkpoint of the four 6-tuples takes seconds),
#   THREADS (1: reproducible), LAYOUT ("": the four 6-tuples; e.g. 0123,4567,0145,1256),
#   DOWNGRADE_FROM ("": the checkpoint's, 16384 for a new one; e.g. 32768, TDL2048+'s: the tile from
#   which the AIs value the network's boards downgraded, kept in the checkpoint and the final file),
#   INT16_STEP (1: the final file's int16 weights rounded to multiples of this, `2048 train
#   --int16-step`; 16 keeps a well-trained set of four 6-tuples under 32 MB).
set -euo pipefail
[ $# -eq 3 ] || { awk 'NR > 1 { if (!/^#/) exit; print }' "$0" >&2; exit 2; }
bin=$(realpath "$1") work=$2 games=$3
: "${SEED:=1}" "${VALUE:=320000}" "${ALPHA:=0.1}" "${OTD_SHARE:=0.9}" "${TC_ALPHA:=1.0}" "${TC_FORWARD:=1}"
: "${LAMBDA:=0}"
: "${STAGES:=}" "${CHECKPOINT_MINUTES:=10}" "${THREADS:=1}" "${LAYOUT:=}" "${DOWNGRADE_FROM:=}" "${INT16_STEP:=1}"
if [ -n "$DOWNGRADE_FROM" ] && ! [[ $DOWNGRADE_FROM =~ ^(0|4|8|16|32|64|128|256|512|1024|2048|4096|8192|16384|32768)$ ]]; then
  echo "DOWNGRADE_FROM must be 0 (none) or a power of two from 4 to 32768, not '$DOWNGRADE_FROM'" >&2
  exit 2
fi
if ! [[ $INT16_STEP =~ ^[1-9][0-9]{0,2}$ ]] || [ "$INT16_STEP" -gt 256 ]; then
  echo "INT16_STEP must be a whole number from 1 to 256, not '$INT16_STEP'" >&2
  exit 2
fi
mkdir -p "$work"
# Ctrl-C or a TERM: the trainer saves its checkpoint and exits 130, and no stage is then marked
# done (also when the signal reaches the trainer alone).
trap 'echo "stopped: the same command goes on from the checkpoint" >&2; exit 130' INT TERM
net=$work/network.tsn
otd_games=$(awk -v g="$games" -v s="$OTD_SHARE" 'BEGIN { printf "%d", g * s }')
common=(--out "$net" --seed "$SEED" --threads "$THREADS" --fine-tune-start 1
        --checkpoint-every 100000000 --checkpoint-minutes "$CHECKPOINT_MINUTES" --log "$work/train.csv" --svg "$work/curve.svg")
[ -n "$STAGES" ] && common+=(--stages "$STAGES")
# The threshold travels in the checkpoint; the final conversion also takes it, for a rerun that
# changes it after the stages are done.
final=()
if [ -n "$DOWNGRADE_FROM" ]; then
  common+=(--downgrade-from "$DOWNGRADE_FROM")
  final=(--downgrade-from "$DOWNGRADE_FROM")
fi
fresh=()  # what only a new network takes
[ -n "$LAYOUT" ] && fresh+=(--layout "$LAYOUT")

# Stage 1: optimistic TD. A fresh start when there is no checkpoint yet, else a resumed one.
if [ ! -f "$work/stage1.done" ]; then
  echo "stage 1: optimistic TD (value $VALUE, alpha $ALPHA) to $otd_games games"
  if [ -f "$net" ]; then
    "$bin" 2048 train "${common[@]}" --resume "$net" --games "$otd_games" --alpha "$ALPHA" --lambda "$LAMBDA"
  else
    "$bin" 2048 train "${common[@]}" "${fresh[@]}" --optimistic "$VALUE" --games "$otd_games" --alpha "$ALPHA" --lambda "$LAMBDA"
  fi
  cp "$net" "$work/stage1.tsn"
  touch "$work/stage1.done"
fi

# Stage 2: temporal coherence from the OTD weights (its accumulators start from zero).
if [ ! -f "$work/stage2.done" ]; then
  echo "stage 2: temporal coherence (meta step $TC_ALPHA) to $games games"
  tc_mode=(--lambda "$LAMBDA")
  [ "$TC_FORWARD" = 1 ] && tc_mode=(--forward)
  "$bin" 2048 train "${common[@]}" --resume "$net" --games "$games" --tc --alpha "$TC_ALPHA" "${tc_mode[@]}"
  cp "$net" "$work/stage2.tsn"
  touch "$work/stage2.done"
fi

# The network to play with: int16, half the memory (the checkpoint stays for more training).
"$bin" 2048 train --resume "$net" --out "$work/network-int16.tsn" --games "$games" --tc --encoding int16 \
  --int16-step "$INT16_STEP" "${final[@]}" --quiet
echo "done: $work/network-int16.tsn"
