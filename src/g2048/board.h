#pragma once
// The 2048 board as one 64-bit word: 16 cells of 4-bit exponents (0 = empty, e = tile 2^e).
// Cell i = 4 * row + col, row 0 at the top; row r lives in bits [16r, 16r + 16), col c in nibble c.
// Moves are four 65,536-entry row-table lookups. Exponent 15 (32768) is the largest this board
// holds, and two 32768 tiles do not merge here; the exact game (grid.h) goes beyond that.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilestone::g2048 {

enum class Dir : std::uint8_t { Up, Down, Left, Right };
inline constexpr std::array<Dir, 4> ALL_DIRS{Dir::Up, Dir::Down, Dir::Left, Dir::Right};
inline constexpr int index(Dir d) { return static_cast<int>(d); }

/// "up", "down", "left", "right".
std::string_view to_string(Dir d);
/// Accepts the full names and the single letters u/d/l/r (any case).
std::optional<Dir> parse_dir(std::string_view text);

/// One row of four exponents packed in 16 bits (nibble c = column c).
using Row = std::uint16_t;

/// The largest exponent a Board cell holds.
inline constexpr int MAX_BOARD_EXPONENT = 15;

struct Moves;

class Board {
 public:
  constexpr Board() = default;
  explicit constexpr Board(std::uint64_t bits) : bits_(bits) {}

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr int at(int cell) const { return static_cast<int>((bits_ >> (4 * cell)) & 0xF); }
  constexpr int at(int row, int col) const { return at(4 * row + col); }
  constexpr Row row(int r) const { return static_cast<Row>(bits_ >> (16 * r)); }
  /// A copy with `cell` set to exponent `exp` (0..15).
  constexpr Board with(int cell, int exp) const {
    const std::uint64_t mask = std::uint64_t{0xF} << (4 * cell);
    return Board((bits_ & ~mask) | (static_cast<std::uint64_t>(exp & 0xF) << (4 * cell)));
  }

  int empty_count() const;
  /// Bit i set when cell i is empty.
  std::uint16_t empty_mask() const;
  int max_exponent() const;
  /// Whether some cell holds exponent `e` or more (1..15), without a loop over the cells.
  constexpr bool holds_at_least(int e) const {
    const std::uint64_t lanes = 0x0101010101010101ULL * static_cast<std::uint64_t>(16 - e);
    const std::uint64_t lo = (bits_ & 0x0F0F0F0F0F0F0F0FULL) + lanes;
    const std::uint64_t hi = ((bits_ >> 4) & 0x0F0F0F0F0F0F0F0FULL) + lanes;
    return ((lo | hi) & 0x1010101010101010ULL) != 0;
  }
  /// Tile downgrading (after Guei et al. 2022): while the largest tile is 2^from or more and some
  /// smaller tile is missing, every tile above the highest missing one moves one step down, so a
  /// late board reads as the same shape one tile lower. `steps` counts the steps taken.
  Board downgraded(int from, int& steps) const;
  /// Sum of the tile values (2^e for every non-empty cell).
  std::uint64_t tile_sum() const;

  /// The board after sliding in `d`, without a spawn. Equal to *this when the move is illegal.
  Board after(Dir d) const;
  /// Score gained by sliding in `d` (the sum of the merged tiles' values).
  std::uint32_t gain(Dir d) const;
  bool can_move(Dir d) const { return after(d) != *this; }
  /// Every direction's after() and gain() at once (one transpose for both vertical moves).
  Moves moves() const;
  bool has_move() const;

  Board transposed() const;

  friend constexpr bool operator==(Board a, Board b) { return a.bits_ == b.bits_; }

 private:
  std::uint64_t bits_ = 0;
};

/// after() and gain() of every direction, indexed by index(Dir); a move is legal where its board
/// differs from the board it was made on.
struct Moves {
  std::array<Board, 4> after;
  std::array<std::uint32_t, 4> gain;
};

/// The row-slide lookup tables (built once, shared read-only by every thread).
struct RowTables {
  std::array<Row, 65536> left;        ///< row after sliding toward column 0
  std::array<Row, 65536> right;       ///< row after sliding toward column 3
  std::array<std::uint32_t, 65536> gain;  ///< score gained (the same for both directions)
  // A column read as a row (nibble j = row j), slid, and spread back to column 0 of a board
  // (row j at bit 16j): moving up or down takes one transpose instead of two.
  std::array<std::uint64_t, 65536> up;
  std::array<std::uint64_t, 65536> down;
};
const RowTables& row_tables();

/// Slides one row of exponents toward index 0 following the game's rules: each tile merges at
/// most once per move, the pair nearest the wall merges first. `cap` is the largest exponent
/// that may be produced (tiles at cap do not merge). Returns the new row and the score gained.
struct RowSlide {
  std::array<int, 4> cells{};   ///< the row after the slide
  std::uint64_t gain = 0;
  std::array<int, 4> dest{};    ///< slot each input tile moved to (-1 for an empty input)
  std::array<bool, 4> merged{}; ///< output slot holds the result of a merge
};
RowSlide slide_row(const std::array<int, 4>& cells, int cap);

}  // namespace tilestone::g2048
