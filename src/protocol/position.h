#pragma once
// Positions the manager imposes: BOARD (any stone counts), YXBOARD (the order of the moves) and
// SWAP2BOARD (an opening), built on a fresh board and handed back only when every stone is
// good, so a refused command changes nothing.

#include <string>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"

namespace tilestone::protocol {

/// Whose a stone of a BOARD or YXBOARD line is: field 1 ours, 2 (and 3, a stone of a continuous
/// game) the opponent's.
enum class Owner { OURS, THEIRS };

struct Stone {
  gomoku::Point p;
  Owner owner;
};

/// The lines of a BOARD/YXBOARD block: `x,y,field`; an error names the first bad line (not a
/// number, a field other than 1-3, a point off the board).
core::Result<std::vector<Stone>> parse_stones(const std::vector<std::string>& lines, int size);
/// The lines of a SWAP2BOARD block: `x,y`.
core::Result<std::vector<gomoku::Point>> parse_points(const std::vector<std::string>& lines, int size);

/// BOARD: we are to move whatever the counts. Colours follow the counts: black is the side with
/// more stones, we on a tie (so the usual counts give the usual colours). Each colour's stones
/// are played in the order given, the colours alternating while both have stones left.
core::Result<gomoku::Board> board_position(const std::vector<Stone>& stones, int size, gomoku::Rule rule);

/// YXBOARD: the stones are the moves in the order given, the first one black; we are to move.
core::Result<gomoku::Board> ordered_position(const std::vector<Stone>& stones, int size, gomoku::Rule rule);

/// SWAP2BOARD: the opening stones, black first, alternating.
core::Result<gomoku::Board> opening_position(const std::vector<gomoku::Point>& stones, int size, gomoku::Rule rule);

/// The same stones, in the same order, and the same side to move under another rule.
gomoku::Board with_rule(const gomoku::Board& board, gomoku::Rule rule);

}  // namespace tilestone::protocol
