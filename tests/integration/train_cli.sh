#!/usr/bin/env bash
# tilestone 2048 train: a few seconds of training with a small layout, resume, the log and the
# curve, the trained file used by hint and bench, and files that must be refused with a message.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"
board="2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4"
small="0123,4567,0145,1256"

expect_status 0 2048 train --out "$tmp/a.tsn" --games 400 --layout $small --log "$tmp/a.csv" --svg "$tmp/a.svg" --quiet
check "train says what it saved" grep -q "saved .*a.tsn after 400 games (float32, .* MB; the AIs downgrade from 16384)" "$tmp/out"
check "the training line names TD(0) by default" grep -q "to 400, TD(0), backward, 1 thread" "$tmp/err"
check "the log has a header and a line per 1,000 games or fewer" test "$(wc -l < "$tmp/a.csv")" = 2
check "the curve is an SVG" grep -q "<polyline" "$tmp/a.svg"
expect_status 0 2048 train --out "$tmp/b.tsn" --resume "$tmp/a.tsn" --games 800 --log "$tmp/a.csv" --encoding int16 --quiet
check "resume continues the count" grep -q "after 800 games (int16" "$tmp/out"
check "resume appends to the log" test "$(wc -l < "$tmp/a.csv")" = 3

# The same seed and one thread give the same file.
expect_status 0 2048 train --out "$tmp/c.tsn" --games 400 --layout $small --quiet
check "one thread is reproducible" cmp -s "$tmp/a.tsn" "$tmp/c.tsn"

# A TERM (or Ctrl-C) stops a run before its target: it saves a checkpoint, says how far it got and
# exits 130, so that a script running it does not take the run for finished (the stage script
# marked an interrupted stage done when it was exit 0); --resume goes on from the checkpoint.
# (The signal goes once the log has its first block: the run is then inside the training.)
"$bin" 2048 train --out "$tmp/stop.tsn" --games 100000000 --layout $small --log "$tmp/stop.csv" --quiet \
  > "$tmp/stop.out" 2> "$tmp/stop.err" &
pid=$!
for _ in $(seq 1 300); do [ "$(cat "$tmp/stop.csv" 2> /dev/null | wc -l)" -ge 2 ] && break; sleep 0.1; done
kill -TERM "$pid"
wait "$pid"
check "a stopped run exits 130" test $? = 130
check "a stopped run says how far it got" grep -q "stopped after [0-9]* of 100000000 games: --resume" "$tmp/stop.err"
check "a stopped run saves its checkpoint" grep -q "interrupted: saved .*stop.tsn" "$tmp/stop.out"
expect_status 0 2048 train --out "$tmp/stop2.tsn" --resume "$tmp/stop.tsn" --games 1 --quiet
# A resume from an earlier checkpoint plays the later blocks again: their old log lines go, so
# the log counts each block once.
expect_status 0 2048 train --out "$tmp/r1.tsn" --games 300 --layout $small --quiet
expect_status 0 2048 train --out "$tmp/r2.tsn" --resume "$tmp/r1.tsn" --games 1200 --log "$tmp/r.csv" --quiet
check "the log of the first run has two blocks" test "$(wc -l < "$tmp/r.csv")" = 3
expect_status 0 2048 train --out "$tmp/r3.tsn" --resume "$tmp/r1.tsn" --games 1200 --log "$tmp/r.csv" --quiet
check "a resume says which log lines it left out" grep -q "r.csv: 2 lines past game 300 (the checkpoint's) left out" "$tmp/err"
check "the log counts each block once" test "$(cut -d, -f1 "$tmp/r.csv" | sort | uniq -d | wc -l)" = 0
check "the log keeps its header and the replayed blocks" test "$(wc -l < "$tmp/r.csv")" = 3

