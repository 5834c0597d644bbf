// Move-order tuning: a candidate's features under the engine's weights give the engine's order
// score, and a fit on games whose moves follow known weights ranks their moves better than the
// weights it started from.

#include <gtest/gtest.h>

#include <cmath>

#include "core/rng.h"
#include "gomoku/eval.h"
#include "gomoku/notation.h"
#include "lab/gomoku/order_tune.h"

using namespace tilestone::gomoku;

namespace {

// A candidate's score under w: feature f is entry f of the weights laid end to end (kinds mine
// and theirs, patterns mine and theirs, 11 each; nearness to the last stones, 4 each).
double score_of(const order_tune::Weights& w, const order_tune::Candidate& c) {
  double s = 0;
  for (std::uint8_t f : c) {
    const std::size_t i = f;
    s += i < 11 ? w.kind_mine[i] : i < 22 ? w.kind_theirs[i - 11] : i < 33 ? w.pattern_mine[i - 22]
         : i < 44 ? w.pattern_theirs[i - 33] : i < 48 ? w.near_last[i - 44] : w.near_own[i - 48];
  }
  return s;
}

TEST(GomokuOrderTune, FeaturesTimesWeightsIsTheEngineOrder) {
  const auto moves = *parse_moves("h8i9h9h10g8i8j7g10i7j8f9k7e10f11", 15);
  const auto positions = order_tune::positions_of_game(moves, 15, Rule::FREESTYLE, 0);
  ASSERT_GT(positions.size(), 5u);
  const auto w = order_tune::Weights::current();
  // Replay the game to each fitted position's board.
  Board b(15, Rule::FREESTYLE);
  std::size_t next = 0, checked = 0;
  for (Point p : moves) {
    if (next < positions.size() && positions[next].cells[static_cast<std::size_t>(positions[next].played)] == b.index(p) &&
        b.move_count() >= 2) {
      const auto& pos = positions[next++];
      const LastStones last(b);
      for (std::size_t k = 0; k < pos.cells.size(); ++k) {
        const double s = score_of(w, pos.candidates[k]);
        EXPECT_EQ(std::lround(s * order_tune::ORDER_SCALE), move_order(b, pos.cells[k], last)) << "move " << b.move_count();
        ++checked;
      }
    }
    b.play(p);
  }
  EXPECT_EQ(next, positions.size()) << "every fitted position was found in the game";
  EXPECT_GT(checked, 50u);
}

TEST(GomokuOrderTune, PositionsLeaveOutForcedMoves) {
  // White's a5 answers black's live three h8-j8 and a7 its four h8-k8: there the search takes
  // the forced defences first whatever the order, so those two positions are left out.
  const auto moves = *parse_moves("h8a1i8a3j8a5k8a7", 15);
  const auto positions = order_tune::positions_of_game(moves, 15, Rule::FREESTYLE, 0);
  const int a7 = Board(15).index(*parse_point("a7", 15));
  const int a5 = Board(15).index(*parse_point("a5", 15));
  for (const auto& p : positions) {
    EXPECT_NE(p.cells[static_cast<std::size_t>(p.played)], a7);
    EXPECT_NE(p.cells[static_cast<std::size_t>(p.played)], a5);
  }
  EXPECT_EQ(positions.size(), moves.size() - 4) << "the first two moves have no last stones; a5 and a7 are forced";
}

// Games whose moves are drawn from a softmax over known weights (a game stops early at a position
// the fit leaves out, where the side to move is forced).
std::vector<std::vector<Point>> games_from(const order_tune::Weights& truth, int count, std::uint64_t seed) {
  tilestone::core::Rng rng(seed);
  std::vector<std::vector<Point>> games;
  for (int g = 0; g < count; ++g) {
    std::vector<Point> moves = {{7, 7}, {static_cast<int>(6 + rng.below(3)), 6}};
    while (moves.size() < 30) {
      // The candidates of the current board: the one position of the game with any move added.
      Board b(15, Rule::FREESTYLE);
      for (Point p : moves) b.play(p);
      int any = -1;
      b.for_each_candidate([&](int q) { any = any < 0 ? q : any; });
      std::vector<Point> probe = moves;
      probe.push_back(b.point(any));
      const auto now = order_tune::positions_of_game(probe, 15, Rule::FREESTYLE, static_cast<int>(moves.size()));
      if (now.empty()) break;
      const auto& pos = now.front();
      std::vector<double> weight;
      double z = 0;
      for (const auto& c : pos.candidates) z += weight.emplace_back(std::exp(score_of(truth, c)));
      double pick = rng.uniform() * z;
      std::size_t k = 0;
      while (k + 1 < weight.size() && pick >= weight[k]) pick -= weight[k++];
      moves.push_back(b.point(pos.cells[k]));
    }
    games.push_back(moves);
  }
  return games;
}

TEST(GomokuOrderTune, AFitRanksThePlayedMovesBetterThanItsStart) {
  order_tune::Weights truth;  // threes and fours first, then nearness to the last stone
  truth.kind_mine[static_cast<std::size_t>(PointKind::LIVE_THREE)] = 3;
  truth.kind_mine[static_cast<std::size_t>(PointKind::DEAD_FOUR)] = 2;
  truth.kind_theirs[static_cast<std::size_t>(PointKind::LIVE_THREE)] = 2.5;
  truth.pattern_mine[static_cast<std::size_t>(Pattern::FLEX2)] = 1;
  truth.near_last = {2, 1, 0, -1};
  std::vector<std::vector<order_tune::Position>> games;
  for (const auto& moves : games_from(truth, 40, 5)) games.push_back(order_tune::positions_of_game(moves, 15, Rule::FREESTYLE, 0));
  order_tune::FitOptions o;
  o.iterations = 150;
  o.held_out_every = 4;
  const order_tune::Weights flat;  // every candidate alike
  const auto r = order_tune::fit(games, flat, o);
  ASSERT_GT(r.held_after.positions, 50u);
  EXPECT_LT(r.held_after.log_loss, r.held_before.log_loss - 0.2);
  EXPECT_GT(r.held_after.top3, r.held_before.top3);
  // The fit finds the truth's main terms.
  EXPECT_GT(r.weights.near_last[0], r.weights.near_last[3] + 1);
  EXPECT_GT(r.weights.kind_mine[static_cast<std::size_t>(PointKind::LIVE_THREE)], 1);
}

TEST(GomokuOrderTune, HeaderSaysHowItWasMade) {
  const auto text = order_tune::weights_header(order_tune::Weights::current(), "made by a test\nline two");
  EXPECT_NE(text.find("// made by a test\n// line two\n"), std::string::npos);
  EXPECT_NE(text.find("ORDER_KIND_MINE"), std::string::npos);
  EXPECT_NE(text.find("ORDER_NEAR_OWN"), std::string::npos);
  EXPECT_NE(text.find("GENERATED FILE"), std::string::npos);
}

}  // namespace
