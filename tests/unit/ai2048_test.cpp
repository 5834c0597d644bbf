// The 2048 AIs: legal answers, the seed heuristics' values, determinism, the generic Monte Carlo.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/rng.h"
#include "g2048/ai.h"
#include "g2048/bench.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "g2048/heuristic.h"
#include "g2048/ntuple.h"
#include "lab/g2048/bench.h"
#include "search/montecarlo.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

Board board(const char* text) { return parse_grid(text).value().to_board(); }

// A small untrained network for the AIs that need one (the shipped one is large).
std::shared_ptr<const NTupleNetwork> small_network() {
  static const auto net = std::make_shared<const NTupleNetwork>(std::vector<Tuple>{{0, 1, 2, 3}, {0, 1, 4, 5}});
  return net;
}

std::unique_ptr<Ai> ai(const std::string& name) {
  AiConfig cfg{name, std::nullopt};
  if (name == "ntuple") cfg.network = small_network();
  return std::move(make_ai(cfg).value());
}

}  // namespace

TEST(Ai2048, EveryAiAnswersWithALegalMove) {
  const char* boards[] = {"2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", "2,4,8,16/32,64,128,256/512,1024,2,4/8,16,32,4",
                          "2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,4", "1024,512,256,128/8,16,32,64/4,2,0,0/0,0,0,0"};
  for (const auto& name : ai_names()) {
    auto a = ai(name);
    for (const char* text : boards) {
      const Board b = board(text);
      Limits lim;
      lim.depth = name == "minimax" ? 3 : 2;
      lim.playouts = 20;
      const Analysis r = a->analyze(b, lim);
      ASSERT_TRUE(r.best.has_value()) << name << " " << text;
      EXPECT_TRUE(b.can_move(*r.best)) << name << " " << text;
      for (Dir d : ALL_DIRS) EXPECT_EQ(r.legal[index(d)], b.can_move(d));
    }
  }
}

TEST(Ai2048, NoMoveOnALostBoard) {
  const Board lost = board("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2");
  for (const auto& name : ai_names()) {
    const Analysis r = ai(name)->analyze(lost, Limits{});
    EXPECT_FALSE(r.best.has_value()) << name;
  }
}

TEST(Ai2048, UnknownAiAndBadWeightsAreErrors) {
  EXPECT_FALSE(make_ai(AiConfig{"deep-blue", std::nullopt}).ok());
  EXPECT_FALSE(make_ai(AiConfig{"expectimax", Seed004Weights{1, 2, 3, 1, 0, 0}}).ok());
  EXPECT_TRUE(make_ai(AiConfig{"minimax", Seed004Weights{1, 2, 3, 1, 0, 0}}).ok());
  EXPECT_FALSE(make_ai(AiConfig{"ntuple", std::nullopt}).ok());  // no network
  EXPECT_FALSE(make_ai(AiConfig{"expectimax", std::nullopt, "ntuple"}).ok());
  EXPECT_FALSE(make_ai(AiConfig{"expectimax", std::nullopt, "neural", small_network()}).ok());
  EXPECT_FALSE(make_ai(AiConfig{"minimax", std::nullopt, "heuristic"}).ok());
  EXPECT_TRUE(make_ai(AiConfig{"expectimax", std::nullopt, "ntuple", small_network()}).ok());
  EXPECT_TRUE(parse_weights("1,2,3,1,0,0").ok());
  EXPECT_EQ(parse_weights("1,2,3,1,0,0.5").value()[5], 0.5);
  for (const char* bad : {"", "1,2,3", "1,2,3,4,5,6,7", "1,2,x,4,5,6", "1,,3,4,5,6", "nan,1,1,1,1,1"})
    EXPECT_FALSE(parse_weights(bad).ok()) << bad;
}

