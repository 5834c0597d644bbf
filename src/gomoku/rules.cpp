#include "gomoku/rules.h"

#include <array>

namespace tilestone::gomoku {
namespace {

// Recursion limit of the renju three test: each level adds one stone, and real positions never
// need more than a few.
constexpr int MAX_FORBIDDEN_DEPTH = 8;

// A private copy of the cells, so the renju test can place stones without touching the board.
struct Grid {
  std::array<std::uint8_t, Board::MAX_CELLS> cells{};
  std::array<int, 4> offsets{};

  explicit Grid(const Board& b) {
    for (int i = 0; i < b.stride() * b.stride(); ++i) cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(b.cell(i));
    for (int d = 0; d < 4; ++d) offsets[d] = b.offset(d);
  }

  // Length of the run of `code` stones through idx along d (idx itself counted as one).
  int run(int idx, int d, int code) const {
    int len = 1;
    for (int q = idx - offsets[d]; cells[q] == code; q -= offsets[d]) ++len;
    for (int q = idx + offsets[d]; cells[q] == code; q += offsets[d]) ++len;
    return len;
  }
};

bool wins_with_run(Rule rule, Color c, int len) {
  const bool exact = rule == Rule::STANDARD || (rule == Rule::RENJU && c == Color::BLACK);
  return exact ? len == 5 : len >= 5;
}

// The points q on line d near p (black already on p) where one more black stone makes exactly
// five including p, as offsets from p, left first: the stones between p and q must all be black,
// so q can only be the first point beyond either end of p's run, and it counts when it is empty,
// at most four from p, and joins the runs on both of its sides into exactly five.
struct FivePoints {
  int size = 0;
  std::array<int, 2> k{};
  bool empty() const { return size == 0; }
  /// Two five points five apart: one straight four.
  bool straight() const { return size == 2 && k[1] - k[0] == 5; }
};

FivePoints five_points(const Grid& g, int p, int d) {
  const int off = g.offsets[d];
  int left = 0, right = 0;
  while (g.cells[p - (left + 1) * off] == CELL_BLACK) ++left;
  while (g.cells[p + (right + 1) * off] == CELL_BLACK) ++right;
  FivePoints out;
  for (const int k : {-(left + 1), right + 1}) {
    if (k < -4 || k > 4) continue;
    const int q = p + k * off;
    if (g.cells[q] != CELL_EMPTY) continue;
    const int step = k < 0 ? -off : off;
    int beyond = 0;
    while (g.cells[q + (beyond + 1) * step] == CELL_BLACK) ++beyond;
    if (left + right + 2 + beyond == 5) out.k[static_cast<std::size_t>(out.size++)] = k;
  }
  return out;
}

// Number of fours black has through p along d: two five points five apart are one straight four.
int fours_on_line(const Grid& g, int p, int d) {
  const FivePoints pts = five_points(g, p, d);
  return pts.straight() ? 1 : pts.size;
}

bool forbidden_at(Grid& g, int p, int depth);

// Would black on the empty q make exactly five on some line (with the stones already placed)?
bool black_five_at(Grid& g, int q) {
  g.cells[q] = CELL_BLACK;
  bool five = false;
  for (int d = 0; d < 4 && !five; ++d) five = g.run(q, d, CELL_BLACK) == 5;
  g.cells[q] = CELL_EMPTY;
  return five;
}

// A real three through p along d: some empty q makes a straight four through p and q, and q is
// legal as a four-making stone: not itself forbidden, and not a five on another line (a stone
// that makes a five is a five, not a four, so the row is no three).
bool three_on_line(Grid& g, int p, int d, int depth) {
  // A line that is already a four is not a three, whatever more stones would make.
  if (!five_points(g, p, d).empty()) return false;
  for (int k = -3; k <= 3; ++k) {
    const int q = p + k * g.offsets[d];
    if (k == 0 || g.cells[q] != CELL_EMPTY) continue;
    g.cells[q] = CELL_BLACK;
    const bool straight = five_points(g, p, d).straight();
    g.cells[q] = CELL_EMPTY;
    if (!straight || black_five_at(g, q)) continue;
    if (depth >= MAX_FORBIDDEN_DEPTH || !forbidden_at(g, q, depth + 1)) return true;
  }
  return false;
}

bool forbidden_at(Grid& g, int p, int depth) {
  g.cells[p] = CELL_BLACK;
  bool five = false, overline = false;
  for (int d = 0; d < 4; ++d) {
    const int len = g.run(p, d, CELL_BLACK);
    five |= len == 5;
    overline |= len > 5;
  }
  bool forbidden = false;
  if (!five) {
    if (overline) {
      forbidden = true;
    } else {
      int fours = 0;
      for (int d = 0; d < 4; ++d) fours += fours_on_line(g, p, d);
      if (fours >= 2) {
        forbidden = true;
      } else {
        int threes = 0;
        for (int d = 0; d < 4 && threes < 2; ++d) threes += three_on_line(g, p, d, depth) ? 1 : 0;
        forbidden = threes >= 2;
      }
    }
  }
  g.cells[p] = CELL_EMPTY;
  return forbidden;
}

}  // namespace

bool makes_five(const Board& board, Point p, Color c) {
  if (!board.empty_at(p)) return false;
  const int idx = board.index(p);
  const int code = static_cast<int>(c);
  for (int d = 0; d < 4; ++d) {
    int len = 1;
    for (int q = idx - board.offset(d); board.cell(q) == code; q -= board.offset(d)) ++len;
    for (int q = idx + board.offset(d); board.cell(q) == code; q += board.offset(d)) ++len;
    if (wins_with_run(board.rule(), c, len)) return true;
  }
  return false;
}

std::optional<std::vector<Point>> winning_line(const Board& board, Point p) {
  const auto colour = board.at(p);
  if (!colour) return std::nullopt;
  const int idx = board.index(p);
  const int code = static_cast<int>(*colour);
  for (int d = 0; d < 4; ++d) {
    const int off = board.offset(d);
    int lo = idx, hi = idx;
    while (board.cell(lo - off) == code) lo -= off;
    while (board.cell(hi + off) == code) hi += off;
    const int len = (hi - lo) / off + 1;
    if (!wins_with_run(board.rule(), *colour, len)) continue;
    std::vector<Point> line;
    for (int q = lo; q <= hi; q += off) line.push_back(board.point(q));
    return line;
  }
  return std::nullopt;
}

bool is_forbidden(const Board& board, Point p) {
  if (board.rule() != Rule::RENJU || !board.empty_at(p)) return false;
  Grid g(board);
  return forbidden_at(g, board.index(p), 0);
}

std::vector<Point> forbidden_points(const Board& board) {
  std::vector<Point> out;
  if (board.rule() != Rule::RENJU) return out;
  Grid g(board);
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x) {
      const int idx = board.index({x, y});
      if (g.cells[idx] == CELL_EMPTY && board.near(idx) > 0 && forbidden_at(g, idx, 0)) out.push_back({x, y});
    }
  return out;
}

Verdict judge_move(const Board& board, Point p) {
  if (!board.empty_at(p)) return Verdict::ILLEGAL;
  const Color c = board.to_move();
  if (makes_five(board, p, c)) return Verdict::WINS;
  if (board.rule() == Rule::RENJU && c == Color::BLACK && is_forbidden(board, p)) return Verdict::FORBIDDEN;
  return Verdict::NORMAL;
}

Outcome play_and_judge(Board& board, Point p) {
  const Color c = board.to_move();
  const Verdict v = judge_move(board, p);
  board.play(p);
  if (v == Verdict::WINS) return c == Color::BLACK ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
  if (v == Verdict::FORBIDDEN) return Outcome::WHITE_WINS;
  if (board.full()) return Outcome::DRAW;
  return Outcome::NONE;
}

}  // namespace tilestone::gomoku
