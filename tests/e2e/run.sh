#!/usr/bin/env bash
# Browser tests: starts `tilestone serve` on a free port and drives the web UI with Playwright
# over Debian's Chromium. Usage: tests/e2e/run.sh <tilestone-binary> [name.test.mjs ...];
# tests/e2e/run.sh --install only checks Chromium and node and installs playwright-core.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 <tilestone-binary> [name.test.mjs ...] | $0 --install" >&2
  exit 2
fi
HERE="$(cd "$(dirname "$0")" && pwd)"
DATA="$(cd "$HERE/../../data" && pwd)"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
INSTALL_ONLY=0
if [ "$1" = "--install" ]; then
  INSTALL_ONLY=1
else
  BIN="$(realpath "$1")"
  if [ ! -x "$BIN" ]; then
    echo "e2e: $BIN is not an executable" >&2
    exit 2
  fi
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
if [ "$INSTALL_ONLY" -eq 1 ]; then
  echo "e2e: chromium, node and playwright-core are ready"
  exit 0
fi

# Each test file gets its own server on a free port and a fresh game database, so the History
# page starts empty for every file and the user's own games stay untouched. Usage of one file
# only: tests/e2e/run.sh <tilestone-binary> [name.test.mjs ...]
shift
FILES=("$@")
if [ ${#FILES[@]} -eq 0 ]; then
  mapfile -t FILES < <(cd "$HERE" && ls -1 ./*.test.mjs | sed 's|^\./||' | sort)
fi

SERVER_PID=""
LOG=""
DB_DIR=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2> /dev/null; then
    kill "$SERVER_PID" 2> /dev/null || true
    wait "$SERVER_PID" 2> /dev/null || true
  fi
  SERVER_PID=""
  [ -n "$LOG" ] && rm -f "$LOG"
  [ -n "$DB_DIR" ] && rm -rf "$DB_DIR"
  LOG=""
  DB_DIR=""
}
trap stop_server EXIT

start_server() {
  # A free port: ask the kernel for one, then hand it to the server.
  PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();})')"
  LOG="$(mktemp -t tilestone-e2e-server.XXXXXX.log)"
  DB_DIR="$(mktemp -d -t tilestone-e2e-db.XXXXXX)"
  # The Gomoku page's file gets a server with the shipped networks of freestyle and renju only, so
  # that it sees both a rule with a network and one without (how a server with networks of its
  # own for some rules looks); the other files get every shipped network.
  local nets=""
  if [ "$1" = gomoku_page.test.mjs ]; then
    nets="$DB_DIR/networks"
    mkdir -p "$nets"
    for rule in freestyle renju; do ln -s "$DATA/gomoku-$rule.tsnet" "$nets/"; done
  fi
  TILESTONE_GOMOKU_NETWORKS="$nets" "$BIN" serve --port "$PORT" --db "$DB_DIR/e2e.db" > "$LOG" 2>&1 &
  SERVER_PID=$!
  BASE="http://127.0.0.1:$PORT"
  for _ in $(seq 1 100); do
    if node -e "fetch('$BASE/api/info').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2> /dev/null; then
      return 0
    fi
    if ! kill -0 "$SERVER_PID" 2> /dev/null; then
      echo "e2e: FAIL: the server exited early:" >&2
      cat "$LOG" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "e2e: FAIL: the server did not answer on $BASE:" >&2
  cat "$LOG" >&2
  return 1
}

FAILED=()
for FILE in "${FILES[@]}"; do
  start_server "$FILE" || exit 1
  echo "e2e: $FILE"
  set +e
  CHROMIUM="$CHROMIUM" node --test-reporter=spec "$HERE/$FILE" "$BASE"
  STATUS=$?
  set -e
  if [ $STATUS -ne 0 ]; then
    FAILED+=("$FILE")
    echo "e2e: server log ($FILE):" >&2
    tail -n 40 "$LOG" >&2
  fi
  stop_server
done
if [ ${#FAILED[@]} -ne 0 ]; then
  echo "e2e: FAIL: ${FAILED[*]}" >&2
  exit 1
fi
echo "e2e: all ${#FILES[@]} files passed"
