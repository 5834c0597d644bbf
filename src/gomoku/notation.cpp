#include "gomoku/notation.h"

#include <cctype>
#include <charconv>

#include "gomoku/rules.h"

namespace tilestone::gomoku {

std::string format_point(Point p, int size) {
  std::string s(1, static_cast<char>('a' + p.x));
  s += std::to_string(size - p.y);
  return s;
}

namespace {

// Reads one point from the front of `text`, advancing it.
core::Result<Point> take_point(std::string_view& text, int size) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) {
    return core::fail("expected a column letter at '" + std::string(text.substr(0, 8)) + "'");
  }
  const int x = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  std::size_t i = 1;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i < 4) ++i;
  int row = 0;
  if (i == 1 || std::from_chars(text.data() + 1, text.data() + i, row).ec != std::errc{}) {
    return core::fail("expected a row number after '" + std::string(1, text[0]) + "'");
  }
  const std::string name(text.substr(0, i));
  text.remove_prefix(i);
  if (x < 0 || x >= size || row < 1 || row > size) {
    return core::fail("point " + name + " is off the " + std::to_string(size) + "x" + std::to_string(size) + " board");
  }
  return Point{x, size - row};
}

}  // namespace

core::Result<Point> parse_point(std::string_view text, int size) {
  auto p = take_point(text, size);
  if (!p) return p;
  if (!text.empty()) return core::fail("unexpected text after the point: '" + std::string(text) + "'");
  return p;
}

core::Result<std::vector<Point>> parse_moves(std::string_view text, int size) {
  std::vector<Point> out;
  while (true) {
    while (!text.empty() && (text[0] == ' ' || text[0] == ',' || text[0] == '\t')) text.remove_prefix(1);
    if (text.empty()) break;
    auto p = take_point(text, size);
    if (!p) return core::fail(p.error());
    out.push_back(*p);
  }
  return out;
}

std::string format_moves(const std::vector<Point>& moves, int size) {
  std::string s;
  for (Point p : moves) s += format_point(p, size);
  return s;
}

core::Result<Board> board_from_moves(const std::vector<Point>& moves, int size, Rule rule) {
  Board board(size, rule);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Point p = moves[i];
    const std::string name = format_point(p, size);
    switch (judge_move(board, p)) {
      case Verdict::ILLEGAL: return core::fail("move " + std::to_string(i + 1) + " (" + name + ") is on an occupied point");
      case Verdict::WINS:
      case Verdict::FORBIDDEN:
        if (i + 1 != moves.size()) {
          return core::fail("move " + std::to_string(i + 1) + " (" + name + ") ended the game; more moves follow");
        }
        break;
      case Verdict::NORMAL: break;
    }
    board.play(p);
  }
  return board;
}

core::Result<int> parse_size(std::string_view text) {
  int size = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), size);
  if (r.ec != std::errc{} || r.ptr != text.data() + text.size()) return core::fail("board size '" + std::string(text) + "' is not a number");
  if (size < params::MIN_SIZE || size > params::MAX_SIZE) {
    return core::fail("board size " + std::to_string(size) + " is outside " + std::to_string(params::MIN_SIZE) + ".." + std::to_string(params::MAX_SIZE));
  }
  return size;
}

std::string render_board(const Board& board, const std::vector<Point>& forbidden) {
  const int n = board.size();
  const auto last = board.last_move();
  std::string out = "   ";
  for (int x = 0; x < n; ++x) {
    out += ' ';
    out += static_cast<char>('a' + x);
  }
  out += '\n';
  for (int y = 0; y < n; ++y) {
    const std::string row = std::to_string(n - y);
    out += std::string(3 - row.size(), ' ') + row;
    bool prev_last = false;
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      const bool is_last = last && *last == p;
      char ch = '.';
      if (auto c = board.at(p)) {
        ch = *c == Color::BLACK ? 'X' : 'O';
      } else {
        for (Point f : forbidden) ch = f == p ? 'x' : ch;
      }
      // The last move is bracketed so that it stands out without colour.
      out += is_last ? '[' : (prev_last ? ']' : ' ');
      out += ch;
      prev_last = is_last;
    }
    out += prev_last ? "] " : "  ";
    out += row + '\n';
  }
  return out;
}

}  // namespace tilestone::gomoku
