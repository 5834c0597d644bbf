#!/usr/bin/env bash
# What every command of the command line shares: `tilestone help [COMMAND...]`, an unknown or
# missing command named with the nearest one, the exit statuses (0, 1 a command that failed,
# 2 a wrong command line), a --db in a folder that does not exist refused by every command that
# takes one, and --json printing the same style in both games' hints.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"

# help
expect_status 0 help
"$bin" --help > "$tmp/top"
check "tilestone help is the top-level help" cmp -s "$tmp/out" "$tmp/top"
check "the top-level help lists the exit statuses" grep -q "^Exit status:" "$tmp/top"
check "the top-level help lists the environment" grep -q "TILESTONE_DB" "$tmp/top"
expect_status 0 help gomoku hint
"$bin" gomoku hint --help > "$tmp/hint"
check "tilestone help gomoku hint is its --help" cmp -s "$tmp/out" "$tmp/hint"
check "a command's help shows value names and defaults" grep -q -- "--time-ms MS=1000" "$tmp/hint"
check "a command's help does not repeat the footer" bash -c "! grep -q 'Exit status' '$tmp/hint'"
expect_status 0 --version
check "--version names the program" grep -q "^tilestone [0-9]" "$tmp/out"

# unknown and missing commands: exit 2, the word named, the nearest command suggested
expect_status 2 foo
check "an unknown command is named" grep -q "unknown command 'foo'" "$tmp/err"
expect_status 2 gomoku hnt
check "the nearest command is suggested" grep -q "did you mean 'hint'?" "$tmp/err"
expect_status 2 help gomoku hnt
check "help suggests too" grep -q "did you mean 'hint'?" "$tmp/err"
expect_status 2 2048 bnech
check "a swap of two letters is a slip" grep -q "did you mean 'bench'?" "$tmp/err"
expect_status 2
check "no command: the commands are listed" grep -q "a command is needed: 2048, gomoku" "$tmp/err"
expect_status 2 gomoku
expect_status 2 gomoku hint --frobnicate
check "a refused line says where the help is" grep -q "tilestone help gomoku hint" "$tmp/err"

# a --db in a missing folder: exit 1 and a clear message, wherever --db is taken
missing=/nonexistent-tilestone-dir/x.db
for cmd in "history" "history export" "gomoku learn --stats" "gomoku review --id 1" "2048 review --id 1" \
           "2048 play --ai greedy" "gomoku play --level scorer" "serve --port 0"; do
  # shellcheck disable=SC2086
  expect_status 1 $cmd --db "$missing" < /dev/null
  check "$cmd: the missing folder is named" grep -q "nonexistent-tilestone-dir does not exist" "$tmp/err"
done
TILESTONE_DB="$missing" expect_status 1 history
# the default location's folder is made
XDG_DATA_HOME="$tmp/xdg" TILESTONE_DB= expect_status 0 history
check "the default database's folder is made" test -f "$tmp/xdg/tilestone/tilestone.db"

# --json: one style (indented by two spaces), the best move under "move" in both games
expect_status 0 2048 hint --board 0x1100000000000002 --ai greedy --json
cp "$tmp/out" "$tmp/h2048.json"
expect_status 0 gomoku hint --moves h8i9 --depth 2 --json
cp "$tmp/out" "$tmp/hgomoku.json"
for f in h2048 hgomoku; do
  check "$f --json: move, depth, nodes, time_ms, stopped; indented" python3 - "$tmp/$f.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text)
assert all(k in d for k in ("move", "depth", "nodes", "time_ms", "stopped")), d
assert text.splitlines()[1].startswith('  "'), text[:80]
PY
done
expect_status 0 history --json --db "$tmp/t.db"
check "history --json is JSON" python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$tmp/out"

# the same option has the same range everywhere
expect_status 2 gomoku hint --threads 257
expect_status 2 2048 hint --board 0x1100000000000002 --threads 257
expect_status 0 gomoku hint --moves h8 --depth 2 --threads 2
expect_status 2 gomoku match --black scorer --white scorer --games 2 --depth 31

exit $fail
