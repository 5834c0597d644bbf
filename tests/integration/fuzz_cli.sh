#!/usr/bin/env bash
# The command-line fuzzer, briefly: the must-refuse table and 200 random invocations (seeded).
# The long run is in docs/experiments.md (scripts/fuzz_cli.py --cases 5100).
set -u
bin=$1 src=$2
python3 "$src/scripts/fuzz_cli.py" --bin "$bin" --cases "${FUZZ_CLI_CASES:-200}" --seed "${FUZZ_SEED:-1}" --jobs 2
