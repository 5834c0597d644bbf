#include "gomoku/learn.h"

#include <algorithm>

#include "gomoku/rules.h"
#include "gomoku/threat.h"

namespace tilestone::gomoku {

Point transform(Point p, int s, int size) {
  if (s & 4) p.x = size - 1 - p.x;
  for (int r = 0; r < (s & 3); ++r) p = {size - 1 - p.y, p.x};
  return p;
}

Point inverse_transform(Point p, int s, int size) {
  for (int r = 0; r < (s & 3); ++r) p = {p.y, size - 1 - p.x};
  if (s & 4) p.x = size - 1 - p.x;
  return p;
}

CanonicalPosition canonical(const Board& board) {
  const int n = board.size();
  CanonicalPosition best;
  for (int s = 0; s < 8; ++s) {
    std::string key(static_cast<std::size_t>(n * n), '.');
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const auto c = board.at(inverse_transform({x, y}, s, n));
        if (c) key[static_cast<std::size_t>(y * n + x)] = *c == Color::BLACK ? 'x' : 'o';
      }
    if (best.symmetries.empty() || key < best.key) {
      best.key = std::move(key);
      best.symmetries = {s};
    } else if (key == best.key) {
      best.symmetries.push_back(s);
    }
  }
  return best;
}

namespace {

// A forced win for the side to move, by fours or by fours and threes, within the budget.
std::optional<std::vector<int>> forced_win(Board& b, const LearnBudget& lb) {
  ThreatBudget tb;
  tb.max_nodes = lb.vcf_nodes;
  tb.max_depth = 20;
  auto r = find_vcf(b, tb);
  if (!r.found) {
    tb.max_nodes = lb.vct_nodes;
    tb.max_depth = lb.vct_depth;
    r = find_vct(b, tb);
  }
  if (!r.found) return std::nullopt;
  return r.line;
}

}  // namespace

std::optional<LosingMove> find_losing_move(const std::vector<Point>& moves, int size, Rule rule, Color ai,
                                           const LearnBudget& budget) {
  const int n = static_cast<int>(moves.size());
  auto colour_of = [](int ply) { return ply % 2 == 0 ? Color::BLACK : Color::WHITE; };
  Board b(size, rule);
  for (Point p : moves) {
    if (!b.empty_at(p)) return std::nullopt;  // not a game
    b.play(p);
  }
  // A forbidden last move of the AI lost on the spot: it is the move to avoid.
  if (n > 0 && colour_of(n - 1) == ai && ai == Color::BLACK && rule == Rule::RENJU) {
    Board before = b;
    before.undo();
    if (is_forbidden(before, moves.back())) return LosingMove{n - 1, moves.back(), {}};
  }
  // Walk back: undo to just after each AI move and ask whether the opponent wins by force.
  std::optional<LosingMove> found;
  for (int ply = n - 1; ply >= 0; --ply) {
    if (colour_of(ply) == ai) {
      const auto win = forced_win(b, budget);
      if (!win) break;
      LosingMove m{ply, moves[static_cast<std::size_t>(ply)], {}};
      for (int q : *win) m.line.push_back(b.point(q));
      found = std::move(m);
    }
    b.undo();
  }
  return found;
}

}  // namespace tilestone::gomoku
