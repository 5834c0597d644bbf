#!/usr/bin/env bash
# The 2048 command line: hint (text and JSON), bench outputs, terminal play through a pipe, and
# bad input that must end with exit status 2 (1 for a file that cannot be read or written) and a
# message.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"

# hint
expect_status 0 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --depth 2
check "hint names a best move" grep -q "^best: " "$tmp/out"
check "hint lists every direction" test "$(grep -cE '^(up|down|left|right) ' "$tmp/out")" = 4
expect_status 0 2048 hint --board 0x1100000000000002 --ai minimax --time-ms 20 --json
check "hint --json is JSON with four moves" python3 -c "
import json,sys; d=json.load(open('$tmp/out')); assert d['move'] in ('up','down','left','right'); assert len(d['moves'])==4
assert all(('value' in m and 'board' in m and 'gain' in m) for m in d['moves'])"
expect_status 0 2048 hint --board "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2"
check "a lost board says so" grep -q "game is over" "$tmp/out"
for ai in montecarlo greedy random; do expect_status 0 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai $ai --playouts 20; done
expect_status 0 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai minimax --weights 1,2,3,1,0,0 --depth 3
# --depth with --time-ms: both hold (the depth is a maximum, the time a limit)
expect_status 0 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai minimax --depth 16 --time-ms 20 --json
check "a depth does not lift the time" python3 -c "
import json; d=json.load(open('$tmp/out')); assert d['depth'] < 16 and d['time_ms'] < 1000, d"

# bad input
expect_status 2 2048 hint --board "2,2,0"
expect_status 2 2048 hint --board "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0"
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai alphazero
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --time-ms -5
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --time-ms 1e12
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --depth 99
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --time-ms 2.5
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai expectimax --weights 1,2,3,1,0,0
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai minimax --weights 1,2
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --ai montecarlo --playouts 0
expect_status 2 2048 hint --board "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4" --threads 0
expect_status 2 2048 hint
expect_status 2 2048 bench --games 0
expect_status 2 2048 bench --games 1 --jobs 0
expect_status 2 2048 bench --games 1 --stop-at 1000
expect_status 1 2048 bench --games 1 --ai greedy --csv /nonexistent-dir/x.csv
expect_status 2 2048 frobnicate
expect_status 2 nonsense

# bench: outputs, and the same seed gives the same games
expect_status 0 2048 bench --ai greedy --games 6 --jobs 2 --seed 5 --csv "$tmp/a.csv" --json-out "$tmp/a.json" --svg "$tmp/a.svg"
check "bench prints the tile table" grep -qE '^ +2048 ' "$tmp/out"
check "bench prints ms per move" grep -q "ms/move" "$tmp/out"
check "csv has a header and six games" test "$(wc -l < "$tmp/a.csv")" = 7
check "json parses" python3 -c "import json; d=json.load(open('$tmp/a.json')); assert len(d['games'])==6 and '2048' in d['summary']['reach'] and d['shard']=={'index':0,'count':1}"
check "svg is an svg" grep -q "<svg" "$tmp/a.svg"
expect_status 0 2048 bench --ai greedy --games 6 --jobs 1 --seed 5 --csv "$tmp/b.csv"
check "same seed, same games (any job count)" test "$(cut -d, -f1-5 "$tmp/a.csv")" = "$(cut -d, -f1-5 "$tmp/b.csv")"
expect_status 0 2048 bench --ai expectimax --depth 1 --games 2 --stop-at 256
check "stop-at ends at the tile" grep -qE '^ +2048 +0.0%' "$tmp/out"

# suite: a few boards from the network's games with a depth-1 reference, an AI scored on them
expect_status 0 2048 suite make --out "$tmp/s.txt" --games 3 --positions 6 --every 20 --min-tile 64 --depth 1 --seed 4
check "suite make says how many boards" grep -q "^6 positions written" "$tmp/out"
expect_status 0 2048 hint --board "$(grep -v '^#' "$tmp/s.txt" | head -1 | cut -d' ' -f1)" --ai greedy
expect_status 0 2048 suite run "$tmp/s.txt" --depth 1 --json
check "the reference itself gives up nothing" python3 -c "
import json; d=json.load(open('$tmp/out')); assert d['positions']==6 and d['agreed']==6 and d['mean_loss']==0, d"
expect_status 0 2048 suite run "$tmp/s.txt" --ai random --csv "$tmp/s.csv"
check "suite run prints agreement and loss" grep -q "agreed .* mean loss" "$tmp/out"
check "suite run --csv has a header and a row per board" test "$(wc -l < "$tmp/s.csv")" = 7
expect_status 1 2048 suite run "$tmp/s.txt" --csv /nonexistent-dir/s.csv
sed 's/^0x/0y/' "$tmp/s.txt" > "$tmp/bad-suite.txt"
expect_status 1 2048 suite run "$tmp/bad-suite.txt"
expect_status 1 2048 suite run "$tmp/missing.txt"
expect_status 2 2048 suite run
expect_status 2 2048 suite make --out "$tmp/s2.txt" --min-tile 100 --depth 1
expect_status 1 2048 suite make --out /nonexistent-dir/s.txt --depth 1
expect_status 1 2048 suite make --out "$tmp/s3.txt" --games 1 --min-tile 32768 --depth 1

# terminal play through a pipe: moves, hint, undo, auto-play to the end, quit
printf 'left\nup\nh\nu\nright\nauto\nq\n' | XDG_DATA_HOME="$tmp/data" "$bin" 2048 play --ai greedy --seed 3 > "$tmp/play" 2>&1
check "play exits 0" test $? = 0
check "play shows a hint" grep -q "^hint: " "$tmp/play"
check "play reaches game over under auto-play" grep -q "Game over" "$tmp/play"
check "play keeps the best score" test -s "$tmp/data/tilestone/best-2048.txt"
# The game auto-play finished is not the player's: its score does not become the best.
final=$(grep -o "score [0-9]*" "$tmp/play" | tail -1 | cut -d' ' -f2)
best=$(cat "$tmp/data/tilestone/best-2048.txt")
check "auto-play does not set the best score ($best < $final)" test "$best" -lt "$final"

exit $fail
