#pragma once
// Move ordering for the strong search: which moves a node may play (when the opponent threatens
// to win, only those that can answer) and in what order (the points' patterns, the table move,
// killers, history), for inner nodes and for the root.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "gomoku/board.h"

namespace tilestone::gomoku {

/// A move-order score and a cell in one integer, so that one ascending sort puts the highest
/// score first and breaks ties by cell (cells fit in 12 bits).
constexpr std::int64_t pack_order(std::int64_t score, int cell) { return -(score << 12) + cell; }
constexpr int cell_of_order(std::int64_t packed) { return static_cast<int>(packed & 0xFFF); }

/// A node's move list, kept on the stack (no allocation per node).
struct MoveList {
  std::array<int, params::MAX_MOVES_LIST> move{};
  int size = 0;
  bool truncated = false;  // the cap left candidates out
  void push(int m) { move[static_cast<std::size_t>(size++)] = m; }
  bool holds(int m) const { return std::find(move.begin(), move.begin() + size, m) != move.begin() + size; }
};

/// A node's candidate moves, best first, at most `limit` (more when the side to move must answer
/// a threat): `tt_move` first, then the ply's killers, then pattern order and history. The board
/// is tried on and left as it was.
MoveList pick_moves(Board& board, int tt_move, const std::array<int, 2>& killers, const std::array<int, Board::MAX_CELLS>& history,
                    int limit);

/// The root's moves in pattern order (the centre on an empty board), those that answer a threat
/// to win when there is one, at most params::MAX_MOVES_ROOT otherwise; never a forbidden point.
std::vector<int> root_moves(const Board& board);

}  // namespace tilestone::gomoku
