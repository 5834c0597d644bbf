#pragma once
// Game review: every move of a finished (or unfinished) game graded against the engine's best.
// One search per position: the best value before a move, and the value of the position after it
// (from the opponent's view, negated) is what the move played was worth. A move's loss is the
// mover's win probability (winprob.h) after the best move less that after the move played.
// Nothing is printed; progress goes to a callback, and `stop` ends the review early.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/grade.h"
#include "core/result.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

/// The grade thresholds of a Gomoku review (params.h), in win probability lost.
core::GradeThresholds review_thresholds();
/// The grade of a move from its loss of win probability, with one rule more: a move into a
/// proven loss when the engine's move was not proven lost hands over a forced win, a blunder
/// (the win probability alone would call it a mistake where the position was already bad).
core::Grade grade_move(double loss, bool engine_move, int best_value, int played_value);

struct ReviewOptions {
  int time_ms = params::REVIEW_DEFAULT_TIME_MS;  ///< per position
  int depth = 0;                                 ///< a maximum depth (0: as deep as time allows)
  std::uint64_t seed = 1;
};

struct ReviewedMove {
  int ply = 0;            ///< 0 for black's first move
  Color color = Color::BLACK;
  Point played;
  Point best;             ///< the engine's choice in the position before
  std::vector<Point> best_line;  ///< the engine's principal variation from there
  int best_value = 0;     ///< the engine's value of the position before (mover's view)
  int played_value = 0;   ///< the value of the move played (mover's view)
  double best_winprob = 0, played_winprob = 0;  ///< the mover's chance after each
  double loss = 0;        ///< best_winprob - played_winprob, never below 0
  core::Grade grade = core::Grade::BEST;
};

struct Review {
  int size = 0;
  Rule rule = Rule::FREESTYLE;
  Outcome outcome = Outcome::NONE;
  std::vector<ReviewedMove> moves;
  /// Black's chance to win before each move and after the last (moves.size() + 1 entries).
  std::vector<double> black_winprob;
  /// Plies of the moves that decided the game: the largest losses, at least an inaccuracy.
  std::vector<int> decisive;
  bool complete = true;  ///< false when stopped early (then `moves` holds what was reviewed)
};

using ReviewProgressFn = std::function<void(int done, int total)>;

/// Reviews the game `moves` (legal, in order). Errors: a move that is not legal.
core::Result<Review> review_game(const std::vector<Point>& moves, int size, Rule rule, const ReviewOptions& options,
                                 const ReviewProgressFn& progress = {}, const std::atomic<bool>* stop = nullptr);

/// The decisive moments of graded moves: up to `count` plies with the largest losses of at
/// least `min_loss`, in game order.
std::vector<int> decisive_moments(const std::vector<double>& losses, double min_loss, int count);

}  // namespace tilestone::gomoku
