#pragma once
// Exact rules, read from the stones (not from the pattern tables): fives, renju forbidden
// points for black, and the verdict on a move.

#include <optional>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

/// Would a stone of colour c on the empty point p make a winning line under the board's rule?
/// (freestyle: five or more; standard: exactly five; renju: black exactly five, white five or more.)
bool makes_five(const Board& board, Point p, Color c);

/// The winning line through the stone on p, all its points in order; nullopt when it has none.
std::optional<std::vector<Point>> winning_line(const Board& board, Point p);

/// Renju only: would a black stone on the empty point p be forbidden (double three, double four
/// or overline, and no five)? Always false under freestyle and standard.
bool is_forbidden(const Board& board, Point p);

/// All points forbidden to black, top to bottom, left to right (empty unless renju).
std::vector<Point> forbidden_points(const Board& board);

/// What a move by the side to move would do.
enum class Verdict { ILLEGAL, NORMAL, WINS, FORBIDDEN };

/// ILLEGAL off the board or on a stone; WINS for a five; FORBIDDEN for black's forbidden move
/// under renju (it loses); NORMAL otherwise.
Verdict judge_move(const Board& board, Point p);

/// Plays p (which must not be ILLEGAL) and says how the game stands afterwards: the mover wins
/// with a five, black loses on a forbidden point, DRAW when the board is full, else NONE.
Outcome play_and_judge(Board& board, Point p);

}  // namespace tilestone::gomoku
