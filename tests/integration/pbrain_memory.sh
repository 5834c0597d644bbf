#!/usr/bin/env bash
# The brain's peak memory stays under the Gomocup limit it is given (INFO max_memory 350000000):
# a game against itself with full turns on two threads, the Linux build and then the Windows
# build under Wine (resident memory as Linux counts it; Wine's own share included).
# Usage: pbrain_memory.sh TILESTONE SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$(cd "$2" && pwd) build=$(cd "$3" && pwd)
fail() { echo "FAIL $*"; exit 1; }
source "$(dirname "$0")/lib/wine.sh"
measure="$(dirname "$0")/lib/brain_memory.py"
LIMIT=350000000

python3 "$measure" --limit "$LIMIT" -- "$build/pbrain-tilestone" || fail "the Linux build"
windows_exe
wine_ready
python3 "$measure" --limit "$LIMIT" -- "$WINE" "$exe" || fail "the Windows build under Wine"
echo "pbrain memory: ok"
