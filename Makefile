# tilestone — the two set-up commands are `make run` and `make test`.
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan

.PHONY: all deps build run test test-sanitize fuzz-protocol bench clean

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

# Unit tests under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs this too). The
# bench-signature test is left to the Release run: it repeats, ten times slower, search code the
# other Gomoku tests already cover.
test-sanitize: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests
	@cd $(ASAN_BUILD) && ./unit_tests --gtest_brief=1 --gtest_filter='-GomokuBench.DeterministicNodesAndSignature'

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