# Temporal coherence and restarts: a run stopped at 400 games and resumed (the checkpoint keeps
# the TC accumulators and the restart pool) gives the file of a run that never stopped. (The step
# schedule depends on --games, so these runs keep one step.)
late="--tc --restart-share 0.5 --fine-tune-start 1 --quiet"
expect_status 0 2048 train --out "$tmp/tc.tsn" --games 800 --layout $small $late
expect_status 0 2048 train --out "$tmp/tc1.tsn" --games 400 --layout $small $late
expect_status 0 2048 train --out "$tmp/tc2.tsn" --resume "$tmp/tc1.tsn" --games 800 $late
check "a resumed TC + restart run matches one run" cmp -s "$tmp/tc.tsn" "$tmp/tc2.tsn"
expect_status 0 2048 train --out "$tmp/tc3.tsn" --resume "$tmp/tc1.tsn" --games 500 --quiet
check "resuming without --tc says it drops the accumulators" grep -q "TC accumulators of .* are dropped" "$tmp/err"
expect_status 0 2048 bench --ai ntuple --network "$tmp/tc.tsn" --games 2

expect_status 0 2048 hint --board "$board" --ai ntuple --network "$tmp/b.tsn"
check "the ntuple AI names a best move" grep -q "^best: .*(ntuple, depth 1" "$tmp/out"
expect_status 0 2048 hint --board "$board" --eval ntuple --network "$tmp/b.tsn" --depth 2
expect_status 0 2048 bench --ai ntuple --network "$tmp/b.tsn" --games 3
check "bench names the AI" grep -q "ntuple, 1 ply, 3 games" "$tmp/out"
expect_status 0 2048 bench --eval ntuple --network "$tmp/b.tsn" --games 1 --depth 1
check "bench names the evaluation" grep -q "expectimax (ntuple eval)" "$tmp/out"

# Stages: a resumed network gains stages (copies of its last), trains on, and is used by bench.
expect_status 0 2048 train --out "$tmp/s.tsn" --resume "$tmp/a.tsn" --games 600 --stages 256,512 --quiet
check "the training line names the stages" grep -q "stages from 256,512" "$tmp/err"
expect_status 0 2048 train --out "$tmp/s2.tsn" --resume "$tmp/s.tsn" --games 700 --stages 256,512,1024 --encoding int16 --quiet
expect_status 0 2048 bench --ai ntuple --network "$tmp/s2.tsn" --games 2
expect_status 0 2048 train --out "$tmp/s3.tsn" --resume "$tmp/s2.tsn" --games 1 --encoding int16 --int16-step 8 --quiet
check "a resume past its target converts the file" grep -q "after 700 games (int16" "$tmp/out"
check "a coarser step makes a smaller file" test "$(stat -c %s "$tmp/s3.tsn")" -lt "$(stat -c %s "$tmp/s2.tsn")"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --int16-step 8
check "a step without int16 is explained" grep -q "int16-step applies to --encoding int16" "$tmp/err"
expect_status 1 2048 train --out "$tmp/d.tsn" --resume "$tmp/s.tsn" --games 800 --stages 512
check "stages that drop the network's own are refused" grep -q "does not extend the stages" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --stages 1000
check "a threshold that is not a tile is named" grep -q "bad stage threshold \"1000\"" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --stages 512,256
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --n-step 3 --forward
check "n-step with forward TD is explained" grep -q "n-step learns backward" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --n-step 3 --lambda 0.5
check "n-step with lambda is explained" grep -q "n-step and --lambda are two targets" "$tmp/err"
expect_status 0 2048 train --out "$tmp/n3.tsn" --games 200 --layout $small --n-step 3 --quiet
check "the training line names the method" grep -q "to 200, 3-step TD, backward, 1 thread" "$tmp/err"
expect_status 0 2048 train --out "$tmp/n3b.tsn" --games 200 --layout $small --n-step 3 --quiet
check "n-step on one thread is reproducible" cmp -s "$tmp/n3.tsn" "$tmp/n3b.tsn"

