#include "store/learned.h"

#include <algorithm>
#include <string>

#include "gomoku/rules.h"

namespace tilestone::gomoku {

core::Result<std::optional<LosingMove>> learn_from_game(store::Database& db, const std::vector<Point>& moves,
                                                        int size, Rule rule, Color ai, std::int64_t game_id,
                                                        const LearnBudget& budget) {
  auto lost = find_losing_move(moves, size, rule, ai, budget);
  if (!lost) return std::optional<LosingMove>();
  Board before(size, rule);
  for (int i = 0; i < lost->ply; ++i) before.play(moves[static_cast<std::size_t>(i)]);
  const auto c = canonical(before);
  store::LearnedMove m;
  m.rule = std::string(rule_name(rule));
  m.size = size;
  m.position = c.key;
  const Point cm = transform(lost->move, c.symmetries.front(), size);
  m.x = cm.x;
  m.y = cm.y;
  m.game_id = game_id;
  const auto added = db.add_learned(m);
  if (!added) return core::fail(added.error());
  return lost;
}

core::Result<std::vector<Point>> learned_avoid(store::Database& db, const Board& board) {
  const auto c = canonical(board);
  const auto rows = db.learned(rule_name(board.rule()), board.size(), c.key);
  if (!rows) return core::fail(rows.error());
  std::vector<Point> out;
  for (const auto& r : *rows)
    for (int s : c.symmetries) {
      const Point p = inverse_transform({r.x, r.y}, s, board.size());
      if (board.empty_at(p) && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    }
  return out;
}

}  // namespace tilestone::gomoku
