#!/usr/bin/env bash
# The network trainer reads what `tilestone gomoku selfplay` writes (one file, and two joined with
# cat), trains on it for a few steps and exports a network file that the engine loads
# (tests/tools/network_agree, run on a position of the data).
set -u
bin=$(realpath "$1")
src=$(realpath "$2")
build=$(realpath "$3")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"
python=/usr/bin/python3

expect_status 0 gomoku selfplay --out "$tmp/a.tsd" --size 9 --games 3 --nodes 300 --sample 1 --seed 1
expect_status 0 gomoku selfplay --out "$tmp/b.tsd" --size 9 --games 2 --nodes 300 --sample 1 --seed 2 --rule renju
# A TERM (or Ctrl-C) stops a self-play run: the games under way finish and are written, and it
# exits 130, so that scripts/gomoku_selfplay_chunks.sh does not take the chunk for finished.
"$bin" gomoku selfplay --out "$tmp/stop.tsd" --size 9 --games 100000 --nodes 300 --seed 3 --json-out "$tmp/stop.json" \
  > "$tmp/stop.out" 2> "$tmp/stop.err" &
pid=$!
for _ in $(seq 1 300); do grep -Eq "[1-9][0-9]*/100000" "$tmp/stop.err" && break; sleep 0.1; done
kill -TERM "$pid"
wait "$pid"
check "a stopped self-play run exits 130" test $? = 130
check "a stopped self-play run says so" grep -q "stopped early: [0-9]* games played and written" "$tmp/stop.err"
check "its summary says it stopped early" grep -q '"stopped_early": true' "$tmp/stop.json"
# scripts/gomoku_selfplay_chunks.sh with two workers plays every chunk once, with its own seed; a
# rerun plays none again; a deadline of 0 seconds starts none; a bad JOBS is refused.
chunks="$src/scripts/gomoku_selfplay_chunks.sh"
quiet='"$0" "$@" > /dev/null'
check "two workers play the five chunks" env JOBS=2 SELFPLAY_OPTIONS="--size 9 --sample 1" \
  bash -c "$quiet" "$chunks" "$bin" "$tmp/ch" freestyle 200 1 5 500
check "each chunk has its data and summary" test "$(ls "$tmp"/ch/freestyle-n200-s50[0-4].json | wc -l)" = 5 \
  -a "$(ls "$tmp"/ch/*.data | wc -l)" = 5
before=$(stat -c %Y "$tmp"/ch/*.data)
check "a rerun plays nothing again" env JOBS=3 SELFPLAY_OPTIONS="--size 9 --sample 1" \
  bash -c "$quiet" "$chunks" "$bin" "$tmp/ch" freestyle 200 1 5 500
check "... and leaves the chunks as they were" test "$before" = "$(stat -c %Y "$tmp"/ch/*.data)"
check "a deadline of 0 s starts no chunk" env JOBS=2 DEADLINE_S=0 "$chunks" "$bin" "$tmp/ch0" freestyle 200 1 4 500
check "... so none is there" test -z "$(ls "$tmp/ch0")"
# A TERM to the run reaches both workers' engines: it exits 130, no chunk counts as done, and
# no engine is left playing.
JOBS=2 SELFPLAY_OPTIONS="--size 9" "$chunks" "$bin" "$tmp/chs" freestyle 200 100000 2 600 > /dev/null &
pid=$!
for _ in $(seq 1 300); do
  [ "$(cat "$tmp"/chs/*.progress 2> /dev/null | grep -Ec "[1-9][0-9]*/100000")" -ge 2 ] && break
  sleep 0.1
done
kill -TERM "$pid"
wait "$pid"
check "a stopped run of chunks exits 130" test $? = 130
check "... with no chunk taken for done" test -z "$(ls "$tmp"/chs/*.json 2> /dev/null)"
sleep 0.5
check "... and no engine left playing" test -z "$(pgrep -f "$tmp/chs/")"
JOBS=0 "$chunks" "$bin" "$tmp/chx" freestyle 200 1 4 500 2> "$tmp/jobs.err"
check "JOBS=0 is refused" test $? = 2
check "... with a message" grep -q "JOBS must be a positive number" "$tmp/jobs.err"
cat "$tmp/a.tsd" "$tmp/b.tsd" > "$tmp/ab.tsd"
cd "$src/train/gomoku"
check "the reader reads both files and the joined one" "$python" -c "
import sys, numpy as np, tsdata
a, b, ab = (tsdata.read(sys.argv[1] + f) for f in ('/a.tsd', '/b.tsd', '/ab.tsd'))
assert len(a) > 0 and len(b) > 0 and np.array_equal(ab, np.concatenate([a, b]))
assert set(a['rule']) == {0} and set(b['rule']) == {2} and set(a['size']) == {9}
assert (np.abs(a['value'].astype(int)) <= 32767).all() and set(a['result']) <= {0, 1, 2}
# Either side's view: a won game is lost for the other side on the next ply.
print(len(a), 'and', len(b), 'positions')
" "$tmp"
check "the trainer trains on the freestyle records and exports" "$python" train.py --data "$tmp/ab.tsd" --rule freestyle \
  --out "$tmp/run" --steps 4 --batch-size 8 --eval-every 2 --threads 1 --export
check "the curves are written" test -s "$tmp/run/log.csv" -a -s "$tmp/run/loss.svg"
# The exported network loads in the engine and evaluates a position of the data.
"$python" -c "
import sys, tsdata
r = tsdata.read(sys.argv[1])[0]
s = int(r['size'])
codes = tsdata.unpack_cells(tsdata.read(sys.argv[1])[:1])[0]
print(s, int(r['side']), ''.join('.xo'[c] for c in codes[: s * s]))
" "$tmp/a.tsd" > "$tmp/pos.txt"
check "the engine loads the exported network and evaluates" "$build/network_agree" "$tmp/run/network.tsnet" "$tmp/pos.txt"
exit $fail
