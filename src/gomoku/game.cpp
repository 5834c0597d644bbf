#include "gomoku/game.h"

#include <string>

#include "gomoku/notation.h"
#include "gomoku/params.h"
#include "gomoku/rules.h"

namespace tilestone::gomoku {

namespace {

void refresh_forbidden(GameState& s) {
  s.forbidden.clear();
  if (!s.over() && s.board.rule() == Rule::RENJU && s.board.to_move() == Color::BLACK)
    s.forbidden = forbidden_points(s.board);
}

}  // namespace

core::Result<GameState> new_game(int size, Rule rule) {
  if (size < params::MIN_SIZE || size > params::MAX_SIZE)
    return core::fail("board size must be between " + std::to_string(params::MIN_SIZE) + " and " +
                      std::to_string(params::MAX_SIZE));
  GameState s{Board(size, rule), {}, Outcome::NONE, false, {}, {}};
  refresh_forbidden(s);
  return s;
}

core::Result<GameState> play_move(GameState s, Point p) {
  const std::string name = s.board.inside(p) ? format_point(p, s.board.size()) : "that point";
  if (s.over()) return core::fail("the game is over: no move may follow");
  if (!s.board.inside(p)) return core::fail("the move is off the board");
  if (!s.board.empty_at(p)) return core::fail(name + " is taken");
  const Color mover = s.board.to_move();
  const bool forbidden = judge_move(s.board, p) == Verdict::FORBIDDEN;
  s.outcome = play_and_judge(s.board, p);
  s.moves.push_back(p);
  s.forbidden_loss = forbidden && mover == Color::BLACK;
  if (s.outcome == Outcome::BLACK_WINS || s.outcome == Outcome::WHITE_WINS) {
    if (auto line = winning_line(s.board, p)) s.winning_line = *line;
  }
  refresh_forbidden(s);
  return s;
}

core::Result<GameState> replay_game(std::string_view moves, int size, Rule rule) {
  auto state = new_game(size, rule);
  if (!state) return state;
  auto points = parse_moves(moves, size);
  if (!points) return core::fail(points.error());
  GameState s = std::move(state.value());
  for (std::size_t i = 0; i < points->size(); ++i) {
    auto next = play_move(std::move(s), (*points)[i]);
    if (!next) return core::fail("move " + std::to_string(i + 1) + ": " + next.error());
    s = std::move(next.value());
  }
  return s;
}

}  // namespace tilestone::gomoku
