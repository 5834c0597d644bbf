#pragma once
// Tuning the move order from games. The search looks at only the first few candidates of a node,
// so their order decides what it can find. A candidate's order score is a sum of weights: the
// point kind and the four line patterns a stone there makes for the side to move and for the
// opponent, and how near it lies to the last stone of each side. The weights are fitted as a
// softmax over the candidates of each position ("which point was played?"): multinomial
// logistic regression on the moves of recorded games.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gomoku/board.h"

namespace tilestone::gomoku::order_tune {

/// The weights, in logits (params::ORDER_* hold them times ORDER_SCALE, rounded).
struct Weights {
  std::array<double, 11> kind_mine{};       ///< by PointKind, for the side to move
  std::array<double, 11> kind_theirs{};     ///< by PointKind, for the opponent
  std::array<double, 11> pattern_mine{};    ///< by Pattern, one per line
  std::array<double, 11> pattern_theirs{};  ///< by Pattern, one per line
  std::array<double, 4> near_last{};        ///< Chebyshev distance 1, 2, 3, 4+ to the opponent's last stone
  std::array<double, 4> near_own{};         ///< the same to our own last stone
  /// The engine's current numbers (order_weights.h).
  static Weights current();
};

inline constexpr int ORDER_SCALE = 1000;
inline constexpr int FEATURES = 4 * 11 + 2 * 4;
/// Features of one candidate: indices into the weight vector (kind mine, kind theirs, four
/// patterns mine, four patterns theirs, near last, near own); a candidate's score is their sum.
using Candidate = std::array<std::uint8_t, 12>;

/// A position of a game: its candidate points and which of them was played.
struct Position {
  std::vector<Candidate> candidates;
  std::vector<int> cells;  ///< the candidates' cell indices
  int played = 0;
  /// Rank (1 = first) of the played move in the threat searches' order (order_score), for
  /// comparison; ties count against it.
  int threat_order_rank = 0;
};

/// The positions of a game the move order is fitted on: after the `skip` opening moves, those
/// where neither side has a five to make and the opponent has no winning point (there the search
/// takes the forced moves whatever their order), and whose move was a candidate of the search.
std::vector<Position> positions_of_game(const std::vector<Point>& moves, int size, Rule rule, int skip);

struct Accuracy {
  double top1 = 0, top3 = 0, top10 = 0;  ///< share of positions whose move ranks that high
  double log_loss = 0;                   ///< mean -log P(played move)
  std::size_t positions = 0;
};
/// How well `w` orders the played moves of `positions` (ties ranked against the played move).
Accuracy accuracy(const Weights& w, const std::vector<Position>& positions);
/// The same for the threat searches' order (no log loss).
Accuracy threat_order_accuracy(const std::vector<Position>& positions);

struct FitOptions {
  int iterations = 300;
  double learning_rate = 0.05;  ///< Adam step in logits
  double l2 = 1e-4;             ///< weight decay towards 0
  int held_out_every = 10;      ///< every k-th game is kept out of the fit (0: none)
};

struct FitReport {
  Weights weights;
  Accuracy train_before, train_after, held_before, held_after;
  Accuracy held_threat_order;  ///< the threat searches' order on the held-out positions
  std::size_t train_games = 0, held_games = 0;
  /// Weights whose feature never occurs in the fitted positions keep their starting value.
  int fixed = 0;
};

/// Fits the weights to the games (each a vector of positions), starting from `start`.
FitReport fit(const std::vector<std::vector<Position>>& games, const Weights& start, const FitOptions& options);

/// The generated header (src/gomoku/order_weights.h) with the weights, saying how they were made.
std::string weights_header(const Weights& w, const std::string& how);

}  // namespace tilestone::gomoku::order_tune
