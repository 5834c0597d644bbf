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

/// The classical evaluation; with `network`, the network of each position's rule (a seeded random
/// network of each rule stands in until every rule has a shipped one: the signature then pins
/// the network's arithmetic and its use by the search).
BenchResult run_bench(bool network = false);

}  // namespace tilestone::gomoku
