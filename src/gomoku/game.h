#pragma once
// A game as a client sees it: the moves so far, whose turn it is, the result with its winning
// line, and the points forbidden to black. Clients that keep a game as a move string (the web
// app) replay it here on every request.

#include <string_view>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

struct GameState {
  Board board;
  std::vector<Point> moves;
  Outcome outcome = Outcome::NONE;
  bool forbidden_loss = false;       ///< black lost by playing a forbidden point (renju)
  std::vector<Point> winning_line;   ///< the five (or more) that won, when one did
  std::vector<Point> forbidden;      ///< points forbidden to black, when black is to move

  bool over() const { return outcome != Outcome::NONE; }
};

/// A new game of `size` (MIN_SIZE..MAX_SIZE) under `rule`.
core::Result<GameState> new_game(int size, Rule rule);
/// Replays a move string ("h8i9h9...") from the empty board. Errors name the bad move: off the
/// board, on a stone, or after the game ended.
core::Result<GameState> replay_game(std::string_view moves, int size, Rule rule);
/// Plays `p` for the side to move and updates the result.
core::Result<GameState> play_move(GameState state, Point p);

}  // namespace tilestone::gomoku
