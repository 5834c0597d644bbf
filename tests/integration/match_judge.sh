#!/usr/bin/env bash
# The match manager judges Gomocup brains as the Gomocup judge does: a scripted brain that
# crashes, hangs, answers late, prints junk, plays an occupied, off-board or forbidden point, or
# refuses START loses the game, the report says why, and the brain is restarted for the next
# game. A well-behaved brain that chats (MESSAGE / DEBUG) plays on; pbrain-tilestone plays a
# whole match through the protocol; openings come from an offset file.
set -u
T=$1 SRC=$2 BUILD=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$BUILD/fake_brain" ] || fail "no fake_brain in $BUILD"
for mode in crash-1 crash-2 hang-2 late-1 junk-1 occupied-2 offboard-1 nostart chatty forbidden-1 threads-1 threads-2 slow-150; do
  ln -s "$BUILD/fake_brain" "$dir/fake_brain-$mode"
done

# judge MODE EXPECTED-FORFEIT [extra match flags]: the fake loses both games, for that reason.
judge() {
  local mode=$1 expect=$2
  shift 2
  local out
  out=$(timeout 120 "$T" gomoku match --black "pbrain:$dir/fake_brain-$mode" --white scorer --games 2 --time-ms 200 \
        --size 9 --seed 2 --tsv "$dir/$mode.tsv" "$@" 2> /dev/null) || fail "$mode: the match failed: $out"
  echo "$out" | grep -q "score of fake_brain-$mode: W 0 / D 0 / L 2" || fail "$mode: the fake did not lose both games: $out"
  echo "$out" | grep -q "forfeits: fake_brain-$mode $expect x2" || fail "$mode: expected '$expect' twice: $out"
  grep -q "fake_brain-$mode $expect" <<< "$(cut -f6 "$dir/$mode.tsv" | sed "s/^[a-z]* wins: [a-z]* /fake_brain-$mode /")" \
    || fail "$mode: the record does not say why: $(cat "$dir/$mode.tsv")"
}
judge crash-1 crash
judge hang-2 timeout
judge late-1 late --tolerance-ms 50
judge junk-1 malformed
judge occupied-2 occupied
judge offboard-1 off-board
judge nostart no-start
# A crash in mid-game: the brain is restarted for game 2 and plays it until it crashes again.
judge crash-2 crash
grep -q 'no-start' "$dir/crash-2.tsv" && fail "crash-2: the brain was not restarted"

# Renju: black's forbidden point loses. The opening leaves black a double-three point.
printf -- '-1,0, 5,5, -2,0, 5,6, 0,-1, 6,5, 0,-2, 6,6\n' > "$dir/renju-openings.txt"
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-forbidden-1" --white scorer --games 1 --time-ms 200 \
      --rule renju --openings "$dir/renju-openings.txt" --size 15 2> /dev/null) || fail "forbidden: match failed"
echo "$out" | grep -q "forfeits: fake_brain-forbidden-1 forbidden x1" || fail "forbidden: $out"

# A chatty but correct brain plays whole games; the report counts no forfeit.
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-chatty:chatter" --white scorer --games 2 --time-ms 200 --size 9 2> /dev/null) \
  || fail "chatty: match failed"
echo "$out" | grep -q "chatter vs scorer" || fail "chatty: the NAME of pbrain:PATH:NAME is not used: $out"
echo "$out" | grep -q "forfeits: none" || fail "chatty: $out"

# Each engine gets its own thread count (INFO thread_num): fake_brain-threads-N misbehaves at its
# first move unless it was told N threads.
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-threads-2:two" --white "pbrain:$dir/fake_brain-threads-1:one" \
      --black-threads 2 --games 2 --time-ms 200 --size 9 --json-out "$dir/threads.json" 2> /dev/null) || fail "threads: match failed"
echo "$out" | grep -q "forfeits: none" || fail "threads: an engine was not told its own thread count: $out"
echo "$out" | grep -q "threads 2 vs 1" || fail "threads: the summary does not show the thread counts: $out"
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-threads-2:two" --white "pbrain:$dir/fake_brain-threads-1:one" \
      --threads 2 --white-threads 1 --games 2 --time-ms 200 --size 9 2> /dev/null) || fail "threads: match failed"
echo "$out" | grep -q "forfeits: none" || fail "threads: --white-threads did not override --threads: $out"
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-threads-2:two" --white "pbrain:$dir/fake_brain-threads-1:one" \
      --games 2 --time-ms 200 --size 9 2> /dev/null) || fail "threads: match failed"
echo "$out" | grep -q "forfeits: two malformed x2" || fail "threads: the fake did not notice one thread: $out"
"$T" merge "$dir/threads.json" 2> /dev/null | grep -q "threads 2 vs 1" || fail "threads: a result file lost the thread counts"

# Time odds: each engine has its own time per move, whichever colour it plays. fake_brain-slow-150
# takes 150 ms over every move: in time with 400 ms, late with 100 ms.
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-slow-150:slow" --white "pbrain:$dir/fake_brain-chatty:quick" \
      --black-time-ms 400 --time-ms 100 --tolerance-ms 20 --games 2 --size 9 --json-out "$dir/odds.json" 2> /dev/null) \
  || fail "odds: match failed"
echo "$out" | grep -q "forfeits: none" || fail "odds: the slow engine did not get its own time: $out"
echo "$out" | grep -q "400 ms/move vs 100 ms/move" || fail "odds: the summary does not show both time controls: $out"
echo "$out" | grep -q "max move time: slow .* (budget 400 ms, .*), quick .* (budget 100 ms" || fail "odds: max move times: $out"
"$T" merge "$dir/odds.json" 2> /dev/null | grep -q "400 ms/move vs 100 ms/move" || fail "odds: a result file lost the time controls"
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-slow-150:slow" --white "pbrain:$dir/fake_brain-chatty:quick" \
      --time-ms 400 --black-time-ms 100 --tolerance-ms 20 --games 2 --size 9 2> /dev/null) || fail "odds: match failed"
