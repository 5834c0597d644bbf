// Pruning a network for play: the weights its one-ply games read keep their values, the others
// take one value, the same network comes out on any number of jobs, and a stop changes nothing.

#include <gtest/gtest.h>

#include <cstring>
#include <stop_token>

#include "core/rng.h"
#include "g2048/game.h"
#include "g2048/weights_file.h"
#include "lab/g2048/late_stage.h"
#include "lab/g2048/prune.h"
#include "lab/g2048/td_train.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

std::vector<Tuple> small_layout() { return {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {1, 2, 5, 6}}; }

constexpr float OPTIMISTIC_WEIGHT = 40000.0F / 32;

// A small optimistic network trained for a few hundred games: most weights still hold their
// starting value, as in a long-trained network.
NTupleNetwork trained(StageThresholds stages = {}, std::uint64_t seed = 5) {
  NTupleNetwork net(small_layout(), std::move(stages));
  net.fill(OPTIMISTIC_WEIGHT);
  TrainConfig cfg;
  cfg.games = 300;
  cfg.seed = seed;
  cfg.fine_tune_start = 1.0;
  train(net, cfg);
  return net;
}

std::size_t differing_weights(const NTupleNetwork& a, const NTupleNetwork& b) {
  std::size_t n = 0;
  for (std::size_t t = 0; t < a.table_count(); ++t)
    for (std::size_t i = 0; i < a.table_size(t); ++i) n += a.table(t)[i] != b.table(t)[i];
  return n;
}

// The one-ply player's choice, as the ntuple AI makes it (the first of the largest values).
std::optional<Dir> choose(const NTupleNetwork& net, Board b, int from) {
  const Moves m = b.moves();
  std::optional<Dir> best;
  float top = 0;
  for (Dir d : ALL_DIRS) {
    if (m.after[index(d)] == b) continue;
    const float v = static_cast<float>(m.gain[index(d)]) + net.late_value(m.after[index(d)], from);
    if (!best || v > top) best = d, top = v;
  }
  return best;
}

}  // namespace

// Replays the games of `options` with `before`'s choices: every afterstate of every move is
// valued by `pruned` exactly as by `before`. Returns the moves played.
std::uint64_t expect_games_valued_as_before(const NTupleNetwork& before, const NTupleNetwork& pruned, const PruneOptions& options) {
  const int from = before.downgrade_from();
  std::uint64_t moves = 0, differ = 0;
  for (int g = 0; g < options.games; ++g) {
    core::Rng rng(core::derive_seed(options.seed, static_cast<std::uint64_t>(g)));
    Board b = spawn_random(spawn_random(Board{}, rng), rng);
    while (const auto best = choose(before, b, from)) {
      const Moves m = b.moves();
      for (Dir d : ALL_DIRS) {
        const Board after = m.after[index(d)];
        if (after == b) continue;
        EXPECT_EQ(before.late_value(after, from), pruned.late_value(after, from));
        if (options.lookahead == 0) continue;
        // And the afterstates one spawn and one move beyond, which a depth-2 search values.
        for (int cell = 0; cell < 16; ++cell)
          for (int tile : {1, 2}) {
            if (after.at(cell) != 0) continue;
            const Board spawned = after.with(cell, tile);
            const Moves next = spawned.moves();
            for (Dir e : ALL_DIRS) {
              const Board beyond = next.after[index(e)];
              if (beyond != spawned) differ += before.late_value(beyond, from) != pruned.late_value(beyond, from);
            }
          }
      }
      b = spawn_random(m.after[index(*best)], rng);
      ++moves;
    }
  }
  EXPECT_EQ(differ, 0U) << "afterstates beyond the games valued differently";
  return moves;
}

TEST(NTuplePrune, TheBoardsOfItsGamesAreValuedAsBeforeAndTheRestTakesOneValue) {
  const NTupleNetwork before = trained();
  NTupleNetwork pruned = before;
  PruneOptions options;
  options.games = 20;
  options.seed = 3;
  const PruneReport report = prune_unread(pruned, options);
  EXPECT_EQ(report.games, 20);
  EXPECT_FALSE(report.stopped);
  EXPECT_EQ(report.weights, 4U * 65536U);
  EXPECT_GT(report.read, 0U);
  EXPECT_LT(report.read, report.weights);
  EXPECT_GT(report.reset, 0U);
  EXPECT_EQ(report.reset, differing_weights(before, pruned));
  EXPECT_EQ(report.reset_value, OPTIMISTIC_WEIGHT);  // the value most of them started from
  // The same games, replayed with the network as it was: every afterstate of every move is
  // valued exactly as before, so the same moves are chosen.
  EXPECT_EQ(expect_games_valued_as_before(before, pruned, options), report.moves);
  // Boards of other games may read reset weights: some board's value has changed.
  bool changed = false;
  for (std::uint64_t s = 0; s < 200 && !changed; ++s) {
    core::Rng rng(core::derive_seed(1000, s));
    Board b;
    for (int cell = 0; cell < 16; ++cell) b = b.with(cell, static_cast<int>(rng.below(9)));
    changed = before.value(b) != pruned.value(b);
  }
  EXPECT_TRUE(changed);
}

