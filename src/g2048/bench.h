#pragma once
// The deterministic 2048 bench behind `tilestone bench`: fixed positions searched by expectimax,
// minimax and Monte Carlo at fixed depths, one thread, fixed seeds. Same build, same nodes and
// signature on every run (tests/bench.ref).

#include <cstdint>

namespace tilestone::g2048 {

/// The deterministic search benchmark: fixed positions, fixed depths, one thread, fixed seed.
struct SearchBench {
  std::uint64_t nodes = 0;
  std::uint64_t signature = 0;
  double seconds = 0;
};
SearchBench run_search_bench();

}  // namespace tilestone::g2048
