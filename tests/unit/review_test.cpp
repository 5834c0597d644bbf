// Analysis in human terms and game review: the win-probability curve, "+M" values, grades, the
// Gomoku and 2048 reviews and their JSON, and reviews kept in the database.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "core/grade.h"
#include "g2048/game.h"
#include "g2048/replay.h"
#include "g2048/review.h"
#include "g2048/shipped_network.h"
#include "gomoku/ai.h"
#include "gomoku/notation.h"
#include "gomoku/review.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"
#include "lab/gomoku/winprob_fit.h"
#include "server/review_json.h"
#include "store/database.h"
#include "temp_dir.h"

using namespace tilestone;
using core::Grade;

namespace {

std::vector<gomoku::Point> moves_of(const std::string& text, int size = 15) { return gomoku::parse_moves(text, size).value(); }

// A fixed depth, so that a slow machine (or the sanitizer build) grades the same moves; the time
// is only a cap.
gomoku::ReviewOptions quick() {
  gomoku::ReviewOptions o;
  o.time_ms = 5000;
  o.depth = 4;
  return o;
}

}  // namespace

TEST(WinProbability, MonotoneSymmetricAndSureForProvenValues) {
  double last = -1;
  for (int v = -gomoku::params::WIN_BOUND; v <= gomoku::params::WIN_BOUND; v += 13) {
    const double p = gomoku::win_probability(v);
    EXPECT_GE(p, last) << v;
    EXPECT_NEAR(p + gomoku::win_probability(-v), 1.0, 1e-12) << v;
    last = p;
  }
  EXPECT_DOUBLE_EQ(gomoku::win_probability(0), 0.5);
  EXPECT_GT(gomoku::win_probability(200), gomoku::win_probability(100));
  EXPECT_EQ(gomoku::win_probability(gomoku::params::WIN_SCORE - 7), 1.0);
  EXPECT_EQ(gomoku::win_probability(-(gomoku::params::WIN_SCORE - 7)), 0.0);
}

TEST(WinProbability, MateFormatting) {
  const int W = gomoku::params::WIN_SCORE;
  EXPECT_EQ(gomoku::format_value(W - 11), "+M6");  // 11 plies: the winner's 6th move makes five
  EXPECT_EQ(gomoku::format_value(W - 1), "+M1");
  EXPECT_EQ(gomoku::format_value(-(W - 4)), "-M2");
  EXPECT_EQ(gomoku::describe_value(W - 13), "win in 7 moves");
  EXPECT_EQ(gomoku::describe_value(-(W - 2)), "loss in 1 move");
  EXPECT_EQ(gomoku::mate_moves(W - 13), 7);
  EXPECT_EQ(gomoku::mate_moves(-(W - 13)), -7);
  EXPECT_FALSE(gomoku::mate_moves(500).has_value());
  EXPECT_EQ(gomoku::format_value(0), "50%");
  EXPECT_EQ(gomoku::describe_value(0), "50% to win");
}

// The engine formats win chances without fmt; every value, proven or not, reads as fmt wrote it.
TEST(WinProbability, FormattingMatchesFmtForEveryValue) {
  for (int v = -gomoku::params::WIN_SCORE - 10; v <= gomoku::params::WIN_SCORE + 10; ++v) {
    std::string want, described;
    if (const auto m = gomoku::mate_moves(v)) {
      want = fmt::format("{}M{}", *m > 0 ? '+' : '-', std::abs(*m));
      described = fmt::format("{} in {} move{}", *m > 0 ? "win" : "loss", std::abs(*m), std::abs(*m) == 1 ? "" : "s");
    } else {
      want = fmt::format("{:.0f}%", 100.0 * gomoku::win_probability(v));
      described = fmt::format("{:.0f}% to win", 100.0 * gomoku::win_probability(v));
    }
    ASSERT_EQ(gomoku::format_value(v), want) << v;
    ASSERT_EQ(gomoku::describe_value(v), described) << v;
  }
}

TEST(WinProbability, FitFindsTheScaleThatMadeTheData) {
  // Results drawn from a known curve: the fit gets its scale back.
  std::vector<gomoku::ValueSample> samples;
  core::Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    const int v = static_cast<int>(rng.below(3001)) - 1500;
    samples.push_back({v, rng.uniform() < gomoku::win_probability(v, 350.0) ? 1.0 : 0.0});
  }
  EXPECT_NEAR(gomoku::fit_winprob_scale(samples), 350.0, 25.0);
  const auto bins = gomoku::calibration(samples, 350.0, 10);
  ASSERT_EQ(bins.size(), 10u);
  for (const auto& b : bins)
    if (b.count > 500) {
      EXPECT_NEAR(b.predicted, b.observed, 0.05);
    }
}

