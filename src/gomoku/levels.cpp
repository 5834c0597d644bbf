// The seed's levels: `scorer` (one-ply pattern scores), `minimax` (alpha-beta with the seed's
// recipe) and `montecarlo` (flat Monte Carlo through the generic template), plus the factory.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <string>

#include "core/clock.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/eval.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/tt.h"
#include "search/montecarlo.h"

namespace tilestone::gomoku {
namespace {

using params::INF_SCORE;
using params::WIN_BOUND;
using params::WIN_SCORE;

// The seed's score of a point: attack (what we make there) plus defence (what we deny).
int seed_point_score(const Board& b, int idx, Color me) {
  return seed_score(b.kind(me, idx)) + seed_score(b.kind(opponent(me), idx));
}

// Step 4-5 of the seed: score every empty point near the stones, take the best.
class ScorerEngine final : public Engine {
 public:
  SearchResult search(const Board& board, const Limits& limits, const ProgressFn&) override {
    const core::Deadline clock = core::Deadline::in_ms(0);
    const Color me = board.to_move();
    SearchResult r;
    r.depth = 1;
    if (board.move_count() == 0) {
      r.move = {board.size() / 2, board.size() / 2};
    } else {
      int best = -1, best_idx = -1;
      std::vector<int> playable;
      board.for_each_candidate([&](int q) {
        if (may_play(board, q, me)) playable.push_back(q);
      });
      for (int q : without_avoided(board, std::move(playable), limits)) {
        ++r.nodes;
        // A five of our own beats every block.
        int s = is_five_point(board, q, me) ? 1 << 24 : seed_point_score(board, q, me) * 4096;
        s += board.value(me, q) + board.value(opponent(me), q);
        if (s > best) best = s, best_idx = q;
      }
      r.move = best_idx >= 0 ? board.point(best_idx) : fallback_move(board);
      r.value = best >> 12;
    }
    r.pv = {r.move};
    r.elapsed_ms = static_cast<double>(clock.elapsed_us()) / 1000.0;
    return r;
  }
};

// Steps 6-13 of the seed: alpha-beta, depth-aware scores, candidates near the bounding box,
// top-N ordering, a Zobrist table, threads at the root, a seeded draw among near-best moves.
class MinimaxEngine final : public Engine {
 public:
  SearchResult search(const Board& board, const Limits& limits, const ProgressFn& progress) override {
    const core::Deadline clock = core::Deadline::in_ms(0);
    SearchResult r;
    const auto root = without_avoided(board, candidates(board), limits);
    if (board.move_count() == 0 || root.empty()) {
      r.move = board.move_count() == 0 ? Point{board.size() / 2, board.size() / 2} : fallback_move(board);
      r.pv = {r.move};
      return r;
    }
    deadline_ = search_deadline(limits);
    stop_ = false;
    nodes_ = 0;
    const int max_depth = limits.depth > 0 ? limits.depth : params::MINIMAX_MAX_DEPTH;
    std::vector<int> scores(root.size(), 0);
    for (int depth = 1; depth <= max_depth; ++depth) {
      std::vector<int> trial(root.size(), 0);
      core::parallel_for(root.size(), static_cast<unsigned>(std::max(1, limits.threads)), [&](std::size_t i) {
        Board b = board;
        if (is_five_point(b, root[i], b.to_move())) {
          trial[i] = WIN_SCORE - 1;
          return;
        }
        b.play_index(root[i]);
        trial[i] = -alphabeta(b, depth - 1, -INF_SCORE, INF_SCORE, 1);
      });
      if (stop_) break;
      scores = trial;
      r.depth = depth;
      const int best = *std::max_element(scores.begin(), scores.end());
      if (progress)
        progress({.depth = depth, .partial = false, .value = best, .nodes = nodes_.load(),
                  .elapsed_ms = static_cast<double>(clock.elapsed_us()) / 1000.0, .pv = {}});
      if (std::abs(best) > WIN_BOUND) break;
      if (limits.time_ms > 0 && clock.elapsed_us() * 100 > static_cast<std::int64_t>(limits.time_ms) * 1000 * params::ITERATION_START_PERCENT / 4) break;
    }
    // The seed's randomness: any move within a small margin of the best, drawn with the seed.
    const int best = *std::max_element(scores.begin(), scores.end());
    std::vector<std::size_t> near;
    for (std::size_t i = 0; i < root.size(); ++i) {
      const bool decided = std::abs(best) > WIN_BOUND;
      if (decided ? scores[i] == best : scores[i] >= best - params::MINIMAX_RANDOM_MARGIN) near.push_back(i);
    }
    core::Rng rng(core::derive_seed(limits.seed, board.hash()));
    const std::size_t pick = near[rng.below(static_cast<std::uint32_t>(near.size()))];
    r.move = board.point(root[pick]);
    r.value = scores[pick];
    r.nodes = nodes_;
    r.pv = {r.move};
    r.elapsed_ms = static_cast<double>(clock.elapsed_us()) / 1000.0;
    return r;
  }

