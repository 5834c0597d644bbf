#include "gomoku/board.h"

#include <algorithm>
#include <cassert>

#include "core/rng.h"

namespace tilestone::gomoku {
namespace {

using ZobristTable = std::array<std::array<std::uint64_t, Board::MAX_CELLS>, 2>;

constexpr ZobristTable make_zobrist() {
  ZobristTable t{};
  core::Rng rng(params::ZOBRIST_SEED);
  for (auto& colour : t)
    for (auto& key : colour) key = rng.next();
  return t;
}

// Built at compile time: the same keys in every build, so hashes can be pinned in tests.
constexpr ZobristTable ZOBRIST = make_zobrist();

}  // namespace

std::uint64_t zobrist_key(Color c, int idx) { return ZOBRIST[index_of(c)][idx]; }

Board::Board(int size, Rule rule) : size_(size), stride_(size + 2 * PAD), rule_(rule) {
  assert(size >= params::MIN_SIZE && size <= params::MAX_SIZE);
  offsets_ = {1, stride_, stride_ + 1, stride_ - 1};
  five_[0] = rule == Rule::FREESTYLE ? FiveRule::FIVE_OR_MORE : FiveRule::EXACT;
  five_[1] = rule == Rule::STANDARD ? FiveRule::EXACT : FiveRule::FIVE_OR_MORE;
  tables_ = {line_table(five_[0], CELL_BLACK), line_table(five_[1], CELL_WHITE)};
  cells_.fill(CELL_WALL);
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) cells_[index({x, y})] = CELL_EMPTY;
  // Step 1: line windows from the walls.
  for (int y = 0; y < size_; ++y) {
    for (int x = 0; x < size_; ++x) {
      const int idx = index({x, y});
      for (int d = 0; d < 4; ++d) {
        LineKey key = 0;
        for (int k = -4; k <= 4; ++k) {
          if (k == 0) continue;
          key = static_cast<LineKey>(key | (cells_[idx + k * offsets_[d]] << (2 * key_slot(k))));
        }
        keys_[idx][d] = key;
      }
    }
  }
  // Step 2: patterns and values of every point.
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const int idx = index({x, y});
      for (int d = 0; d < 4; ++d) {
        pattern_[0][idx][d] = line_pattern(five_[0], CELL_BLACK, keys_[idx][d]);
        pattern_[1][idx][d] = line_pattern(five_[1], CELL_WHITE, keys_[idx][d]);
      }
      refresh_cell(idx);
      tally(idx, +1);
    }
  boxes_.push_back({size_, size_, -1, -1});
}

std::optional<Color> Board::at(Point p) const {
  if (!inside(p)) return std::nullopt;
  const int c = cells_[index(p)];
  if (c == CELL_BLACK) return Color::BLACK;
  if (c == CELL_WHITE) return Color::WHITE;
  return std::nullopt;
}

std::optional<Point> Board::last_move() const {
  if (history_.empty()) return std::nullopt;
  return point(history_.back());
}

std::vector<Point> Board::moves() const {
  std::vector<Point> out;
  out.reserve(history_.size());
  for (int idx : history_) out.push_back(point(idx));
  return out;
}

FiveRule Board::five_rule(Color c) const { return five_[index_of(c)]; }

void Board::tally(int q, int sign) {
  for (int c = 0; c < 2; ++c) {
    sum_[c] += sign * value_[c][q];
    counts_[c][0] += sign * (kind_[c][q] == PointKind::FIVE);
    counts_[c][1] += sign * (kind_[c][q] >= PointKind::FOUR_PLUS);
    counts_[c][2] += sign * (best_[c][q] >= Pattern::BLOCK4);
  }
}

void Board::refresh_cell(int q) {
  for (int c = 0; c < 2; ++c) {
    const PointInfo& info = info_[combo_index(pattern_[c][q])];
    best_[c][q] = info.best;
    kind_[c][q] = info.kind;
    value_[c][q] = info.value;
  }
}

// Writes `code` into slot `slot` of cell q's window along d and, if q is empty, refreshes what
// a stone there would make (only this one line of q changed).
void Board::update_line_cell(int q, int d, int slot, int code) {
  if (cells_[q] == CELL_WALL) return;
  LineKey key = keys_[q][d];
  key = static_cast<LineKey>((key & ~(3u << (2 * slot))) | (static_cast<unsigned>(code) << (2 * slot)));
  keys_[q][d] = key;
  if (cells_[q] != CELL_EMPTY) return;
  tally(q, -1);
  pattern_[0][q][d] = tables_[0][key];
  pattern_[1][q][d] = tables_[1][key];
  refresh_cell(q);
  tally(q, +1);
}

void Board::play_index(int idx) {
  assert(cells_[idx] == CELL_EMPTY);
  const Color c = to_move();
  const int code = static_cast<int>(c);
  cells_[idx] = static_cast<std::uint8_t>(code);
  hash_ ^= ZOBRIST[index_of(c)][idx];
  tally(idx, -1);
  for (int d = 0; d < 4; ++d) {
    const int off = offsets_[d];
    for (int k = 1; k <= 4; ++k) {
      update_line_cell(idx + k * off, d, key_slot(-k), code);
      update_line_cell(idx - k * off, d, key_slot(k), code);
    }
  }
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) ++near_[idx + dy * stride_ + dx];
  history_.push_back(idx);
  const Point p = point(idx);
  Box b = boxes_.back();
  b = {std::min(b.min_x, p.x), std::min(b.min_y, p.y), std::max(b.max_x, p.x), std::max(b.max_y, p.y)};
  boxes_.push_back(b);
}

void Board::undo() {
  assert(!history_.empty());
  const int idx = history_.back();
  history_.pop_back();
  boxes_.pop_back();
  const Color c = static_cast<Color>(cells_[idx]);
  cells_[idx] = CELL_EMPTY;
  hash_ ^= ZOBRIST[index_of(c)][idx];
  for (int d = 0; d < 4; ++d) {
    const int off = offsets_[d];
    for (int k = 1; k <= 4; ++k) {
      update_line_cell(idx + k * off, d, key_slot(-k), CELL_EMPTY);
      update_line_cell(idx - k * off, d, key_slot(k), CELL_EMPTY);
    }
  }
  // The point's own windows did not change while it was occupied (moves are undone in
  // reverse order), so its stored pattern data are valid again.
  tally(idx, +1);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) --near_[idx + dy * stride_ + dx];
}

}  // namespace tilestone::gomoku
