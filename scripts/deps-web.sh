#!/usr/bin/env bash
# Installs what the browser tests need: Debian's chromium (and nodejs/npm if missing), then
# playwright-core in tests/e2e. Idempotent; uses sudo only when not root. No browser download.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps-web: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}"
else
  echo "deps-web: chromium and node present"
fi

E2E="$ROOT/tests/e2e"
if [ ! -d "$E2E/node_modules/playwright-core" ]; then
  echo "deps-web: installing npm packages in tests/e2e"
  if [ -f "$E2E/package-lock.json" ]; then
    npm ci --prefix "$E2E" --no-audit --no-fund
  else
    npm install --prefix "$E2E" --no-audit --no-fund
  fi
else
  echo "deps-web: tests/e2e/node_modules present"
fi
