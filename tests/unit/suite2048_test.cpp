// The 2048 position suite: sampling, the file format and its refusals, and scoring that tells a
// weak AI from a strong one.

#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.h"
#include "g2048/ai.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "lab/g2048/suite.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

std::unique_ptr<Ai> ai(const std::string& name) {
  return std::move(make_ai(AiConfig{name, std::nullopt, name == "expectimax" ? "heuristic" : ""}).value());
}

Limits depth(int d) {
  Limits l;
  l.depth = d;
  return l;
}

SuiteSampling sampling(int games, std::uint64_t seed, int min_exponent, int every, int positions) {
  SuiteSampling s;
  s.games = games;
  s.seed = seed;
  s.min_exponent = min_exponent;
  s.every = every;
  s.positions = positions;
  return s;
}

// A small suite: boards from greedy games, valued by a depth-2 heuristic expectimax.
std::vector<SuitePosition> small_suite() {
  auto player = ai("greedy");
  const auto boards = sample_boards(*player, Limits{}, sampling(6, 3, 5, 7, 40));
  auto reference = ai("expectimax");
  return reference_positions(*reference, depth(2), boards);
}

}  // namespace

TEST(Suite2048, SamplingTakesLateBoardsWithAChoiceAndIsDeterministic) {
  auto player = ai("greedy");
  const SuiteSampling s = sampling(4, 9, 6, 5, 25);
  const auto a = sample_boards(*player, Limits{}, s);
  const auto b = sample_boards(*player, Limits{}, s);
  ASSERT_FALSE(a.empty());
  EXPECT_LE(a.size(), 25u);
  EXPECT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i], b[i]);
    EXPECT_GE(a[i].max_exponent(), 6);
    int legal = 0;
    for (Dir d : ALL_DIRS) legal += a[i].can_move(d);
    EXPECT_GE(legal, 2);
  }
}

TEST(Suite2048, TheFileRoundTripsAndTheReferenceIsItsBestMoveValue) {
  const auto suite = small_suite();
  ASSERT_GE(suite.size(), 10u);
  const auto parsed = parse_suite(format_suite(suite));
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_EQ(parsed->size(), suite.size());
  for (std::size_t i = 0; i < suite.size(); ++i) {
    EXPECT_EQ((*parsed)[i].board, suite[i].board);
    EXPECT_EQ((*parsed)[i].legal, suite[i].legal);
    for (int d = 0; d < 4; ++d) EXPECT_NEAR((*parsed)[i].reference[d], suite[i].reference[d], 1e-3);
  }
  // The reference AI itself gives up nothing on its own suite.
  auto reference = ai("expectimax");
  const SuiteScore s = score_suite(*reference, depth(2), suite);
  EXPECT_EQ(s.positions, static_cast<int>(suite.size()));
  EXPECT_EQ(s.agreed, s.positions);
  EXPECT_EQ(s.mean_loss, 0.0);
}

TEST(Suite2048, ARandomPlayerGivesUpMoreThanTheSearch) {
  const auto suite = small_suite();
  auto random = ai("random");
  auto shallow = ai("expectimax");
  const SuiteScore r = score_suite(*random, Limits{}, suite);
  const SuiteScore e = score_suite(*shallow, depth(1), suite);
  EXPECT_GT(r.mean_loss, e.mean_loss);
  EXPECT_LT(r.agreed, e.agreed);
  // The per-position choices add up to the summary.
  ASSERT_EQ(r.choices.size(), suite.size());
  double sum = 0;
  int agreed = 0;
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const SuiteChoice& c = r.choices[i];
    sum += c.loss;
    agreed += c.loss == 0.0;
    ASSERT_TRUE(c.chosen.has_value());
    EXPECT_TRUE(suite[i].legal[index(*c.chosen)]);
    EXPECT_NEAR(c.loss, suite[i].reference[index(c.best)] - suite[i].reference[index(*c.chosen)], 1e-9);
  }
  EXPECT_NEAR(sum / static_cast<double>(suite.size()), r.mean_loss, 1e-9);
  EXPECT_EQ(agreed, r.agreed);
}

