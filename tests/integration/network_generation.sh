#!/usr/bin/env bash
# The Gomoku network's generation loop (scripts/gomoku_generation.sh), in miniature: self-play,
# training and a gating match run, each step's output is where the loop says, the next
# generation's self-play uses a network (`gomoku selfplay --network`), and a rerun of a finished
# generation redoes nothing.
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"
source "$(dirname "$0")/lib/serve.sh"
export GAMES=2 NODES=300 CHUNK=1 EPOCHS=1 GATE_GAMES=2 GATE_MS=20 GATE_SPRT="elo0=0 elo1=30"
gen="$src/scripts/gomoku_generation.sh"

check "generation 1 runs its three steps" bash -c "'$gen' '$bin' '$tmp/w' freestyle 1 > '$tmp/g1.txt' 2>&1"
dir=$tmp/w/freestyle
check "two self-play chunks with their summaries" test "$(ls "$dir"/gen1/*.json 2>/dev/null | wc -l)" = 2
check "a trained network, its curves and its checkpoint" test -s "$dir/net1/network.tsnet" -a -s "$dir/net1/log.csv" -a -s "$dir/net1/checkpoint.pt"
check "a gating match with its verdict" grep -q "^sprt" "$dir/net1/gate.txt"
check "the verdict decides the promotion" grep -Eq "promoted|not promoted" "$tmp/g1.txt"

