#!/usr/bin/env bash
# How long each 2048 AI takes per decision against its time budget, on full 16-cell boards
# (every cell taken, at least one legal move) and on a sparse one.
#   scripts/budget_check.sh [tilestone-binary] [repeats]
set -euo pipefail
bin=${1:-build/tilestone}
repeats=${2:-20}
boards=("2,4,8,16/32,64,128,256/512,1024,2,4/8,16,32,4"
        "2,2,4,8/16,32,64,128/256,512,1024,2048/4,8,16,32"
        "4,8,16,32/8,16,32,64/16,32,64,128/32,64,128,128"
        "2,0,0,0/0,0,0,0/0,0,4,0/0,0,0,0")
printf '%-11s %8s %10s %10s %10s\n' ai budget_ms median_ms max_ms over_ms
for ai in expectimax minimax montecarlo; do
  for budget in 10 100; do
    times=()
    for b in "${boards[@]}"; do
      for _ in $(seq "$repeats"); do
        t=$("$bin" 2048 hint --board "$b" --ai "$ai" --time-ms "$budget" --threads 1 --json |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["time_ms"])')
        times+=("$t")
      done
    done
    printf '%s\n' "${times[@]}" | python3 -c "
import sys, statistics
v = [float(x) for x in sys.stdin]
print('%-11s %8d %10.2f %10.2f %10.2f' % ('$ai', $budget, statistics.median(v), max(v), max(v) - $budget))"
  done
done
