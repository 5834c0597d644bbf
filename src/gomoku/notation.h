#pragma once
// Move notation: `h8` (column letter from `a` = x 0, row number from 1 at the bottom), games as
// concatenated moves `h8i9h9`, and the Gomocup protocol's zero-based `x,y` from the top-left.

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

/// `h8` style name of p on a board of `size` rows.
std::string format_point(Point p, int size);
/// Parses one point such as `h8` or `H8` for a board of `size`; error when malformed or off board.
core::Result<Point> parse_point(std::string_view text, int size);
/// Parses a game string `h8i9h9` (spaces and commas between moves allowed).
core::Result<std::vector<Point>> parse_moves(std::string_view text, int size);
/// Concatenated notation of a move list.
std::string format_moves(const std::vector<Point>& moves, int size);

/// Builds a board by playing `moves` in order; error on a repeated point or a move after the
/// game was decided (a five, or black's forbidden move under renju).
core::Result<Board> board_from_moves(const std::vector<Point>& moves, int size, Rule rule);

/// Parses "size" text into a board size in [MIN_SIZE, MAX_SIZE].
core::Result<int> parse_size(std::string_view text);

/// Multi-line ASCII picture of the board with coordinates; `mark` highlights the last move and
/// `forbidden` points are shown as `x`.
std::string render_board(const Board& board, const std::vector<Point>& forbidden = {});

}  // namespace tilestone::gomoku
