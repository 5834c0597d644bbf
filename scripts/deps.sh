#!/usr/bin/env bash
# Installs the Debian packages (and npm packages for browser tests) tilestone needs.
# Idempotent: installs only what is missing. Uses sudo only when not root.
set -euo pipefail

PKGS=(cmake g++ make pkg-config libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
      nlohmann-json3-dev libcpp-httplib-dev libsqlite3-dev libfmt-dev sqlite3 libzstd-dev parallel)
# Only for tests and packaging: the Windows engine, cross-built with MinGW-w64 (the posix threads
# model, for std::thread) and run under Wine by `make test`; zip for `make gomocup`.
TEST_PKGS=(g++-mingw-w64-x86-64-posix wine64 zip)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PKGS[@]}" "${TEST_PKGS[@]}"; do
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
if [ -f "$(dirname "$0")/deps-web.sh" ]; then
  bash "$(dirname "$0")/deps-web.sh"
fi
