#pragma once
// Search-checked balanced openings: random short openings near the centre, each valued by a
// fixed-depth `strong` search, kept when the side to move's chance to win (by the calibrated
// win-probability curve) lies near one half. A match that starts from such openings spends
// fewer games on positions one colour wins whoever plays it. Deterministic: the same options
// give the same openings on every machine and with any number of jobs.

#include <cstdint>
#include <functional>
#include <vector>

#include "gomoku/types.h"

namespace tilestone::gomoku {

struct BalancedOptions {
  int size = 15;
  Rule rule = Rule::FREESTYLE;
  int count = 50;             ///< openings wanted
  int stones = 5;             ///< stones in each opening, black first, alternately
  int radius = 3;             ///< stones lie within this Chebyshev distance of the centre
  int depth = 6;              ///< depth of the search that values a candidate
  double balance = 0.1;       ///< keep a candidate when |chance to win - 0.5| <= balance
  std::uint64_t seed = 1;
  unsigned jobs = 1;          ///< candidates valued at the same time (the result does not change)
  int max_candidates = 0;     ///< give up after this many candidates (0: 200 per opening wanted)
};

struct BalancedOpening {
  std::vector<Point> moves;
  int value = 0;             ///< the search value for the side to move
  double black_chance = 0;   ///< black's chance to win by the win-probability curve
};

struct BalancedProgress {
  int candidates = 0;        ///< drawn so far (failed draws and repeats too)
  int kept = 0;
};

/// Up to options.count openings (fewer when max_candidates run out), in the order drawn, no two
/// the same position up to the board's symmetries; no stone makes a five or is forbidden, and
/// neither side can make a four or five at once.
std::vector<BalancedOpening> balanced_openings(const BalancedOptions& options,
                                               const std::function<void(const BalancedProgress&)>& progress = {});

}  // namespace tilestone::gomoku
