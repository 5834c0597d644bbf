#pragma once
// The deterministic Gomoku bench: fixed positions for each rule searched by `strong` at a fixed
// depth with one thread and a fixed seed. Same build, same nodes and signature on every run.

#include <cstdint>

namespace tilestone::gomoku {

struct BenchResult {
  std::uint64_t nodes;
  std::uint64_t signature;
  double seconds;  ///< time spent in the searches (tables built before the clock starts)
};

BenchResult run_bench();

}  // namespace tilestone::gomoku
