#include "protocol/position.h"

#include <algorithm>

#include "protocol/text.h"

namespace tilestone::protocol {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

// Plays p for colour c, handing the move over first when it is the other side's.
core::Result<bool> place(Board& b, Point p, Color c) {
  if (!b.empty_at(p)) return core::fail("stone " + format_point(p) + " given twice");
  if (b.to_move() != c) b.pass();
  b.play(p);
  return true;
}

// Leaves the move with colour c.
Board to_move(Board b, Color c) {
  if (b.to_move() != c) b.pass();
  return b;
}

}  // namespace

core::Result<std::vector<Stone>> parse_stones(const std::vector<std::string>& lines, int size) {
  std::vector<Stone> out;
  for (const auto& line : lines) {
    const auto v = parse_ints(line);
    if (!v || v->size() != 3 || (*v)[2] < 1 || (*v)[2] > 3) return core::fail("malformed stone line '" + line + "'");
    const auto p = on_board((*v)[0], (*v)[1], size);
    if (!p) return core::fail("stone '" + line + "' is off the board");
    out.push_back({*p, (*v)[2] == 1 ? Owner::OURS : Owner::THEIRS});
  }
  return out;
}

core::Result<std::vector<Point>> parse_points(const std::vector<std::string>& lines, int size) {
  std::vector<Point> out;
  for (const auto& line : lines) {
    const auto v = parse_ints(line);
    if (!v || v->size() != 2) return core::fail("malformed stone line '" + line + "'");
    const auto p = on_board((*v)[0], (*v)[1], size);
    if (!p) return core::fail("stone '" + line + "' is off the board");
    out.push_back(*p);
  }
  return out;
}

core::Result<Board> board_position(const std::vector<Stone>& stones, int size, gomoku::Rule rule) {
  std::vector<Point> ours, theirs;
  for (const Stone& s : stones) (s.owner == Owner::OURS ? ours : theirs).push_back(s.p);
  const Color us = ours.size() >= theirs.size() ? Color::BLACK : Color::WHITE;
  const auto& black = us == Color::BLACK ? ours : theirs;
  const auto& white = us == Color::BLACK ? theirs : ours;
  Board b(size, rule);
  for (std::size_t i = 0; i < std::max(black.size(), white.size()); ++i) {
    if (i < black.size())
      if (auto r = place(b, black[i], Color::BLACK); !r) return core::fail(r.error());
    if (i < white.size())
      if (auto r = place(b, white[i], Color::WHITE); !r) return core::fail(r.error());
  }
  return to_move(std::move(b), us);
}

core::Result<Board> ordered_position(const std::vector<Stone>& stones, int size, gomoku::Rule rule) {
  const Color us = stones.empty() || stones.front().owner == Owner::OURS ? Color::BLACK : Color::WHITE;
  Board b(size, rule);
  for (const Stone& s : stones)
    if (auto r = place(b, s.p, s.owner == Owner::OURS ? us : gomoku::opponent(us)); !r) return core::fail(r.error());
  return to_move(std::move(b), us);
}

core::Result<Board> opening_position(const std::vector<Point>& stones, int size, gomoku::Rule rule) {
  Board b(size, rule);
  for (Point p : stones)
    if (auto r = place(b, p, b.to_move()); !r) return core::fail(r.error());
  return b;
}

Board with_rule(const Board& board, gomoku::Rule rule) {
  Board b(board.size(), rule);
  for (int i = 0; i < board.move_count(); ++i) {
    const Point p = board.move_at(i);
    (void)place(b, p, *board.at(p));
  }
  return to_move(std::move(b), board.to_move());
}

}  // namespace tilestone::protocol
