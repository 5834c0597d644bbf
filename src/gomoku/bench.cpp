#include "gomoku/bench.h"

#include <string_view>

#include "core/clock.h"
#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/network.h"
#include "gomoku/notation.h"

namespace tilestone::gomoku {
namespace {

struct BenchPosition {
  Rule rule;
  std::string_view moves;
};

// Middle-game positions from engine games, two per rule, none decided by a threat search at
// the root (such a position measures nothing).
constexpr BenchPosition POSITIONS[] = {
    {Rule::FREESTYLE, "h8i9h9h10g8i8j7g10"},
    {Rule::FREESTYLE, "h8g9f10f9i10g8g7e9h9h7e10g10h11j5"},
    {Rule::STANDARD, "h8g9i9g7g8i7j10f8"},
    {Rule::STANDARD, "h8h9i8g8j8k8i9j10"},
    {Rule::RENJU, "h8g9j10h10h9g8g10f11i11k11i12h12j11h13"},
    {Rule::RENJU, "h8h7g9i9g7i8i6j8"},
};
constexpr int BENCH_DEPTH = 8;
constexpr std::uint64_t BENCH_SEED = 2048;

}  // namespace

BenchResult run_bench(bool network) {
  BenchResult out{0, 0, 0};
  std::uint64_t sig = BENCH_SEED;
  std::int64_t search_us = 0;
  for (const auto& pos : POSITIONS) {
    // Boards and engines are made off the clock: the first board builds the pattern tables,
    // which a process does once, and the speed measured is the search's.
    const auto board = board_from_moves(parse_moves(pos.moves, params::DEFAULT_SIZE).value(), params::DEFAULT_SIZE, pos.rule);
    auto engine = make_engine(Level::STRONG, network ? std::make_shared<const Network>(Network::random(pos.rule, BENCH_SEED)) : nullptr);
    Limits limits;
    limits.time_ms = 0;
    limits.depth = BENCH_DEPTH;
    limits.threads = 1;
    limits.seed = BENCH_SEED;
    limits.memory_mb = 16;
    const auto clock = core::Deadline::in_ms(0);
    const auto r = engine->search(board.value(), limits);
    search_us += clock.elapsed_us();
    out.nodes += r.nodes;
    // Fold the node count, move and value into the signature.
    sig ^= r.nodes + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(r.move.x * 32 + r.move.y + 1);
    sig ^= static_cast<std::uint64_t>(static_cast<std::uint32_t>(r.value)) << 20;
    std::uint64_t state = sig;
    sig = core::splitmix64(state);
  }
  out.signature = sig;
  out.seconds = static_cast<double>(search_us) / 1e6;
  return out;
}

}  // namespace tilestone::gomoku
