# tilestone — the two set-up commands are `make run` and `make test`.
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan
WIN_BUILD ?= build-win64
WIN_AVX2_BUILD ?= build-win64-avx2
WIN_CMAKE = -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release -DTILESTONE_ENGINE_ONLY=ON

.PHONY: all deps deps-test build run test test-sanitize fuzz fuzz-protocol bench cli-docs package windows windows-generic gomocup clean

all: build

# What building and running need (`make run`); deps-test adds the test tools (`make test`).
deps:
	@bash scripts/deps.sh run

deps-test:
	@bash scripts/deps.sh test

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release > /dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@./$(BUILD)/tilestone serve

# The generic Windows engine is built first: its tests run it under Wine (`make windows` builds
# the AVX2 one too, which the tests also run where it is built and the CPU has AVX2).
test: deps-test build windows-generic
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Unit tests under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs this too), then the
# command-line and HTTP fuzzers, briefly, against the sanitized executable (the server is stopped
# with SIGTERM so that LeakSanitizer checks it). Left to the Release run, where they take a few
# seconds: the bench-signature test, the exhaustive renju checks (perft to depth 3, the reference
# on random games) and the longer of the two self-play tests with lines off the game's path; each
# repeats, 30 to 60 times slower here, code that the other tests run under the sanitizers. The
# unit tests run as one shard per core (scripts/gtest_shards.sh).
SANITIZE_SKIP = GomokuBench.DeterministicNodesAndSignature:GomokuPerft.RenjuRemovesForbiddenMoves:RenjuReference.AgreesWithTheEngineOnRandomGames:GomokuSelfplay.OffPathPositionsAreOneOtherMoveAwayAndLeaveTheGamesAlone
test-sanitize: deps-test
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests tilestone
	@cd $(ASAN_BUILD) && bash $(CURDIR)/scripts/gtest_shards.sh ./unit_tests $(JOBS) --gtest_brief=1 --gtest_filter='-$(SANITIZE_SKIP)'
	@python3 scripts/fuzz_cli.py --bin $(ASAN_BUILD)/tilestone --cases 60 --table-sample 1 --jobs $(JOBS)
	@python3 scripts/fuzz_http.py --bin $(ASAN_BUILD)/tilestone --requests 300 --slack-s 5 --stop term

# The long runs behind the figures in docs/results/ (about 20 minutes on 2 cores): every must-refuse
# value and 5,100 random invocations, 1,000 more against the sanitized executable (a third of a
# second each), 5,200 HTTP requests to the sanitized server; then the slow-client test.
fuzz: deps-test build
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
fuzz-protocol: deps-test
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTILESTONE_SANITIZE=ON -DTILESTONE_BENCHMARKS=OFF > /dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests
	@cd $(ASAN_BUILD) && TILESTONE_FUZZ_SESSIONS=$(FUZZ_SESSIONS) TILESTONE_FUZZ_SEED=$(FUZZ_SEED) \
		./unit_tests --gtest_brief=1 --gtest_filter='ProtocolFuzz.*'

bench: build
	@./$(BUILD)/micro_bench
	@./$(BUILD)/tilestone bench

# docs/cli.md, the command-line reference, from the programs' own help (the test
# docs.cli_reference fails when it is out of date).
cli-docs: build
	@python3 scripts/gen_cli_docs.py --bin $(BUILD)/tilestone --pbrain $(BUILD)/pbrain-tilestone --out docs/cli.md

# The Debian package, dist/tilestone_VERSION_ARCH.deb (cmake/install.cmake, docs/install.md): the
# programs, the shipped network, the manual pages; its Depends from the libraries they link.
package: build
	@mkdir -p dist
	@cd $(BUILD) && cpack --config CPackConfig.cmake > cpack.log || { cat cpack.log; exit 1; }
	@ls -l dist/tilestone_*.deb

# The Gomocup engine for Windows, cross-built by MinGW-w64 and linked statically: one program for
# any x86-64 CPU and one for CPUs with AVX2 (docs/gomocup-engine.md). Only the engine, the
# protocol and pbrain-tilestone are built (TILESTONE_ENGINE_ONLY): they need no other library.
windows: windows-generic
	@cmake -S . -B $(WIN_AVX2_BUILD) $(WIN_CMAKE) -DTILESTONE_AVX2=ON > /dev/null
	@cmake --build $(WIN_AVX2_BUILD) -j $(JOBS) --target pbrain-tilestone

windows-generic: deps-test
	@cmake -S . -B $(WIN_BUILD) $(WIN_CMAKE) > /dev/null
	@cmake --build $(WIN_BUILD) -j $(JOBS) --target pbrain-tilestone

# The ZIP Gomocup accepts: the two Windows programs at its root, nothing else.
gomocup: windows
	@mkdir -p dist
	@rm -f dist/tilestone-gomocup.zip
	@zip -q -j -X dist/tilestone-gomocup.zip $(WIN_BUILD)/pbrain-tilestone64.exe $(WIN_AVX2_BUILD)/pbrain-tilestone64_avx2.exe
	@zip -sf dist/tilestone-gomocup.zip

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(WIN_BUILD) $(WIN_AVX2_BUILD) dist
