#!/usr/bin/env bash
# Runs a GoogleTest executable as N shards at once (GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX), so
# that a slow build of the tests (the sanitizer build) uses every core. Each shard's output goes to
# a log of its own; the logs of failing shards are printed. Exit status: 0 when every shard
# passed, 1 when one failed, 2 on bad arguments.
# Usage: scripts/gtest_shards.sh BINARY SHARDS [GTEST ARGUMENTS...]
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 BINARY SHARDS [GTEST ARGUMENTS...]" >&2
  exit 2
fi
BIN="$1"
SHARDS="$2"
shift 2
if [ ! -x "$BIN" ]; then
  echo "gtest_shards: $BIN is not an executable" >&2
  exit 2
fi
if ! [[ "$SHARDS" =~ ^[0-9]+$ ]] || [ "$SHARDS" -lt 1 ] || [ "$SHARDS" -gt 64 ]; then
  echo "gtest_shards: SHARDS must be a whole number from 1 to 64, not '$SHARDS'" >&2
  exit 2
fi

LOGS="$(mktemp -d -t gtest-shards.XXXXXX)"
trap 'rm -rf "$LOGS"' EXIT
PIDS=()
for ((i = 0; i < SHARDS; i++)); do
  GTEST_TOTAL_SHARDS="$SHARDS" GTEST_SHARD_INDEX="$i" "$BIN" "$@" > "$LOGS/shard$i.log" 2>&1 &
  PIDS+=("$!")
done

FAILED=0
for ((i = 0; i < SHARDS; i++)); do
  if ! wait "${PIDS[$i]}"; then
    FAILED=1
    echo "gtest_shards: shard $i of $SHARDS failed:" >&2
    cat "$LOGS/shard$i.log" >&2
  fi
done
if [ "$FAILED" -ne 0 ]; then
  exit 1
fi
# Every shard's count of tests passed, summed: the same total as one unsharded run.
PASSED=$(grep -h -o '\[  PASSED  \] [0-9]*' "$LOGS"/shard*.log | awk '{s += $4} END {print s + 0}')
echo "gtest_shards: $PASSED tests passed in $SHARDS shards"
