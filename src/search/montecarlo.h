#pragma once
// Flat Monte Carlo over any game: for each legal first action, random playouts to the end (or
// a step cap), then the action with the best mean result. The game is seen through a small
// adapter concept (the seed's clone / actions / do action / result):
//
//   G is copyable (a copy is the seed's clone)
//   g.actions()            -> a sized range of G::Action; empty when the game is over
//   g.do_action(a, rng)    -> applies `a`, including any chance event (2048's spawn)
//   g.result()             -> double, from the point of view of the player at the root
//
// An adapter may also offer g.random_action(rng) -> std::optional<Action> as a faster policy.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "core/clock.h"
#include "core/parallel.h"
#include "core/rng.h"

namespace tilestone::search {

template <class G>
concept PlayoutGame = std::copyable<G> && requires(G g, const G cg, core::Rng& rng) {
  typename G::Action;
  { cg.actions() };
  { cg.actions().size() } -> std::convertible_to<std::size_t>;
  g.do_action(*cg.actions().begin(), rng);
  { cg.result() } -> std::convertible_to<double>;
};

template <class A>
struct ActionStats {
  A action;
  std::uint64_t playouts = 0;
  double mean = 0;  ///< mean result of the playouts that started with this action
};

template <class A>
struct MonteCarloResult {
  std::vector<ActionStats<A>> actions;  ///< in the order the adapter listed them
  std::optional<A> best;                ///< the first action with the best mean
  std::uint64_t playouts = 0;
  std::uint64_t steps = 0;              ///< actions applied in all playouts
};

struct MonteCarloLimits {
  int playouts_per_action = 400;
  int max_steps = 1 << 20;     ///< a playout stops after this many actions
  unsigned threads = 1;
  std::uint64_t seed = 0;
  core::Deadline deadline{};   ///< stops early (with fewer playouts) when it expires
};

namespace detail {

template <class G>
auto pick_random(const G& g, core::Rng& rng) -> std::optional<typename G::Action> {
  if constexpr (requires { g.random_action(rng); }) {
    return g.random_action(rng);
  } else {
    const auto acts = g.actions();
    if (acts.size() == 0) return std::nullopt;
    auto it = acts.begin();
    std::advance(it, rng.below(static_cast<std::uint32_t>(acts.size())));
    return *it;
  }
}

}  // namespace detail

/// One random playout from `g` (which it consumes); returns the result and counts steps.
template <PlayoutGame G>
double playout(G g, core::Rng& rng, int max_steps, std::uint64_t& steps) {
  for (int i = 0; i < max_steps; ++i) {
    const auto a = detail::pick_random(g, rng);
    if (!a) break;
    g.do_action(*a, rng);
    ++steps;
  }
  return g.result();
}

/// Flat Monte Carlo from `root`. Playouts are split over threads by (action, index) so that the
/// same seed gives the same statistics whatever the thread count.
template <PlayoutGame G>
MonteCarloResult<typename G::Action> monte_carlo(const G& root, const MonteCarloLimits& lim) {
  using A = typename G::Action;
  MonteCarloResult<A> out;
  for (const auto& a : root.actions()) out.actions.push_back({a, 0, 0.0});
  const std::size_t n = out.actions.size();
  if (n == 0) return out;

  const int per = std::max(1, lim.playouts_per_action);
  // Work unit u plays up to CHUNK playouts of one action with its own derived seed; results are
  // summed per unit and merged afterwards, so threads never share a counter.
  struct Unit {
    double sum = 0;
    std::uint64_t count = 0, steps = 0;
  };
  constexpr int CHUNK = 16;
  const int chunks = (per + CHUNK - 1) / CHUNK;
  std::vector<Unit> units(n * static_cast<std::size_t>(chunks));
  core::parallel_for(units.size(), lim.threads, [&](std::size_t u) {
    // Interleave actions so that a deadline leaves every action with a similar playout count.
    const std::size_t ai = u % n;
    const int chunk = static_cast<int>(u / n);
    core::Rng rng(core::derive_seed(lim.seed, u));
    const int count = std::min(CHUNK, per - chunk * CHUNK);
    Unit& unit = units[u];
    for (int k = 0; k < count; ++k) {
      // The first playout of each action is always played, so that every action has a value.
      if ((chunk > 0 || k > 0) && lim.deadline.expired()) break;
      G g = root;
      g.do_action(out.actions[ai].action, rng);
      ++unit.steps;
      unit.sum += playout(std::move(g), rng, lim.max_steps, unit.steps);
      ++unit.count;
    }
  });

  double best_mean = -std::numeric_limits<double>::infinity();
  for (std::size_t ai = 0; ai < n; ++ai) {
    double sum = 0;
    std::uint64_t count = 0;
    for (int c = 0; c < chunks; ++c) {
      const Unit& unit = units[static_cast<std::size_t>(c) * n + ai];
      sum += unit.sum;
      count += unit.count;
      out.steps += unit.steps;
    }
    auto& st = out.actions[ai];
    st.playouts = count;
    st.mean = count ? sum / static_cast<double>(count) : -std::numeric_limits<double>::infinity();
    out.playouts += count;
    if (st.mean > best_mean) {
      best_mean = st.mean;
      out.best = st.action;
    }
  }
  return out;
}

}  // namespace tilestone::search
