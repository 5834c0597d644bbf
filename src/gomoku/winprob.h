#pragma once
// Search values in human terms: the chance that the side to move wins, from a logistic curve
// fitted on self-play results (params::WINPROB_SCALE), and proven results as "+M7" (the winner
// makes the five with its 7th move from here). Also the fit itself: positions sampled from
// self-play games, valued by a short fixed-depth search, and the calibration of the curve.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/params.h"

namespace tilestone::gomoku {

/// P(side to move wins) for a search value from its view. Proven wins are 1, proven losses 0;
/// otherwise 1 / (1 + exp(-value / scale)), so P(v) + P(-v) = 1 and P grows with v.
double win_probability(int value, double scale = params::WINPROB_SCALE);

/// For a proven value: the winner's moves to the five, signed (+ the side to move wins, - it
/// loses); nullopt when the value is not proven. A win in p plies is a win in (p + 1) / 2 moves.
std::optional<int> mate_moves(int value);

/// "+M7" / "-M3" for a proven value, else the win chance as "62%".
std::string format_value(int value);
/// "win in 7 moves", "loss in 3 moves" or "62% to win".
std::string describe_value(int value);

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
