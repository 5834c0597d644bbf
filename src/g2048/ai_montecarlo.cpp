// Monte Carlo (seed 001): for each legal move, random playouts to the end of the game; the move
// with the best mean score gain wins. The algorithm is the generic search::monte_carlo; this
// file is only the 2048 adapter and the AI wrapper.

#include <algorithm>

#include "core/clock.h"
#include "g2048/ai_impl.h"
#include "g2048/game.h"
#include "search/montecarlo.h"

namespace tilestone::g2048 {

/// The seed's adapter: clone (copy), actions, do action (move and spawn), result (score gain).
struct PlayoutState {
  using Action = Dir;

  struct Moves {
    std::array<Dir, 4> dirs{};
    std::size_t count = 0;
    const Dir* begin() const { return dirs.data(); }
    const Dir* end() const { return dirs.data() + count; }
    std::size_t size() const { return count; }
  };

  Board board;
  std::uint64_t gained = 0;

  Moves actions() const {
    Moves m;
    for (Dir d : ALL_DIRS)
      if (board.can_move(d)) m.dirs[m.count++] = d;
    return m;
  }

  // A uniformly random legal move without listing them all: start at a random direction and
  // take the first legal one in a random rotation order.
  std::optional<Dir> random_action(core::Rng& rng) const {
    const std::uint32_t r = rng.below(24);
    static constexpr std::uint8_t PERMS[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1}, {1, 0, 2, 3}, {1, 0, 3, 2},
        {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0}, {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0},
        {2, 3, 0, 1}, {2, 3, 1, 0}, {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    for (int i = 0; i < 4; ++i) {
      const Dir d = static_cast<Dir>(PERMS[r][i]);
      if (board.can_move(d)) return d;
    }
    return std::nullopt;
  }

  void do_action(Dir d, core::Rng& rng) {
    gained += board.gain(d);
    board = spawn_random(board.after(d), rng);
  }

  double result() const { return static_cast<double>(gained); }
};
static_assert(search::PlayoutGame<PlayoutState>);

namespace {

class MonteCarloAi final : public Ai {
 public:
  std::string_view name() const override { return "montecarlo"; }

  Analysis analyze(Board b, const Limits& limits, const InfoCallback& on_info) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    search::MonteCarloLimits lim;
    lim.playouts_per_action = limits.playouts;
    lim.threads = std::max(1u, limits.threads);
    lim.seed = core::derive_seed(limits.seed, b.bits());
    if (limits.time_ms > 0) lim.deadline = core::Deadline::in_ms(limits.time_ms);
    lim.deadline = lim.deadline.stoppable(limits.stop);
    const auto r = search::monte_carlo(PlayoutState{b, 0}, lim);
    for (const auto& a : r.actions) out.values[index(a.action)] = a.mean;
    out.best = r.best;
    out.nodes = r.steps;
    out.depth = r.actions.empty() ? 0 : static_cast<int>(r.playouts / r.actions.size());
    if (on_info && out.best)
      on_info({out.depth, out.best, out.values[index(*out.best)], out.nodes,
               static_cast<double>(core::now_us() - t0) / 1000.0});
    return finish(out, t0);
  }
};

// The greedy baseline: the largest immediate score gain; ties go to the move that leaves the
// most empty cells, then to the first direction.
class GreedyAi final : public Ai {
 public:
  std::string_view name() const override { return "greedy"; }
  Analysis analyze(Board b, const Limits&, const InfoCallback&) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    for (Dir d : ALL_DIRS) {
      if (!out.legal[index(d)]) continue;
      out.values[index(d)] = b.gain(d) + b.after(d).empty_count() / 32.0;
      if (!out.best || out.values[index(d)] > out.values[index(*out.best)]) out.best = d;
    }
    out.nodes = 4;
    out.depth = 1;
    return finish(out, t0);
  }
};

// The random baseline: a uniformly random legal move, from the seed and the board.
class RandomAi final : public Ai {
 public:
  std::string_view name() const override { return "random"; }
  Analysis analyze(Board b, const Limits& limits, const InfoCallback&) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    core::Rng rng(core::derive_seed(limits.seed, b.bits()));
    PlayoutState s{b, 0};
    out.best = s.random_action(rng);
    for (Dir d : ALL_DIRS) out.values[index(d)] = out.legal[index(d)] ? 1.0 : 0.0;
    out.nodes = 1;
    return finish(out, t0);
  }
};

}  // namespace

std::unique_ptr<Ai> make_montecarlo() { return std::make_unique<MonteCarloAi>(); }
std::unique_ptr<Ai> make_greedy() { return std::make_unique<GreedyAi>(); }
std::unique_ptr<Ai> make_random() { return std::make_unique<RandomAi>(); }

}  // namespace tilestone::g2048
