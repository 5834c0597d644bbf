#pragma once
// Engine-versus-engine games for `tilestone gomoku match`: seeded balanced openings, one game
// at a time (callers run games in parallel), and the timing of every move against its budget.

#include <cstdint>
#include <string>
#include <vector>

#include "gomoku/ai.h"

namespace tilestone::gomoku {

struct GameSetup {
  int size = params::DEFAULT_SIZE;
  Rule rule = Rule::FREESTYLE;
  Level black = Level::STRONG;
  Level white = Level::STRONG;
  int time_ms = 200;
  int threads = 1;
  std::uint64_t seed = 0;
  std::vector<Point> opening;  ///< moves played before the engines take over
};

struct GameRecord {
  Outcome outcome = Outcome::NONE;
  std::vector<Point> moves;     ///< the whole game, opening included
  double max_move_ms = 0;       ///< the slowest engine move, measured around the search call
  int engine_moves = 0;
};

/// Plays one game to its end (five, forbidden move, or full board).
GameRecord play_game(const GameSetup& setup);

/// A short random opening (5 stones, black and white alternately, near the centre) that is about
/// even with white to move, drawn with `seed`. Under renju no stone is a forbidden point.
std::vector<Point> random_opening(int size, Rule rule, std::uint64_t seed);

/// `count` random openings for a match, no two the same position up to the board's eight
/// symmetries (by canonical() of learn.h, while enough different ones can be drawn), all drawn
/// from `seed`.
std::vector<std::vector<Point>> match_openings(int size, Rule rule, int count, std::uint64_t seed);

}  // namespace tilestone::gomoku