# Tile downgrading's threshold travels in the file; bench names it when it is not 16384, and an
# AI may be given another.
expect_status 0 2048 train --out "$tmp/dg.tsn" --resume "$tmp/b.tsn" --games 1 --encoding int16 --downgrade-from 32768 --quiet
check "a resume past its target sets the threshold" grep -q "after 800 games (int16, .* MB; the AIs downgrade from 32768)" "$tmp/out"
expect_status 0 2048 bench --ai ntuple --network "$tmp/dg.tsn" --games 2 --json-out "$tmp/dg.json"
check "bench names a threshold other than 16384" grep -q "ntuple, 1 ply, downgrading from 32768, 2 games" "$tmp/out"
check "bench's settings hold the threshold" grep -q '"downgrade_from": 32768' "$tmp/dg.json"
expect_status 0 2048 bench --ai ntuple --network "$tmp/dg.tsn" --games 2 --downgrade-from 16384
check "--downgrade-from overrides the file's" grep -q "ntuple, 1 ply, 2 games" "$tmp/out"
expect_status 0 2048 bench --eval ntuple --network "$tmp/dg.tsn" --depth 1 --games 1 --downgrade-from 0
check "no downgrading is named" grep -q "no tile downgrading" "$tmp/out"
expect_status 0 2048 train --out "$tmp/dg2.tsn" --resume "$tmp/dg.tsn" --games 1 --quiet
check "a resume keeps the file's threshold" grep -q "the AIs downgrade from 32768" "$tmp/out"
expect_status 2 2048 bench --ai ntuple --network "$tmp/dg.tsn" --games 1 --downgrade-from 1000
check "a threshold that is not a tile is explained" grep -q "downgrade-from: tile downgrading starts from a tile that is a power of two" "$tmp/err"
expect_status 2 2048 bench --ai greedy --games 1 --downgrade-from 16384
check "a threshold for an AI without the network is explained" grep -q "applies to the network's values" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 10 --downgrade-from 65536
# Read strictly, as every number: no empty value for 0, no octal, no sign.
for bad in "" 010 -4; do
  expect_status 2 2048 bench --ai ntuple --network "$tmp/dg.tsn" --games 1 --downgrade-from "$bad"
  check "--downgrade-from '$bad' is refused as a number" grep -q "is not a whole number from 0 to 32768" "$tmp/err"
done

# A few thousand games on a fixed seed beat a random player by far.
expect_status 0 2048 train --out "$tmp/e.tsn" --games 2000 --layout $small --seed 3 --quiet
mean() { "$bin" 2048 bench "$@" --games 10 --seed 5 2>/dev/null | awk '/^score/ {print $3}'; }
trained=$(mean --ai ntuple --network "$tmp/e.tsn")
random=$(mean --ai random)
check "a trained network beats random ($trained vs $random)" test "$trained" -gt $((4 * random))

