#pragma once
// Line patterns: what one more stone on an empty point makes along one line, read from a
// window of four points on either side. The lookup tables are built once and never change.

#include <array>
#include <cstdint>

namespace tilestone::gomoku {

/// The pattern a stone placed on a point makes along one line, weakest first (OVERLINE is a
/// six or longer where it does not win, worth nothing).
/// FLEX = live (two ways forward), BLOCK = dead (one way forward).
enum class Pattern : std::uint8_t {
  NONE,
  OVERLINE,
  BLOCK1,
  FLEX1,
  BLOCK2,
  FLEX2,
  BLOCK3,
  FLEX3,
  BLOCK4,
  FLEX4,
  FIVE,
};

/// What a stone on a point makes over its four lines, strongest first in the seed's order.
enum class PointKind : std::uint8_t {
  NONE,
  DEAD_TWO,
  LIVE_TWO,
  DEAD_THREE,
  DOUBLE_TWO,
  LIVE_THREE,
  DEAD_FOUR,
  DEAD3_LIVE3,
  DOUBLE_THREE,
  FOUR_PLUS,  ///< live four, double dead four, or dead four + live three
  FIVE,
};

/// A window of a line: 2 bits for each of the 8 neighbours at offsets -4..-1, +1..+4
/// (0 empty, 1 black, 2 white, 3 off the board).
using LineKey = std::uint16_t;
constexpr int CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_WALL = 3;

/// Slot of the neighbour at `offset` (-4..-1, 1..4) in a LineKey.
constexpr int key_slot(int offset) { return offset < 0 ? offset + 4 : offset + 3; }

/// How fives count: EXACT (standard; renju black) or FIVE_OR_MORE (freestyle; renju white).
enum class FiveRule : std::uint8_t { FIVE_OR_MORE, EXACT };

/// The pattern that a stone of `color` (1 black, 2 white) placed at the window's centre makes.
/// Built once on first use; thread-safe.
Pattern line_pattern(FiveRule five, int color, LineKey key);

/// The 65,536-entry table behind line_pattern for one five rule and colour.
const Pattern* line_table(FiveRule five, int color);

/// Combines the four line patterns of a point into the seed's point kinds.
PointKind point_kind(const std::array<Pattern, 4>& lines);

/// Everything the board keeps about one colour on one empty point, from its four line patterns.
struct PointInfo {
  PointKind kind;
  Pattern best;        ///< strongest of the four lines
  std::int16_t value;  ///< evaluation weight (params::PATTERN_VALUE plus combination bonuses)
  std::int16_t tempo;  ///< what the point is worth more to the side to move (params::TEMPO_VALUE)
  std::int16_t attack;   ///< move-order score of the point for this colour (params::ORDER_*_MINE)
  std::int16_t defence;  ///< move-order score of the point for the other colour (params::ORDER_*_THEIRS)
  bool winning;          ///< a five, or a four that cannot be stopped (kind >= FOUR_PLUS and may be played)
};

/// Index of four line patterns in the table of point_info_table().
constexpr int combo_index(const std::array<Pattern, 4>& p) {
  return ((static_cast<int>(p[0]) * 11 + static_cast<int>(p[1])) * 11 + static_cast<int>(p[2])) * 11 + static_cast<int>(p[3]);
}

/// The 11^4 PointInfo entries, built once on first use; thread-safe. With `renju_black`, a point
/// where the line patterns make black's stone forbidden for sure (surely_forbidden) is not
/// `winning`: a double four there is no threat white must answer. Everything else stays as for
/// freestyle (a table that also took the value and move-order weight off the points that look
/// forbidden, double threes included, measured -4 Elo in renju over 472 games at 100 ms and was
/// dropped).
const PointInfo* point_info_table(bool renju_black = false);

/// True when these line patterns (black's, under renju's exact five) make black's stone forbidden
/// whatever else is on the board: no five, and two fours or an overline. (A double three may be
/// false; only rules.h can tell.)
bool surely_forbidden(const std::array<Pattern, 4>& lines);

/// The seed's score of a point kind: five 100, live four etc. 90, ... dead two 10.
int seed_score(PointKind kind);

/// Computes the pattern of a window given as 9 cells (centre at index 4, 0 empty, 1 own,
/// 2 opponent, 3 wall) with the centre treated as own; exposed for tests.
Pattern classify_window(const std::array<int, 9>& cells, FiveRule five);

}  // namespace tilestone::gomoku
