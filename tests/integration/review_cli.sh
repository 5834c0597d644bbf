#!/usr/bin/env bash
# The coach from the command line: Gomoku and 2048 reviews (a move string, a recorded game, the
# stored review read back), values in human terms in the hints, and bad input refused (exit 2, or
# 1 for a game or file that is not there).
set -uo pipefail
bin="$1"
src="${2:-.}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
. "$(dirname "$0")/lib/checks.sh"

game=h8i9i8h9j8h10k8a1l8  # white's h10 ignores black's open three

# A move string: the blunder is graded so, and the JSON has every move.
"$bin" gomoku review --moves "$game" --time-ms 60 --human white --json > "$tmp/r.json" 2> "$tmp/err"
check "gomoku review --json" python3 - "$tmp/r.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["game"] == "gomoku" and r["human"] == "white" and len(r["moves"]) == 9, r
m = r["moves"][5]
assert m["played"] == "h10" and m["grade"] == "blunder" and m["best"] in ("g8", "k8"), m
assert 6 in r["decisive"], r["decisive"]
assert len(r["black_winprob"]) == 10 and r["black_winprob"][-1] == 1.0
PY
"$bin" gomoku review --moves "$game" --time-ms 60 > "$tmp/table" 2>&1
check "gomoku review table" grep -q "h10 *blunder" "$tmp/table"

# A recorded game: reviewed, then read back from the database.
printf 'h8\ni9\nq\n' | "$bin" gomoku play --level scorer --db "$tmp/t.db" > /dev/null
printf 'left\nup\nright\ndown\nleft\nup\nq\n' | "$bin" 2048 play --db "$tmp/t.db" --seed 7 > /dev/null
"$bin" history --db "$tmp/t.db" --json > "$tmp/h.json"
id_of() { python3 -c 'import json,sys; print(next(g["id"] for g in json.load(open(sys.argv[1]))["games"] if g["game"] == sys.argv[2]))' "$tmp/h.json" "$1"; }
gid=$(id_of gomoku)
tid=$(id_of 2048)
"$bin" gomoku review --id "$gid" --time-ms 50 --db "$tmp/t.db" > "$tmp/first" 2>&1
"$bin" gomoku review --id "$gid" --time-ms 50 --db "$tmp/t.db" > "$tmp/second" 2>&1
check "gomoku review --id" grep -q "moves reviewed" "$tmp/first"
check "a stored review is read back" grep -q "stored review" "$tmp/second"
"$bin" 2048 review --id "$tid" --db "$tmp/t.db" --json > "$tmp/t.json" 2> "$tmp/err"
check "2048 review --json" python3 - "$tmp/t.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["game"] == "2048" and len(r["moves"]) >= 4, r
m = r["moves"][0]
assert set(m["expected_score"]) == {"up", "down", "left", "right"} and "value" in m and m["grade"], m
PY

# Human terms in the hints.
"$bin" gomoku hint --rule freestyle --moves h8i9 --time-ms 100 --json > "$tmp/h.json"
check "gomoku hint win_probability" python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); assert 0 <= h["win_probability"] <= 1 and h["score_text"]' "$tmp/h.json"
"$bin" gomoku hint --rule freestyle --moves h8i9i8h9j8h10 --time-ms 100 > "$tmp/h.txt"
check "gomoku hint +M" grep -Eq "value \+M[0-9]+: win in [0-9]+ moves" "$tmp/h.txt"
"$bin" 2048 hint --board "2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128" --time-ms 20 --score 1200 --json > "$tmp/x.json"
check "2048 hint expected_score" python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); assert any(m["expected_score"] and m["expected_score"] >= 1200 for m in h["moves"])' "$tmp/x.json"

# Bad input.
expect_status 2 gomoku review
expect_status 2 gomoku review --moves h8 --id 1
expect_status 2 gomoku review --moves h8h8
expect_status 2 gomoku review --moves z99
expect_status 2 gomoku review --moves h8 --human green
expect_status 2 gomoku review --moves h8 --time-ms 0
expect_status 1 gomoku review --id 999 --db "$tmp/t.db"
expect_status 1 gomoku review --id "$tid" --db "$tmp/t.db"
expect_status 2 2048 review --id 0 --db "$tmp/t.db"
expect_status 1 2048 review --id "$gid" --db "$tmp/t.db"
expect_status 2 2048 review --id 1 --no-db
expect_status 1 gomoku winprob fit "$tmp/none.json"
expect_status 1 gomoku winprob fit "$tmp/t.json"
expect_status 2 gomoku winprob fit "$src/data/selfplay/free-1.json" --depth 0
exit $fail
