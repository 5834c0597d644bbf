// Openings (lab/match/openings.h): the generated ones of a match, and the search-checked balanced
// ones.

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "gomoku/ai.h"
#include "gomoku/board.h"
#include "gomoku/learn.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"
#include "lab/match/openings.h"

using namespace tilestone::gomoku;
using namespace tilestone::match;

namespace {

int search_value(const std::vector<Point>& moves, Rule rule, int depth) {
  Board b(15, rule);
  for (Point p : moves) b.play(p);
  auto engine = make_strong_engine();
  Limits limits;
  limits.time_ms = 0;
  limits.depth = depth;
  limits.memory_mb = 16;
  return engine->search(b, limits).value;
}

}  // namespace

TEST(MatchOpenings, OpeningsAreSeededAndLegal) {
  const auto a = random_opening(15, Rule::RENJU, 7);
  const auto b = random_opening(15, Rule::RENJU, 7);
  EXPECT_EQ(a, b);
  ASSERT_EQ(a.size(), 5u);
  EXPECT_TRUE(board_from_moves(a, 15, Rule::RENJU).ok());
  EXPECT_NE(random_opening(15, Rule::RENJU, 8), a);
}

TEST(MatchOpenings, MatchOpeningsAreDifferentPositions) {
  const auto openings = match_openings(15, Rule::FREESTYLE, 50, 3);
  ASSERT_EQ(openings.size(), 50u);
  std::set<std::string> keys;
  for (const auto& o : openings) {
    EXPECT_TRUE(board_from_moves(o, 15, Rule::FREESTYLE).ok());
    keys.insert(canonical(board_from_moves(o, 15, Rule::FREESTYLE).value()).key);
  }
  EXPECT_EQ(keys.size(), 50u);
  EXPECT_EQ(match_openings(15, Rule::FREESTYLE, 50, 3), openings);
}

TEST(BalancedOpenings, KeptOpeningsAreQuietPlayableDistinctAndBalanced) {
  for (Rule rule : {Rule::FREESTYLE, Rule::RENJU}) {
    BalancedOptions o;
    o.rule = rule;
    o.count = 6;
    o.stones = 5;
    o.depth = 3;
    o.balance = 0.08;
    o.seed = 7;
    const auto openings = balanced_openings(o);
    ASSERT_EQ(openings.size(), 6u);
    std::set<std::string> keys;
    for (const auto& op : openings) {
      ASSERT_EQ(op.moves.size(), 5u);
      Board b(15, rule);
      for (Point p : op.moves) {
        EXPECT_LE(std::max(std::abs(p.x - 7), std::abs(p.y - 7)), o.radius);
        ASSERT_TRUE(b.empty_at(p));
        EXPECT_EQ(judge_move(b, p), Verdict::NORMAL);
        b.play(p);
      }
      EXPECT_EQ(b.four_cells(Color::BLACK) + b.four_cells(Color::WHITE), 0);
      EXPECT_TRUE(keys.insert(canonical(b).key).second) << "a repeated opening";
      // The value is the search's, and white (to move after five stones) is within the balance.
      EXPECT_EQ(op.value, search_value(op.moves, rule, o.depth));
      const double white = win_probability(op.value);
      EXPECT_LE(std::abs(white - 0.5), o.balance + 1e-9);
      EXPECT_NEAR(op.black_chance, 1.0 - white, 1e-12);
    }
  }
}

TEST(BalancedOpenings, TheSameOptionsGiveTheSameOpeningsWithAnyJobs) {
  BalancedOptions o;
  o.count = 5;
  o.depth = 3;
  o.stones = 4;
  o.seed = 3;
  const auto one = balanced_openings(o);
  o.jobs = 2;
  const auto two = balanced_openings(o);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) EXPECT_EQ(one[i].moves, two[i].moves);
  o.seed = 4;
  EXPECT_NE(balanced_openings(o)[0].moves, one[0].moves);
  // Black to move (an even stone count): black's chance is the mover's.
  for (const auto& op : one) EXPECT_NEAR(op.black_chance, win_probability(op.value), 1e-12);
}

TEST(BalancedOpenings, ATinyBalanceOrOneStoneEndsWithFewerOpenings) {
  BalancedOptions o;
  o.count = 3;
  o.stones = 1;  // only the centre: one distinct opening at most
  o.depth = 2;
  o.balance = 0.5;
  o.max_candidates = 50;
  EXPECT_EQ(balanced_openings(o).size(), 1u);
  o.stones = 5;
  o.balance = 1e-9;
  o.max_candidates = 20;
  int reports = 0, last = 0;
  const auto none = balanced_openings(o, [&](const BalancedProgress& p) {
    ++reports;
    EXPECT_GE(p.candidates, last);
    last = p.candidates;
  });
  EXPECT_LE(none.size(), 1u);
  EXPECT_GT(reports, 0);
  EXPECT_EQ(last, 20);
}
