#!/usr/bin/env bash
# scripts/train_2048_stages.sh: both stages of a tiny run with a small layout, a rerun that skips
# the stages done, the final network's tile-downgrading threshold and int16 rounding, and bad
# values of either refused before any training.
set -u
bin=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"
script="$root/scripts/train_2048_stages.sh"
small="0123,4567,0145,1256"

LAYOUT=$small DOWNGRADE_FROM=32768 CHECKPOINT_MINUTES=0 bash "$script" "$bin" "$tmp/w" 500 > "$tmp/run.out" 2>&1
check "the run ends with status 0" test $? = 0
check "optimistic TD runs to 90 % of the games" grep -q "stage 1: optimistic TD (value 320000, alpha 0.1) to 450 games" "$tmp/run.out"
check "temporal coherence runs to the end" grep -q "stage 2: temporal coherence (meta step 1.0) to 500 games" "$tmp/run.out"
check "both stages are marked done" test -f "$tmp/w/stage1.done" -a -f "$tmp/w/stage2.done"
check "the small layout was trained" grep -q "training 0123,4567,0145,1256" "$tmp/run.out"
check "the final network keeps the threshold" grep -q "network-int16.tsn after 500 games (int16, .*; the AIs downgrade from 32768)" "$tmp/run.out"
expect_status 0 2048 bench --ai ntuple --network "$tmp/w/network-int16.tsn" --games 2
check "bench plays it downgrading from 32768" grep -q "ntuple, 1 ply, downgrading from 32768, 2 games" "$tmp/out"

LAYOUT=$small CHECKPOINT_MINUTES=0 bash "$script" "$bin" "$tmp/w" 500 > "$tmp/rerun.out" 2>&1
check "a rerun ends with status 0" test $? = 0
check "a rerun skips the stages done" test "$(grep -c '^stage' "$tmp/rerun.out")" = 0
check "a rerun without DOWNGRADE_FROM keeps the file's threshold" grep -q "the AIs downgrade from 32768" "$tmp/rerun.out"

size1=$(stat -c %s "$tmp/w/network-int16.tsn")
LAYOUT=$small INT16_STEP=64 CHECKPOINT_MINUTES=0 bash "$script" "$bin" "$tmp/w" 500 > "$tmp/step.out" 2>&1
check "a rerun with INT16_STEP ends with status 0" test $? = 0
check "INT16_STEP=64 rounds the final file's weights: a smaller file" test "$(stat -c %s "$tmp/w/network-int16.tsn")" -lt "$size1"
for bad in 0 257 x 1.5 016; do
  INT16_STEP=$bad bash "$script" "$bin" "$tmp/bad" 500 > "$tmp/bad.out" 2>&1
  check "INT16_STEP='$bad' exits 2" test $? = 2
  check "INT16_STEP='$bad' is explained" grep -q "INT16_STEP must be a whole number from 1 to 256, not '$bad'" "$tmp/bad.out"
done

bash "$script" > "$tmp/usage.out" 2>&1
check "no arguments: exit 2" test $? = 2
check "the usage lists every setting, the last one too" grep -q "INT16_STEP (1: the final file's int16 weights" "$tmp/usage.out"

DOWNGRADE_FROM=1000 bash "$script" "$bin" "$tmp/bad" 500 > "$tmp/bad.out" 2>&1
check "a bad threshold exits 2" test $? = 2
check "a bad threshold is explained" grep -q "DOWNGRADE_FROM must be 0 (none) or a power of two from 4 to 32768, not '1000'" "$tmp/bad.out"
check "a bad threshold trains nothing" test ! -e "$tmp/bad/network.tsn"

exit $fail
