#!/usr/bin/env bash
# `tilestone bench` prints the node counts and signatures recorded in tests/bench.ref.
set -u
bin=$1 src=$2
got=$("$bin" bench --quiet) || { echo "tilestone bench failed"; exit 1; }
want=$(cat "$src/tests/bench.ref")
if [ "$got" != "$want" ]; then
  echo "bench signature changed (update tests/bench.ref and say why in the commit):"
  diff <(echo "$want") <(echo "$got")
  exit 1
fi
echo "bench signature ok"
