// Evaluation tuning: the counts of a position reproduce the engine's evaluation, and a fit on a
// small data set predicts results better than the weights it started from.

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include "core/rng.h"
#include "gomoku/eval.h"
#include "gomoku/notation.h"
#include "lab/gomoku/tune.h"

using namespace tilestone::gomoku;

namespace {

TEST(GomokuTune, CountsTimesWeightsIsTheEngineEvaluation) {
  const auto moves = *parse_moves("h8i9h9h10g8i8j7g10i7j8f9k7e10", 15);
  Board b(15, Rule::FREESTYLE);
  int quiet = 0;
  for (Point p : moves) {
    const auto f = tune::features(b);
    if (f.quiet) {
      ++quiet;
      EXPECT_DOUBLE_EQ(tune::evaluate(tune::Weights::current(), f.x, f.fixed), static_cast<double>(evaluate(b)))
          << "after " << b.move_count() << " moves";
    }
    b.play(p);
  }
  EXPECT_GT(quiet, 5);
}

TEST(GomokuTune, NotQuietWhenAFivePointExists) {
  Board b(15, Rule::FREESTYLE);
  const auto moves = *parse_moves("h8a1i8a3j8a5k8", 15);  // black has four in a row, white to move
  for (Point p : moves) b.play(p);
  EXPECT_FALSE(tune::features(b).quiet);
}

// Fixed weights to start fits from (the engine's own change when it is tuned).
tune::Weights hand_set() {
  tune::Weights w;
  w.pattern = {0, 0, 1, 3, 6, 16, 24, 70, 80, 300, 1000};
  w.tempo = {0, 0, 0, 0, 0, 8, 24, 70, 80, 300, 0};
  w.kind[static_cast<std::size_t>(PointKind::DOUBLE_THREE)] = 150;
  w.kind[static_cast<std::size_t>(PointKind::FOUR_PLUS)] = 300;
  return w;
}

TEST(GomokuTune, AFitPredictsBetterThanItsStart) {
  // Results drawn from a known set of weights (the hand-set ones with the threes and the
  // four-three bonus changed a lot): the fit must find weights that predict them better.
  tilestone::core::Rng rng(9);
  tune::Weights truth = hand_set();
  truth.pattern[7] = 160;  // FLEX3
  truth.tempo[7] = 20;
  truth.kind[static_cast<std::size_t>(PointKind::FOUR_PLUS)] = 900;
  const double scale = 400;
  std::vector<tune::Sample> samples;
  for (int i = 0; i < 3000; ++i) {
    tune::Sample s;
    for (auto& v : s.x) v = static_cast<float>(static_cast<int>(rng.below(7)) - 3);
    const double p = 1.0 / (1.0 + std::exp(-tune::evaluate(truth, s.x, 0) / scale));
    s.result = rng.uniform() < p ? 1.0f : 0.0f;
    samples.push_back(s);
  }
  tune::FitOptions o;
  o.iterations = 1500;
  o.learning_rate = 3.0;
  o.held_out = 0.2;
  const auto r = tune::fit(samples, hand_set(), o);
  EXPECT_EQ(r.train + r.held_out, samples.size());
  EXPECT_LT(r.train_loss_after, r.train_loss_before - 0.01);
  EXPECT_LT(r.held_out_loss_after, r.held_out_loss_before - 0.01);
  // The changed weights move toward the truth.
  EXPECT_GT(r.weights.pattern[7], hand_set().pattern[7]);
  EXPECT_GT(r.weights.kind[static_cast<std::size_t>(PointKind::FOUR_PLUS)],
            hand_set().kind[static_cast<std::size_t>(PointKind::FOUR_PLUS)]);
  for (double w : r.weights.pattern) EXPECT_GE(w, 0.0);
}

TEST(GomokuTune, LabelsBlendTheResultWithTheTarget) {
  const auto moves = *parse_moves("h8i9h9h10g8i8j7g10i7j8f9k7e10", 15);
  const auto plain = tune::samples_of_game(moves, 15, Rule::FREESTYLE, Outcome::BLACK_WINS, 2);
  ASSERT_GT(plain.size(), 5u);
  // A target that says 0.8 for black to move and 0.3 for white, whatever the position.
  const tune::Target target = [](const Board& b) -> std::optional<double> { return b.to_move() == Color::BLACK ? 0.8 : 0.3; };
  const auto blended = tune::samples_of_game(moves, 15, Rule::FREESTYLE, Outcome::BLACK_WINS, 2, target, 0.25);
  ASSERT_EQ(blended.size(), plain.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    EXPECT_EQ(blended[i].x, plain[i].x);
    const double p = plain[i].result == 1.0f ? 0.8 : 0.3;  // black won: the side to move won when it was black
    EXPECT_NEAR(blended[i].result, 0.25 * plain[i].result + 0.75 * p, 1e-6) << "sample " << i;
  }
  // lambda 1 is the result alone, and positions the target declines are left out.
  const auto same = tune::samples_of_game(moves, 15, Rule::FREESTYLE, Outcome::BLACK_WINS, 2, target, 1.0);
  ASSERT_EQ(same.size(), plain.size());
  EXPECT_EQ(same.back().result, plain.back().result);
  const tune::Target only_black = [](const Board& b) -> std::optional<double> {
    if (b.to_move() == Color::WHITE) return std::nullopt;
    return 0.5;
  };
  const auto half = tune::samples_of_game(moves, 15, Rule::FREESTYLE, Outcome::BLACK_WINS, 2, only_black, 0.5);
  EXPECT_LT(half.size(), plain.size());
  EXPECT_GT(half.size(), 0u);
  for (const auto& s : half) EXPECT_FLOAT_EQ(s.result, 0.75f);  // black to move in each, black won
}

TEST(GomokuTune, TheSearchTargetIsAChanceOrDeclinesAProvenResult) {
  const tune::Target target = tune::search_target(4);
  Board open(15, Rule::FREESTYLE);
  const auto opening = *parse_moves("h8h9", 15);
  for (Point p : opening) open.play(p);
  const auto v = target(open);
  ASSERT_TRUE(v.has_value());
  EXPECT_GT(*v, 0.0);
  EXPECT_LT(*v, 1.0);
  // Black to move with an open three makes the open four: a proven win, which is left out.
  Board won(15, Rule::FREESTYLE);
  const auto three = *parse_moves("h8a1i8a3j8a5", 15);
  for (Point p : three) won.play(p);
  EXPECT_FALSE(target(won).has_value());
}

TEST(GomokuTune, HeaderSaysHowItWasMade) {
  const std::string h = tune::weights_header(hand_set(), "made by a test\nsecond line");
  EXPECT_NE(h.find("GENERATED FILE"), std::string::npos);
  EXPECT_NE(h.find("// made by a test\n// second line\n"), std::string::npos);
  EXPECT_NE(h.find("PATTERN_VALUE = {0, 0, 1, 3, 6, 16, 24, 70, 80, 300, 1000}"), std::string::npos);
}

}  // namespace
