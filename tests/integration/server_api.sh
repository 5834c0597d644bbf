#!/usr/bin/env bash
# Starts `tilestone serve` on a free port and runs the API tests against it.
set -u
bin=$1 src=$2
log=$(mktemp)
"$bin" serve --port 0 > "$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do
  url=$(grep -o 'http://[0-9.]*:[0-9]*' "$log" | head -1)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "${url:-}" ] || { echo "server did not start:"; cat "$log"; exit 1; }
python3 "$src/tests/integration/api_test.py" "$url"