# Prune: the weights no one-ply game of the network reads take one value, a smaller file. The
# boards of its games are valued as before: bench on the games' seed plays them again, the same.
expect_status 0 2048 prune "$tmp/e.tsn" --out "$tmp/p.tsn" --games 10 --seed 5 --quiet
check "prune says what its games read and what it reset" grep -q "^10 one-ply games ([0-9]* moves, seed 5) read [0-9]* of 262144 weights (.* %); [0-9]* unread weights reset to" "$tmp/out"
check "prune names the file it saved" grep -q "saved .*p.tsn (int16, step 1, [0-9]* bytes)" "$tmp/out"
cp "$tmp/out" "$tmp/p.out"
expect_status 0 2048 train --out "$tmp/e16.tsn" --resume "$tmp/e.tsn" --games 1 --encoding int16 --zstd-level 19 --quiet
check "a pruned file is smaller than the whole network's" test "$(stat -c %s "$tmp/p.tsn")" -lt "$(stat -c %s "$tmp/e16.tsn")"
expect_status 0 2048 prune "$tmp/e.tsn" --out "$tmp/p32.tsn" --games 10 --seed 5 --encoding float32 --quiet
check "the pruned network plays its games as the whole one did" test "$(mean --ai ntuple --network "$tmp/p32.tsn")" = "$trained"
expect_status 0 2048 prune "$tmp/e.tsn" --out "$tmp/pl.tsn" --games 10 --seed 5 --lookahead 1 --quiet
read_count() { grep -o 'read [0-9]*' "$1" | cut -d' ' -f2; }
check "a lookahead keeps more weights" test "$(read_count "$tmp/out")" -gt "$(read_count "$tmp/p.out")"
check "prune names its lookahead" grep -q "seed 5) and a spawn and a move beyond read" "$tmp/out"
expect_status 2 2048 prune "$tmp/e.tsn" --out "$tmp/d.tsn" --lookahead 2
expect_status 0 2048 prune "$tmp/e.tsn" --out "$tmp/p2.tsn" --games 10 --seed 5 --jobs 2 --quiet
check "two jobs make the same file" cmp -s "$tmp/p.tsn" "$tmp/p2.tsn"
expect_status 2 2048 prune "$tmp/e.tsn" --out "$tmp/d.tsn" --encoding float32 --int16-step 4
check "a step without int16 is explained" grep -q "int16-step applies to --encoding int16" "$tmp/err"
expect_status 2 2048 prune "$tmp/e.tsn" --out "$tmp/d.tsn" --downgrade-from 3000
expect_status 1 2048 prune "$tmp/missing.tsn" --out "$tmp/d.tsn"
echo "not a network" > "$tmp/not-a-net.tsn"
expect_status 1 2048 prune "$tmp/not-a-net.tsn" --out "$tmp/d.tsn"
check "a foreign file to prune is named as such" grep -q "not a tilestone n-tuple weights file" "$tmp/err"
mkfifo "$tmp/prune-pipe"
expect_status 1 2048 prune "$tmp/e.tsn" --out "$tmp/prune-pipe" --quiet
check "an --out that is a pipe is refused before the games" grep -q "out .*prune-pipe exists and is not a regular file" "$tmp/err"
"$bin" 2048 prune "$tmp/e.tsn" --out "$tmp/stopped.tsn" --games 1000000 --quiet > "$tmp/ps.out" 2> "$tmp/ps.err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
check "a stopped prune exits 130" test $? = 130
check "a stopped prune says it wrote nothing" grep -q "stopped after [0-9]* of 1000000 games: nothing written" "$tmp/ps.err"
check "a stopped prune leaves no file" test ! -e "$tmp/stopped.tsn"

# Join: one network's first stage below a tile, another's weights from it on (file version 5).
expect_status 0 2048 train --out "$tmp/late.tsn" --resume "$tmp/s.tsn" --games 601 --quiet
expect_status 0 2048 join "$tmp/e.tsn" "$tmp/late.tsn" --out "$tmp/j.tsn" --from 256
check "join names the stage it took" grep -q "joined .*e.tsn below 256 and stage 1 of .*late.tsn (of 3) from 256 on, downgrading from 256" "$tmp/out"
check "join names the file it saved" grep -q "saved .*j.tsn (float32, [0-9]* bytes)" "$tmp/out"
expect_status 0 2048 bench --ai ntuple --network "$tmp/j.tsn" --games 2
check "bench plays the joined network" grep -q "ntuple, 1 ply, downgrading from 256, 2 games" "$tmp/out"
expect_status 0 2048 join "$tmp/e.tsn" "$tmp/late.tsn" --out "$tmp/j2.tsn" --from 256 --late-stage 2 --encoding int16
check "--late-stage picks the stage" grep -q "and stage 2 of" "$tmp/out"
expect_status 0 2048 prune "$tmp/j.tsn" --out "$tmp/jp.tsn" --games 5 --quiet
expect_status 0 2048 bench --ai ntuple --network "$tmp/jp.tsn" --games 2
expect_status 0 2048 train --out "$tmp/other.tsn" --games 10 --layout 0123,4567 --quiet
expect_status 1 2048 join "$tmp/e.tsn" "$tmp/other.tsn" --out "$tmp/d.tsn"
check "networks of two layouts are refused" grep -q "different tuples" "$tmp/err"
expect_status 1 2048 join "$tmp/e.tsn" "$tmp/late.tsn" --out "$tmp/d.tsn" --late-stage 3
check "a stage the late network lacks is refused" grep -q "has no stage 3" "$tmp/err"
expect_status 2 2048 join "$tmp/e.tsn" "$tmp/late.tsn" --out "$tmp/d.tsn" --from 1000
expect_status 1 2048 join "$tmp/e.tsn" "$tmp/missing.tsn" --out "$tmp/d.tsn"