TEST(Ai2048, ExpectimaxOverTheNetworkKeepsExactLeafValuesAcrossSearches) {
  // A network with random weights, and one AI that analyses board after board: the leaf values
  // it keeps from earlier searches must be those of the boards they belong to.
  auto net = std::make_shared<NTupleNetwork>(std::vector<Tuple>{{0, 1, 2, 3}, {0, 1, 4, 5}});
  core::Rng rng(17);
  for (std::size_t t = 0; t < net->table_count(); ++t)
    for (float& w : net->table(t)) w = static_cast<float>(rng.uniform() * 100.0);
  auto warm = std::move(make_ai(AiConfig{"expectimax", std::nullopt, "ntuple", net}).value());
  // Depth 1 by hand: the move's reward, then the expectation over every spawn of the best reply's
  // reward plus the value of what it leaves.
  auto by_hand = [&](Board b, Dir d) {
    const Board after = b.after(d);
    double sum = 0;
    int cells = 0;
    for (int cell = 0; cell < 16; ++cell) {
      if (after.at(cell) != 0) continue;
      ++cells;
      for (auto [exponent, p] : {std::pair{1, 0.9}, std::pair{2, 0.1}}) {
        const Board s = after.with(cell, exponent);
        double best = 0;
        for (Dir r : ALL_DIRS)
          if (s.after(r) != s) best = std::max(best, static_cast<double>(s.gain(r)) + net->value(s.after(r)));
        sum += p * best;
      }
    }
    return static_cast<double>(b.gain(d)) + sum / cells;
  };
  Board b = board("2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4");
  for (int move = 0; move < 60; ++move) {
    Limits lim;
    lim.depth = 1 + move % 2;
    const Analysis a = warm->analyze(b, lim);
    ASSERT_TRUE(a.best.has_value());
    const Analysis fresh = make_ai(AiConfig{"expectimax", std::nullopt, "ntuple", net}).value()->analyze(b, lim);
    for (Dir d : ALL_DIRS) {
      if (!b.can_move(d)) continue;
      EXPECT_EQ(a.values[index(d)], fresh.values[index(d)]) << move;
      if (lim.depth == 1) {
        EXPECT_NEAR(a.values[index(d)], by_hand(b, d), 1e-3 * std::fabs(by_hand(b, d)) + 1e-2) << move;
      }
    }
    b = spawn_random(b.after(*a.best), rng);
  }
}

TEST(Ai2048, Seed002HeuristicValues) {
  // Row 0: 2 4 . 8 -> exponents 1 2 . 3; row 3: 2 . . 2.
  const Board b = board("2,4,0,8/0,0,0,0/0,0,0,0/2,0,0,2");
  // Smoothness: (1,2) 1, (2,3) 1, (1 down to 1) 0, (3 down to 1) 2, row 3: (1,1) 0 -> -4.
  EXPECT_DOUBLE_EQ(seed002::smoothness(b), -4.0);
  // Islands: 2, 4, 8, and the two separate 2s at the bottom.
  EXPECT_EQ(seed002::islands(b), 5);
  EXPECT_EQ(seed002::islands(board("2,2,0,0/2,0,0,0/0,0,0,0/0,0,0,0")), 1);
  // A board increasing left to right and top to bottom is fully monotone.
  EXPECT_DOUBLE_EQ(seed002::monotonicity(board("2,4,8,16/4,8,16,32/8,16,32,64/16,32,64,128")), 0.0);
  const double expected = 0.1 * seed002::smoothness(b) + 1.3 * seed002::monotonicity(b) + 2.7 * std::log(11.0) + 3.0;
  EXPECT_NEAR(seed002::evaluate(b), expected, 1e-12);
}

TEST(Ai2048, PlacementFitnessMatchesTheDirectComputation) {
  // The incremental fitness of every placement equals -smoothness + islands of the board after
  // it, over random boards (a placement may join several groups, or none).
  core::Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    Board b;
    for (int cell = 0; cell < 16; ++cell)
      if (rng.below(3) != 0) b = b.with(cell, 1 + static_cast<int>(rng.below(3)));
    const auto placements = seed002::placement_fitness(b);
    for (int exponent : {1, 2}) {
      const auto& fitness = placements[static_cast<std::size_t>(exponent - 1)];
      for (int cell = 0; cell < 16; ++cell) {
        if (b.at(cell) != 0) {
          EXPECT_EQ(fitness[static_cast<std::size_t>(cell)], std::numeric_limits<int>::min());
          continue;
        }
        const Board n = b.with(cell, exponent);
        const double direct = -seed002::smoothness(n) + seed002::islands(n);
        ASSERT_EQ(fitness[static_cast<std::size_t>(cell)], direct) << std::hex << b.bits() << " cell " << cell;
      }
    }
  }
}

TEST(Ai2048, Seed004HeuristicTerms) {
  // The snake reads row 0 left to right, row 1 right to left, ...
  const Board b = board("2,4,8,16/0,0,0,32/0,0,0,0/0,0,0,2");
  const auto t = seed004::terms(b);
  EXPECT_DOUBLE_EQ(t[2], 10.0);                       // empty cells
  EXPECT_DOUBLE_EQ(t[3], 5.0);                        // max exponent (32)
  EXPECT_DOUBLE_EQ(t[4], -1.0);                       // two 2s: one repeat
  EXPECT_DOUBLE_EQ(t[5], (1 + 2 + 3 + 4 + 5 + 1) / 16.0);  // mean exponent
  EXPECT_LT(t[0], 0.0);
  EXPECT_LT(t[1], 0.0);
}

