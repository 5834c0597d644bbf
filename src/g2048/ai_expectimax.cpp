// Expectimax: max over the player's moves, expectation over spawns (every empty cell, a 2 with
// p 0.9 and a 4 with p 0.1). Branches whose probability falls under a cut-off (each evaluation
// its own, or Limits::prob_cutoff) are evaluated statically; a transposition table per root move
// remembers chance nodes; iterative deepening that spends the whole time budget; root moves are
// searched on several threads.
//
// Two evaluations: the hand-set row heuristic, and the n-tuple network. The network values an
// afterstate by the score still to come, so with it a move is worth its reward plus the value
// of what follows; the heuristic values the board alone.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "core/clock.h"
#include "core/parallel.h"
#include "g2048/ai_impl.h"
#include "g2048/heuristic.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"

namespace tilestone::g2048 {

namespace {

struct HeuristicEval {
  static constexpr bool REWARDS = false;
  static constexpr bool CACHED = false;
  static constexpr float PROB_CUTOFF = static_cast<float>(params::PROB_CUTOFF);
  float operator()(Board b) const { return expectimax_eval(b); }
};

struct NTupleEval {
  static constexpr bool REWARDS = true;
  /// A network value costs dozens of cache misses, and a search meets the same leaf afterstate
  /// along different spawn orders: the searcher keeps the values it computed.
  static constexpr bool CACHED = true;
  static constexpr float PROB_CUTOFF = static_cast<float>(params::NTUPLE_PROB_CUTOFF);
  const NTupleNetwork* net;
  int downgrade_from;  ///< tile downgrading's threshold (NTupleNetwork::late_value)
  float operator()(Board b) const { return net->late_value(b, downgrade_from); }
};

struct TTEntry {
  std::uint64_t key = 0;
  float value = 0;
  std::uint16_t generation = 0;
  std::uint8_t depth = 0;
};

// One root move's search: its own table, so threads never share memory.
template <class Eval>
class Searcher {
 public:
  Searcher() : table_(std::size_t{1} << params::TT_BITS) {}

  void start(Eval eval, std::uint16_t generation, const core::Deadline* deadline, float cutoff) {
    eval_ = eval;
    cutoff_ = cutoff;
    generation_ = generation;
    deadline_ = deadline;
    aborted_ = false;
    nodes_ = 0;
    max_gap_us_ = 0;
  }

  /// Value of the position after the player's move (a chance node) searched `depth` moves deep.
  /// A root move begun after the deadline stops at once: its node count alone would let it run
  /// up to CLOCK_CHECK_NODES nodes first, and so would every later root move.
  float root(Board after, int depth) {
    last_look_us_ = core::now_us();
    if (!aborted_ && deadline_ && deadline_->expired_at(last_look_us_)) aborted_ = true;
    return chance(after, 1.0f, depth);
  }

  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_; }
  /// The longest wait between two looks at the clock since start(), in microseconds.
  std::int64_t max_gap_us() const { return max_gap_us_; }

 private:
  float max_node(Board b, float prob, int depth) {
    float best = 0;  // no legal move: the game is lost
    for (Dir d : ALL_DIRS) {
      const Board n = b.after(d);
      if (n == b) continue;
      float v = chance(n, prob, depth);
      if constexpr (Eval::REWARDS) v += static_cast<float>(b.gain(d));
      best = std::max(best, v);
    }
    return best;
  }

  float chance(Board b, float prob, int depth) {
    if (++nodes_ % params::CLOCK_CHECK_NODES == 0 && !aborted_) look_at_clock();
    if (aborted_) return 0;
    if (depth <= 0 || prob < cutoff_) {
      if constexpr (Eval::CACHED) {
        // Boards are never 0 after a move with a spawn before it, so key 0 marks an empty slot.
        LeafEntry& leaf = leaves_[static_cast<std::size_t>((b.bits() * 0x9E3779B97F4A7C15ULL) >> (64 - params::LEAF_CACHE_BITS))];
        if (leaf.key != b.bits()) leaf = LeafEntry{b.bits(), eval_(b)};
        return leaf.value;
      } else {
        return eval_(b);
      }
    }

    // Step 1. The table: a stored value searched at least as deep is as good as a new one.
    TTEntry& e = table_[slot(b)];
    if (e.key == b.bits() && e.generation == generation_ && e.depth >= depth) return e.value;

    // Step 2. Every spawn, weighted by its probability.
    const std::uint16_t empty = b.empty_mask();
    const int n = __builtin_popcount(empty);
    const float p2 = prob * 0.9f / static_cast<float>(n), p4 = prob * 0.1f / static_cast<float>(n);
    float sum = 0;
    for (std::uint32_t m = empty; m; m &= m - 1) {
      const int cell = __builtin_ctz(m);
      sum += 0.9f * max_node(b.with(cell, 1), p2, depth - 1);
      sum += 0.1f * max_node(b.with(cell, 2), p4, depth - 1);
    }
    const float value = sum / static_cast<float>(n);
    if (!aborted_) e = TTEntry{b.bits(), value, generation_, static_cast<std::uint8_t>(depth)};
    return value;
  }

  void look_at_clock() {
    const std::int64_t now = core::now_us();
    max_gap_us_ = std::max(max_gap_us_, now - last_look_us_);
    last_look_us_ = now;
    aborted_ = deadline_ && deadline_->expired_at(now);
  }

  std::size_t slot(Board b) const {
    std::uint64_t h = b.bits() * 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>(h >> (64 - params::TT_BITS));
  }

