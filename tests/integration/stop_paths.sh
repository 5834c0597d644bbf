#!/usr/bin/env bash
# Every long search stops when asked: YXSTOP and END during a long think of pbrain-tilestone
# (through real pipes), Ctrl-C in `gomoku hint` (the best move so far is printed), and a web
# client that closes its stream (the server cancels the search and frees its slot).
set -u
source "$(dirname "$0")/lib/serve.sh"
T=$1 SRC=$2 BUILD=$3
dir=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 1. The Gomocup brain: an unlimited turn streams its lines, YXSTOP answers, END exits.
python3 "$SRC/scripts/pbrain_stop_latency.py" --bin "$BUILD/pbrain-tilestone" --tries 3 --think-ms 600 --max-ms 1500 \
  || fail "pbrain-tilestone did not stop in time"

# 2. Ctrl-C in a one-minute hint.
"$T" gomoku hint --rule freestyle --size 22 --moves h8i9h9 --time-ms 60000 > "$dir/hint" 2>&1 &
hint=$!
sleep 1.5
start=$(date +%s%N)
kill -INT $hint
wait $hint
rc=$?
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ $rc = 0 ] || fail "hint exited $rc after Ctrl-C: $(cat "$dir/hint")"
grep -Eq '^move  [a-v][0-9]+$' "$dir/hint" || fail "no move after Ctrl-C: $(cat "$dir/hint")"
grep -q 'stopped: the best move so far' "$dir/hint" || fail "the hint does not say it was stopped: $(cat "$dir/hint")"
[ $took_ms -lt 2000 ] || fail "the hint took $took_ms ms to stop"

# 3. The server: one search slot; a stream whose client goes away must give it back at once.
"$T" serve --port 0 --no-db --max-searches 1 --max-time-ms 60000 > "$dir/log" 2>&1 &
pid=$!
url=$(served_url "$dir/log")
[ -n "$url" ] || fail "the server did not start: $(cat "$dir/log")"
python3 - "$url" <<'PY' || exit 1
import json, socket, sys, time, urllib.request
url = sys.argv[1]
host, port = url.split("//")[1].split(":")
s = socket.create_connection((host, int(port)))
s.sendall(b"GET /api/gomoku/move/stream?size=22&rule=freestyle&moves=h8i9h9&level=strong&time_ms=60000 HTTP/1.1\r\n"
          b"Host: x\r\n\r\n")
got, until = b"", time.monotonic() + 10
while b"event: info" not in got and time.monotonic() < until:
    got += s.recv(4096)
if b"event: info" not in got:
    sys.exit(f"FAIL: the stream sent no info: {got[:300]!r}")
s.close()  # the page goes away in the middle of a one-minute search
start = time.monotonic()
req = urllib.request.Request(url + "/api/gomoku/move", data=json.dumps({"moves": "h8", "time_ms": 100}).encode(),
                             headers={"Content-Type": "application/json"})
try:
    with urllib.request.urlopen(req, timeout=30) as r:
        status = r.status
except urllib.error.HTTPError as e:
    status = e.code
took = time.monotonic() - start
if status != 200 or took > 5:
    sys.exit(f"FAIL: the next search got HTTP {status} after {took:.1f} s: the gone client's search kept the slot")
PY
echo "stop paths: ok"
