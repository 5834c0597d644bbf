#!/usr/bin/env bash
# Sharded runs: a deterministic 2048 bench and a fixed-depth gomoku match run as 4 shards through
# GNU parallel, merged, equal the unsharded runs game for game and table line for line (less the
# figures that are timings); merge refuses a missing shard, a shard given twice and shards of
# different runs (exit status 1: the files, not the command line, are wrong).
set -u
T=$1 SRC=$2 BUILD=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v parallel > /dev/null || fail "GNU parallel is not installed (scripts/deps.sh installs it)"

# Timing figures differ from run to run; everything else must match.
untimed() { sed -E 's/, [0-9.]+ moves\/s per job//; s/^cpu ms .*/cpu ms (timing)/; /^ms\/move|^max move time|^wall/d' "$1"; }
same_games() {
  python3 - "$1" "$2" <<'PY' || fail "$3: the merged games differ from the whole run's"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
timing = ('think_ms', 'max_move_ms', 'move_ms_log_buckets', 'max_move_cpu_ms', 'move_cpu_ms_log_buckets', 'black_max_ms', 'white_max_ms', 'black_ms', 'white_ms')
strip = lambda games: [{k: v for k, v in g.items() if k not in timing} for g in games]
assert a['settings'] == b['settings'], 'settings differ'
assert len(a['games']) > 0 and strip(a['games']) == strip(b['games']), 'games differ'
PY
}

# --- 2048 bench at a fixed depth ---
bench=(2048 bench --ai expectimax --depth 1 --games 12 --stop-at 1024 --seed 7)
"$T" "${bench[@]}" --json-out "$dir/bench.json" > "$dir/bench.txt" 2> /dev/null || fail "whole bench"
parallel --will-cite -j 2 "$T" "${bench[@]}" --shard {}/4 --json-out "$dir/bench-{}.json" '>' /dev/null '2>&1' ::: 0 1 2 3 \
  || fail "sharded bench through parallel"
"$T" merge "$dir"/bench-{0,1,2,3}.json --json-out "$dir/bench-merged.json" --csv "$dir/m.csv" --svg "$dir/m.svg" > "$dir/bench-merged.txt" \
  || fail "merge of the bench shards"
diff <(untimed "$dir/bench.txt") <(untimed "$dir/bench-merged.txt") || fail "bench tables differ"
same_games "$dir/bench.json" "$dir/bench-merged.json" "bench"
[ "$(grep -c . "$dir/m.csv")" -eq 13 ] || fail "merged CSV has not 12 games"
grep -q '<svg' "$dir/m.svg" || fail "merged SVG"

# --- gomoku match at a fixed depth ---
# Two equal engines, so that the SPRT does not stop the whole run before its last game.
match=(gomoku match --black minimax --white minimax --games 8 --depth 2 --time-ms 600000 --size 9 --seed 11 --sprt elo0=0 elo1=50)
"$T" "${match[@]}" --json-out "$dir/match.json" > "$dir/match.txt" 2> /dev/null || fail "whole match"
parallel --will-cite -j 2 "$T" "${match[@]}" --shard {}/4 --json-out "$dir/match-{}.json" '>' /dev/null '2>&1' ::: 0 1 2 3 \
  || fail "sharded match through parallel"
"$T" merge "$dir"/match-{0,1,2,3}.json --json-out "$dir/match-merged.json" --pgn "$dir/m.pgn" > "$dir/match-merged.txt" \
  || fail "merge of the match shards"
diff <(untimed "$dir/match.txt") <(untimed "$dir/match-merged.txt") || fail "match tables differ"
grep -q '^sprt elo0=0 elo1=50' "$dir/match-merged.txt" || fail "no SPRT line after merge"
same_games "$dir/match.json" "$dir/match-merged.json" "match"
[ "$(grep -c '^\[Round' "$dir/m.pgn")" -eq 8 ] || fail "merged PGN has not 8 games"

# --- runs of one match experiment with other seeds pool: every game counted, pairs kept; a run
# may come as its shards; runs of other engines are refused with status 1 ---
pool=(gomoku match --black minimax --white scorer --games 4 --depth 2 --time-ms 600000 --size 9)
"$T" "${pool[@]}" --seed 21 --json-out "$dir/pool-a.json" > "$dir/pool-a.txt" 2> /dev/null || fail "pool run a"
"$T" "${pool[@]}" --seed 22 --json-out "$dir/pool-b.json" > "$dir/pool-b.txt" 2> /dev/null || fail "pool run b"
"$T" merge --pool "$dir/pool-a.json" "$dir/pool-b.json" --json-out "$dir/pooled.json" > "$dir/pooled.txt" \
  || fail "merge --pool: $(cat "$dir/pooled.txt")"
