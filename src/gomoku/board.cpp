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
  info_ = {point_info_table(rule == Rule::RENJU), point_info_table()};
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
        data_[idx].key[d] = key;
      }
    }
  }
  // Step 2: patterns and values of every point.
  for (int y = 0; y < size_; ++y)
    for (int x = 0; x < size_; ++x) {
      const int idx = index({x, y});
      for (int d = 0; d < 4; ++d) {
        data_[idx].pattern[0][d] = line_pattern(five_[0], CELL_BLACK, data_[idx].key[d]);
        data_[idx].pattern[1][d] = line_pattern(five_[1], CELL_WHITE, data_[idx].key[d]);
      }
      refresh_cell(idx);
      tally(idx, +1);
      for (int c = 0; c < 2; ++c)
        if (data_[idx].best[c] >= Pattern::BLOCK4) toggle_four(c, idx);
    }
  box_ = {size_, size_, -1, -1};
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
  const CellData& cd = data_[q];
  for (int c = 0; c < 2; ++c) {
    sum_[c] += sign * cd.value[c];
    tempo_[c] += sign * cd.tempo[c];
    counts_[c][0] += sign * (cd.kind[c] == PointKind::FIVE);
    counts_[c][1] += sign * info_[c][cd.combo[c]].winning;
    counts_[c][2] += sign * (cd.best[c] >= Pattern::BLOCK4);
  }
}

void Board::refresh_cell(int q) {
  CellData& cd = data_[q];
  for (int c = 0; c < 2; ++c) {
    cd.combo[c] = static_cast<std::uint16_t>(combo_index(cd.pattern[c]));
    const PointInfo& info = info_[c][cd.combo[c]];
    cd.best[c] = info.best;
    cd.kind[c] = info.kind;
    cd.value[c] = info.value;
    cd.tempo[c] = info.tempo;
  }
}

inline void Board::toggle_four(int c, int q) {
  fours_[static_cast<std::size_t>(c)][static_cast<std::size_t>(q / 64)] ^= std::uint64_t{1} << (q % 64);
}

inline void Board::flip_four(int c, int q) {
  toggle_four(c, q);
  flips_.push_back(static_cast<std::uint16_t>(q * 2 + c));
}

// Moves colour c's totals from cell q's stored point data to those of its current combo.
inline void Board::set_info(int q, int c, int old_combo) {
  CellData& cd = data_[q];
  const PointInfo& info = info_[c][cd.combo[c]];
  sum_[c] += info.value - cd.value[c];
  tempo_[c] += info.tempo - cd.tempo[c];
  counts_[c][0] += (info.kind == PointKind::FIVE) - (cd.kind[c] == PointKind::FIVE);
  counts_[c][1] += info.winning - info_[c][old_combo].winning;
  const bool four = info.best >= Pattern::BLOCK4, was_four = cd.best[c] >= Pattern::BLOCK4;
  counts_[c][2] += four - was_four;
  if (four != was_four) flip_four(c, q);
  cd.kind[c] = info.kind;
  cd.best[c] = info.best;
  cd.value[c] = info.value;
  cd.tempo[c] = info.tempo;
}

namespace {

// A line window with `code` written into one slot.
LineKey with_slot(LineKey key, int slot, unsigned code) {
  return static_cast<LineKey>((key & ~(3u << (2 * slot))) | (code << (2 * slot)));
}

// combo_index after the pattern along direction d changed from `old` to `now`.
int combo_with(int combo, int d, Pattern old, Pattern now) {
  static constexpr std::array<int, 4> WEIGHT = {11 * 11 * 11, 11 * 11, 11, 1};  // of combo_index, by direction
  return combo + (static_cast<int>(now) - static_cast<int>(old)) * WEIGHT[static_cast<std::size_t>(d)];
}

}  // namespace

