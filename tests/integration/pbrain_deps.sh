#!/usr/bin/env bash
# pbrain-tilestone is the Gomoku engine and the protocol, nothing else: neither its link line nor
# the libraries it loads name SQLite, zstd, fmt, an HTTP or a JSON library (docs/architecture.md).
set -uo pipefail
build=$3
B="$build/pbrain-tilestone"
fail() { echo "FAIL $*"; exit 1; }
[ -x "$B" ] || fail "no $B"
FORBIDDEN='sqlite|zstd|fmt|httplib|json|tilestone_(lab|store|server|2048)'

link="$build/CMakeFiles/pbrain-tilestone.dir/link.txt"
[ -f "$link" ] || fail "no link line at $link"
if grep -Eiq "$FORBIDDEN" "$link"; then fail "the link line names $(grep -Eio "$FORBIDDEN" "$link" | sort -u | tr '\n' ' ')"; fi
echo "ok   link line: $(grep -Eo 'libtilestone_[a-z0-9]+\.a' "$link" | tr '\n' ' ')"

loaded=$(ldd "$B") || fail "ldd $B failed"
if echo "$loaded" | grep -Eiq "$FORBIDDEN"; then fail "it loads $(echo "$loaded" | grep -Ei "$FORBIDDEN")"; fi
echo "ok   loads: $(echo "$loaded" | awk '{print $1}' | tr '\n' ' ')"
