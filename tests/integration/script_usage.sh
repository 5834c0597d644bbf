#!/usr/bin/env bash
# The scripts that take arguments answer a missing one with their header comment (what they do,
# their arguments and settings), exit status 2, and none of their code.
set -u
bin=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
source "$(dirname "$0")/lib/checks.sh"

for script in bench_2048_tdl.sh gomoku_generation.sh gomoku_selfplay_chunks.sh train_2048_stages.sh; do
  bash "$root/scripts/$script" > "$tmp/out" 2> "$tmp/usage"
  check "$script without arguments exits 2" test $? = 2
  check "$script prints its usage" test -s "$tmp/usage"
  check "$script's usage is its header comment, no code" test "$(grep -vc '^#' "$tmp/usage")" = 0
  check "$script's usage ends where the header does" test "$(wc -l < "$tmp/usage")" = "$(awk 'NR > 1 { if (!/^#/) exit; n++ } END { print n }' "$root/scripts/$script")"
done

exit $fail
