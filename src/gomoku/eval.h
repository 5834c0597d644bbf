#pragma once
// Static evaluation and the small threat queries the searches share, all read from the board's
// incremental pattern data.

#include <algorithm>
#include <vector>

#include "gomoku/board.h"

namespace tilestone::gomoku {

/// Static value of the position for the side to move, within +-(WIN_BOUND - 1).
int evaluate(const Board& board);

/// Would c make a winning five on the empty cell idx? Exact under the board's rule.
bool is_five_point(const Board& board, int idx, Color c);

/// Cheap test: could black's stone on idx be forbidden under renju? (false never misses one.)
bool maybe_forbidden(const Board& board, int idx);

/// May colour c play on the empty cell idx? (Only black's renju forbidden points are refused.)
bool may_play(const Board& board, int idx, Color c);

/// Empty cells on the four lines through idx (within 4) where c makes a five, in index order.
std::vector<int> five_points_near(const Board& board, int idx, Color c);

/// Move ordering score of idx for `me`: attack plus defence, threats far above the rest (the
/// threat searches' order, and the order of the seed's levels).
int order_score(const Board& board, int idx, Color me);

/// Bucket (0..3) of the move order's nearness weights for two distinct points: their Chebyshev
/// distance 1, 2, 3 or 4 and more.
constexpr int near_bucket(Point a, Point b) {
  const int d = std::max(a.x > b.x ? a.x - b.x : b.x - a.x, a.y > b.y ? a.y - b.y : b.y - a.y);
  return (d < 4 ? d : 4) - 1;
}

/// The last stone of each side, for the move order's nearness terms (far away when none).
struct LastStones {
  Point theirs{-99, -99}, mine{-99, -99};
  explicit LastStones(const Board& board);
};

/// The learned move-order score of the empty cell idx for the side to move (params::ORDER_*,
/// fitted by gomoku/order_tune.h): what a stone there makes for it and for the opponent, and how
/// near it lies to the last stones. Larger first.
int move_order(const Board& board, int idx, const LastStones& last);

}  // namespace tilestone::gomoku
