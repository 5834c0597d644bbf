#include "gomoku/eval.h"

#include <algorithm>
#include <cassert>

#include "gomoku/rules.h"

namespace tilestone::gomoku {

int evaluate(const Board& board) {
  const Color me = board.to_move();
  const int mine = board.value_sum(me) + board.tempo_sum(me);
  const int theirs = board.value_sum(opponent(me));
  return std::clamp(mine - theirs, -params::WIN_BOUND + 1, params::WIN_BOUND - 1);
}

bool is_five_point(const Board& board, int idx, Color c) {
  if (board.cell(idx) != CELL_EMPTY || board.kind(c, idx) != PointKind::FIVE) return false;
  // The tables see four points either side; an exact five must also not run on beyond them.
  return board.five_rule(c) == FiveRule::FIVE_OR_MORE || makes_five(board, board.point(idx), c);
}

bool maybe_forbidden(const Board& board, int idx) {
  if (board.rule() != Rule::RENJU) return false;
  int strong = 0;
  for (int d = 0; d < 4; ++d) {
    const Pattern p = board.pattern(Color::BLACK, idx, d);
    if (p == Pattern::OVERLINE || p == Pattern::FLEX4) return true;
    strong += (p == Pattern::FLEX3 || p == Pattern::BLOCK4) ? 1 : 0;
  }
  return strong >= 2;
}

bool may_play(const Board& board, int idx, Color c) {
  if (board.cell(idx) != CELL_EMPTY) return false;
  if (c != Color::BLACK || !maybe_forbidden(board, idx)) return true;
  return !is_forbidden(board, board.point(idx));
}

LineCells five_points_near(const Board& board, int idx, Color c) {
  LineCells out;
  for (int d = 0; d < 4; ++d) {
    for (int k = -4; k <= 4; ++k) {
      const int q = idx + k * board.offset(d);
      if (k != 0 && board.cell(q) == CELL_EMPTY && is_five_point(board, q, c)) out.push(q);
    }
  }
  out.sort_unique();
  return out;
}

bool makes_two_fives(Board& board, int idx, Color c) {
  assert(board.to_move() == c && board.cell(idx) == CELL_EMPTY);
  if (board.five_rule(c) == FiveRule::FIVE_OR_MORE && board.five_cells(c) == 0) {
    int fours = 0;
    for (int d = 0; d < 4; ++d) {
      const Pattern p = board.pattern(c, idx, d);
      if (p == Pattern::FLEX4) return true;
      fours += p == Pattern::BLOCK4 ? 1 : 0;
    }
    return fours >= 2;
  }
  board.play_index(idx);
  const bool two = five_points_near(board, idx, c).size() >= 2;
  board.undo();
  return two;
}

int order_score(const Board& board, int idx, Color me) {
  const Color them = opponent(me);
  const int attack = static_cast<int>(board.kind(me, idx));
  const int defence = static_cast<int>(board.kind(them, idx));
  // Kinds dominate (attack first on equal kinds), the pattern values break the rest.
  const int top = std::max(attack * 2 + 1, defence * 2);
  return top * 4096 + board.value(me, idx) + board.value(them, idx) / 2;
}

LastStones::LastStones(const Board& board) {
  const int n = board.move_count();
  if (n >= 1) theirs = board.move_at(n - 1);
  if (n >= 2) mine = board.move_at(n - 2);
}

int move_order(const Board& board, int idx, const LastStones& last) {
  const Point p = board.point(idx);
  return board.order(board.to_move(), idx) + params::ORDER_NEAR_LAST[static_cast<std::size_t>(near_bucket(p, last.theirs))] +
         params::ORDER_NEAR_OWN[static_cast<std::size_t>(near_bucket(p, last.mine))];
}

}  // namespace tilestone::gomoku