TEST(Grades, ThresholdsInOrder) {
  const core::GradeThresholds t{0.02, 0.05, 0.10, 0.20};
  EXPECT_EQ(core::grade_loss(0.0, false, t), Grade::BEST);
  EXPECT_EQ(core::grade_loss(0.03, false, t), Grade::GOOD);
  EXPECT_EQ(core::grade_loss(0.07, false, t), Grade::INACCURACY);
  EXPECT_EQ(core::grade_loss(0.15, false, t), Grade::MISTAKE);
  EXPECT_EQ(core::grade_loss(0.5, false, t), Grade::BLUNDER);
  EXPECT_EQ(core::grade_loss(0.9, true, t), Grade::BEST);  // the engine's own move
  EXPECT_EQ(core::grade_name(Grade::INACCURACY), "inaccuracy");
}

TEST(GomokuReview, HandingOverAForcedWinIsABlunder) {
  // White ignores black's open three (h10): black's open four wins by force.
  const auto moves = moves_of("h8i9i8h9j8h10k8a1l8");
  const auto r = gomoku::review_game(moves, 15, gomoku::Rule::FREESTYLE, quick());
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->moves.size(), moves.size());
  EXPECT_EQ(r->outcome, gomoku::Outcome::BLACK_WINS);
  const auto& h10 = r->moves[5];
  EXPECT_EQ(gomoku::format_point(h10.played, 15), "h10");
  EXPECT_EQ(h10.grade, Grade::BLUNDER);
  EXPECT_EQ(h10.played_winprob, 0.0);
  EXPECT_GT(h10.best_winprob, gomoku::params::REVIEW_MISTAKE_LOSS);
  // The better move blocks the three at one end.
  const std::string best = gomoku::format_point(h10.best, 15);
  EXPECT_TRUE(best == "g8" || best == "k8") << best;
  // Black keeps its forced win with every later move, and the five is the best move.
  EXPECT_EQ(r->moves[6].grade, Grade::BEST);
  EXPECT_EQ(r->moves[8].grade, Grade::BEST);
  EXPECT_EQ(r->moves[8].played_value, gomoku::params::WIN_SCORE - 1);
  // Black's chances: 1 once the four is on the board, 1 at the end.
  ASSERT_EQ(r->black_winprob.size(), moves.size() + 1);
  EXPECT_EQ(r->black_winprob.back(), 1.0);
  // The blunder is among the moments that decided the game.
  EXPECT_NE(std::find(r->decisive.begin(), r->decisive.end(), 5), r->decisive.end());
}

TEST(GomokuReview, WalkingIntoAProvenLossIsABlunderWhateverTheChanceLost) {
  using gomoku::params::WIN_SCORE;
  // The engine's move kept 19 % and the move played lets the opponent mate in 2: a 19 % loss of
  // win probability is a mistake by the thresholds, but the move handed over a forced win.
  const int best = -2200, mated = -(WIN_SCORE - 3);
  const double loss = gomoku::win_probability(best) - gomoku::win_probability(mated);
  ASSERT_LE(loss, gomoku::params::REVIEW_MISTAKE_LOSS);
  EXPECT_EQ(gomoku::grade_move(loss, false, best, mated), Grade::BLUNDER);
  // Without the proven loss the thresholds decide, and the engine's own move stays best.
  EXPECT_EQ(gomoku::grade_move(loss, false, best, best - 1500), Grade::MISTAKE);
  EXPECT_EQ(gomoku::grade_move(0.0, true, mated, mated), Grade::BEST);
  // Where the engine's move was proven lost too, the move played gave nothing away.
  EXPECT_EQ(gomoku::grade_move(0.0, false, -(WIN_SCORE - 5), mated), Grade::BEST);
}

TEST(GomokuReview, TheEnginesOwnMovesAreGradedBest) {
  // A game the engine played against itself at a fixed depth, position by position as the
  // review searches them: every move after the first is the review's best.
  gomoku::ReviewOptions o;
  o.time_ms = 0;
  o.depth = 3;
  auto engine = gomoku::make_strong_engine();
  gomoku::Limits limits;
  limits.time_ms = 0;
  limits.depth = 3;
  limits.seed = o.seed;
  limits.threads = 1;
  limits.memory_mb = 16;
  gomoku::Board board(15, gomoku::Rule::FREESTYLE);
  std::vector<gomoku::Point> moves = moves_of("h8");
  board.play(moves[0]);
  engine->search(gomoku::Board(15, gomoku::Rule::FREESTYLE), limits);  // the review's first search
  for (int i = 0; i < 8; ++i) {
    const auto r = engine->search(board, limits);
    moves.push_back(r.move);
    board.play(r.move);
  }
  const auto r = gomoku::review_game(moves, 15, gomoku::Rule::FREESTYLE, o);
  ASSERT_TRUE(r.ok()) << r.error();
  for (std::size_t i = 1; i < r->moves.size(); ++i) EXPECT_EQ(r->moves[i].grade, Grade::BEST) << "move " << i + 1;
}

TEST(GomokuReview, IllegalMovesAreRefused) {
  const auto r = gomoku::review_game(moves_of("h8h8"), 15, gomoku::Rule::FREESTYLE, quick());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("move 2"), std::string::npos);
}

