// The seed-002 minimax (ovolve's 2048 AI), faithfully: the player maximises over the four
// moves; the computer, the minimising player, places a 2 or a 4 but only where the placement
// maximises (-smoothness + islands); alpha-beta inside a (-10000, 10000) window; iterative
// deepening from depth 0. Two changes from the seed: the deadline is checked inside the search
// (the seed finishes its last iteration and overshoots), and play goes on after 2048.
// With seed-004 weights the evaluation is that seed's heuristic set instead.

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/clock.h"
#include "g2048/ai_impl.h"
#include "g2048/heuristic.h"
#include "g2048/params.h"

namespace tilestone::g2048 {

namespace {

struct SearchResult {
  int move;  // -1: no move improved on alpha
  double score;
};

class MinimaxAi final : public Ai {
 public:
  explicit MinimaxAi(std::optional<Seed004Weights> weights) : weights_(weights) {}

  std::string_view name() const override { return "minimax"; }

  Analysis analyze(Board b, const Limits& limits, const InfoCallback& on_info) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    if (!b.has_move()) return finish(out, t0);

    // A depth alone is the seed-004 style: one search at exactly that depth, no clock. Otherwise
    // the seed's iterative deepening, depth 0, 1, 2, ... while time remains, up to the depth if
    // one is given too.
    const bool timed = limits.time_ms > 0 || limits.depth <= 0;
    const bool fixed_depth = limits.depth > 0 && !timed;
    deadline_ = (timed ? core::Deadline::in_ms(limits.time_ms > 0 ? limits.time_ms : DEFAULT_TIME_MS) : core::Deadline{}).stoppable(limits.stop);
    nodes_ = 0;
    aborted_ = false;
    const int first = fixed_depth ? limits.depth - 1 : 0;
    const int last = limits.depth > 0 ? std::min(limits.depth, params::SEED_MAX_DEPTH + 1) - 1 : params::SEED_MAX_DEPTH;
    for (int depth = first; depth <= last; ++depth) {
      std::array<double, 4> values{};
      int best = -1;
      double best_score = -params::SEED_WINDOW;
      // The root searches each move with the full window, so that every move gets its value;
      // the choice is the seed's (the first move with the highest score).
      for (Dir d : ALL_DIRS) {
        if (!out.legal[index(d)]) continue;
        const Board n = b.after(d);
        const double v = depth == 0 ? evaluate(n) : min_node(n, depth - 1, -params::SEED_WINDOW, params::SEED_WINDOW);
        values[index(d)] = v;
        if (v > best_score || best < 0) best_score = v, best = index(d);
      }
      if (aborted_) break;
      out.values = values;
      out.best = static_cast<Dir>(best);
      out.depth = depth + 1;
      if (on_info)
        on_info({out.depth, out.best, best_score, nodes_, static_cast<double>(core::now_us() - t0) / 1000.0});
      if (deadline_.expired()) break;
    }
    if (!out.best) {  // not even depth 0 finished: fall back to the static evaluation
      for (Dir d : ALL_DIRS)
        if (out.legal[index(d)]) {
          out.values[index(d)] = evaluate(b.after(d));
          if (!out.best || out.values[index(d)] > out.values[index(*out.best)]) out.best = d;
        }
      out.depth = 1;
    }
    out.nodes = nodes_;
    return finish(out, t0);
  }

 private:
  double evaluate(Board b) const { return weights_ ? seed004::evaluate(b, *weights_) : seed002::evaluate(b); }

  // A minimax node costs microseconds (the computer's turn scores every placement), so the
  // clock is read often enough to stop within a fraction of a millisecond.
  bool out_of_time() {
    if (++nodes_ % params::SEED_CLOCK_CHECK_NODES == 0 && deadline_.expired()) aborted_ = true;
    return aborted_;
  }

  // The player's turn (the seed's playerTurn branch).
  double max_node(Board b, int depth, double alpha, double beta) {
    double best_score = alpha;
    for (Dir d : ALL_DIRS) {
      const Board n = b.after(d);
      if (n == b) continue;
      if (out_of_time()) return best_score;
      double score = 0;
      if (depth == 0) {
        score = evaluate(n);
      } else {
        score = min_node(n, depth - 1, best_score, beta);
        if (score > 9900) score -= 1;  // the seed's small penalty for winning deeper
      }
      if (score > best_score) best_score = score;
      if (best_score > beta) return beta;
    }
    return best_score;
  }

  // The computer's turn: only the most disruptive placements are tried.
  double min_node(Board b, int depth, double alpha, double beta) {
    struct Candidate {
      int cell, exponent;
    };
    std::array<Candidate, 32> candidates;
    int count = 0;
    int worst = std::numeric_limits<int>::min();
    const std::uint16_t empty = b.empty_mask();
    const auto placements = seed002::placement_fitness(b);
    for (int exponent : {1, 2}) {
      const auto& fitness = placements[static_cast<std::size_t>(exponent - 1)];
      for (std::uint32_t m = empty; m; m &= m - 1) {
        const int cell = __builtin_ctz(m);
        const int f = fitness[static_cast<std::size_t>(cell)];
        if (f > worst) {
          worst = f;
          count = 0;
        }
        if (f == worst) candidates[static_cast<std::size_t>(count++)] = {cell, exponent};
      }
    }
    double best_score = beta;
    for (int i = 0; i < count; ++i) {
      const Candidate& c = candidates[static_cast<std::size_t>(i)];
      if (out_of_time()) return best_score;
      const double score = max_node(b.with(c.cell, c.exponent), depth, alpha, best_score);
      if (score < best_score) best_score = score;
      if (best_score < alpha) return alpha;
    }
    return best_score;
  }

  std::optional<Seed004Weights> weights_;
  core::Deadline deadline_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace

std::unique_ptr<Ai> make_minimax(std::optional<Seed004Weights> weights) {
  return std::make_unique<MinimaxAi>(weights);
}

}  // namespace tilestone::g2048
