// lab/gomoku/network_check: what it counts, and what it leaves out.

#include <gtest/gtest.h>

#include <vector>

#include "gomoku/eval.h"
#include "gomoku/move_picker.h"
#include "gomoku/network.h"
#include "gomoku/notation.h"
#include "lab/gomoku/network_check.h"
#include "lab/gomoku/training_data.h"

using namespace tilestone;
using namespace tilestone::gomoku;

namespace {

Board board_of(const char* moves, Rule rule = Rule::FREESTYLE) {
  auto b = board_from_moves(*parse_moves(moves, 15), 15, rule);
  EXPECT_TRUE(b.ok());
  return *b;
}

TEST(NetworkCheck, CountsTheOrderAndOnePlyChoicesAndSkipsWhatCannotBeJudged) {
  const Network net = Network::random(Rule::FREESTYLE, 5);
  // Black has four in a row with an open end: the five is the search's move.
  Board four = board_of("h8a1i8a3j8a5k8a7");
  ASSERT_EQ(four.to_move(), Color::BLACK);
  // The pattern order puts one of the two fives (g8, l8) first: the classical order agrees.
  const int first_five = root_moves(four).front();
  ASSERT_TRUE(first_five == four.index(*parse_point("g8", 15)) || first_five == four.index(*parse_point("l8", 15)));
  std::vector<TrainingRecord> records;
  records.push_back(make_record(four, 1000, four.point(first_five), 4, false));
  Board quiet = board_of("h8i9h9");
  const int first = root_moves(quiet).front();
  records.push_back(make_record(quiet, -200, quiet.point(first), 6, false));
  // Proven values, other rules and moves the root would not search are skipped.
  records.push_back(make_record(quiet, 29000, quiet.point(first), 6, true));
  records.push_back(make_record(board_of("h8i9h9", Rule::RENJU), 0, quiet.point(first), 6, false));
  records.push_back(make_record(quiet, 0, Point{0, 14}, 6, false));

  const auto r = check_network(net, records);
  EXPECT_EQ(r.positions, 2);
  EXPECT_EQ(r.skipped, 3);
  EXPECT_EQ(r.classical.order_agrees, 2);
  EXPECT_GE(r.classical.sign_agrees, 1);  // black to move with an open four stands well
  EXPECT_LE(r.network.order_agrees, 2);
  EXPECT_LE(r.network.one_ply_agrees, 2);
  EXPECT_GT(r.classical.cross_entropy, 0.0);
  EXPECT_GT(r.network.cross_entropy, 0.0);
  // Checking the same records again gives the same figures (the state is reset per position).
  const auto again = check_network(net, records);
  EXPECT_EQ(again.network.one_ply_agrees, r.network.one_ply_agrees);
  EXPECT_EQ(again.network.order_agrees, r.network.order_agrees);
  EXPECT_DOUBLE_EQ(again.network.cross_entropy, r.network.cross_entropy);
}

TEST(NetworkCheck, ASearchValueOfZeroHasNoSignToAgreeWith) {
  const Network net = Network::random(Rule::FREESTYLE, 5);
  // The empty board: the classical value is 0 and so is the search's (a draw-like record); no
  // evaluation may score a sign agreement there. One signed record beside it.
  const Board empty(15, Rule::FREESTYLE);
  ASSERT_EQ(evaluate(empty), 0);
  const int centre = root_moves(empty).front();
  Board quiet = board_of("h8i9h9");
  std::vector<TrainingRecord> records;
  records.push_back(make_record(empty, 0, empty.point(centre), 4, false));
  records.push_back(make_record(quiet, 300, quiet.point(root_moves(quiet).front()), 6, false));
  const auto r = check_network(net, records);
  EXPECT_EQ(r.positions, 2);
  EXPECT_EQ(r.signed_positions, 1);
  EXPECT_EQ(r.classical.sign_agrees, evaluate(quiet) > 0 ? 1 : 0);
  for (const auto& sc : r.by_share) EXPECT_LE(sc.sign_agrees, 1) << sc.share;
  EXPECT_EQ(r.by_share.back().sign_agrees, r.classical.sign_agrees);  // share 100 is the classical value
  EXPECT_DOUBLE_EQ(r.by_share.back().cross_entropy, r.classical.cross_entropy);
  EXPECT_DOUBLE_EQ(r.by_share.front().cross_entropy, r.network.cross_entropy);  // the file's share is 0
}

TEST(NetworkCheck, TheGapToTheSearchIsKeptBySideToMove) {
  // Black to move on the empty board (search value 100), white to move after h8 (search value -40).
  Network net = Network::random(Rule::FREESTYLE, 7);
  const Board empty(15, Rule::FREESTYLE);
  const Board one = board_of("h8");
  ASSERT_EQ(one.to_move(), Color::WHITE);
  std::vector<TrainingRecord> records;
  records.push_back(make_record(empty, 100, empty.point(root_moves(empty).front()), 4, false));
  records.push_back(make_record(one, -40, one.point(root_moves(one).front()), 4, false));
  const auto r = check_network(net, records);
  ASSERT_EQ(r.positions, 2);
  EXPECT_EQ(r.positions_by_side[0], 1);
  EXPECT_EQ(r.positions_by_side[1], 1);
  EXPECT_DOUBLE_EQ(r.classical.gap_by_side[0], evaluate(empty) - 100);
  EXPECT_DOUBLE_EQ(r.classical.gap_by_side[1], evaluate(one) + 40);
  NetworkState st(net);
  st.reset(empty);
  EXPECT_DOUBLE_EQ(r.network.gap_by_side[0], st.evaluate(empty).score - 100);
  // A bias for white to move moves white's gap only.
  net.set_side_bias({Network::SideBias{}, Network::SideBias{1 << 22, 0, -(1 << 22)}});
  const auto biased = check_network(net, records);
  EXPECT_DOUBLE_EQ(biased.network.gap_by_side[0], r.network.gap_by_side[0]);
  EXPECT_GT(biased.network.gap_by_side[1], r.network.gap_by_side[1]);
}

TEST(NetworkCheck, TheGameResultIsScoredOnThePathOnly) {
  const Network net = Network::random(Rule::FREESTYLE, 9);
  Board quiet = board_of("h8i9h9");
  const Point first = quiet.point(root_moves(quiet).front());
  // A won game for the side to move, a lost one, and a position off the path (no result).
  TrainingRecord won = make_record(quiet, 400, first, 6, false);
  won.result = 2;
  TrainingRecord lost = make_record(quiet, 400, first, 6, false);
  lost.result = 0;
  TrainingRecord off = make_record(quiet, 400, first, 6, false);
  off.off_path = true;
  const auto both = check_network(net, std::vector<TrainingRecord>{won, lost});
  EXPECT_EQ(both.positions, 2);
  EXPECT_EQ(both.results, 2);
  // The search's value (400: a win probability above a half) predicts the win better than the loss.
  const auto w = check_network(net, std::vector<TrainingRecord>{won});
  const auto l = check_network(net, std::vector<TrainingRecord>{lost});
  EXPECT_LT(w.search_result_cross_entropy, l.search_result_cross_entropy);
  EXPECT_DOUBLE_EQ(both.search_result_cross_entropy, w.search_result_cross_entropy + l.search_result_cross_entropy);
  // The classical value predicts the result its sign says.
  if (evaluate(quiet) > 0) {
    EXPECT_LT(w.classical.result_cross_entropy, l.classical.result_cross_entropy);
  } else if (evaluate(quiet) < 0) {
    EXPECT_GT(w.classical.result_cross_entropy, l.classical.result_cross_entropy);
  }
  // Off the path the position counts for the other figures, not for the result's.
  const auto with_off = check_network(net, std::vector<TrainingRecord>{won, off});
  EXPECT_EQ(with_off.positions, 2);
  EXPECT_EQ(with_off.results, 1);
  EXPECT_DOUBLE_EQ(with_off.search_result_cross_entropy, w.search_result_cross_entropy);
  EXPECT_DOUBLE_EQ(with_off.network.result_cross_entropy, w.network.result_cross_entropy);
  EXPECT_DOUBLE_EQ(with_off.by_share.back().result_cross_entropy, w.classical.result_cross_entropy);
  // No result at all: no share is best at predicting one.
  const auto none = check_network(net, std::vector<TrainingRecord>{off});
  EXPECT_EQ(none.results, 0);
  EXPECT_EQ(none.best_result_share(), 0);
  EXPECT_DOUBLE_EQ(none.classical.result_cross_entropy, 0.0);
}

}  // namespace
