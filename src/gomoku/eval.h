#pragma once
// Static evaluation and the small threat queries the searches share, all read from the board's
// incremental pattern data.

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

/// Move ordering score of idx for `me`: attack plus defence, threats far above the rest.
int order_score(const Board& board, int idx, Color me);

}  // namespace tilestone::gomoku