# A rerun of the finished generation redoes nothing: its files keep their times.
before=$(stat -c %Y "$dir/net1/network.tsnet" "$dir/net1/gate.txt" "$dir"/gen1/*.data)
check "a rerun succeeds" bash -c "'$gen' '$bin' '$tmp/w' freestyle 1 > '$tmp/g1b.txt' 2>&1"
check "a rerun redoes no step" test "$before" = "$(stat -c %Y "$dir/net1/network.tsnet" "$dir/net1/gate.txt" "$dir"/gen1/*.data)"

# The next generation plays with a network: self-play takes one of the rule, and refuses another.
expect_status 0 gomoku selfplay --out "$tmp/n.tsd" --games 1 --nodes 300 --network "$dir/net1/network.tsnet"
expect_status 2 gomoku selfplay --out "$tmp/r.tsd" --games 1 --nodes 300 --rule renju --network "$dir/net1/network.tsnet"
check "the wrong rule is named" grep -q "network for freestyle, not for renju" "$tmp/err"
head -c 100 "$dir/net1/network.tsnet" > "$tmp/cut.tsnet"
expect_status 2 gomoku selfplay --out "$tmp/c.tsd" --games 1 --nodes 300 --network "$tmp/cut.tsnet"

# A hint with the network: the strong level takes it, says so, and other levels refuse it.
expect_status 0 gomoku hint --moves h8 --depth 2 --json --network "$dir/net1/network.tsnet"
check "the hint says it used the network" grep -q '"eval": "network"' "$tmp/out"
expect_status 2 gomoku hint --moves h8 --depth 2 --level minimax --network "$dir/net1/network.tsnet"
check "only the strong level takes a network" grep -q "only the strong level" "$tmp/err"
expect_status 2 gomoku hint --moves h8 --depth 2 --rule renju --network "$dir/net1/network.tsnet"

# netcheck: the network beside the classical evaluation on the generation's data.
expect_status 0 gomoku netcheck --network "$dir/net1/network.tsnet" "$dir"/gen1/*.data
check "netcheck prints both evaluations' figures" grep -q "one ply picks the search's move" "$tmp/out"
check "netcheck scores the values against the games' results" grep -q "cross-entropy to the game's result" "$tmp/out"
expect_status 0 gomoku netcheck --network "$dir/net1/network.tsnet" "$dir"/gen1/*.data --positions 5 --json
check "netcheck --json counts at most the sample" /usr/bin/python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
assert j['positions'] + j['skipped'] <= 5 and j['rule'] == 'freestyle', j
for side in ('classical', 'network'):
    assert 0 <= j[side]['one_ply_agreement'] <= 1 and 0 <= j[side]['order_agreement'] <= 1, j
    assert j[side]['result_cross_entropy'] >= 0, j
assert 0 <= j['positions_with_result'] <= j['positions'], j
assert len(j['value_by_classical_share']) == 11 and j['best_result_classical_share'] in range(0, 101, 10), j
" "$tmp/out"
expect_status 2 gomoku netcheck --network "$tmp/cut.tsnet" "$dir"/gen1/*.data
expect_status 0 gomoku selfplay --out "$tmp/renju.tsd" --games 1 --nodes 300 --rule renju
expect_status 2 gomoku netcheck --network "$dir/net1/network.tsnet" "$tmp/renju.tsd"

# The classical values of the generation's data, and the trainer training the blend on them; a
# file that is not data is refused.
expect_status 0 gomoku classical "$dir"/gen1/*.data --out "$tmp/gen1.classical"
check "classical says how many positions it valued" grep -q "the classical values of [1-9][0-9]* positions from 2 files" "$tmp/out"
check "the trainer trains the blend on them" /usr/bin/python3 "$src/train/gomoku/train.py" --data "$dir"/gen1/*.data \
  --classical "$tmp/gen1.classical" --blend-share 60 --out "$tmp/blend" --steps 2 --batch-size 16 --threads 1 \
  --eval-every 1 --val-max 32 --export
check "... and refuses them for other data" bash -c "! /usr/bin/python3 '$src/train/gomoku/train.py' --data '$tmp/renju.tsd' \
  --classical '$tmp/gen1.classical' --blend-share 60 --out '$tmp/blend2' --steps 1 > '$tmp/blend2.txt' 2>&1"
check "... saying why" grep -q "not written for this data" "$tmp/blend2.txt"
expect_status 2 gomoku classical "$tmp/cut.tsnet" --out "$tmp/x.classical"
check "a file that is not data is named" grep -q "cut.tsnet" "$tmp/err"

# pbrain-tilestone plays with the network under its rule, given on the command line.
pbrain="$(dirname "$bin")/pbrain-tilestone"
if [ -x "$pbrain" ]; then
  printf 'INFO max_depth 2\nSTART 15\nBEGIN\nINFO rule 4\nEND\n' | "$pbrain" --network "$dir/net1/network.tsnet" > "$tmp/brain.txt" 2>&1
  check "the brain says it plays with the network" grep -q "^MESSAGE evaluation: network for freestyle" "$tmp/brain.txt"
  check "and classically under renju" grep -q "^MESSAGE evaluation: classical (no network for this rule)" "$tmp/brain.txt"
fi

# The web app's strong level evaluates with the network of the game's rule (serve --gomoku-network).
expect_status 2 serve --port 0 --no-db --gomoku-network "$tmp/cut.tsnet"
expect_status 2 serve --port 0 --no-db --gomoku-network "$dir/net1/network.tsnet" --gomoku-network "$dir/net1/network.tsnet"
check "a second network of one rule is named" grep -q "a second network for freestyle" "$tmp/err"
"$bin" serve --port 0 --no-db --gomoku-network "$dir/net1/network.tsnet" > "$tmp/serve.log" 2>&1 &
serve_pid=$!
url=$(served_url "$tmp/serve.log")
check "the server says which rule has a network" grep -q "Gomoku freestyle: the strong level evaluates with the network" "$tmp/serve.log"
check "moves say their evaluation" python3 -c "
import json, sys, urllib.request
def post(rule, level):
    body = json.dumps({'moves': 'h8', 'rule': rule, 'level': level, 'depth': 2, 'time_ms': 2000}).encode()
    req = urllib.request.Request(sys.argv[1] + '/api/gomoku/move', body, {'Content-Type': 'application/json'})
    return json.load(urllib.request.urlopen(req, timeout=30))
assert post('freestyle', 'strong')['eval'] == 'network'
assert post('renju', 'strong')['eval'] == 'classical'
assert post('freestyle', 'scorer')['eval'] is None
info = json.load(urllib.request.urlopen(sys.argv[1] + '/api/info', timeout=30))
assert info['gomoku_eval'] == {'freestyle': 'network', 'standard': 'classical', 'renju': 'classical'}, info
" "$url"
kill $serve_pid; wait $serve_pid 2>/dev/null

# The shipped network (here: the folder TILESTONE_GOMOKU_NETWORKS names, holding net1 as the
# freestyle one): `--eval network` takes it, a rule with none shipped is refused with a message,
# and the match, the brain and the server take it too.
mkdir -p "$tmp/shipped"
cp "$dir/net1/network.tsnet" "$tmp/shipped/gomoku-freestyle.tsnet"
export TILESTONE_GOMOKU_NETWORKS=$tmp/shipped
expect_status 0 gomoku hint --moves h8 --depth 2 --json --eval network
check "--eval network evaluates with the shipped network" grep -q '"eval": "network"' "$tmp/out"
expect_status 0 gomoku hint --moves h8 --depth 2 --json
check "the classical evaluation stays the default" grep -q '"eval": "classical"' "$tmp/out"
expect_status 2 gomoku hint --moves h8 --depth 2 --eval network --rule renju
check "a rule with no shipped network is named" grep -q "no network is shipped for renju" "$tmp/err"
expect_status 2 gomoku hint --moves h8 --depth 2 --eval classical --network "$dir/net1/network.tsnet"
expect_status 2 gomoku hint --moves h8 --depth 2 --eval network --level scorer
expect_status 0 gomoku match --black strong:eval=network --white strong --games 2 --depth 2 --seed 3
check "a match takes strong:eval=network" grep -q "strong:eval=network" "$tmp/out"
expect_status 1 gomoku match --black strong:eval=network --white strong --games 2 --depth 2 --rule renju
check "... and a match under a rule with none says so" grep -q "no network is shipped for renju" "$tmp/err"
if [ -x "$pbrain" ]; then
  printf 'INFO max_depth 2\nSTART 15\nBEGIN\nEND\n' | "$pbrain" --eval network > "$tmp/brain2.txt" 2>&1
  check "the brain's eval = network alone takes the shipped network" grep -q "^MESSAGE evaluation: network for freestyle" "$tmp/brain2.txt"
fi
"$bin" serve --port 0 --no-db > "$tmp/serve2.log" 2>&1 &
serve_pid=$!
url=$(served_url "$tmp/serve2.log")
"$bin" serve --port 0 --no-db --gomoku-eval network > "$tmp/serve3.log" 2>&1 &
serve3_pid=$!
url3=$(served_url "$tmp/serve3.log")
check "a page picks the evaluation where the server has a network" python3 -c "
import json, sys, urllib.request, urllib.error
def post(url, **fields):
    body = json.dumps({'moves': 'h8', 'depth': 2, 'time_ms': 2000, **fields}).encode()
    req = urllib.request.Request(url + '/api/gomoku/move', body, {'Content-Type': 'application/json'})
    try:
        return json.load(urllib.request.urlopen(req, timeout=30))
    except urllib.error.HTTPError as e:
        return {'status': e.code, **json.load(e)}
info = json.load(urllib.request.urlopen(sys.argv[1] + '/api/info', timeout=30))
assert info['gomoku_networks'] == {'freestyle': True, 'standard': False, 'renju': False}, info
assert info['gomoku_eval']['freestyle'] == 'classical', info
assert post(sys.argv[1])['eval'] == 'classical'
assert post(sys.argv[1], eval='network')['eval'] == 'network'
bad = post(sys.argv[1], eval='network', rule='renju')
assert bad['status'] == 400 and 'no network for renju' in bad['error'], bad
assert post(sys.argv[1], eval='neural')['status'] == 400
assert post(sys.argv[1], eval='network', level='scorer')['status'] == 400
info3 = json.load(urllib.request.urlopen(sys.argv[2] + '/api/info', timeout=30))
assert info3['gomoku_eval'] == {'freestyle': 'network', 'standard': 'classical', 'renju': 'classical'}, info3
assert post(sys.argv[2])['eval'] == 'network'
assert post(sys.argv[2], eval='classical')['eval'] == 'classical'
" "$url" "$url3"
kill $serve_pid $serve3_pid; wait $serve_pid $serve3_pid 2>/dev/null
export TILESTONE_GOMOKU_NETWORKS=$tmp/none
expect_status 2 serve --port 0 --no-db --gomoku-eval network
check "--gomoku-eval network with no network anywhere says so" grep -q "no network is shipped here" "$tmp/err"
unset TILESTONE_GOMOKU_NETWORKS
[ $fail = 0 ] || { echo "--- generation 1:"; cat "$tmp/g1.txt"; }
exit $fail