TEST(Suite2048, BadFilesAreRefusedWithTheLine) {
  const std::string board = "0x1200000000000000";  // a 2 and a 4 in the first two cells
  EXPECT_FALSE(parse_suite("").ok());
  EXPECT_FALSE(parse_suite("# only a comment\n").ok());
  const auto short_hex = parse_suite("0x00021 1 2 3 4\n");
  ASSERT_FALSE(short_hex.ok());
  EXPECT_NE(short_hex.error().find("line 1"), std::string::npos);
  EXPECT_FALSE(parse_suite(board + " 1 2 3\n").ok());
  EXPECT_FALSE(parse_suite(board + " 1 2 3 4 5\n").ok());
  EXPECT_FALSE(parse_suite(board + " 1 x 3 4\n").ok());
  EXPECT_FALSE(parse_suite("0xzzzzzzzzzzzzzzzz 1 2 3 4\n").ok());
  EXPECT_FALSE(parse_suite("1200000000000000 1 2 3 4\n").ok());
  // Cells 0 and 1 hold tiles on the top row: left is illegal, so it must be '-'.
  const Board b(0x21);
  std::string values;
  for (Dir d : ALL_DIRS) values += b.can_move(d) ? " 1" : " -";
  EXPECT_TRUE(parse_suite(board + values + "\n").ok()) << parse_suite(board + values + "\n").error();
  std::string wrong;
  for (Dir d : ALL_DIRS) wrong += b.can_move(d) ? " -" : " 1";
  const auto mismatched = parse_suite("# c\n" + board + wrong + "\n");
  ASSERT_FALSE(mismatched.ok());
  EXPECT_NE(mismatched.error().find("line 2"), std::string::npos);
}

TEST(Suite2048, LastMovesSamplesOnlyTheEndOfEachGame) {
  auto player = ai("greedy");
  SuiteSampling s = sampling(3, 5, 4, 2, 1000);
  s.last_moves = 30;
  const auto sampled = sample_boards(*player, Limits{}, s);
  ASSERT_FALSE(sampled.empty());
  // Replay the same games: every sampled board is one of a game's last 30 boards.
  std::vector<Board> endings;
  for (int g = 0; g < s.games; ++g) {
    Game game(core::derive_seed(s.seed, static_cast<std::uint64_t>(g)));
    std::vector<Board> boards;
    while (!game.over()) {
      boards.push_back(game.grid().to_board());
      game.play(*player->analyze(boards.back(), Limits{}).best);
    }
    ASSERT_GT(boards.size(), 30u);
    endings.insert(endings.end(), boards.end() - 30, boards.end());
  }
  for (Board b : sampled) EXPECT_NE(std::find(endings.begin(), endings.end(), b), endings.end());
  // Without the restriction, earlier boards are sampled too.
  s.last_moves = 0;
  const auto anywhere = sample_boards(*player, Limits{}, s);
  EXPECT_GT(anywhere.size(), sampled.size());
}

TEST(Suite2048, AProbabilityCutOffInTheLimitsOverridesTheEvaluations) {
  auto search = ai("expectimax");
  const Board open = parse_grid("2,4,8,16/0,2,0,4/0,0,0,2/0,0,2,128").value().to_board();
  Limits fine = depth(3), coarse = depth(3);
  fine.prob_cutoff = 1e-6;
  coarse.prob_cutoff = 0.05;
  const Analysis a = search->analyze(open, Limits(depth(3)));
  const Analysis f = search->analyze(open, fine);
  const Analysis c = search->analyze(open, coarse);
  EXPECT_GT(f.nodes, c.nodes);
  EXPECT_GE(f.nodes, a.nodes);
}
