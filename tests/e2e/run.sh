#!/usr/bin/env bash
# Browser tests: starts `tilestone serve` on a free port and drives the web UI with Playwright
# over Debian's Chromium. Usage: tests/e2e/run.sh <tilestone-binary>
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 <tilestone-binary>" >&2
  exit 2
fi
BIN="$(realpath "$1")"
HERE="$(cd "$(dirname "$0")" && pwd)"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

if [ ! -x "$BIN" ]; then
  echo "e2e: $BIN is not an executable" >&2
  exit 2
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "e2e: FAIL: $CHROMIUM is missing. Install it with 'apt-get install -y chromium' (or run scripts/deps-web.sh)." >&2
  exit 1
fi
if ! command -v node > /dev/null; then
  echo "e2e: FAIL: node is missing. Install Debian's nodejs and npm (or run scripts/deps-web.sh)." >&2
  exit 1
fi
if [ ! -d "$HERE/node_modules/playwright-core" ]; then
  echo "e2e: installing playwright-core into tests/e2e/node_modules"
  if [ -f "$HERE/package-lock.json" ]; then
    npm ci --prefix "$HERE" --no-audit --no-fund > /dev/null
  else
    npm install --prefix "$HERE" --no-audit --no-fund > /dev/null
  fi
fi

# A free port: ask the kernel for one, then hand it to the server.
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();})')"
LOG="$(mktemp -t tilestone-e2e-server.XXXXXX.log)"
# A fresh game database, so the History page starts empty and the user's own games stay untouched.
DB_DIR="$(mktemp -d -t tilestone-e2e-db.XXXXXX)"
"$BIN" serve --port "$PORT" --db "$DB_DIR/e2e.db" > "$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  if kill -0 "$SERVER_PID" 2> /dev/null; then
    kill "$SERVER_PID" 2> /dev/null || true
    wait "$SERVER_PID" 2> /dev/null || true
  fi
  rm -f "$LOG"
  rm -rf "$DB_DIR"
}
trap cleanup EXIT

BASE="http://127.0.0.1:$PORT"
READY=0
for _ in $(seq 1 100); do
  if node -e "fetch('$BASE/api/info').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2> /dev/null; then
    READY=1
    break
  fi
  if ! kill -0 "$SERVER_PID" 2> /dev/null; then
    echo "e2e: FAIL: the server exited early:" >&2
    cat "$LOG" >&2
    exit 1
  fi
  sleep 0.1
done
if [ $READY -ne 1 ]; then
  echo "e2e: FAIL: the server did not answer on $BASE:" >&2
  cat "$LOG" >&2
  exit 1
fi

set +e
CHROMIUM="$CHROMIUM" node --test-reporter=spec "$HERE/ui.test.mjs" "$BASE"
STATUS=$?
set -e
if [ $STATUS -ne 0 ]; then
  echo "e2e: server log:" >&2
  tail -n 40 "$LOG" >&2
fi
exit $STATUS
