#include "gomoku/move_picker.h"

#include "gomoku/eval.h"
#include "gomoku/rules.h"
#include "gomoku/threat.h"

namespace tilestone::gomoku {
namespace {

// The moves that can answer the opponent's threat to win (winning_cells > 0): points where they
// would make at least `floor`, and our own fours. A live three or a double four is stopped on the
// lines of their fours (BLOCK4 points); a four-three can also be stopped by breaking its three, on
// points where they would make a three (FLEX3) or on any other point of its lines after which it
// is a four-three no more (a stone beyond the end of the three leaves it dead), or by a counter: a
// stone of ours that turns the point where we must block their four into a four of ours, so that
// they must answer our block and we then break their three. A four-three whose block is a four of
// ours already is no sure threat (the search decides it); with no sure threat, every move answers.
struct ThreatAnswers {
  Color me, them;
  bool defend = false;
  Pattern floor = Pattern::NONE;
  CellList<96> extra;  // counters and breaks (below): answers that `floor` leaves out

  // Reads the board, and tries stones on it (taken back before it returns).
  explicit ThreatAnswers(Board& b) : me(b.to_move()), them(opponent(me)) {
    if (b.winning_cells(them) == 0) return;
    CellList<32> four_threes;
    bool open_four = false;
    b.for_each_four_cell(them, [&](int q) {
      if (b.kind(them, q) != PointKind::FOUR_PLUS) return;
      if (b.best_pattern(them, q) == Pattern::BLOCK4) four_threes.push(q);
      else open_four = open_four || (b.best_pattern(them, q) == Pattern::FLEX4 && may_play(b, q, them));
    });
    // Where we would have to block each four-three's four (a double four leaves two points);
    // a four-three whose block is already a four of ours leaves none.
    CellList<32> blocks;
    CellList<32> sure;  // the four-threes that are sure threats
    if (!four_threes.empty()) {
      b.pass();
      for (int t : four_threes) {
        if (!may_play(b, t, them)) continue;
        b.play_index(t);
        const LineCells fives = five_points_near(b, t, them);
        b.undo();
        if (fives.size() >= 2) open_four = true;
        else if (fives.size() == 1 && b.best_pattern(me, fives[0]) < Pattern::BLOCK4) {
          blocks.push(fives[0]);
          sure.push(t);
        }
      }
      b.pass();
    }
    defend = open_four || !blocks.empty();
    floor = blocks.empty() ? Pattern::BLOCK4 : Pattern::FLEX3;
    blocks.sort_unique();
    find_counters(b, blocks);
    find_breaks(b, sure);
  }

  bool allows(const Board& b, int q) const {
    return !defend || b.best_pattern(them, q) >= floor || b.best_pattern(me, q) >= Pattern::BLOCK4 || extra.contains(q);
  }

 private:
  // The points of a sure four-three's lines that `floor` leaves out but after which it is a
  // four-three no more: the stone beyond either end of its three (x_xx capped on the far side).
  // Each such point is asked of the board (Board::kind_if) rather than tried with a move.
  void find_breaks(const Board& b, const CellList<32>& sure) {
    for (int t : sure) {
      for (int d = 0; d < 4; ++d) {
        if (b.pattern(them, t, d) < Pattern::FLEX3) continue;
        for (int k = -4; k <= 4; ++k) {
          const int q = t + k * b.offset(d);
          if (k == 0 || b.cell(q) != CELL_EMPTY || !b.near(q) || allows(b, q) || !may_play(b, q, me)) continue;
          if (b.kind_if(them, t, d, k, me) < PointKind::FOUR_PLUS) extra.push(q);
        }
      }
    }
  }

  // Our stones on the lines through the block points after which a stone there makes our four.
  void find_counters(const Board& b, const CellList<32>& blocks) {
    for (int f : blocks) {
      for (int d = 0; d < 4; ++d) {
        for (int k = -4; k <= 4; ++k) {
          const int q = f + k * b.offset(d);
          if (k == 0 || b.cell(q) != CELL_EMPTY || extra.contains(q)) continue;
          if (b.best_pattern_if(me, f, d, k, me) >= Pattern::BLOCK4) extra.push(q);
        }
      }
    }
  }
};

}  // namespace

MoveList pick_moves(Board& board, int tt_move, const std::array<int, 2>& killers, const std::array<int, Board::MAX_CELLS>& history,
                    int limit) {
  const Color me = board.to_move();
  // When the opponent threatens a winning four, only blocks and our own fours can help.
  const ThreatAnswers answers(board);
  std::array<std::int64_t, params::MAX_SIZE * params::MAX_SIZE> scored;
  std::size_t n = 0;
  const LastStones recent(board);
  board.for_each_candidate([&](int q) {
    if (!answers.allows(board, q)) return;
    std::int64_t s = move_order(board, q, recent) + (1 << 16);
    if (q == tt_move) s += 1 << 28;
    else if (q == killers[0]) s += 1 << 20;
    else if (q == killers[1]) s += 1 << 19;
    s += std::min(history[static_cast<std::size_t>(q)], 1 << 18) / 64;
    scored[n++] = best_first_key(s, q);
  });
  const int cap = answers.defend ? params::MAX_MOVES_LIST : std::min(limit, params::MAX_MOVES_LIST);
  // Only the best few are searched: order just those (a few spare for forbidden points).
  const std::size_t keep = std::min(n, static_cast<std::size_t>(cap) + 4);
  std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(keep), scored.begin() + static_cast<std::ptrdiff_t>(n));
  MoveList out;
  std::size_t i = 0;
  for (; i < keep && out.size < cap; ++i) {
    const int q = cell_of_key(scored[i]);
    if (may_play(board, q, me)) out.push(q);
  }
  out.truncated = i < n;
  return out;
}

std::vector<int> root_moves(const Board& b) {
  const Color me = b.to_move();
  Board scratch = b;
  const ThreatAnswers answers(scratch);
  std::vector<std::pair<int, int>> scored;
  if (b.move_count() == 0) return {b.index({b.size() / 2, b.size() / 2})};
  const LastStones recent(b);
  b.for_each_candidate([&](int q) {
    if (!answers.allows(b, q)) return;
    scored.push_back({-move_order(b, q, recent), q});
  });
  std::sort(scored.begin(), scored.end());
  std::vector<int> out;
  for (auto& [s, q] : scored) {
    if (static_cast<int>(out.size()) >= params::MAX_MOVES_ROOT && !answers.defend) break;
    if (may_play(b, q, me)) out.push_back(q);
  }
  return out;
}

}  // namespace tilestone::gomoku