  void clear() override { tt_.clear(); }

 private:
  // Points within MINIMAX_BOX_MARGIN of the stones' bounding box, best seed score first, top N.
  static std::vector<int> candidates(const Board& b) {
    const Color me = b.to_move();
    const auto box = b.box();
    const int m = params::MINIMAX_BOX_MARGIN;
    std::vector<std::pair<int, int>> scored;
    for (int y = std::max(0, box.min_y - m); y <= std::min(b.size() - 1, box.max_y + m); ++y)
      for (int x = std::max(0, box.min_x - m); x <= std::min(b.size() - 1, box.max_x + m); ++x) {
        const int q = b.index({x, y});
        if (b.cell(q) != CELL_EMPTY || !may_play(b, q, me)) continue;
        scored.push_back({-(seed_point_score(b, q, me) * 4096 + b.value(me, q) + b.value(opponent(me), q)), q});
      }
    std::sort(scored.begin(), scored.end());
    std::vector<int> out;
    for (std::size_t i = 0; i < scored.size() && static_cast<int>(i) < params::MINIMAX_TOP_N; ++i) out.push_back(scored[i].second);
    return out;
  }

  int alphabeta(Board& b, int depth, int alpha, int beta, int ply) {
    if ((++nodes_ & 1023) == 0 && deadline_.expired()) stop_ = true;
    if (stop_) return 0;
    if (b.full()) return 0;
    if (depth <= 0) return evaluate(b);
    const Color me = b.to_move();
    auto tt = tt_.probe(b.hash());
    if (tt && tt->depth >= depth && tt->bound == Bound::EXACT) return tt->score > WIN_BOUND ? tt->score - ply : tt->score < -WIN_BOUND ? tt->score + ply : tt->score;
    const auto moves = candidates(b);
    if (moves.empty()) return -(WIN_SCORE - ply - 1);
    // Depth-aware scores: a five now beats a five later.
    for (int q : moves)
      if (is_five_point(b, q, me)) return WIN_SCORE - ply - 1;
    int best = -INF_SCORE;
    const int alpha0 = alpha;
    for (int q : moves) {
      b.play_index(q);
      const int v = -alphabeta(b, depth - 1, -beta, -alpha, ply + 1);
      b.undo();
      if (stop_) return 0;
      best = std::max(best, v);
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    if (best > alpha0 && best < beta) {
      const int stored = best > WIN_BOUND ? best + ply : best < -WIN_BOUND ? best - ply : best;
      tt_.store(b.hash(), {-1, stored, depth, Bound::EXACT});
    }
    return best;
  }

  TranspositionTable tt_{8};
  core::Deadline deadline_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> nodes_{0};
};

// The game as the Monte Carlo template sees it.
struct Playout {
  using Action = int;
  Board board;
  Color root;
  Outcome outcome = Outcome::NONE;
  const Limits* limits = nullptr;  // the root's avoided moves (actions() is asked at the root only)

  std::vector<int> actions() const {
    if (outcome != Outcome::NONE) return {};
    const Color me = board.to_move();
    std::vector<std::pair<int, int>> scored;
    board.for_each_candidate([&](int q) {
      if (may_play(board, q, me)) scored.push_back({-order_score(board, q, me), q});
    });
    if (board.move_count() == 0) return {board.index({board.size() / 2, board.size() / 2})};
    std::sort(scored.begin(), scored.end());
    std::vector<int> out;
    for (std::size_t i = 0; i < scored.size() && static_cast<int>(i) < params::MONTECARLO_ROOT_MOVES; ++i) out.push_back(scored[i].second);
    return limits ? without_avoided(board, std::move(out), *limits) : out;
  }

  void do_action(int a, core::Rng&) {
    const Color me = board.to_move();
    const bool five = is_five_point(board, a, me);
    board.play_index(a);
    if (five) outcome = me == Color::BLACK ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
    else if (board.full()) outcome = Outcome::DRAW;
  }

  // Playout policy: win if possible, block a five, else a random point near the stones.
  std::optional<int> random_action(core::Rng& rng) const {
    if (outcome != Outcome::NONE) return std::nullopt;
    const Color me = board.to_move(), them = opponent(me);
    std::optional<int> win, block, pick;
    std::uint32_t seen = 0;
    board.for_each_candidate([&](int q) {
      if (board.five_cells(me) && !win && is_five_point(board, q, me)) win = q;
      if (board.five_cells(them) && !block && is_five_point(board, q, them)) block = q;
      if (rng.below(++seen) == 0) pick = q;  // reservoir sampling
    });
    if (win) return win;
    if (block) return block;
    if (pick && !may_play(board, *pick, me)) return std::nullopt;  // black stuck on a forbidden point: stop
    return pick;
  }

