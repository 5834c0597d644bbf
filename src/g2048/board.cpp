#include "g2048/board.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <memory>

namespace tilestone::g2048 {

std::string_view to_string(Dir d) {
  switch (d) {
    case Dir::Up: return "up";
    case Dir::Down: return "down";
    case Dir::Left: return "left";
    case Dir::Right: return "right";
  }
  return "?";
}

std::optional<Dir> parse_dir(std::string_view text) {
  std::string s(text);
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "up" || s == "u") return Dir::Up;
  if (s == "down" || s == "d") return Dir::Down;
  if (s == "left" || s == "l") return Dir::Left;
  if (s == "right" || s == "r") return Dir::Right;
  return std::nullopt;
}

RowSlide slide_row(const std::array<int, 4>& cells, int cap) {
  RowSlide out;
  int n = 0;
  bool last_merged = true;  // the tile in slot n-1 may not take part in another merge
  for (int j = 0; j < 4; ++j) {
    const int v = cells[j];
    out.dest[j] = -1;
    if (v == 0) continue;
    if (!last_merged && out.cells[n - 1] == v && v < cap) {
      out.cells[n - 1] = v + 1;
      out.gain += std::uint64_t{1} << (v + 1);
      out.dest[j] = n - 1;
      out.merged[n - 1] = true;
      last_merged = true;
    } else {
      out.dest[j] = n;
      out.cells[n++] = v;
      last_merged = false;
    }
  }
  return out;
}

namespace {

Row reverse_row(Row r) {
  return static_cast<Row>(((r & 0xF) << 12) | ((r & 0xF0) << 4) | ((r & 0xF00) >> 4) | ((r >> 12) & 0xF));
}

std::unique_ptr<RowTables> build_tables() {
  auto t = std::make_unique<RowTables>();
  for (std::uint32_t r = 0; r < 65536; ++r) {
    const std::array<int, 4> cells{static_cast<int>(r & 0xF), static_cast<int>((r >> 4) & 0xF),
                                   static_cast<int>((r >> 8) & 0xF), static_cast<int>((r >> 12) & 0xF)};
    const RowSlide s = slide_row(cells, MAX_BOARD_EXPONENT);
    t->left[r] = static_cast<Row>(s.cells[0] | (s.cells[1] << 4) | (s.cells[2] << 8) | (s.cells[3] << 12));
    t->gain[r] = static_cast<std::uint32_t>(s.gain);
  }
  for (std::uint32_t r = 0; r < 65536; ++r)
    t->right[r] = reverse_row(t->left[reverse_row(static_cast<Row>(r))]);
  auto spread = [](Row r) {
    return std::uint64_t{r & 0xFu} | (std::uint64_t{(r >> 4) & 0xFu} << 16) | (std::uint64_t{(r >> 8) & 0xFu} << 32) |
           (std::uint64_t{(r >> 12) & 0xFu} << 48);
  };
  for (std::uint32_t r = 0; r < 65536; ++r) {
    t->up[r] = spread(t->left[r]);
    t->down[r] = spread(t->right[r]);
  }
  return t;
}

std::uint64_t slide_cols(std::uint64_t transposed, const std::array<std::uint64_t, 65536>& table) {
  return table[transposed & 0xFFFF] | (table[(transposed >> 16) & 0xFFFF] << 4) |
         (table[(transposed >> 32) & 0xFFFF] << 8) | (table[(transposed >> 48) & 0xFFFF] << 12);
}

// Bit i set when nibble i of x is zero: fold each nibble to its low bit, then gather the 16 bits.
std::uint16_t zero_nibbles(std::uint64_t x) {
  x |= x >> 2;
  x |= x >> 1;
  x = ~x & 0x1111111111111111ULL;
  x = (x | (x >> 3)) & 0x0303030303030303ULL;
  x = (x | (x >> 6)) & 0x000F000F000F000FULL;
  x = (x | (x >> 12)) & 0x000000FF000000FFULL;
  x = (x | (x >> 24)) & 0xFFFFULL;
  return static_cast<std::uint16_t>(x);
}

std::uint64_t slide_rows(std::uint64_t b, const std::array<Row, 65536>& table) {
  return std::uint64_t{table[b & 0xFFFF]} | (std::uint64_t{table[(b >> 16) & 0xFFFF]} << 16) |
         (std::uint64_t{table[(b >> 32) & 0xFFFF]} << 32) | (std::uint64_t{table[(b >> 48) & 0xFFFF]} << 48);
}

}  // namespace