TEST(NTuplePrune, TheSameNetworkComesOutOnAnyNumberOfJobs) {
  NTupleNetwork one = trained(), three = one;
  PruneOptions options;
  options.games = 12;
  options.seed = 9;
  const PruneReport a = prune_unread(one, options);
  options.jobs = 3;
  const PruneReport b = prune_unread(three, options);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.read, b.read);
  EXPECT_EQ(a.reset, b.reset);
  EXPECT_EQ(differing_weights(one, three), 0U);
  EXPECT_EQ(encode_network(one), encode_network(three));
}

TEST(NTuplePrune, AnUnreadWeightOfALaterStageTakesTheFirstStagesValue) {
  // A stage from 32768, which no game of this network reaches: every weight of it is unread.
  NTupleNetwork net = trained().with_stages({15});
  for (std::size_t t = 4; t < 8; ++t)
    for (float& w : net.table(t)) w += 3.0F;
  PruneOptions options;
  options.games = 5;
  const PruneReport report = prune_unread(net, options);
  for (std::size_t t = 4; t < 8; ++t)
    for (std::size_t i = 0; i < net.table_size(t); ++i) ASSERT_EQ(net.table(t)[i], net.table(t - 4)[i]);
  EXPECT_GE(report.reset, 4U * 65536U);
  // An int16 file stores the later stage as a difference from the first: all zero, so it costs
  // next to nothing beside the one-stage file.
  SaveOptions save;
  save.encoding = WeightEncoding::Int16;
  NTupleNetwork first(net.layout());
  for (std::size_t t = 0; t < 4; ++t) first.table(t) = net.table(t);
  EXPECT_LT(encode_network(net, save).size(), encode_network(first, save).size() + 1000);
}

TEST(NTuplePrune, AStopBeforeTheEndChangesNothing) {
  const NTupleNetwork before = trained();
  NTupleNetwork net = before;
  std::stop_source source;
  source.request_stop();
  PruneOptions options;
  options.games = 50;
  const PruneReport report = prune_unread(net, options, source.get_token());
  EXPECT_TRUE(report.stopped);
  EXPECT_LT(report.games, 50);
  EXPECT_EQ(differing_weights(before, net), 0U);
}

TEST(NTupleJoin, TheFirstStageBelowTheTileAndTheLateNetworksStageFromIt) {
  const NTupleNetwork first = trained();
  NTupleNetwork late = trained({}, 6).with_stages({5, 7});
  late.set_downgrade_from(6);
  for (float& w : late.table(4)) w += 1.0F;
  for (float& w : late.table(8)) w += 2.0F;
  // Its own play values a board holding 128 and a 2 downgraded until its largest tile is below
  // 64 (to 32): in its stage from 32.
  EXPECT_EQ(late_stage_of(late, 7), 1);
  late.set_stage_before_downgrading(true);
  EXPECT_EQ(late_stage_of(late, 7), 2);
  late.set_stage_before_downgrading(false);
  auto joined = join_late_stage(first, late, 1, 7);
  ASSERT_TRUE(joined.ok()) << joined.error();
  EXPECT_EQ(joined->stages(), 2);
  EXPECT_EQ(joined->stage_thresholds(), StageThresholds{7});
  EXPECT_EQ(joined->downgrade_from(), 7);
  EXPECT_TRUE(joined->stage_before_downgrading());
  for (std::size_t t = 0; t < 4; ++t) {
    EXPECT_TRUE(joined->table(t) == first.table(t));
    EXPECT_TRUE(joined->table(4 + t) == late.table(4 + t));
  }
  // Refused with a reason: another layout, a stage the late network lacks.
  const NTupleNetwork other({{0, 1, 2, 3}, {4, 5, 6, 7}});
  EXPECT_NE(join_late_stage(first, other, 0, 7).error().find("different tuples"), std::string::npos);
  EXPECT_NE(join_late_stage(first, late, 3, 7).error().find("no stage 3"), std::string::npos);
}

TEST(NTuplePrune, AJoinedNetworksLateBoardsKeepTheirLateStage) {
  // The late stage from 64, which every game reaches: its downgraded boards read it.
  const NTupleNetwork before = join_late_stage(trained(), trained({}, 6), 0, 6).value();
  NTupleNetwork pruned = before;
  PruneOptions options;
  options.games = 10;
  options.seed = 4;
  const PruneReport report = prune_unread(pruned, options);
  EXPECT_GT(report.reset, 0U);
  EXPECT_EQ(expect_games_valued_as_before(before, pruned, options), report.moves);
}

TEST(NTuplePrune, ALookaheadKeepsTheBoardsASearchValuesBeyondTheGames) {
  const NTupleNetwork before = trained();
  NTupleNetwork one_ply = before, searched = before;
  PruneOptions options;
  options.games = 4;
  options.seed = 8;
  const PruneReport a = prune_unread(one_ply, options);
  options.lookahead = 1;
  const PruneReport b = prune_unread(searched, options);
  EXPECT_EQ(a.moves, b.moves);  // the same games
  EXPECT_GT(b.read, a.read);
  EXPECT_EQ(expect_games_valued_as_before(before, searched, options), b.moves);
}
