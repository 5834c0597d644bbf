#!/usr/bin/env bash
# Installs the Debian packages (and npm packages for browser tests) tilestone needs.
# Idempotent: installs only what is missing. Uses sudo only when not root.
set -euo pipefail

# To build and run (`make run`, `scripts/deps.sh run`); help2man makes the manual pages and
# dpkg-dev's dpkg-shlibdeps the Debian package's Depends (`make package`).
PKGS=(cmake g++ make pkg-config libcli11-dev nlohmann-json3-dev libcpp-httplib-dev libsqlite3-dev libfmt-dev
      libzstd-dev help2man dpkg-dev)
# To test as well (`make test`, `scripts/deps.sh test`, the default): GoogleTest and Benchmark, GNU
# parallel and sqlite3 for the integration tests, zstd for the data-file tests; the Windows engine,
# cross-built with MinGW-w64 (the posix threads model, for std::thread) and run under Wine, zip for
# `make gomocup`; Debian's /usr/bin/python3 with torch, numpy and zstandard for the Gomoku
# network's trainer and its agreement with the engine. deps-web.sh adds the browser tests' tools.
TEST_PKGS=(libgtest-dev libgmock-dev libbenchmark-dev parallel sqlite3 zstd g++-mingw-w64-x86-64-posix wine64 zip
           python3-torch python3-numpy python3-zstandard)
MODE=${1:-test}
case "$MODE" in
  run) TEST_PKGS=() ;;
  test) ;;
  *) echo "usage: scripts/deps.sh [run|test]" >&2; exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PKGS[@]}" ${TEST_PKGS[@]+"${TEST_PKGS[@]}"}; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "deps: all Debian packages present"
fi

# Browser tests: Debian's Chromium and npm's playwright-core.
if [ "$MODE" = test ] && [ -f "$(dirname "$0")/deps-web.sh" ]; then
  bash "$(dirname "$0")/deps-web.sh"
fi