TEST(GomokuReview, JsonShape) {
  const auto moves = moves_of("h8i9i8h9j8h10k8a1l8");
  const auto r = gomoku::review_game(moves, 15, gomoku::Rule::FREESTYLE, quick()).value();
  const auto j = server::gomoku_review_json(r, gomoku::Color::WHITE, quick());
  EXPECT_EQ(j["game"], "gomoku");
  EXPECT_EQ(j["result"], "black");
  EXPECT_EQ(j["human"], "white");
  ASSERT_EQ(j["moves"].size(), moves.size());
  const auto& m = j["moves"][5];
  for (const char* key : {"number", "color", "human", "played", "best", "best_line", "best_value", "played_value", "best_text",
                          "played_text", "best_winprob", "played_winprob", "loss", "grade"})
    EXPECT_TRUE(m.contains(key)) << key;
  EXPECT_EQ(m["number"], 6);
  EXPECT_EQ(m["grade"], "blunder");
  EXPECT_EQ(m["human"], true);
  EXPECT_EQ(j["moves"][0]["human"], false);
  EXPECT_EQ(j["black_winprob"].size(), moves.size() + 1);
  EXPECT_EQ(j["summary"]["white"]["blunder"].get<int>() >= 1, true);
  EXPECT_TRUE(j["decisive"].is_array());
}

namespace {

// A seeded 2048 game: the first legal move of left, down, right, up, for `n` moves.
g2048::Replay a_2048_replay(int n, std::string& moves) {
  g2048::Game game(7);
  for (int i = 0; i < n && !game.over(); ++i) {
    for (auto d : {g2048::Dir::Left, g2048::Dir::Down, g2048::Dir::Right, g2048::Dir::Up}) {
      if (game.play(d)) {
        moves += g2048::move_letter(d);
        break;
      }
    }
  }
  return g2048::replay_seeded_game(7, moves);
}

}  // namespace

TEST(G2048Review, GradesByExpectedScoreLost) {
  auto net = g2048::shipped_network();
  ASSERT_TRUE(net.ok()) << net.error();
  std::string moves;
  const auto replay = a_2048_replay(40, moves);
  ASSERT_TRUE(replay.complete());
  int reported = 0;
  const auto r = g2048::review_game(replay, *net, 1, [&](int, int) { ++reported; });
  ASSERT_EQ(r.moves.size(), moves.size());
  EXPECT_GT(reported, 0);
  for (const auto& m : r.moves) {
    const auto played = m.outlook.expected_score[static_cast<std::size_t>(g2048::index(m.played))];
    ASSERT_TRUE(m.best.has_value());
    const auto best = m.outlook.expected_score[static_cast<std::size_t>(g2048::index(*m.best))];
    EXPECT_GE(best, played);
    EXPECT_DOUBLE_EQ(m.loss, best - played);
    EXPECT_EQ(m.grade, core::grade_loss(m.loss, m.played == *m.best, g2048::review_thresholds()));
    // The expected final score is never below the score already made.
    EXPECT_GE(played, static_cast<double>(m.score_before));
  }
  const auto j = server::g2048_review_json(r, 1);
  EXPECT_EQ(j["game"], "2048");
  ASSERT_EQ(j["moves"].size(), moves.size());
  EXPECT_EQ(j["moves"][0]["cells"].size(), 16u);
  EXPECT_TRUE(j["moves"][0]["expected_score"].contains("left"));
  EXPECT_TRUE(j["moves"][0]["value"].contains("left"));  // the raw value stays in the JSON
}

TEST(ReviewStore, ComputedOnceAndRecomputedForOtherMoves) {
  namespace fs = std::filesystem;
  const tilestone::test_support::TempDir tmp("review");
  const fs::path& dir = tmp.path;
  {
    auto db = store::Database::open((dir / "t.db").string()).value();
    EXPECT_EQ(db->schema_version(), store::current_schema_version());
    store::GameRecord g;
    g.game = "gomoku";
    g.moves = "h8i9i8h9j8h10k8a1l8";
    g.result = "black";
    g.rule = "freestyle";
    g.size = 15;
    g.settings = R"({"level":"strong","ai_color":"black"})";
    g.id = db->add_game(g).value();
    const auto first = server::review_record(db.get(), g, quick()).value();
    EXPECT_EQ(first["cached"], false);
    EXPECT_EQ(first["human"], "white");
    const auto second = server::review_record(db.get(), g, quick()).value();
    EXPECT_EQ(second["cached"], true);
    EXPECT_EQ(second["moves"], first["moves"]);
    // The same game recorded again with more moves is reviewed again.
    g.moves = "h8i9i8h9j8h10k8a1";
    const auto third = server::review_record(db.get(), g, quick()).value();
    EXPECT_EQ(third["cached"], false);
    EXPECT_EQ(third["moves"].size(), 8u);
  }
}
