#!/usr/bin/env bash
# pbrain-tilestone through real pipes: a session as an analysis GUI sends it (BOARD with uneven
# counts, the Yixin-Board commands, a huge max_memory) gets well-formed answers, in time.
set -euo pipefail
B="$3/pbrain-tilestone"
fail() { echo "FAIL $*"; exit 1; }
[ -x "$B" ] || fail "no $B"

# The options a person tries first answer, and anything else is a usage error.
"$B" --help | grep -q '^Usage: pbrain-tilestone' || fail "--help"
"$B" --version | grep -Eq '^pbrain-tilestone [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version: $("$B" --version)"
rc=0; "$B" --bogus < /dev/null > /dev/null 2>&1 || rc=$?
[ $rc = 2 ] || fail "an unknown option exits $rc, not 2"
# Bad settings, on the command line or in the config file beside the program, exit 2 and say
# why on standard error and on an ERROR line (what a manager shows).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
refused() {  # WHY PROGRAM ARGS...
  local why=$1 rc=0 out; shift
  out=$("$@" < /dev/null 2> "$tmp/err") || rc=$?
  [ $rc = 2 ] || fail "$* exits $rc, not 2"
  echo "$out" | grep -q "^ERROR pbrain-tilestone: .*$why" || fail "$*: no ERROR line with '$why': $out"
  grep -q "$why" "$tmp/err" || fail "$*: standard error does not say '$why'"
}
refused "cannot open network file" "$B" --network "$tmp/missing.tsnet"
# eval = network with no file takes the shipped network (the source tree's data/ for a build);
# with none shipped (an empty folder named instead) it is refused, naming where it looked.
refused "eval = network needs a network file (network = FILE): none is shipped ($tmp/none/gomoku-freestyle.tsnet" \
  env TILESTONE_GOMOKU_NETWORKS="$tmp/none" "$B" --eval network
out=$(printf 'INFO max_depth 2\nSTART 15\nEND\n' | "$B" --eval network)
echo "$out" | grep -q "^MESSAGE evaluation: network for freestyle" \
  || fail "--eval network alone does not take the shipped freestyle network: $out"
refused "needs a value" "$B" --network
cp "$B" "$tmp/pbrain-tilestone"
printf '# settings\neval = fast\n' > "$tmp/pbrain-tilestone.cfg"
refused "pbrain-tilestone.cfg line 2: eval must be classical or network" "$tmp/pbrain-tilestone"
printf 'eval = classical\n' > "$tmp/pbrain-tilestone.cfg"
[ "$(printf 'START 15\nEND\n' | "$tmp/pbrain-tilestone")" = "OK" ] || fail "a good config file changes the answers"

start=$(date +%s%N)
out=$(printf '%s\n' "INFO max_memory 9223372036854775807" "INFO timeout_turn 200" "INFO rule 4" "START 15" \
  "BOARD" "5,7,1" "6,7,1" "7,5,1" "7,6,1" "0,0,2" "0,2,2" "DONE" \
  "YXBOARD" "5,7,1" "0,0,2" "6,7,1" "0,2,2" "7,5,1" "0,4,2" "7,6,1" "14,14,2" "DONE" "YXSHOWFORBID" \
  "INFO show_detail 1" "YXNBEST 2" "BOARD" "-1,3,1" "DONE" "YXHASHCLEAR" "ABOUT" "END" | "$B")
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
answers=$(echo "$out" | grep -v '^MESSAGE')
[ "$(echo "$answers" | sed -n 1p)" = "OK" ] || fail "START: $out"
echo "$answers" | sed -n 2p | grep -Eq '^[0-9]+,[0-9]+$' || fail "BOARD with 4 stones against 2: $out"
[ "$(echo "$answers" | sed -n 2p)" != "7,7" ] || fail "black (more stones) played its double three"
echo "$answers" | sed -n 3p | grep -Eq '^FORBID ([0-9]{4})*0707([0-9]{4})*\.$' || fail "YXSHOWFORBID: $out"
echo "$answers" | sed -n 4p | grep -Eq '^[0-9]+,[0-9]+$' || fail "YXNBEST: $out"
echo "$answers" | sed -n 5p | grep -q '^ERROR ' || fail "BOARD -1,3: $out"
echo "$answers" | sed -n 6p | grep -q '^name="tilestone", version="' || fail "ABOUT: $out"
[ "$(echo "$out" | grep -c '^MESSAGE nbest ')" = 2 ] || fail "YXNBEST 2 lists two moves: $out"
echo "$out" | grep -q '^MESSAGE depth ' || fail "show_detail: $out"
# Three 200 ms turns and a few quick commands, with a table of a quarter of the machine's memory.
[ "$took_ms" -lt 3000 ] || fail "the session took $took_ms ms"
echo "pbrain: ok ($took_ms ms)"
