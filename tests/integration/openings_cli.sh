#!/usr/bin/env bash
# tilestone gomoku openings: a balanced openings file that gomoku match reads, the same file for
# the same seed with any --jobs, and bad options refused with a message.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"

expect_status 0 gomoku openings --count 4 --depth 3 --seed 5 --out "$tmp/a.txt"
check "the summary names the file" grep -q "4 openings written to $tmp/a.txt" "$tmp/err"
check "four opening lines of five stones" test "$(grep -v '^#' "$tmp/a.txt" | awk -F, 'NF == 10' | wc -l)" = 4
check "every line starts on the centre" test "$(grep -v '^#' "$tmp/a.txt" | grep -c '^0, 0, ')" = 4
expect_status 0 gomoku openings --count 4 --depth 3 --seed 5 --jobs 2 --out "$tmp/b.txt"
check "jobs do not change the file" cmp -s "$tmp/a.txt" "$tmp/b.txt"
expect_status 0 gomoku openings --count 4 --depth 3 --seed 6
check "without --out the openings go to standard output" test "$(grep -vc '^#' "$tmp/out")" = 4
check "another seed, other openings" test "$(grep -v '^#' "$tmp/out")" != "$(grep -v '^#' "$tmp/a.txt")"
expect_status 0 gomoku openings --count 3 --depth 3 --seed 5 --rule renju --stones 6 --out "$tmp/r.txt"
expect_status 0 gomoku match --black scorer --white scorer --games 4 --time-ms 10 --openings "$tmp/a.txt"
check "the match played the file's openings" grep -q "4 games" "$tmp/out"
expect_status 0 gomoku match --black scorer --white scorer --games 2 --time-ms 10 --rule renju --openings "$tmp/r.txt"

expect_status 2 gomoku openings --count 0
expect_status 2 gomoku openings --count 3 --balance 0.7
check "a bad balance is explained" grep -q "balance: .0.7. is not a number from" "$tmp/err"
expect_status 2 gomoku openings --count 3 --rule gomocup
expect_status 2 gomoku openings --count 3 --stones 30 --radius 2
check "too many stones for the radius are explained" grep -q "do not fit" "$tmp/err"
expect_status 2 gomoku openings --count 3 --size 9 --radius 6
expect_status 2 gomoku openings --count 3 --depth 40
expect_status 1 gomoku openings --count 2 --out /nonexistent/dir/o.txt --depth 2
exit $fail
