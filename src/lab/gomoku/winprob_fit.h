#pragma once
// The fit behind params::WINPROB_SCALE (gomoku/winprob.h): positions sampled from self-play
// games, valued by a short fixed-depth search, the scale that best predicts the games' results,
// and the calibration of the curve.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

/// One sampled position: the search value from the side to move's view and the game's result
/// for that side (1 win, 0.5 draw, 0 loss).
struct ValueSample {
  int value = 0;
  double result = 0.5;
};

class Engine;

/// The value of a `strong` search of fixed depth `depth` (a fresh 8 MB table, so the same value on
/// every machine), or nullopt when it proves a win or a loss.
std::optional<int> fixed_depth_value(Engine& engine, const Board& board, int depth);

/// Up to `count` positions of a game after its `skip` opening moves, chosen with `seed`, each
/// valued by a depth-`depth` search of `strong`; proven values (decided by tactics) are left out.
std::vector<ValueSample> value_samples(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip,
                                       int count, int depth, std::uint64_t seed);

/// The scale that minimises the mean log loss of win_probability on `samples`.
double fit_winprob_scale(const std::vector<ValueSample>& samples);

double winprob_log_loss(const std::vector<ValueSample>& samples, double scale);

/// One bin of a calibration table: the positions whose predicted chance lies in [lo, hi).
struct CalibrationBin {
  double lo = 0, hi = 0;
  std::size_t count = 0;
  double predicted = 0;  ///< mean predicted chance in the bin
  double observed = 0;   ///< mean result in the bin
};

/// Predicted against observed win rate in `bins` equal bins of the predicted chance.
std::vector<CalibrationBin> calibration(const std::vector<ValueSample>& samples, double scale, int bins = 10);

}  // namespace tilestone::gomoku
