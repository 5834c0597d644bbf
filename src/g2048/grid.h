#pragma once
// The exact 2048 grid used by games: one byte of exponent per cell, so tiles go past 32768
// (65536 and 131072, the largest a 4x4 game can reach). Board (board.h) is its 64-bit image for
// the AIs.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "g2048/board.h"

namespace tilestone::g2048 {

/// The largest exponent a grid accepts (2^20); no 4x4 game gets near it.
inline constexpr int MAX_GRID_EXPONENT = 20;

/// Where one tile went during a slide (for animations): `merged` marks the tile that absorbed
/// another; both source tiles of a merge have an entry with the same `to`.
struct TileMotion {
  int from;
  int to;
  int exponent;  ///< the tile's exponent before the move
  bool merged;   ///< the tile at `to` is the result of a merge
};

struct Grid {
  std::array<std::uint8_t, 16> cells{};  ///< exponents, row-major from the top-left

  int at(int row, int col) const { return cells[4 * row + col]; }
  int empty_count() const;
  int max_exponent() const;
  std::uint64_t max_tile() const;
  /// The 64-bit image: exponents above 15 are clamped to 15 (see board.h).
  Board to_board() const;
  static Grid from_board(Board b);

  friend bool operator==(const Grid&, const Grid&) = default;
};

struct SlideResult {
  Grid grid;
  std::uint64_t gain = 0;
  bool moved = false;
  std::vector<TileMotion> motions;
};

/// Slides the grid in `d` following the exact rules (no spawn).
SlideResult slide(const Grid& g, Dir d);
bool can_move(const Grid& g, Dir d);
bool has_move(const Grid& g);

/// Parses "2,0,0,2/0,4,..." (16 tile values, commas/spaces, optional '/' between rows) or
/// "0x" followed by 16 hex exponent digits. Values must be 0 or powers of two from 2 to 2^20.
core::Result<Grid> parse_grid(std::string_view text);
/// Formats as "v,v,v,v/v,v,v,v/..." (parse_grid's inverse).
std::string format_grid(const Grid& g);
/// Formats as "0x" and 16 hex exponent digits, when every exponent is at most 15.
std::string format_hex(const Grid& g);
/// A multi-line picture for terminals and messages.
std::string render_grid(const Grid& g);

}  // namespace tilestone::g2048
