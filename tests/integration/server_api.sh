#!/usr/bin/env bash
# Starts `tilestone serve` on a free port with a fresh game database, and a second one whose
# database is corrupt (it must warn once and serve without recording), then runs the API tests.
set -u
bin=$1 src=$2
dir=$(mktemp -d)
"$bin" serve --port 0 --db "$dir/api.db" --max-bench-s 2 > "$dir/log" 2>&1 &
pid=$!
head -c 8192 /dev/urandom > "$dir/bad.db"
"$bin" serve --port 0 --db "$dir/bad.db" > "$dir/log2" 2>&1 &
pid2=$!
trap 'kill $pid $pid2 2>/dev/null; wait $pid $pid2 2>/dev/null; rm -rf "$dir"' EXIT
source "$(dirname "$0")/lib/serve.sh"
url=$(served_url "$dir/log")
url2=$(served_url "$dir/log2")
[ -n "$url" ] || { echo "server did not start:"; cat "$dir/log"; exit 1; }
[ -n "$url2" ] || { echo "the server with a corrupt database did not start:"; cat "$dir/log2"; exit 1; }
grep -q "serving without recording games" "$dir/log2" || { echo "FAIL no warning for a corrupt database:"; cat "$dir/log2"; exit 1; }
[ "$(grep -c 'without recording' "$dir/log2")" = 1 ] || { echo "FAIL the warning is not given once"; exit 1; }
python3 "$src/tests/integration/api_test.py" "$url" "$url2" || exit 1
# What the web games taught the AI is in the same file the command line reads.
"$bin" gomoku learn --stats --db "$dir/api.db" | grep -q "freestyle  15x15  1 learnt moves" \
  || { echo "FAIL the web game's learnt move is not in the database"; "$bin" gomoku learn --stats --db "$dir/api.db"; exit 1; }
# Any address but loopback exposes the unauthenticated API: the server says so, loudly.
"$bin" serve --host 0.0.0.0 --port 0 --no-db > "$dir/log3" 2>&1 &
pid3=$!
url3=$(served_url "$dir/log3")
kill $pid3; wait $pid3
[ -n "$url3" ] && grep -q "WARNING: --host 0.0.0.0 exposes the API to the network WITHOUT authentication" "$dir/log3" \
  || { echo "FAIL no warning for --host 0.0.0.0:"; cat "$dir/log3"; exit 1; }
grep -q WARNING "$dir/log" && { echo "FAIL a warning on loopback:"; cat "$dir/log"; exit 1; }
# A second server cannot take the port of a running one (no SO_REUSEPORT sharing).
port=${url##*:}
"$bin" serve --port "$port" --no-db > "$dir/log4" 2>&1
[ $? = 1 ] && grep -q "cannot bind" "$dir/log4" || { echo "FAIL a second server bound port $port:"; cat "$dir/log4"; exit 1; }
# SIGTERM as soon as the banner is out stops the server at once (it once came before listen()
# had started, found nothing to stop, and the server ran on).
for i in $(seq 20); do
  "$bin" serve --port 0 --no-db > "$dir/log5.$i" 2>&1 &
  pid5=$!
  until grep -q serving "$dir/log5.$i" 2>/dev/null; do kill -0 $pid5 2>/dev/null || break; done
  kill -TERM $pid5
  for _ in $(seq 100); do kill -0 $pid5 2>/dev/null || break; sleep 0.05; done
  if kill -0 $pid5 2>/dev/null; then
    kill -KILL $pid5
    echo "FAIL the server did not stop within 5 s of a SIGTERM right after its banner (try $i)"
    exit 1
  fi
  wait $pid5 || { echo "FAIL the server exited $? after SIGTERM"; exit 1; }
done
echo "server_api: ok"
