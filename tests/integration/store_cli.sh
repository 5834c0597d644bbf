#!/usr/bin/env bash
# Game records from the command line: 2048 and Gomoku play record their games, history and
# export show them, a corrupt database only warns, --no-db writes nothing.
set -euo pipefail
T="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL $*"; exit 1; }

printf 'left\nup\nright\ndown\nq\n' | "$T" 2048 play --db "$dir/t.db" --seed 7 >/dev/null
printf 'a1\nb1\nq\n' | "$T" gomoku play --size 9 --level scorer --db "$dir/t.db" >/dev/null
json=$("$T" history --db "$dir/t.db" --json)
echo "$json" | grep -q '"game": "2048"' || fail "2048 game not recorded"
echo "$json" | grep -q '"game": "gomoku"' || fail "gomoku game not recorded"
echo "$json" | grep -q '"seed": 7' || fail "2048 seed not recorded"
TILESTONE_DB="$dir/t.db" "$T" history --game 2048 | grep -q "2048: 1 games" || fail "TILESTONE_DB / aggregates"
psq=$("$T" history export --format psq --db "$dir/t.db")
echo "$psq" | head -1 | grep -q "Piskvorky 9x9, 11:11, 0" || fail "psq header: $psq"
echo "$psq" | grep -q "^1,9,0$" || fail "psq a1 is 1,9"
echo "$psq" | tail -1 | grep -q "^-1$" || fail "psq end"
"$T" gomoku learn --stats --db "$dir/t.db" | grep -q "total: 0" || fail "learn stats"

head -c 8192 /dev/urandom > "$dir/bad.db"
out=$(printf 'left\nq\n' | "$T" 2048 play --db "$dir/bad.db" 2>&1 >/dev/null) || fail "play must go on with a corrupt db"
echo "$out" | grep -q "playing on without recording" || fail "no warning for a corrupt db: $out"
"$T" history --db "$dir/bad.db" >/dev/null 2>&1 && fail "history on a corrupt db must fail"

printf 'left\nq\n' | "$T" 2048 play --no-db >/dev/null
printf 'left\nq\n' | XDG_DATA_HOME="$dir/xdg" "$T" 2048 play --no-db >/dev/null
[ ! -e "$dir/xdg/tilestone/tilestone.db" ] || fail "--no-db created a database"
echo "store_cli: ok"