const RowTables& row_tables() {
  static const std::unique_ptr<RowTables> tables = build_tables();
  return *tables;
}

Board Board::transposed() const {
  // Two delta swaps: first transpose every 2x2 block of cells (the partners are 12 bits apart),
  // then swap the top-right and bottom-left 2x2 blocks (24 bits apart).
  std::uint64_t x = bits_;
  std::uint64_t t = ((x >> 12) ^ x) & 0x0000F0F00000F0F0ULL;
  x ^= t ^ (t << 12);
  t = ((x >> 24) ^ x) & 0x00000000FF00FF00ULL;
  x ^= t ^ (t << 24);
  return Board(x);
}

Board Board::after(Dir d) const {
  const RowTables& t = row_tables();
  switch (d) {
    case Dir::Left: return Board(slide_rows(bits_, t.left));
    case Dir::Right: return Board(slide_rows(bits_, t.right));
    case Dir::Up: return Board(slide_cols(transposed().bits_, t.up));
    case Dir::Down: return Board(slide_cols(transposed().bits_, t.down));
  }
  return *this;
}

std::uint32_t Board::gain(Dir d) const {
  const RowTables& t = row_tables();
  const std::uint64_t b = (d == Dir::Left || d == Dir::Right) ? bits_ : transposed().bits_;
  return t.gain[b & 0xFFFF] + t.gain[(b >> 16) & 0xFFFF] + t.gain[(b >> 32) & 0xFFFF] + t.gain[(b >> 48) & 0xFFFF];
}

Moves Board::moves() const {
  const RowTables& t = row_tables();
  const std::uint64_t x = bits_, tr = transposed().bits_;
  Moves m;
  m.after[index(Dir::Up)] = Board(slide_cols(tr, t.up));
  m.after[index(Dir::Down)] = Board(slide_cols(tr, t.down));
  m.after[index(Dir::Left)] = Board(slide_rows(x, t.left));
  m.after[index(Dir::Right)] = Board(slide_rows(x, t.right));
  auto gain = [&](std::uint64_t b) {
    return t.gain[b & 0xFFFF] + t.gain[(b >> 16) & 0xFFFF] + t.gain[(b >> 32) & 0xFFFF] + t.gain[(b >> 48) & 0xFFFF];
  };
  m.gain[index(Dir::Up)] = m.gain[index(Dir::Down)] = gain(tr);
  m.gain[index(Dir::Left)] = m.gain[index(Dir::Right)] = gain(x);
  return m;
}

bool Board::has_move() const {
  for (Dir d : ALL_DIRS)
    if (can_move(d)) return true;
  return false;
}

std::uint16_t Board::empty_mask() const { return zero_nibbles(bits_); }

int Board::empty_count() const { return std::popcount(static_cast<unsigned>(zero_nibbles(bits_))); }

int Board::max_exponent() const {
  int m = 0;
  for (int i = 0; i < 16; ++i) m = std::max(m, at(i));
  return m;
}

Board Board::downgraded(int from, int& steps) const {
  Board b = *this;
  steps = 0;
  for (;;) {
    unsigned present = 0;  // bit e: some cell holds exponent e (bit 0: an empty cell)
    for (int i = 0; i < 16; ++i) present |= 1U << b.at(i);
    const int top = std::bit_width(present) - 1;
    if (top < from) return b;
    int gap = top - 1;
    while (gap >= 1 && ((present >> gap) & 1U) != 0) --gap;
    if (gap < 1) return b;
    for (int i = 0; i < 16; ++i)
      if (b.at(i) > gap) b = b.with(i, b.at(i) - 1);
    ++steps;
  }
}

std::uint64_t Board::tile_sum() const {
  std::uint64_t s = 0;
  for (int i = 0; i < 16; ++i)
    if (at(i) != 0) s += std::uint64_t{1} << at(i);
  return s;
}

}  // namespace tilestone::g2048