TEST(Ai2048, ExpectimaxTakesTheObviousMerge) {
  // Sliding left or right merges the two 1024s into 2048; up/down do not.
  const Board b = board("1024,1024,0,0/2,4,8,16/0,0,0,0/0,0,0,0");
  Limits lim;
  lim.depth = 2;
  const Analysis r = ai("expectimax")->analyze(b, lim);
  ASSERT_TRUE(r.best);
  EXPECT_TRUE(*r.best == Dir::Left || *r.best == Dir::Right);
}

TEST(Ai2048, FixedDepthSearchesAreDeterministic) {
  const Board b = board("2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128");
  for (const char* name : {"expectimax", "minimax", "montecarlo"}) {
    Limits lim;
    lim.depth = 3;
    lim.playouts = 30;
    lim.seed = 9;
    const Analysis a = ai(name)->analyze(b, lim);
    lim.threads = 2;
    const Analysis c = ai(name)->analyze(b, lim);
    EXPECT_EQ(a.nodes, c.nodes) << name;
    EXPECT_EQ(a.best, c.best) << name;
    for (Dir d : ALL_DIRS) EXPECT_EQ(a.values[index(d)], c.values[index(d)]) << name;
  }
}

// A depth is a maximum, not a way around the clock: the seed-002 minimax at depth 10 ran for
// minutes when a depth switched its deadline off (the server's think-time cap with it).
TEST(Ai2048, ADepthDoesNotLiftTheTimeBudget) {
  const Board b = board("2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128");
  for (const char* name : {"expectimax", "minimax", "montecarlo"}) {
    Limits lim;
    lim.depth = std::string(name) == "minimax" ? 10 : 12;
    lim.playouts = 1000000;
    lim.time_ms = 20;
    const Analysis a = ai(name)->analyze(b, lim);
    ASSERT_TRUE(a.best) << name;
    EXPECT_TRUE(b.can_move(*a.best)) << name;
    // The budget plus a generous margin for a loaded machine and sanitizer builds.
    EXPECT_LT(a.time_ms, 1000) << name;
    if (std::string(name) != "montecarlo") {
      EXPECT_LT(a.depth, lim.depth) << name;
    }
  }
}

// A budget too small for any playout still gives every legal move a value (one playout each).
TEST(Ai2048, MonteCarloValuesEveryMoveUnderATinyBudget) {
  const Board b = board("2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128");
  Limits lim;
  lim.time_ms = 0.001;
  const Analysis a = ai("montecarlo")->analyze(b, lim);
  ASSERT_TRUE(a.best);
  for (Dir d : ALL_DIRS) {
    if (!a.legal[index(d)]) continue;
    EXPECT_TRUE(std::isfinite(a.values[index(d)])) << to_string(d);
  }
}

// With a time and a small depth, the depth stops the search and the result is the fixed-depth
// one (iterative deepening's last iteration is a full search at that depth).
TEST(Ai2048, ATimeWithASmallDepthGivesTheFixedDepthAnswer) {
  const Board b = board("2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128");
  for (const char* name : {"expectimax", "minimax"}) {
    Limits fixed;
    fixed.depth = 2;
    Limits both = fixed;
    both.time_ms = 60000;
    const Analysis a = ai(name)->analyze(b, fixed), c = ai(name)->analyze(b, both);
    EXPECT_EQ(a.depth, c.depth) << name;
    EXPECT_EQ(a.best, c.best) << name;
    for (Dir d : ALL_DIRS) EXPECT_EQ(a.values[index(d)], c.values[index(d)]) << name;
  }
}

TEST(Ai2048, SearchBenchMatchesReference) {
  // The same numbers as `tilestone bench` (tests/bench.ref's first line).
  const auto r1 = run_search_bench();
  const auto r2 = run_search_bench();
  EXPECT_EQ(r1.nodes, r2.nodes);
  EXPECT_EQ(r1.signature, r2.signature);
  EXPECT_GT(r1.nodes, 0u);
}

TEST(Ai2048, BenchGamesAreReproducible) {
  BenchConfig cfg;
  cfg.ai = AiConfig{"greedy", std::nullopt};
  cfg.games = 4;
  cfg.jobs = 2;
  cfg.seed = 11;
  const auto a = run_bench_games(cfg);
  const auto b = run_bench_games(cfg);
  ASSERT_TRUE(a.ok());
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a->games[i].score, b->games[i].score);
    EXPECT_EQ(a->games[i].moves, b->games[i].moves);
    EXPECT_GT(a->games[i].moves, 10);
  }
  const auto s = summarize(*a);
  EXPECT_EQ(s.games, 4);
  EXPECT_EQ(s.reach.size(), 6u);
  cfg.games = 0;
  EXPECT_FALSE(run_bench_games(cfg).ok());
  cfg.games = 1;
  cfg.ai.name = "nope";
  EXPECT_FALSE(run_bench_games(cfg).ok());
}