echo "$out" | grep -q "forfeits: slow late x2" || fail "odds: --black-time-ms did not override --time-ms: $out"
out=$("$T" gomoku match --black "pbrain:$dir/fake_brain-slow-150:slow" --white "pbrain:$dir/fake_brain-chatty:quick" \
      --time-ms 400 --white-time-ms 100 --match-ms 60000 --white-match-ms 0 --tolerance-ms 20 --games 2 --size 9 2> /dev/null) \
  || fail "odds: match failed"
echo "$out" | grep -q "400 ms/move, 60000 ms/game vs 100 ms/move" || fail "odds: --white-match-ms: $out"
"$T" gomoku match --black strong --white scorer --games 2 --black-time-ms -1 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--black-time-ms -1"

# pbrain-tilestone through the protocol against our own level, openings in the offset format.
printf -- '# offsets from the centre\n0,0, 1,1, -1,1\n0,0, 1,0, 0,1\n' > "$dir/openings.txt"
out=$("$T" gomoku match --black "pbrain:$BUILD/pbrain-tilestone" --white scorer --games 4 --time-ms 300 --size 15 \
      --openings "$dir/openings.txt" --jobs 2 --tolerance-ms 2000 --pgn "$dir/games.pgn" --psq "$dir/psq" 2> /dev/null) || fail "pbrain: $out"
echo "$out" | grep -q "pbrain-tilestone vs scorer: 4 games" || fail "pbrain: $out"
echo "$out" | grep -q "forfeits: none" || fail "pbrain-tilestone forfeited: $out"
[ "$(grep -c '^\[Opening "h8i7g7"\]' "$dir/games.pgn")" -eq 2 ] || fail "offset opening 1 was not played twice: $(grep Opening "$dir/games.pgn")"
[ "$(ls "$dir/psq" | wc -l)" -eq 4 ] || fail "not 4 PSQ files"
head -1 "$dir/psq/game-00001.psq" | grep -q '^Piskvorky 15x15' || fail "PSQ header"

# Bad engine descriptions and options: exit status 2 before any game.
"$T" gomoku match --black pbrain: --white scorer --games 2 > /dev/null 2>&1; [ $? -eq 2 ] || fail "empty pbrain path"
"$T" gomoku match --black strong --white scorer --games 2 --sprt elo0=5 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--sprt without elo1"
"$T" gomoku match --black strong --white scorer --games 2 --sprt elo0=5 elo1=0 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--sprt elo0 > elo1"
"$T" gomoku match --black strong --white scorer --games 2 --shard 4/4 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--shard 4/4"
printf '0,0, 9,9\n' > "$dir/bad-openings.txt"
# An openings file that holds an off-board point: the file is wrong, not the command line.
"$T" gomoku match --black strong --white scorer --games 2 --openings "$dir/bad-openings.txt" > /dev/null 2>&1; [ $? -eq 1 ] || fail "off-board opening"
# A brain that does not exist loses its games (it can't start); the match itself still ends.
out=$("$T" gomoku match --black pbrain:/nonexistent/brain --white scorer --games 2 --size 9 2> /dev/null) || fail "missing brain: $out"
echo "$out" | grep -q "forfeits: brain no-start x2" || fail "missing brain: $out"

# Ctrl-C: SIGINT to the manager's whole process group, as a terminal sends it. No new game
# starts, the games under way finish and count (the brains have process groups of their own, so
# the signal does not kill them: no forfeit), and the summary and the record cover the games
# played, and the exit status is 130, so that a script does not take the match for finished.
# (Before, the manager died with everything it had played, and the brains with it.)
# (A shell starts background commands with SIGINT ignored, which exec keeps: python puts back the
# default action a terminal's foreground job has, and a session of its own, before it execs.)
python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])' \
  "$T" gomoku match --black "pbrain:$BUILD/pbrain-tilestone:a" --white "pbrain:$BUILD/pbrain-tilestone:b" --games 400 \
  --time-ms 50 --size 15 --tolerance-ms 2000 --jobs 2 --seed 9 --tsv "$dir/stop.tsv" > "$dir/stop.out" 2> "$dir/stop.err" &
pid=$!
# Without a terminal the progress display writes a line per game: "[#...] 1/400 games  W 1 D 0 L 0".
for _ in $(seq 1 600); do grep -Eq "\] [1-9][0-9]*/400 games" "$dir/stop.err" && break; sleep 0.1; done
grep -Eq "\] [1-9][0-9]*/400 games" "$dir/stop.err" || fail "stop: no game finished in 60 s"
kill -INT -- -"$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 130 ] || fail "stop: exit status $rc, not 130 (stopped before the end): $(cat "$dir/stop.err")"
played=$(sed -n 's/^stopped early: \([0-9]*\) of 400 games played$/\1/p' "$dir/stop.out")
[ -n "$played" ] && [ "$played" -ge 1 ] && [ "$played" -lt 400 ] || fail "stop: no 'stopped early' line: $(cat "$dir/stop.out")"
grep -q "forfeits: none" "$dir/stop.out" || fail "stop: the signal cost a game: $(cat "$dir/stop.out")"
[ "$(grep -vc '^#' "$dir/stop.tsv")" -eq "$played" ] || fail "stop: the record does not hold the $played games played"
grep -q "stopping: the games under way finish first" "$dir/stop.err" || fail "stop: no message on stderr"
echo "match judge ok"
