# tilestone — the two set-up commands are `make run` and `make test`.
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan

.PHONY: all deps build run test test-sanitize fuzz fuzz-protocol bench clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@./$(BUILD)/tilestone serve

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Unit tests under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs this too), then the
# command-line and HTTP fuzzers, briefly, against the sanitized executable (the server is stopped
# with SIGTERM so that LeakSanitizer checks it). The bench-signature test is left to the Release
# run: it repeats, ten times slower, search code the other Gomoku tests already cover. The unit
# tests run as one shard per core (scripts/gtest_shards.sh).
test-sanitize: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests tilestone
	@cd $(ASAN_BUILD) && bash $(CURDIR)/scripts/gtest_shards.sh ./unit_tests $(JOBS) --gtest_brief=1 --gtest_filter='-GomokuBench.DeterministicNodesAndSignature'
	@python3 scripts/fuzz_cli.py --bin $(ASAN_BUILD)/tilestone --cases 60 --table-sample 1 --jobs $(JOBS)
	@python3 scripts/fuzz_http.py --bin $(ASAN_BUILD)/tilestone --requests 300 --slack-s 5 --stop term

# The long runs behind the figures in docs/results/ (about 20 minutes on 2 cores): every must-refuse
# value and 5,100 random invocations, 1,000 more against the sanitized executable (a third of a
# second each), 5,200 HTTP requests to the sanitized server; then the slow-client test.
fuzz: build
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target tilestone
	@python3 scripts/fuzz_cli.py --bin $(BUILD)/tilestone --cases 5100 --table-sample 0 --jobs $(JOBS)
	@python3 scripts/fuzz_cli.py --bin $(ASAN_BUILD)/tilestone --cases 1000 --table-sample 3 --jobs $(JOBS)
	@python3 scripts/fuzz_http.py --bin $(ASAN_BUILD)/tilestone --requests 5200 --slack-s 5
	@python3 scripts/slow_clients.py --bin $(BUILD)/tilestone --idle 70 --hold-s 20 --clients 50

# The Gomocup protocol fuzzer for longer than the 40 sessions every test run plays, on the
# sanitizer build: make fuzz-protocol FUZZ_SESSIONS=20000 [FUZZ_SEED=2048]
FUZZ_SESSIONS ?= 20000
FUZZ_SEED ?= 2048
fuzz-protocol: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests
	@cd $(ASAN_BUILD) && TILESTONE_FUZZ_SESSIONS=$(FUZZ_SESSIONS) TILESTONE_FUZZ_SEED=$(FUZZ_SEED) \
		./unit_tests --gtest_brief=1 --gtest_filter='ProtocolFuzz.*'

bench: build
	@./$(BUILD)/micro_bench
	@./$(BUILD)/tilestone bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
