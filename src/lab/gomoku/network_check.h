#pragma once
// How well an evaluation serves a search, measured on searched positions (self-play data): for
// the classical evaluation and a network side by side, how often the static value has the sign
// of the search's value and how close its win probability comes to the search's, how often the
// best move by one ply of the evaluation is the search's move, and how often the move order
// (pattern order, or the network's policy) puts the search's move first. A network can predict
// values well and still choose badly between sibling moves, which is what a search asks of it.
// On the positions of a game's path, how well each value (and the search's own) predicts the
// game's result: a value that matches a shallow search well may still know less of how the game
// ends than another.

#include <array>
#include <span>

#include "gomoku/network.h"
#include "lab/gomoku/training_data.h"

namespace tilestone::gomoku {

/// One evaluation's figures, summed over the positions checked.
struct EvalCheckTotals {
  long long sign_agrees = 0;    ///< the static value's sign is the search value's (of signed_positions)
  double cross_entropy = 0;     ///< of its win probability against the search value's
  long long one_ply_agrees = 0; ///< the move whose position is worst for the opponent is the search's
  long long order_agrees = 0;   ///< its move order's first move is the search's
  /// By side to move (black, white): the sum of its value less the search's, engine units. A
  /// value that sits apart from the search's on one side only misleads the search's margins.
  std::array<double, 2> gap_by_side{};
  double result_cross_entropy = 0;  ///< of its win probability against the game's result (NetworkCheck::results)
};

/// The value's figures for each classical share 0, 10, ..., 100 % (the network file's blend).
inline constexpr int SHARE_STEPS = 11;
struct ShareCheck {
  int share = 0;             ///< the classical evaluation's part, in percent
  long long sign_agrees = 0;
  double cross_entropy = 0;
  double result_cross_entropy = 0;  ///< against the game's result, over NetworkCheck::results
};

struct NetworkCheck {
  long long positions = 0;  ///< checked: not proven, the search's move among the root's moves
  long long skipped = 0;    ///< proven values, impossible records, moves outside the root's list
  long long signed_positions = 0;  ///< of the positions, those whose search value is not 0: the signs' count
  std::array<long long, 2> positions_by_side{};  ///< of the positions, black to move and white to move
  /// Of the positions, those on a game's path: their result is known (win 1, draw 0.5, loss 0 for
  /// the side to move) and the result cross-entropies are summed over them.
  long long results = 0;
  double search_result_cross_entropy = 0;  ///< the search value's own, against the result
  EvalCheckTotals classical, network;
  std::array<ShareCheck, SHARE_STEPS> by_share{};  ///< the value alone, blended at each share
  /// The share whose blend comes closest to the search's values (least cross-entropy).
  int best_share() const;
  /// The share whose blend predicts the games' results best (least result cross-entropy; 0
  /// when no position has a result).
  int best_result_share() const;
};

/// Checks the records of the network's rule family (others are skipped). The one-ply choice and
/// the move order look at the moves the strong search's root would search.
NetworkCheck check_network(const Network& net, std::span<const TrainingRecord> records);

}  // namespace tilestone::gomoku
