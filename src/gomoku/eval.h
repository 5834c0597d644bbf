#pragma once
// Static evaluation and the small threat queries the searches share, all read from the board's
// incremental pattern data.

#include <algorithm>
#include <array>
#include <cstddef>
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

/// A list of at most N cells kept in place (no allocation), for the threat queries that run at
/// every node of a threat search. push() beyond N is ignored: each use sizes N for every cell
/// it can hold.
template <std::size_t N>
class CellList {
 public:
  void push(int q) {
    if (size_ < N) cells_[size_++] = q;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(int q) const { return std::find(begin(), end(), q) != end(); }
  int operator[](std::size_t i) const { return cells_[i]; }
  int* begin() { return cells_.data(); }
  int* end() { return cells_.data() + size_; }
  const int* begin() const { return cells_.data(); }
  const int* end() const { return cells_.data() + size_; }
  /// Keeps the cells for which keep(q) is true, in order.
  template <class Keep>
  void keep_if(Keep&& keep) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (keep(cells_[i])) cells_[n++] = cells_[i];
    size_ = n;
  }
  /// Sorts the cells and drops repeats.
  void sort_unique() {
    std::sort(begin(), end());
    size_ = static_cast<std::size_t>(std::unique(begin(), end()) - begin());
  }

 private:
  std::array<int, N> cells_;  // only the first size_ are set
  std::size_t size_ = 0;
};

/// The points of the four lines through a point, four on either side.
using LineCells = CellList<32>;

/// Empty cells on the four lines through idx (within 4) where c makes a five, in index order.
LineCells five_points_near(const Board& board, int idx, Color c);

/// Whether a stone of the side to move, c, on the empty point idx leaves c two points to make five
/// (a live four, or fours on two lines): a four the opponent cannot stop. With fives of five or
/// more and no five to make now, idx's line patterns tell without the move (a five made next must
/// run through idx, so each is a point that completes one of its lines); otherwise (an exact five
/// may be spoilt by a stone beyond the patterns' reach) the stone is tried.
bool makes_two_fives(Board& board, int idx, Color c);

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
/// fitted by lab/gomoku/order_tune.h): what a stone there makes for it and for the opponent, and how
/// near it lies to the last stones. Larger first.
int move_order(const Board& board, int idx, const LastStones& last);

}  // namespace tilestone::gomoku
