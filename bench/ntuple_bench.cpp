// Micro-benchmark of the n-tuple network: afterstate evaluations per second on one core, with the
// default layout (4 six-tuples, 268 MB of weights: most reads miss the caches, as in play).

#include <benchmark/benchmark.h>

#include <vector>

#include "core/rng.h"
#include "g2048/ntuple.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

void BM_NTupleValue(benchmark::State& state) {
  static const NTupleNetwork net;  // built once: 268 MB of zeroed weights
  core::Rng rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < 4096; ++i) {
    std::uint64_t bits = 0;
    for (int c = 0; c < 16; ++c) bits |= static_cast<std::uint64_t>(rng.below(3) ? rng.below(14) : 0) << (4 * c);
    boards.emplace_back(bits);
  }
  std::size_t i = 0;
  float acc = 0;
  for (auto _ : state) acc += net.value(boards[i++ & 4095]);
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_NTupleValue);

}  // namespace
