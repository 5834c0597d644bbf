#include "gomoku/review.h"

#include <algorithm>
#include <numeric>

#include "gomoku/ai.h"
#include "gomoku/game.h"
#include "gomoku/notation.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"

namespace tilestone::gomoku {

core::GradeThresholds review_thresholds() {
  return {params::REVIEW_BEST_LOSS, params::REVIEW_GOOD_LOSS, params::REVIEW_INACCURACY_LOSS, params::REVIEW_MISTAKE_LOSS};
}

core::Grade grade_move(double loss, bool engine_move, int best_value, int played_value) {
  const bool walks_into_loss = played_value < -params::WIN_BOUND && best_value >= -params::WIN_BOUND;
  if (walks_into_loss && !engine_move) return core::Grade::BLUNDER;
  return core::grade_loss(loss, engine_move, review_thresholds());
}

std::vector<int> decisive_moments(const std::vector<double>& losses, double min_loss, int count) {
  std::vector<int> order(losses.size());
  std::iota(order.begin(), order.end(), 0);
  // The largest losses first; ties to the earlier move (it decided the game first).
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return losses[static_cast<std::size_t>(a)] > losses[static_cast<std::size_t>(b)]; });
  std::vector<int> out;
  for (int i : order) {
    if (static_cast<int>(out.size()) >= count || losses[static_cast<std::size_t>(i)] < min_loss) break;
    out.push_back(i);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// The value of a finished game for `mover`, who made the last move.
int terminal_value(const GameState& s, Color mover) {
  if (s.outcome == Outcome::DRAW) return 0;
  return lost(s.outcome, mover) ? -(params::WIN_SCORE - 1) : params::WIN_SCORE - 1;
}

double black_chance(int value, Color to_move) {
  const double p = win_probability(value);
  return to_move == Color::BLACK ? p : 1.0 - p;
}

}  // namespace

core::Result<Review> review_game(const std::vector<Point>& moves, int size, Rule rule, const ReviewOptions& options,
                                 const ReviewProgressFn& progress, const std::atomic<bool>* stop) {
  auto start = new_game(size, rule);
  if (!start) return core::fail(start.error());
  // Step 1. Check every move before spending time on searches.
  {
    GameState s = *start;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto next = play_move(std::move(s), moves[i]);
      if (!next) return core::fail("move " + std::to_string(i + 1) + ": " + next.error());
      s = std::move(next.value());
    }
  }
  Review review;
  review.size = size;
  review.rule = rule;
  auto engine = make_strong_engine();
  Limits limits;
  limits.time_ms = options.time_ms;
  limits.depth = options.depth;
  limits.seed = options.seed;
  limits.threads = 1;
  limits.memory_mb = 16;
  const int n = static_cast<int>(moves.size());

  // Step 2. One search per position, in game order; move i is graded once position i + 1 is
  // valued (or the game has ended with it).
  GameState s = *start;
  SearchResult before;
  int searched = 0;
  auto search_here = [&] {
    if (progress) progress(searched, n + 1);
    ++searched;
    return engine->search(s.board, limits);
  };
  before = search_here();
  review.black_winprob.push_back(black_chance(before.value, s.board.to_move()));
  for (int i = 0; i < n; ++i) {
    if (stop && stop->load()) {
      review.complete = false;
      break;
    }
    const Color mover = s.board.to_move();
    ReviewedMove m;
    m.ply = i;
    m.color = mover;
    m.played = moves[static_cast<std::size_t>(i)];
    m.best = before.move;
    m.best_line = before.pv;
    m.best_value = before.value;
    s = std::move(play_move(std::move(s), m.played).value());
    if (s.over()) {
      m.played_value = terminal_value(s, mover);
      const double black = s.outcome == Outcome::DRAW ? 0.5 : lost(s.outcome, Color::BLACK) ? 0.0 : 1.0;
      review.black_winprob.push_back(black);
    } else {
      before = search_here();
      m.played_value = -before.value;
      review.black_winprob.push_back(black_chance(before.value, s.board.to_move()));
    }
    m.best_winprob = win_probability(m.best_value);
    m.played_winprob = win_probability(m.played_value);
    // A better value for the move played than for the engine's choice is search noise.
    m.best_winprob = std::max(m.best_winprob, m.played_winprob);
    m.best_value = std::max(m.best_value, m.played_value);
    m.loss = m.best_winprob - m.played_winprob;
    m.grade = grade_move(m.loss, m.played == m.best, m.best_value, m.played_value);
    review.moves.push_back(std::move(m));
  }
  if (progress) progress(n + 1, n + 1);
  review.outcome = s.outcome;
  std::vector<double> losses;
  for (const auto& m : review.moves) losses.push_back(m.loss);
  review.decisive = decisive_moments(losses, params::REVIEW_GOOD_LOSS, params::REVIEW_DECISIVE_MOMENTS);
  return review;
}

}  // namespace tilestone::gomoku
