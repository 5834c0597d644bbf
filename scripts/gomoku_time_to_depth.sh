#!/usr/bin/env bash
# Time of `strong` to a fixed depth, added up over a file of positions (one move string a line,
# '#' lines skipped), for each thread count: how much the threads speed one search up.
#   scripts/gomoku_time_to_depth.sh [tilestone-binary] [depth] [threads...]
# From the environment: POSITIONS (the file; default tests/data/gomoku/smp-positions.txt) and
# RULE (freestyle, standard or renju; default freestyle).
set -euo pipefail
bin=${1:-build/tilestone}
depth=${2:-10}
shift $(( $# >= 2 ? 2 : $# ))
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 2)
positions=${POSITIONS:-$(dirname "$0")/../tests/data/gomoku/smp-positions.txt}
rule=${RULE:-freestyle}
printf '%-8s %6s %10s %12s %10s\n' threads depth positions nodes time_ms
for t in "${threads[@]}"; do
  grep -v '^#' "$positions" | while read -r moves; do
    [ -n "$moves" ] || continue
    "$bin" gomoku hint --rule "$rule" --moves "$moves" --depth "$depth" --threads "$t" --json
  done | python3 -c '
import json, sys
t = n = c = 0
text, at, decoder = sys.stdin.read(), 0, json.JSONDecoder()
while text[at:].strip():  # one JSON document per position
    j, at = decoder.raw_decode(text, len(text) - len(text[at:].lstrip()))
    t += j["time_ms"]; n += j["nodes"]; c += 1
print("%-8s %6s %10d %12d %10.0f" % (sys.argv[1], sys.argv[2], c, n, t))' "$t" "$depth"
done
