#include "lab/g2048/prune.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/parallel.h"
#include "core/rng.h"
#include "g2048/ai.h"
#include "g2048/game.h"

namespace tilestone::g2048 {

namespace {

// One bit a weight, table by table: whether a game read it.
using ReadMarks = std::vector<std::vector<std::uint64_t>>;

ReadMarks no_marks(const NTupleNetwork& net) {
  ReadMarks marks(net.table_count());
  for (std::size_t t = 0; t < net.table_count(); ++t) marks[t].assign((net.table_size(t) + 63) / 64, 0);
  return marks;
}

bool marked(const ReadMarks& marks, std::size_t t, std::size_t i) { return (marks[t][i / 64] >> (i % 64)) & 1; }

// The most common value among the unread weights of a stage (every 61st of them looked at: in a
// trained network it is the value they started from, held by most of them).
float most_common_unread(const NTupleNetwork& net, const ReadMarks& marks, int stage) {
  std::unordered_map<float, std::uint64_t> count;
  std::uint64_t seen = 0;
  const std::size_t n = net.layout().size(), first = static_cast<std::size_t>(stage) * n;
  for (std::size_t t = first; t < first + n; ++t)
    for (std::size_t i = 0; i < net.table_size(t); ++i)
      if (!marked(marks, t, i) && seen++ % 61 == 0) ++count[net.table(t)[i]];
  float best = 0;
  std::uint64_t top = 0;
  for (const auto& [w, c] : count)
    if (c > top || (c == top && w < best)) best = w, top = c;
  return best;
}

}  // namespace

PruneReport prune_unread(NTupleNetwork& net, const PruneOptions& options, std::stop_token stop,
                         const std::function<void(int)>& on_game) {
  PruneReport report;
  const int from = net.downgrade_from();  // as the player values the boards
  const int jobs = std::clamp(options.jobs, 1, std::max(1, options.games));
  // The player reads the network that is pruned afterwards: a view that does not own it.
  const std::shared_ptr<const NTupleNetwork> view(&net, [](const NTupleNetwork*) {});
  std::vector<ReadMarks> marks(static_cast<std::size_t>(jobs));
  std::vector<std::uint64_t> moves(static_cast<std::size_t>(jobs), 0);
  std::atomic<int> done{0};

  // Step 1. The games, each job its own marks (OR-ed below: the same marks on any number of jobs).
  core::parallel_for(static_cast<std::size_t>(jobs), static_cast<unsigned>(jobs), [&](std::size_t j) {
    ReadMarks& own = marks[j] = no_marks(net);
    AiConfig config("ntuple", std::nullopt, {}, view);
    config.downgrade_from = from;
    const auto player = std::move(make_ai(config).value());  // an ntuple AI with its network: always made
    for (int g = static_cast<int>(j); g < options.games && !stop.stop_requested(); g += jobs) {
      core::Rng rng(core::derive_seed(options.seed, static_cast<std::uint64_t>(g)));
      Board b = spawn_random(spawn_random(Board{}, rng), rng);
      // Marks the weights of every legal afterstate of `board`, as the player values them.
      auto mark_afterstates = [&](Board board, const Moves& m) {
        for (Dir d : ALL_DIRS) {
          const Board after = m.after[index(d)];
          if (after == board) continue;
          net.for_each_feature_in(net.valued_stage(after, from), NTupleNetwork::valued_board(after, from),
                                  [&](std::size_t t, std::uint32_t i) { own[t][i / 64] |= std::uint64_t{1} << (i % 64); });
        }
      };
      for (;;) {
        const Moves m = b.moves();
        mark_afterstates(b, m);
        // The lookahead: every spawn on each afterstate, and the afterstates of the board it makes.
        for (Dir d : ALL_DIRS) {
          const Board after = m.after[index(d)];
          if (options.lookahead == 0 || after == b) continue;
          for (std::uint32_t empty = after.empty_mask(); empty != 0; empty &= empty - 1)
            for (int tile : {1, 2}) {
              const Board spawned = after.with(std::countr_zero(empty), tile);
              mark_afterstates(spawned, spawned.moves());
            }
        }
        const auto best = player->quick_move(b);
        if (!best) break;
        b = spawn_random(m.after[index(*best)], rng);
        ++moves[j];
      }
      const int n = ++done;
      if (on_game) on_game(n);
    }
  });
  report.games = done.load();
  for (std::uint64_t n : moves) report.moves += n;
  for (std::size_t t = 0; t < net.table_count(); ++t) report.weights += net.table_size(t);
  if (stop.stop_requested() && report.games < options.games) {
    report.stopped = true;
    return report;
  }
  ReadMarks& all = marks[0];
  for (std::size_t j = 1; j < marks.size(); ++j)
    for (std::size_t t = 0; t < all.size(); ++t)
      for (std::size_t w = 0; w < all[t].size(); ++w) all[t][w] |= marks[j][t][w];

  // Step 2. Reset what no game read: the first stage to one value, later stages to the first's
  // (or, in a network joined from two, whose stages the file keeps whole, to their own one value).
  report.reset_value = most_common_unread(net, all, 0);
  const std::size_t tuples = net.layout().size();
  std::vector<float> own(static_cast<std::size_t>(net.stages()), report.reset_value);
  if (net.stage_before_downgrading())
    for (int k = 1; k < net.stages(); ++k) own[static_cast<std::size_t>(k)] = most_common_unread(net, all, k);
  for (std::size_t t = 0; t < net.table_count(); ++t) {
    WeightTable& table = net.table(t);
    const std::size_t stage = t / tuples;
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (marked(all, t, i)) {
        ++report.read;
        continue;
      }
      const float to = stage == 0 || net.stage_before_downgrading() ? own[stage] : net.table(t % tuples)[i];
      if (table[i] != to) {
        table[i] = to;
        ++report.reset;
      }
    }
  }
  return report;
}

}  // namespace tilestone::g2048