grep -q '^pooled 2 runs of one experiment' "$dir/pooled.txt" || fail "the pooled report does not name its runs"
grep -q 'scorer: 8 games' "$dir/pooled.txt" || fail "the pooled report has not 8 games: $(cat "$dir/pooled.txt")"
python3 - "$dir" <<'PY' || fail "the pooled games or tallies are not the runs' together"
import json, re, sys
d = sys.argv[1]
wdl = lambda f: [int(x) for x in re.search(r'W (\d+) / D (\d+) / L (\d+)', open(f'{d}/{f}').read()).groups()]
assert [x + y for x, y in zip(wdl('pool-a.txt'), wdl('pool-b.txt'))] == wdl('pooled.txt')
a, b, p = (json.load(open(f'{d}/{f}.json')) for f in ('pool-a', 'pool-b', 'pooled'))
assert [g['index'] for g in p['games']] == list(range(8))
assert [g['moves'] for g in p['games']] == [g['moves'] for g in a['games'] + b['games']]
assert p['settings']['games'] == 8 and len(p['settings']['openings']) == 4 and len(p['pooled']) == 2
PY
for i in 0 1; do "$T" "${pool[@]}" --seed 21 --shard $i/2 --json-out "$dir/pool-a$i.json" > /dev/null 2>&1 || fail "pool run a, shard $i"; done
"$T" merge --pool "$dir/pool-a0.json" "$dir/pool-b.json" "$dir/pool-a1.json" > "$dir/pooled-shards.txt" || fail "merge --pool of shards"
diff <(untimed "$dir/pooled.txt" | grep -v "^  seed") <(untimed "$dir/pooled-shards.txt" | grep -v "^  seed") || fail "a run given as shards pools differently"
"$T" merge --pool "$dir/pool-a.json" "$dir/match.json" > "$dir/pool-bad.txt" 2>&1; [ $? -eq 1 ] || fail "runs of other engines were pooled"
grep -q "differs" "$dir/pool-bad.txt" || fail "the refusal does not say what differs: $(cat "$dir/pool-bad.txt")"
"$T" merge --pool "$dir/pool-a.json" "$dir/pool-a.json" > /dev/null 2>&1; [ $? -eq 1 ] || fail "a run given twice was pooled"
"$T" merge --pool "$dir/pool-a.json" "$dir/bench.json" > /dev/null 2>&1; [ $? -eq 1 ] || fail "a 2048 bench was pooled with a match"

# a result claiming two billion games (stopped early, so none missing) is refused with 1, not a
# slot per game in the report (an internal error for want of memory before)
python3 -c "import json, sys; d = json.load(open(sys.argv[1])); d['settings']['games'] = 2000000000; d['stopped_early'] = True; json.dump(d, open(sys.argv[2], 'w'))" \
  "$dir/pool-a.json" "$dir/huge.json"
(ulimit -v 4000000; "$T" merge "$dir/huge.json" > "$dir/huge.txt" 2>&1); [ $? -eq 1 ] || fail "a result of two billion games: $(cat "$dir/huge.txt")"

# --- gomoku tune data at a fixed depth: shards merge into the whole run's data, which fits ---
gen=(gomoku tune generate --games 12 --depth 1 --size 9 --seed 3)
"$T" "${gen[@]}" --out "$dir/tune.json" > /dev/null 2>&1 || fail "whole tune data"
parallel --will-cite -j 2 "$T" "${gen[@]}" --shard {}/3 --out "$dir/tune-{}.json" '>' /dev/null '2>&1' ::: 0 1 2 \
  || fail "sharded tune data through parallel"
"$T" merge "$dir"/tune-{0,1,2}.json --json-out "$dir/tune-merged.json" > /dev/null || fail "merge of the tune shards"
same_games "$dir/tune.json" "$dir/tune-merged.json" "tune data"
"$T" gomoku tune fit "$dir/tune-merged.json" --iterations 50 --out "$dir/w.h" > "$dir/fit.txt" || fail "fit: $(cat "$dir/fit.txt")"
grep -q 'PATTERN_VALUE' "$dir/w.h" || fail "fit wrote no weights"
grep -q 'tune generate' "$dir/w.h" || fail "the weights do not say how their data were made"
# labels blended with a fixed-depth search: the same weights on one thread and on two
for j in 1 2; do
  "$T" gomoku tune fit "$dir/tune-merged.json" --iterations 50 --search-depth 2 --lambda 0.5 --jobs $j --out "$dir/w-s$j.h" \
    > "$dir/fit-s$j.txt" 2> /dev/null || fail "fit with a search: $(cat "$dir/fit-s$j.txt")"