  double result() const {
    if (outcome == Outcome::DRAW || outcome == Outcome::NONE) return 0.5;
    const bool black_won = outcome == Outcome::BLACK_WINS;
    return black_won == (root == Color::BLACK) ? 1.0 : 0.0;
  }
};

class MonteCarloEngine final : public Engine {
 public:
  SearchResult search(const Board& board, const Limits& limits, const ProgressFn&) override {
    const core::Deadline clock = core::Deadline::in_ms(0);
    SearchResult r;
    r.depth = 1;
    Playout root{board, board.to_move()};
    root.limits = &limits;
    search::MonteCarloLimits mc;
    // The template keeps one work unit per 16 playouts, so the count must stay near what the
    // budget allows: millions of idle units would cost more than the budget to skip.
    // In 64 bits: a budget of days times the rate does not fit an int.
    const std::int64_t by_time = std::max<std::int64_t>(16, std::int64_t{limits.time_ms} * params::MONTECARLO_PLAYOUTS_PER_MS);
    mc.playouts_per_action = limits.depth > 0 ? std::min(params::MONTECARLO_PLAYOUTS, limits.depth * 16)
                                              : static_cast<int>(std::min<std::int64_t>(params::MONTECARLO_PLAYOUTS, by_time));
    mc.max_steps = params::MONTECARLO_MAX_STEPS;
    mc.threads = static_cast<unsigned>(std::max(1, limits.threads));
    mc.seed = limits.seed;
    mc.deadline = search_deadline(limits);
    if (limits.time_ms <= 0 && limits.depth <= 0) mc.playouts_per_action = 64;
    const auto out = search::monte_carlo(root, mc);
    r.move = out.best ? board.point(*out.best) : fallback_move(board);
    r.nodes = out.steps;
    for (const auto& a : out.actions)
      if (out.best && a.action == *out.best) r.value = static_cast<int>(std::lround((a.mean - 0.5) * 2000));
    r.pv = {r.move};
    r.elapsed_ms = static_cast<double>(clock.elapsed_us()) / 1000.0;
    return r;
  }
};

}  // namespace

std::string_view level_name(Level level) {
  switch (level) {
    case Level::SCORER: return "scorer";
    case Level::MINIMAX: return "minimax";
    case Level::MONTECARLO: return "montecarlo";
    case Level::STRONG: return "strong";
  }
  return "strong";
}

std::optional<Level> parse_level(std::string_view name) {
  std::string lower;
  for (char ch : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (Level l : {Level::SCORER, Level::MINIMAX, Level::MONTECARLO, Level::STRONG})
    if (lower == level_name(l)) return l;
  return std::nullopt;
}

std::unique_ptr<Engine> make_engine(Level level, std::shared_ptr<const Network> network) {
  switch (level) {
    case Level::SCORER: return std::make_unique<ScorerEngine>();
    case Level::MINIMAX: return std::make_unique<MinimaxEngine>();
    case Level::MONTECARLO: return std::make_unique<MonteCarloEngine>();
    case Level::STRONG: return make_strong_engine(std::move(network));
  }
  return make_strong_engine();
}

core::Deadline search_deadline(const Limits& limits, int safety_percent) {
  core::Deadline deadline;
  if (limits.time_ms > 0) {
    const std::int64_t budget = static_cast<std::int64_t>(limits.time_ms) * 1000;
    const std::int64_t safety = std::max(params::TIME_SAFETY_MIN_US, budget * safety_percent / 100);
    deadline = core::Deadline::in_us(std::max<std::int64_t>(1, budget - safety));
  }
  return deadline.stoppable(limits.stop);
}

std::vector<int> without_avoided(const Board& board, std::vector<int> moves, const Limits& limits) {
  if (limits.avoid.empty()) return moves;
  std::vector<int> kept;
  for (int q : moves)
    if (!avoided(limits, board.point(q))) kept.push_back(q);
  return kept.empty() ? moves : kept;
}

std::optional<int> plies_to_win(int value) {
  if (std::abs(value) <= WIN_BOUND) return std::nullopt;
  return WIN_SCORE - std::abs(value);
}

Point fallback_move(const Board& board) {
  const int c = board.size() / 2;
  Point best{};
  int best_d = 1 << 30;
  const Color me = board.to_move();
  for (int pass = 0; pass < 2 && !best.valid(); ++pass)
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x) {
        const int idx = board.index({x, y});
        if (board.cell(idx) != CELL_EMPTY || (pass == 0 && !may_play(board, idx, me))) continue;
        const int d = std::max(std::abs(x - c), std::abs(y - c)) * 64 + std::abs(x - c) + std::abs(y - c);
        if (d < best_d) best_d = d, best = {x, y};
      }
  return best;
}

}  // namespace tilestone::gomoku
