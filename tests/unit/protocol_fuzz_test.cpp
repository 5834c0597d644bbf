// The protocol fuzzer, run briefly with every test run. For a long run (on the sanitizer build):
//   TILESTONE_FUZZ_SESSIONS=20000 build-asan/unit_tests --gtest_filter='ProtocolFuzz.*'
// TILESTONE_FUZZ_SEED and TILESTONE_FUZZ_TOLERANCE_MS change the seed and the lateness allowed.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "protocol_fuzz.h"

using namespace tilestone;

namespace {

long env_or(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtol(v, nullptr, 10) : fallback;
}

TEST(ProtocolFuzz, RandomSessionsAreAnsweredWellAndInTime) {
  fuzz::FuzzConfig config;
  config.sessions = static_cast<int>(env_or("TILESTONE_FUZZ_SESSIONS", config.sessions));
  config.seed = static_cast<std::uint64_t>(env_or("TILESTONE_FUZZ_SEED", static_cast<long>(config.seed)));
  config.first = static_cast<int>(env_or("TILESTONE_FUZZ_FIRST", 0));
  config.echo = env_or("TILESTONE_FUZZ_ECHO", 0) != 0;
  config.tolerance_ms = static_cast<int>(env_or("TILESTONE_FUZZ_TOLERANCE_MS", config.tolerance_ms));
  const auto r = fuzz::fuzz_protocol(config);
  std::printf("protocol fuzz: seed %llu, %d sessions (%d legal games), %ld commands, %ld moves, %ld refused; "
              "crashes 0, hangs 0, protocol breaks %ld, late answers %ld (tolerance %d ms, worst %.1f ms past the limit; "
              "%ld more gone in replays (machine stalls); by the wall clock, waits for a CPU included: %ld late, worst %.1f ms)\n",
              static_cast<unsigned long long>(config.seed), r.sessions, r.games, r.commands, r.moves, r.refused, r.breaks,
              r.late, config.tolerance_ms, r.worst_overshoot_ms, r.late_transient, r.late_wall, r.worst_wall_overshoot_ms);
  for (const auto& f : r.failures) std::printf("%s\n", f.c_str());
  EXPECT_EQ(r.sessions, config.sessions);
  EXPECT_EQ(r.breaks, 0);
  EXPECT_EQ(r.late, 0);
  EXPECT_GT(r.moves, 0);
  EXPECT_GT(r.refused, 0);
}

}  // namespace