done
diff <(grep constexpr "$dir/w-s1.h") <(grep constexpr "$dir/w-s2.h") > /dev/null \
  || fail "the search-labelled fit differs between --jobs 1 and --jobs 2"
grep -q 'win chance of a depth-2 search' "$dir/w-s1.h" || fail "the weights do not say their labels came from a search"
"$T" gomoku tune fit "$dir/tune-merged.json" --lambda 0.5 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--lambda without --search-depth was not refused with 2"
# the move order fitted on the same games; what is no game file is refused with status 1
"$T" gomoku tune order "$dir/tune-merged.json" --iterations 20 --held-out-every 3 --out "$dir/o.h" > "$dir/order.txt" \
  || fail "order: $(cat "$dir/order.txt")"
grep -q 'ORDER_KIND_MINE' "$dir/o.h" || fail "order wrote no weights"
grep -q 'held out, after' "$dir/order.txt" || fail "order printed no held-out accuracy"
echo '{"not": "games"}' > "$dir/not-games.json"
"$T" gomoku tune order "$dir/not-games.json" > /dev/null 2>&1; [ $? -eq 1 ] || fail "order on a file of no games was not refused with 1"
"$T" gomoku tune order "$dir/tune-merged.json" --held-out-every -1 > /dev/null 2>&1; [ $? -eq 2 ] || fail "a negative --held-out-every was not refused with 2"

# --- scripts/bench_2048_shards.sh: resumable shards, merged when all are there ---
# (the greedy baseline: no network to load in every shard)
runner="$SRC/scripts/bench_2048_shards.sh"
rb=(--ai greedy --games 12 --stop-at 1024 --seed 7)
"$T" 2048 bench "${rb[@]}" --json-out "$dir/greedy.json" > /dev/null 2>&1 || fail "whole greedy bench"
mkdir -p "$dir/runner"
echo 'half written' > "$dir/runner/shard1.json.part"   # a shard interrupted before it finished
TILESTONE="$T" "$runner" "$dir/runner" 4 -- "${rb[@]}" > "$dir/runner.txt" 2>&1 || fail "runner: $(cat "$dir/runner.txt")"
[ ! -e "$dir/runner/shard1.json.part" ] || fail "runner left the interrupted shard's part file"
same_games "$dir/greedy.json" "$dir/runner/merged.json" "runner"
[ "$(grep -c . "$dir/runner/merged.csv")" -eq 13 ] || fail "runner's merged CSV has not 12 games"
# a second run plays nothing again: every shard is skipped, the merge is the same
touch -d '2000-01-01' "$dir"/runner/shard*.json
TILESTONE="$T" "$runner" "$dir/runner" 4 -- "${rb[@]}" > "$dir/runner2.txt" 2>&1 || fail "runner again"
[ "$(grep -c 'already in' "$dir/runner2.txt")" -eq 4 ] || fail "runner did not skip the finished shards: $(cat "$dir/runner2.txt")"
[ -z "$(find "$dir/runner" -name 'shard*.json' -newer "$dir/greedy.json")" ] || fail "runner rewrote a finished shard"
for bad in "$dir/r 0 --" "$dir/r x --" "$dir/r 2 -- --shard 0/2" "$dir/r 2 -- --json-out=x" "$dir/r 2"; do
  # shellcheck disable=SC2086
  TILESTONE="$T" "$runner" $bad "${rb[@]}" > /dev/null 2>&1; [ $? -eq 2 ] || fail "runner accepted: $bad"
done
TILESTONE="$dir/none" "$runner" "$dir/r" 2 -- "${rb[@]}" > /dev/null 2>&1; [ $? -eq 2 ] || fail "runner accepted a missing executable"

# --- merge refuses what is not one whole run ---
refused() { "$T" merge "$@" > /dev/null 2>&1; [ $? -eq 1 ] || fail "merge $* was not refused with status 1"; }
refused "$dir"/match-{0,1,2}.json                          # shard 3 missing
refused "$dir"/match-{0,1,1,2,3}.json                      # shard 1 twice
"$T" gomoku match --black minimax --white minimax --games 8 --depth 2 --time-ms 600000 --size 9 --seed 12 \
  --sprt elo0=0 elo1=50 --shard 3/4 --json-out "$dir/other-3.json" > /dev/null 2>&1 || fail "other run"
refused "$dir"/match-{0,1,2}.json "$dir/other-3.json"       # a shard of another run
refused "$dir"/match-{0,1,2,3}.json "$dir"/bench-0.json     # a shard of another kind
echo '{"not": "a result"}' > "$dir/junk.json"
refused "$dir/junk.json"
refused "$dir/nonexistent.json"
echo "shards ok"