  Eval eval_{};
  std::vector<TTEntry> table_;
  // Leaf values by afterstate; they depend only on the network, so they stay valid across searches.
  struct LeafEntry {
    std::uint64_t key = 0;
    float value = 0;
  };
  std::vector<LeafEntry> leaves_ = std::vector<LeafEntry>(Eval::CACHED ? std::size_t{1} << params::LEAF_CACHE_BITS : 0);
  std::uint16_t generation_ = 0;
  float cutoff_ = Eval::PROB_CUTOFF;
  const core::Deadline* deadline_ = nullptr;
  bool aborted_ = false;
  std::uint64_t nodes_ = 0;
  std::int64_t last_look_us_ = 0;
  std::int64_t max_gap_us_ = 0;
};

template <class Eval>
class ExpectimaxAi final : public Ai {
 public:
  explicit ExpectimaxAi(Eval eval, std::shared_ptr<const NTupleNetwork> keep = nullptr)
      : eval_(eval), keep_(std::move(keep)) {}

  std::string_view name() const override { return "expectimax"; }

  Analysis analyze(Board b, const Limits& limits, const InfoCallback& on_info) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    std::vector<Dir> moves;
    for (Dir d : ALL_DIRS)
      if (out.legal[index(d)]) moves.push_back(d);
    if (moves.empty()) return finish(out, t0);

    // A depth alone is a fixed depth without a clock; a time, alone or with a depth as the
    // maximum, is a deadline the search always honours.
    const bool fixed_depth = limits.depth > 0 && limits.time_ms <= 0;
    const double budget_ms = fixed_depth ? 0 : (limits.time_ms > 0 ? limits.time_ms : DEFAULT_TIME_MS);
    const core::Deadline deadline =
        (fixed_depth ? core::Deadline{} : core::Deadline::in_ms(budget_ms * (1.0 - params::BUDGET_MARGIN))).stoppable(limits.stop);
    // A depth is a maximum, also under a time budget (the budget still holds).
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, params::MAX_DEPTH) : params::MAX_DEPTH;
    ++generation_;
    const float cutoff = limits.prob_cutoff > 0 ? static_cast<float>(limits.prob_cutoff) : Eval::PROB_CUTOFF;
    for (auto& s : searchers_) s.start(eval_, generation_, &deadline, cutoff);

    for (int depth = 1; depth <= max_depth && !deadline.expired(); ++depth) {
      // Step 1. Search every root move at this depth, the best of the last iteration first, on
      // up to `threads` threads.
      if (out.best) std::stable_partition(moves.begin(), moves.end(), [&](Dir d) { return d == *out.best; });
      std::array<float, 4> values{};
      core::parallel_for(moves.size(), std::max(1u, limits.threads), [&](std::size_t i) {
        values[i] = root_value(b, moves[i], depth);
      });
      bool aborted = false;
      std::uint64_t nodes = 0;
      for (Dir d : moves) {
        aborted |= searchers_[index(d)].aborted();
        nodes += searchers_[index(d)].nodes();
        out.stall_ms = std::max(out.stall_ms, static_cast<double>(searchers_[index(d)].max_gap_us()) / 1000.0);
      }
      out.nodes = nodes;

      // Step 2. An interrupted iteration counts only when the last best move finished: a move
      // that finished and beats it at the new depth takes over; the others keep the old values.
      if (aborted) {
        if (out.best && !searchers_[index(moves[0])].aborted()) {
          for (std::size_t i = 0; i < moves.size(); ++i)
            if (!searchers_[index(moves[i])].aborted()) out.values[index(moves[i])] = values[i];
          for (std::size_t i = 1; i < moves.size(); ++i)
            if (!searchers_[index(moves[i])].aborted() && values[i] > out.values[index(*out.best)]) out.best = moves[i];
        }
        break;
      }

      // Step 3. Keep the completed iteration.
      out.depth = depth;
      for (std::size_t i = 0; i < moves.size(); ++i) out.values[index(moves[i])] = values[i];
      out.best = best_of(out, moves);
      if (on_info)
        on_info({depth, out.best, out.values[index(*out.best)], out.nodes,
                 static_cast<double>(core::now_us() - t0) / 1000.0});
    }
    // The first iteration is always kept, even if the budget was tiny.
    if (out.depth == 0) {
      for (auto& s : searchers_) s.start(eval_, ++generation_, nullptr, cutoff);
      for (Dir d : moves) out.values[index(d)] = root_value(b, d, 1);
      out.best = best_of(out, moves);
      out.depth = 1;
    }
    return finish(out, t0);
  }

 private:
  float root_value(Board b, Dir d, int depth) {
    float v = searchers_[index(d)].root(b.after(d), depth);
    if constexpr (Eval::REWARDS) v += static_cast<float>(b.gain(d));
    return v;
  }

  // The largest value; ties go to the first legal move in Dir order, so searches are repeatable.
  static Dir best_of(const Analysis& a, const std::vector<Dir>& moves) {
    std::optional<Dir> best;
    for (Dir d : ALL_DIRS)
      if (std::find(moves.begin(), moves.end(), d) != moves.end() && (!best || a.values[index(d)] > a.values[index(*best)]))
        best = d;
    return *best;
  }

  Eval eval_;
  std::shared_ptr<const NTupleNetwork> keep_;  // keeps the network alive as long as the AI
  std::array<Searcher<Eval>, 4> searchers_;
  std::uint16_t generation_ = 0;
};

}  // namespace

std::unique_ptr<Ai> make_expectimax() { return std::make_unique<ExpectimaxAi<HeuristicEval>>(HeuristicEval{}); }

std::unique_ptr<Ai> make_expectimax(std::shared_ptr<const NTupleNetwork> network, std::optional<int> downgrade_from) {
  const NTupleNetwork* raw = network.get();
  const int from = downgrade_from.value_or(raw->downgrade_from());
  return std::make_unique<ExpectimaxAi<NTupleEval>>(NTupleEval{raw, from}, std::move(network));
}

}  // namespace tilestone::g2048
