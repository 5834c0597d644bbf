#!/usr/bin/env bash
# The HTTP fuzzer, briefly: 300 seeded requests to every endpoint of a fresh server, then the
# database checked after a SIGKILL. The long run is in docs/experiments.md (scripts/fuzz_http.py --requests 5200).
set -u
bin=$1 src=$2
python3 "$src/scripts/fuzz_http.py" --bin "$bin" --requests "${FUZZ_HTTP_REQUESTS:-300}" --seed "${FUZZ_SEED:-1}" \
  --slack-s "${FUZZ_SLACK_S:-2}"
