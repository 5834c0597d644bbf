#!/usr/bin/env bash
# Training and one-ply speed of tilestone's n-tuple code against TDL2048+ (moporgic/TDL2048, built
# elsewhere with its own makefile; give its binary's path), on one core, the same network shape
# (four 6-tuples, one stage), the two programs taking turns ROUNDS times so that both see the
# same machine. Each starts from a network it trained itself (the same recipe and game budget,
# docs/results/2048.md), so the games are as long for both:
#
#   scripts/bench_2048_tdl.sh TILESTONE TDL2048 OURS.tsn THEIRS.w
#
#   training: GAMES more games from the network (tilestone: backward TD(0), then --forward;
#             TDL2048+: its default, forward TD(0), then -tt backward);
#   one ply:  PLAY_GAMES games with the network, no search.
# Prints one line per run and the medians in moves a second. Settings from the environment:
# ROUNDS (3), GAMES (2000), PLAY_GAMES (1000).
set -euo pipefail
[ $# -eq 4 ] || { awk 'NR > 1 { if (!/^#/) exit; print }' "$0" >&2; exit 2; }
ours=$(realpath "$1") tdl=$(realpath "$2") our_net=$(realpath "$3") their_net=$(realpath "$4")
: "${ROUNDS:=3}" "${GAMES:=2000}" "${PLAY_GAMES:=1000}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# The float32 copy of ours for training (an int16 file is for play only), and its game count.
base=$("$ours" 2048 train --resume "$our_net" --out ours-float.tsn --games 1 2> /dev/null |
  awk '{ for (i = 1; i < NF; i++) if ($i == "after") print $(i + 1) }')
[ -n "$base" ] || { echo "cannot read $our_net" >&2; exit 1; }
their_games=$((GAMES / 1000)) their_play=$((PLAY_GAMES / 1000))

# TDL2048+ prints "NNN/NNN TIMEms OPSops" per 1,000 games: moves = ms * ops / 1000 per block.
tdl_rate() { awk '/^[0-9]+\/[0-9]+ [0-9]+ms [0-9.]+ops/ { ms = $2; sub("ms", "", ms); ops = $3; sub("ops", "", ops);
  moves += ms * ops / 1000; t += ms } END { printf "%.0f", moves / (t / 1000) }'; }
# tilestone's training log: the last line's moves_per_s (column 4, the run's average).
ours_train_rate() { tail -1 "$1" | cut -d, -f4; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A runs
for round in $(seq 1 "$ROUNDS"); do
  for what in ours-backward ours-forward tdl-forward tdl-backward ours-play tdl-play; do
    case $what in
      ours-backward | ours-forward)
        flag=""; [ "$what" = ours-forward ] && flag=--forward
        rm -f log.csv
        "$ours" 2048 train --resume ours-float.tsn --out run.tsn --games $((base + GAMES)) \
          --threads 1 --seed "$round" --fine-tune-start 1 --checkpoint-every 100000000 --log log.csv --quiet \
          --alpha 0.01 $flag > /dev/null 2>&1 || true
        rate=$(ours_train_rate log.csv) ;;
      tdl-forward | tdl-backward)
        mode=""; [ "$what" = tdl-backward ] && mode="-tt backward"
        # shellcheck disable=SC2086
        rate=$("$tdl" -n 4x6patt -i "$their_net" -t "$their_games" -a 0.01 -s "$round" $mode 2>&1 | tdl_rate) ;;
      ours-play)
        rate=$("$ours" 2048 bench --ai ntuple --network "$our_net" --games "$PLAY_GAMES" --seed "$round" 2>&1 |
          awk '/moves\/s per job/ { print int($5) }') ;;
      tdl-play)
        rate=$("$tdl" -n 4x6patt -i "$their_net" -e "$their_play" -s "$round" 2>&1 | tdl_rate) ;;
    esac
    echo "round $round  $what  $rate moves/s"
    runs[$what]+="$rate "
  done
done
echo
echo "median of $ROUNDS rounds, moves/s:"
for what in ours-backward ours-forward tdl-forward tdl-backward ours-play tdl-play; do
  printf '  %-14s %s\n' "$what" "$(tr ' ' '\n' <<< "${runs[$what]}" | grep . | median)"
done
