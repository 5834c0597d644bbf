#pragma once
// Search values in human terms: the chance that the side to move wins, from a logistic curve
// fitted on self-play results (params::WINPROB_SCALE, fitted by lab/gomoku/winprob_fit.h), and
// proven results as "+M7" (the winner makes the five with its 7th move from here).

#include <optional>
#include <string>

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

}  // namespace tilestone::gomoku
