#include "gomoku/match.h"

#include <algorithm>
#include <cstdlib>

#include "core/clock.h"
#include "core/rng.h"
#include "gomoku/eval.h"
#include "gomoku/rules.h"

namespace tilestone::gomoku {
namespace {

// An opening counts as balanced when the side to move is at most this far ahead or behind.
constexpr int BALANCED_EVAL = 150;
constexpr int OPENING_STONES = 3;
constexpr int OPENING_RADIUS = 2;
constexpr int OPENING_TRIES = 200;

}  // namespace

std::vector<Point> random_opening(int size, Rule rule, std::uint64_t seed) {
  core::Rng rng(seed);
  const int c = size / 2;
  const int r = std::min(OPENING_RADIUS, c);
  std::vector<Point> best;
  int best_eval = 1 << 30;
  for (int attempt = 0; attempt < OPENING_TRIES; ++attempt) {
    Board b(size, rule);
    std::vector<Point> moves;
    while (static_cast<int>(moves.size()) < OPENING_STONES) {
      const Point p{c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1))),
                    c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1)))};
      if (moves.empty()) {
        b.play({c, c});
        moves.push_back({c, c});
        continue;
      }
      if (judge_move(b, p) != Verdict::NORMAL) continue;
      b.play(p);
      moves.push_back(p);
    }
    const int e = std::abs(evaluate(b));
    if (e < best_eval) best_eval = e, best = moves;
    if (e <= BALANCED_EVAL) break;
  }
  return best;
}

GameRecord play_game(const GameSetup& setup) {
  GameRecord rec;
  Board board(setup.size, setup.rule);
  for (Point p : setup.opening) {
    if (rec.outcome != Outcome::NONE || !board.empty_at(p)) break;
    rec.outcome = play_and_judge(board, p);
    rec.moves.push_back(p);
  }
  auto black = make_engine(setup.black);
  auto white = make_engine(setup.white);
  Limits limits;
  limits.time_ms = setup.time_ms;
  limits.threads = setup.threads;
  limits.memory_mb = 16;
  while (rec.outcome == Outcome::NONE) {
    limits.seed = core::derive_seed(setup.seed, static_cast<std::uint64_t>(board.move_count()));
    Engine& engine = board.to_move() == Color::BLACK ? *black : *white;
    const auto clock = core::Deadline::in_ms(0);
    const SearchResult r = engine.search(board, limits);
    rec.max_move_ms = std::max(rec.max_move_ms, static_cast<double>(clock.elapsed_us()) / 1000.0);
    ++rec.engine_moves;
    Point move = r.move;
    if (!board.empty_at(move)) move = fallback_move(board);  // never let a bad move crash a match
    rec.outcome = play_and_judge(board, move);
    rec.moves.push_back(move);
  }
  return rec;
}

}  // namespace tilestone::gomoku