# Refused: truncated, foreign, missing files; bad options.
head -c 200 "$tmp/b.tsn" > "$tmp/short.tsn"
expect_status 1 2048 hint --board "$board" --ai ntuple --network "$tmp/short.tsn"
check "a truncated file is named as such" grep -q "truncated" "$tmp/err"
echo "hello, I am not a network" > "$tmp/foreign.tsn"
expect_status 1 2048 hint --board "$board" --ai ntuple --network "$tmp/foreign.tsn"
check "a foreign file is named as such" grep -q "not a tilestone n-tuple weights file" "$tmp/err"
expect_status 1 2048 train --out "$tmp/d.tsn" --resume "$tmp/foreign.tsn" --games 10
expect_status 1 2048 hint --board "$board" --ai ntuple --network "$tmp/missing.tsn"
expect_status 1 2048 hint --board "$board" --ai ntuple --network "$tmp"
check "a folder given as the network is named as such" grep -q "is not a regular file" "$tmp/err"
expect_status 2 2048 hint --board "$board" --eval bogus --network "$tmp/b.tsn"
expect_status 2 2048 hint --board "$board" --ai minimax --eval ntuple --network "$tmp/b.tsn"
expect_status 2 2048 train --out "$tmp/d.tsn" --games 0
expect_status 2 2048 train --out "$tmp/d.tsn" --layout 0123,0g
expect_status 2 2048 train --out "$tmp/d.tsn" --alpha 2
expect_status 2 2048 train --out "$tmp/d.tsn" --restart-share 0.95
check "a bad restart share is explained" grep -q "restart-share: .0.95. is not a number from 0 to 0.9" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --fine-tune-start 1.5
expect_status 2 2048 train --out "$tmp/d.tsn" --restart-share 0.5 --restart-min-tile 100
check "a minimum tile that is not a power of two is explained" grep -q "restart-min-tile must be a power of two" "$tmp/err"
expect_status 2 2048 train --out "$tmp/d.tsn" --restart-min-tile 1024
check "a minimum tile without restarts is explained" grep -q "applies to --restart-share" "$tmp/err"
# An --out that is not a regular file (a device such as /dev/null, a pipe, a folder) is refused
# before any game is played: the save's rename would have put a file in its place.
mkfifo "$tmp/pipe"
expect_status 1 2048 train --out "$tmp/pipe" --games 400 --layout $small --quiet
check "an --out that is a pipe is refused with a message" grep -q "out .*pipe exists and is not a regular file" "$tmp/err"
check "the pipe is left as it was" test -p "$tmp/pipe"
check "no game is played for an --out that cannot be saved" sh -c "! grep -q '^training' \"$tmp/err\" && test ! -s \"$tmp/out\""
mkdir "$tmp/folder"
expect_status 1 2048 train --out "$tmp/folder" --games 400 --layout $small --quiet
check "an --out that is a folder is refused" grep -q "folder exists and is not a regular file" "$tmp/err"
# Without a network the ntuple AI and --eval ntuple are errors; the default expectimax needs none.
TILESTONE_NTUPLE="$tmp/missing.tsn" expect_status 1 2048 hint --board "$board" --ai ntuple
check "the missing file is named" grep -q "missing.tsn" "$tmp/err"
TILESTONE_NTUPLE="$tmp/missing.tsn" expect_status 1 2048 hint --board "$board" --eval ntuple --depth 2
TILESTONE_NTUPLE="$tmp/missing.tsn" expect_status 0 2048 hint --board "$board" --depth 2

exit $fail