const PointInfo& Board::info_if(Color c, int idx, int d, int k, Color stone) const {
  assert(k != 0 && k >= -4 && k <= 4 && cells_[idx] == CELL_EMPTY && cells_[idx + k * offsets_[d]] == CELL_EMPTY);
  const CellData& cd = data_[idx];
  const int ci = index_of(c);
  const Pattern p = tables_[ci][with_slot(cd.key[d], key_slot(k), static_cast<unsigned>(stone))];
  return info_[ci][combo_with(cd.combo[ci], d, cd.pattern[ci][d], p)];
}

// Writes `code` into slot `slot` of cell q's window along d and, if q is empty, refreshes what
// a stone there would make (only this one line of q changed).
inline void Board::update_line_cell(int q, int d, int slot, int code) {
  if (cells_[q] == CELL_WALL) return;
  CellData& cd = data_[q];
  const LineKey key = with_slot(cd.key[d], slot, static_cast<unsigned>(code));
  cd.key[d] = key;
  if (cells_[q] != CELL_EMPTY) return;
  // Most far neighbours keep their patterns; then nothing else about them changes either.
  for (int c = 0; c < 2; ++c) {
    const Pattern p = tables_[c][key];
    const Pattern old = cd.pattern[c][d];
    if (p == old) continue;
    cd.pattern[c][d] = p;
    const int old_combo = cd.combo[c];
    cd.combo[c] = static_cast<std::uint16_t>(combo_with(old_combo, d, old, p));
    set_info(q, c, old_combo);
  }
}

void Board::play_index(int idx) {
  assert(cells_[idx] == CELL_EMPTY);
  const Color c = to_move();
  const int code = static_cast<int>(c);
  frames_.push_back({box_, sum_, tempo_, counts_, flips_.size()});
  std::size_t top = history_.size() * TOUCHED;
  if (saved_.size() < top + TOUCHED) saved_.resize(top + TOUCHED);
  cells_[idx] = static_cast<std::uint8_t>(code);
  hash_ ^= ZOBRIST[index_of(c)][idx];
  tally(idx, -1);
  for (int ci = 0; ci < 2; ++ci)
    if (data_[idx].best[ci] >= Pattern::BLOCK4) flip_four(ci, idx);
  for (int d = 0; d < 4; ++d) {
    const int off = offsets_[d];
    for (int k = 1; k <= 4; ++k) {
      saved_[top++] = data_[idx + k * off];
      saved_[top++] = data_[idx - k * off];
      update_line_cell(idx + k * off, d, key_slot(-k), code);
      update_line_cell(idx - k * off, d, key_slot(k), code);
    }
  }
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) ++near_[idx + dy * stride_ + dx];
  history_.push_back(idx);
  to_move_ = opponent(c);
  const Point p = point(idx);
  box_ = {std::min(box_.min_x, p.x), std::min(box_.min_y, p.y), std::max(box_.max_x, p.x), std::max(box_.max_y, p.y)};
}

void Board::undo() {
  assert(!history_.empty());
  const int idx = history_.back();
  history_.pop_back();
  const Color c = static_cast<Color>(cells_[idx]);
  to_move_ = c;
  cells_[idx] = CELL_EMPTY;
  hash_ ^= ZOBRIST[index_of(c)][idx];
  // The neighbours' data as they were before the move; the point's own data did not change
  // while it was occupied (moves are undone in reverse order).
  std::size_t top = history_.size() * TOUCHED;
  for (int d = 0; d < 4; ++d) {
    const int off = offsets_[d];
    for (int k = 1; k <= 4; ++k) {
      data_[idx + k * off] = saved_[top++];
      data_[idx - k * off] = saved_[top++];
    }
  }
  const Frame& f = frames_.back();
  box_ = f.box;
  sum_ = f.sum;
  tempo_ = f.tempo;
  counts_ = f.counts;
  while (flips_.size() > f.flips) {
    toggle_four(flips_.back() % 2, flips_.back() / 2);
    flips_.pop_back();
  }
  frames_.pop_back();
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) --near_[idx + dy * stride_ + dx];
}

}  // namespace tilestone::gomoku
