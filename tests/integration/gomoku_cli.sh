#!/usr/bin/env bash
# Integration test of the Gomoku commands and pbrain-tilestone.
# Usage: gomoku_cli.sh <tilestone binary> <source dir> <build dir>
set -u

T="$1"
SRC="$2"
BUILD="$3"
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_status <status> <command...>: runs the command and checks its exit status.
expect_status() {
  local want="$1"
  shift
  "$@" > /dev/null 2>&1
  local got=$?
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want"
}

# hint: a move, a value, a depth and a principal variation, as text and as JSON.
out=$("$T" gomoku hint --rule freestyle --moves h8i9h9 --depth 3)
echo "$out" | grep -q '^move  [a-o][0-9]*$' || fail "hint prints no move: $out"
echo "$out" | grep -q '^pv ' || fail "hint prints no pv: $out"
json=$("$T" gomoku hint --rule renju --moves h8i9h9h10g8 --time-ms 200 --json)
echo "$json" | python3 -c 'import json, re, sys; h = json.load(sys.stdin); assert re.fullmatch("[a-o][0-9]+", h["move"]) and h["pv"][0] == h["move"], h' \
  || fail "hint --json: $json"

# hint takes an open five.
out=$("$T" gomoku hint --rule freestyle --moves a1o1a2o2a3o3a4o4 --depth 2)
echo "$out" | grep -q '^move  a5$' || fail "hint misses the five: $out"

# forbidden: the double three at f6 (x 5, y 9 on 15x15) for black.
out=$("$T" gomoku forbidden --moves f8a15f7c15d6e15e6g15)
echo "$out" | grep -qw 'f6' || fail "forbidden misses f6: $out"
out=$("$T" gomoku forbidden --moves h8)
[ "$out" = "none" ] || fail "forbidden on a quiet board: $out"

# match: a tiny one, with a score line and an Elo estimate.
out=$("$T" gomoku match --black scorer --white montecarlo --games 2 --time-ms 20 --size 9 --seed 3)
echo "$out" | grep -q 'score of scorer: W [0-9]* / D [0-9]* / L [0-9]*' || fail "match score: $out"
echo "$out" | grep -q 'elo difference' || fail "match Elo: $out"
echo "$out" | grep -q 'max move time' || fail "match move time: $out"

# match --tsv: a header and one line per game, colours alternating, each game replayable.
rec="$BUILD/match_record.tsv"
rm -f "$rec"
expect_status 0 "$T" gomoku match --black scorer --white strong --games 2 --time-ms 20 --size 9 --seed 5 --tsv "$rec"
[ "$(grep -c . "$rec")" -eq 3 ] || fail "record has not 3 lines: $(cat "$rec")"
sed -n 2p "$rec" | grep -qP '^1\tscorer\tstrong\t(black|white|draw)\t[a-i][0-9]' || fail "record game 1: $(sed -n 2p "$rec")"
sed -n 3p "$rec" | grep -qP '^2\tstrong\tscorer\t' || fail "record game 2: $(sed -n 3p "$rec")"
game=$(sed -n 2p "$rec" | cut -f5)
expect_status 0 "$T" gomoku forbidden --size 9 --moves "${game:0:10}"
expect_status 1 "$T" gomoku match --black scorer --white scorer --games 2 --tsv /nonexistent/dir/r.tsv
printf 'h8i9\n# comment\nh8h9\n' > "$BUILD/gomoku_openings.txt"
expect_status 0 "$T" gomoku match --black scorer --white scorer --games 2 --time-ms 10 --openings "$BUILD/gomoku_openings.txt"

# Bad input: exit status 2 (1 for a file that cannot be read or written).
expect_status 2 "$T" gomoku hint --rule nonsense --moves h8
expect_status 2 "$T" gomoku hint --rule renju --moves h8h8
expect_status 2 "$T" gomoku hint --rule renju --moves h8zz
expect_status 2 "$T" gomoku hint --rule renju --moves h8 --size 4
expect_status 2 "$T" gomoku hint --rule renju --moves h8 --size 23
expect_status 2 "$T" gomoku hint --rule renju --moves h8 --level grandmaster
expect_status 2 "$T" gomoku hint --rule renju --moves h8 --time-ms -5
expect_status 2 "$T" gomoku hint --rule freestyle --moves a1o1a2o2a3o3a4o4a5
expect_status 2 "$T" gomoku forbidden --moves h8 --size 99
expect_status 2 "$T" gomoku match --black strong --white nobody --games 2
expect_status 2 "$T" gomoku match --black strong --white scorer --games 0
expect_status 1 "$T" gomoku match --black strong --white scorer --games 2 --openings /nonexistent/file
expect_status 2 "$T" gomoku frobnicate

# play reads moves from a pipe: a move, an occupied point, a hint, an undo, then quit.
out=$(printf 'h8\nh8\nh\nu\nq\n' | "$T" gomoku play --level scorer --time-ms 50)
echo "$out" | grep -q 'AI plays' || fail "play: the AI did not move: $out"
echo "$out" | grep -q 'occupied' || fail "play: no complaint about an occupied point"
echo "$out" | grep -q 'hint:' || fail "play: no hint"
out=$(printf '' | "$T" gomoku play --ai-first --level scorer --rule renju --size 9 --time-ms 20)
echo "$out" | grep -q 'AI plays e5' || fail "play --ai-first: $out"

# pbrain-tilestone: a short Gomocup session.
BRAIN="$BUILD/pbrain-tilestone"
if [ -x "$BRAIN" ]; then
  out=$(printf 'START 15\r\nINFO timeout_turn 200\r\nINFO rule 4\r\nBEGIN\r\nTURN 8,8\r\nTURN 8,8\r\nFOO\r\nABOUT\r\nEND\r\n' | timeout 20 "$BRAIN")
  [ "$(echo "$out" | sed -n 1p)" = "OK" ] || fail "pbrain START: $out"
  [ "$(echo "$out" | sed -n 2p)" = "7,7" ] || fail "pbrain BEGIN: $out"
  echo "$out" | sed -n 3p | grep -qE '^[0-9]+,[0-9]+$' || fail "pbrain TURN: $out"
  echo "$out" | sed -n 4p | grep -q '^ERROR' || fail "pbrain occupied TURN: $out"
  echo "$out" | sed -n 5p | grep -q '^UNKNOWN' || fail "pbrain unknown command: $out"
  echo "$out" | sed -n 6p | grep -q 'name="tilestone"' || fail "pbrain ABOUT: $out"
else
  fail "no $BRAIN"
fi

[ -n "$SRC" ] || fail "no source dir"
if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "gomoku_cli: all checks passed"
