// Micro-benchmarks of the 2048 board: moves per second on one core.

#include <benchmark/benchmark.h>

#include <vector>

#include "core/rng.h"
#include "g2048/board.h"
#include "g2048/game.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

std::vector<Board> sample_boards(int n) {
  core::Rng rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < n; ++i) {
    std::uint64_t bits = 0;
    for (int c = 0; c < 16; ++c) bits |= static_cast<std::uint64_t>(rng.below(3) ? rng.below(11) : 0) << (4 * c);
    boards.emplace_back(bits);
  }
  return boards;
}

// One board move (any direction) per iteration, over a pool of varied boards.
void BM_BoardMove(benchmark::State& state) {
  const auto boards = sample_boards(4096);
  std::size_t i = 0;
  std::uint64_t acc = 0;
  for (auto _ : state) {
    const Board b = boards[i & 4095];
    acc += b.after(ALL_DIRS[i & 3]).bits();
    ++i;
  }
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_BoardMove);

void BM_BoardMoveLeftRight(benchmark::State& state) {
  const auto boards = sample_boards(4096);
  std::size_t i = 0;
  std::uint64_t acc = 0;
  for (auto _ : state) {
    acc += boards[i & 4095].after((i & 1) ? Dir::Left : Dir::Right).bits();
    ++i;
  }
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_BoardMoveLeftRight);

void BM_RandomPlayoutStep(benchmark::State& state) {
  core::Rng rng(3);
  Board b = spawn_random(spawn_random(Board{}, rng), rng);
  for (auto _ : state) {
    const Dir d = ALL_DIRS[rng.below(4)];
    const Board n = b.after(d);
    if (n != b) b = spawn_random(n, rng);
    if (!b.has_move()) b = spawn_random(spawn_random(Board{}, rng), rng);
  }
  benchmark::DoNotOptimize(b);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_RandomPlayoutStep);

}  // namespace

BENCHMARK_MAIN();