TEST(Ai2048, LateMovesAndStallsAreSummedAndTravelInResults) {
  BenchReport r;
  GameRecord a, b;
  a.late_moves = 3, a.late_stalled = 2, a.max_stall_ms = 14.5;
  b.late_moves = 1, b.late_stalled = 1, b.max_stall_ms = 21.25;
  a.index = 0, b.index = 1;
  a.max_exponent = b.max_exponent = 11;
  r.games = {a, b};
  const auto s = summarize(r);
  EXPECT_EQ(s.late_moves, 4);
  EXPECT_EQ(s.late_stalled, 3);
  EXPECT_DOUBLE_EQ(s.stall_max, 21.25);
  EXPECT_NE(report_text("x", s).find("4 moves over the budget + 2 ms; in 3 of them"), std::string::npos);
  const auto back = game_from_json(game_to_json(b));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->late_moves, 1);
  EXPECT_EQ(back->late_stalled, 1);
  EXPECT_DOUBLE_EQ(back->max_stall_ms, 21.25);
  // Results written before stalls were measured still read.
  auto old = game_to_json(b);
  old.erase("late_moves"), old.erase("late_stalled"), old.erase("max_stall_ms");
  ASSERT_TRUE(game_from_json(old).ok());
  EXPECT_EQ(game_from_json(old)->late_moves, 0);
}

TEST(Ai2048, StopAtEndsGamesAtTheTile) {
  BenchConfig cfg;
  cfg.ai = AiConfig{"expectimax", std::nullopt};
  cfg.limits.depth = 1;
  cfg.games = 2;
  cfg.stop_at_exponent = 7;  // 128
  const auto r = run_bench_games(cfg);
  ASSERT_TRUE(r.ok());
  for (const auto& g : r->games) {
    EXPECT_EQ(g.max_exponent, 7);
    EXPECT_TRUE(g.stopped);
  }
}

// A run's deadline caps its cost however many games it asks for: the game in play stops, the
// rest are left out, and the report says it was cut short.
TEST(Ai2048, BenchDeadlineCutsTheRunShort) {
  BenchConfig cfg;
  cfg.ai = AiConfig{"expectimax", std::nullopt};
  cfg.limits.time_ms = 5;
  cfg.games = 1000;
  cfg.deadline = core::Deadline::in_ms(150);
  const auto r = run_bench_games(cfg);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->cut_short);
  ASSERT_GE(r->games.size(), 1u);
  EXPECT_LT(r->games.size(), 1000u);
  EXPECT_TRUE(r->games.back().stopped);
  EXPECT_GE(r->games.front().moves, 1);
  EXPECT_LT(r->wall_s, 5.0);
  cfg.games = 2;
  cfg.ai.name = "greedy";
  cfg.deadline = core::Deadline{};
  EXPECT_FALSE(run_bench_games(cfg)->cut_short);
}

// A tiny game to show that the Monte Carlo template is not tied to 2048: each action adds 1 or 2
// to a counter, the game ends at 10, and the result is the number of "2" actions taken.
struct CountingGame {
  using Action = int;
  int total = 0, twos = 0;
  std::vector<int> actions() const { return total >= 10 ? std::vector<int>{} : std::vector<int>{1, 2}; }
  void do_action(int a, core::Rng&) {
    total += a;
    twos += a == 2;
  }
  double result() const { return twos; }
};

TEST(MonteCarlo, GenericOverAnyAdapter) {
  static_assert(search::PlayoutGame<CountingGame>);
  search::MonteCarloLimits lim;
  lim.playouts_per_action = 200;
  lim.seed = 5;
  const auto r = search::monte_carlo(CountingGame{}, lim);
  ASSERT_EQ(r.actions.size(), 2u);
  EXPECT_EQ(r.best, 2);  // starting with a 2 gives one more "2" on average
  EXPECT_EQ(r.playouts, 400u);
  EXPECT_GT(r.actions[1].mean, r.actions[0].mean);
  // Same seed, same statistics, whatever the thread count.
  lim.threads = 2;
  const auto r2 = search::monte_carlo(CountingGame{}, lim);
  EXPECT_EQ(r2.actions[0].mean, r.actions[0].mean);
  EXPECT_EQ(r2.actions[1].mean, r.actions[1].mean);
  // A finished game has no actions and no best action.
  EXPECT_FALSE(search::monte_carlo(CountingGame{10, 0}, lim).best.has_value());
}
