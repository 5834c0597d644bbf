#pragma once
// Board evaluations of the 2048 AIs: the table-driven expectimax heuristic and the two seed
// heuristic sets (002: ovolve's smoothness / monotonicity / empty / max and islands; 004: the
// snake-shaped set with weights).

#include <array>

#include "g2048/ai.h"
#include "g2048/board.h"

namespace tilestone::g2048 {

/// Per-row scores of the expectimax heuristic (built once).
const std::array<float, 65536>& row_heuristic_table();

/// Expectimax heuristic: the sum of the row scores of the rows and of the columns.
inline float expectimax_eval(Board b) {
  const auto& t = row_heuristic_table();
  const std::uint64_t r = b.bits(), c = b.transposed().bits();
  return t[r & 0xFFFF] + t[(r >> 16) & 0xFFFF] + t[(r >> 32) & 0xFFFF] + t[r >> 48] + t[c & 0xFFFF] +
         t[(c >> 16) & 0xFFFF] + t[(c >> 32) & 0xFFFF] + t[c >> 48];
}

namespace seed002 {
/// Builds the line tables the seed heuristics use (once; later calls do nothing).
void init_tables();
/// Minus the exponent gaps between each tile and its nearest tile to the right and below.
double smoothness(Board b);
/// The seed's monotonicity along rows and columns (at most 0; 0 is fully monotone).
double monotonicity(Board b);
/// Connected groups of equal tiles.
int islands(Board b);
/// The seed's computer-turn fitness, -smoothness + islands, of the board after a 2 (index 0)
/// or a 4 (index 1) is placed on each empty cell (second index = cell); occupied cells hold
/// INT_MIN. Computed from b's own lines and groups: a placement changes one row, one column and
/// the groups it touches, so this costs one islands() instead of one per placement.
using Placements = std::array<std::array<int, 16>, 2>;
Placements placement_fitness(Board b);
/// 0.1 smoothness + 1.3 monotonicity + 2.7 ln(empty) + 1.0 max exponent.
double evaluate(Board b);
}  // namespace seed002

namespace seed004 {
/// The six terms in order: snake smoothness, snake monotonicity, empty, max exponent,
/// repeats, mean exponent.
std::array<double, 6> terms(Board b);
double evaluate(Board b, const Seed004Weights& w);
}  // namespace seed004

}  // namespace tilestone::g2048
