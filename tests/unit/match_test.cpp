// The match manager's pieces that need no process: SPRT and Elo figures, openings files, result
// documents and the merge of shards.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include "gomoku/network.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"
#include "lab/core/shard.h"
#include "temp_dir.h"
#include "lab/match/openings.h"
#include "lab/match/pool.h"
#include "lab/match/report.h"
#include "lab/match/runner.h"
#include "lab/match/sprt.h"

using namespace tilestone;
using nlohmann::json;

namespace {

TEST(MatchSprt, BoundsAndATrinomialValue) {
  match::SprtConfig c;  // elo0 0, elo1 5, alpha = beta = 0.05
  EXPECT_NEAR(c.lower(), -2.944, 1e-3);
  EXPECT_NEAR(c.upper(), 2.944, 1e-3);
  match::Tally t;
  t.wins = 60;
  t.losses = 40;
  // mean 0.6, variance 0.24, s0 = 0.5, s1 = 0.507195: 100 * 0.007195 * 0.192805 / 0.48.
  EXPECT_NEAR(match::llr(t, c), 0.289, 0.003);
  t.wins = 40;
  t.losses = 60;
  EXPECT_LT(match::llr(t, c), -0.3);
}

TEST(MatchSprt, PairsAreCountedAndDecide) {
  // Game 2k and 2k+1 share an opening. The first engine wins every pair 1.5 : 0.5.
  std::vector<std::optional<match::Score>> scores;
  for (int k = 0; k < 400; ++k) scores.push_back(k % 2 == 0 ? 1.0 : 0.5);
  const match::Tally t = match::tally(scores);
  EXPECT_EQ(t.wins, 200);
  EXPECT_EQ(t.draws, 200);
  EXPECT_EQ(t.pair_count(), 200);
  EXPECT_EQ(t.pairs[3], 200);
  const match::SprtConfig c{0, 10, 0.05, 0.05};
  EXPECT_EQ(match::sprt_state(match::llr(t, c), c, t.games()), match::SprtState::ACCEPT_H1);
  // Two lost pairs decide nothing.
  std::vector<std::optional<match::Score>> four(4, 0.0);
  const auto t4 = match::tally(four);
  EXPECT_EQ(match::sprt_state(match::llr(t4, c), c, t4.games()), match::SprtState::CONTINUE);
  const auto e = match::elo_estimate(t);
  EXPECT_NEAR(e.elo, 190.8, 0.5);  // a 75 % score
  EXPECT_LT(e.lo, e.elo);
  EXPECT_GT(e.hi, e.elo);
  // A missing game breaks its pair but still counts as a game.
  scores[1].reset();
  EXPECT_EQ(match::tally(scores).pair_count(), 199);
  EXPECT_EQ(match::tally(scores).games(), 399);
}

TEST(MatchSprt, AFewIdenticalPairsDecideNothing) {
  // Ten pairs each split 1 : 1 by the colours: the results have no variance yet, which must not
  // read as certainty (the LLR was -104 and H0 was accepted after 20 games).
  std::vector<std::optional<match::Score>> scores;
  for (int k = 0; k < 20; ++k) scores.push_back(k % 2 == 0 ? 1.0 : 0.0);
  const match::SprtConfig c{0, 25, 0.05, 0.05};
  const auto t = match::tally(scores);
  EXPECT_GT(match::llr(t, c), c.lower());
  EXPECT_EQ(match::sprt_state(match::llr(t, c), c, t.games()), match::SprtState::CONTINUE);
  // Twenty straight wins are evidence (one chance in a million at equal strength).
  std::vector<std::optional<match::Score>> won(20, 1.0);
  const auto w = match::tally(won);
  EXPECT_EQ(match::sprt_state(match::llr(w, c), c, w.games()), match::SprtState::ACCEPT_H1);
}

TEST(MatchSprt, EvenResultsAcceptH0) {
  std::vector<std::optional<match::Score>> scores;
  // Every pair split 1 : 1 (each engine wins with black): no sign of any Elo difference.
  for (int k = 0; k < 200; ++k) scores.push_back(k % 2 == 0 ? 1.0 : 0.0);
  const match::SprtConfig c{0, 10, 0.05, 0.05};
  const auto t = match::tally(scores);
  EXPECT_EQ(match::sprt_state(match::llr(t, c), c, t.games()), match::SprtState::ACCEPT_H0);
}

TEST(MatchOpenings, OffsetAndMoveStringLines) {
  auto a = match::parse_opening("0,0, 1,-1, -1,1", 15);
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_EQ(a->size(), 3u);
  EXPECT_EQ((*a)[0], (gomoku::Point{7, 7}));
  EXPECT_EQ((*a)[1], (gomoku::Point{8, 6}));
  EXPECT_EQ((*a)[2], (gomoku::Point{6, 8}));
  auto b = match::parse_opening("h8i9", 15);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ((*b)[1], (gomoku::Point{8, 6}));
  EXPECT_FALSE(match::parse_opening("0,0, 1", 15).ok());       // odd count
  EXPECT_FALSE(match::parse_opening("0,0, 8,0", 15).ok());     // off the board
  EXPECT_FALSE(match::parse_opening("0,0,, 1,1", 15).ok());    // empty number
  EXPECT_FALSE(match::parse_opening("h8 zz", 15).ok());
}

TEST(MatchOpenings, FilesAreChecked) {
  const std::string path = ::testing::TempDir() + "/openings.txt";
  {
    std::ofstream f(path);
    f << "# a comment\n\n0,0, 1,1\nh8i9j10\n";
  }
  auto ok = match::load_openings(path, 15, gomoku::Rule::FREESTYLE);
  ASSERT_TRUE(ok.ok()) << ok.error();
  EXPECT_EQ(ok->size(), 2u);
  {
    std::ofstream f(path);
    f << "0,0, 1,1\n0,0, 0,0\n";
  }
  auto twice = match::load_openings(path, 15, gomoku::Rule::FREESTYLE);
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().find(":2:"), std::string::npos) << twice.error();
  EXPECT_FALSE(match::load_openings(path + ".missing", 15, gomoku::Rule::FREESTYLE).ok());
  std::remove(path.c_str());
}

// Result documents of a 6-game run split in `n` shards.
std::vector<json> shards(int n, int seed = 1) {
  std::vector<json> docs;
  for (int i = 0; i < n; ++i) {
    json games = json::array();
    for (int k = i; k < 6; k += n) games.push_back({{"index", k}, {"score", k * 10}});
    docs.push_back(core::results_document("test-run", "t", {{"games", 6}, {"seed", seed}}, core::Shard{i, n}, games));
  }
  return docs;
}

TEST(MatchMerge, WholeRunsComeBackInOrder) {
  auto docs = shards(3);
  std::swap(docs[0], docs[2]);
  const auto run = core::merge_results(docs, {"a", "b", "c"});
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 6u);
  for (int k = 0; k < 6; ++k) EXPECT_EQ(run->games[static_cast<std::size_t>(k)]["index"], k);
}

TEST(MatchMerge, RefusesWhatIsNotOneRun) {
  auto docs = shards(3);
  EXPECT_FALSE(core::merge_results({docs[0], docs[1]}, {"a", "b"}).ok());                    // missing
  EXPECT_FALSE(core::merge_results({docs[0], docs[1], docs[1], docs[2]}, {"a", "b", "b", "c"}).ok());  // twice
  auto other = shards(3, 2);
  EXPECT_FALSE(core::merge_results({docs[0], docs[1], other[2]}, {"a", "b", "c"}).ok());     // another run
  auto lost = docs;
  lost[1]["games"].erase(0);
  EXPECT_FALSE(core::merge_results(lost, {"a", "b", "c"}).ok());                             // a game missing
  auto stray = docs;
  stray[0]["games"].push_back({{"index", 1}});
  EXPECT_FALSE(core::merge_results(stray, {"a", "b", "c"}).ok());                            // another shard's game
  EXPECT_FALSE(core::merge_results({json{{"format", "x"}}}, {"x"}).ok());
  // A run stopped early that claims two billion games: refused, not a slot per game in the report.
  auto huge = core::results_document("test-run", "t", {{"games", 2'000'000'000LL}, {"seed", 1}}, core::Shard{}, json::array(), true);
  EXPECT_FALSE(core::merge_results({huge}, {"huge"}).ok());
  EXPECT_FALSE(core::parse_shard("3/3").ok());
  EXPECT_FALSE(core::parse_shard("-1/3").ok());
  EXPECT_FALSE(core::parse_shard("1/0").ok());
  EXPECT_FALSE(core::parse_shard("1").ok());
  EXPECT_TRUE(core::parse_shard("2/3").ok());
}

// A whole match run: `first[k]` is the first engine's score in game k; `openings` distinct
// openings (fewer than the pairs: they cycle).
core::MergedRun match_run(int seed, const std::vector<double>& first, int openings, std::optional<match::SprtConfig> sprt = {}) {
  match::MatchSettings s;
  s.first = "strong";
  s.second = "scorer";
  s.games = static_cast<int>(first.size());
  s.seed = static_cast<std::uint64_t>(seed);
  s.sprt = sprt;
  for (int k = 0; k < openings; ++k) s.openings.push_back({{7, 7}, {k, seed}});
  core::MergedRun run;
  run.kind = std::string(match::RESULT_KIND);
  run.settings = match::settings_to_json(s);
  run.command = "run " + std::to_string(seed);
  run.games = json::array();
  for (int k = 0; k < s.games; ++k) {
    match::GameResult g;
    g.index = k;
    g.first_is_black = k % 2 == 0;
    const double v = first[static_cast<std::size_t>(k)];
    const bool black_won = g.first_is_black ? v == 1.0 : v == 0.0;
    g.outcome = v == 0.5 ? gomoku::Outcome::DRAW : black_won ? gomoku::Outcome::BLACK_WINS : gomoku::Outcome::WHITE_WINS;
    g.termination = v == 0.5 ? match::Termination::FULL_BOARD : match::Termination::FIVE;
    g.moves = match::opening_of(s, k);
    g.opening_moves = static_cast<int>(g.moves.size());
    run.games.push_back(match::game_to_json(g, s.size));
  }
  return run;
}

TEST(MatchPool, RunsOfOneExperimentCountTogetherPairByPair) {
  // Run 1: pairs worth 1 and 2 points, its one opening played twice. Run 2: a pair worth 0, then
  // a draw whose pair was never played; it has the SPRT.
  const auto a = match_run(1, {1, 0, 1, 1}, 1);
  const auto b = match_run(2, {0, 0, 0.5}, 2, match::SprtConfig{0, 40, 0.05, 0.05});
  const auto pooled = match::pool_runs({a, b}, {"a.json", "b.json"});
  ASSERT_TRUE(pooled.ok()) << pooled.error();
  const auto s = match::settings_from_json(pooled->settings);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->games, 7);
  EXPECT_EQ(s->seed, 1u);  // the first run's
  ASSERT_TRUE(s->sprt.has_value());
  EXPECT_EQ(s->sprt->elo1, 40);
  // Each game keeps its opening: run 2's games come after run 1's, with run 2's openings.
  const auto s1 = match::settings_from_json(a.settings), s2 = match::settings_from_json(b.settings);
  std::vector<std::optional<match::Score>> scores(7);
  ASSERT_EQ(pooled->games.size(), 7u);
  for (const auto& j : pooled->games) {
    const auto g = match::game_from_json(j, 15);
    ASSERT_TRUE(g.ok()) << g.error();
    const auto& own = g->index < 4 ? match::opening_of(*s1, g->index) : match::opening_of(*s2, g->index - 4);
    EXPECT_EQ(match::opening_of(*s, g->index), own) << "game " << g->index;
    EXPECT_EQ(g->first_is_black, g->index % 2 == 0);
    scores[static_cast<std::size_t>(g->index)] = g->first_score();
  }
  const match::Tally t = match::tally(scores);
  EXPECT_EQ(t.wins, 3);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 3);
  EXPECT_EQ(t.pairs, (std::array<int, 5>{1, 0, 1, 0, 1}));
  ASSERT_EQ(pooled->pooled.size(), 2u);
  EXPECT_NE(pooled->pooled[1].find("seed 2, 3 of 3 games: run 2"), std::string::npos) << pooled->pooled[1];
}

TEST(MatchPool, RefusesRunsOfDifferentExperiments) {
  const auto a = match_run(1, {1, 0}, 1), b = match_run(2, {0, 1}, 1);
  EXPECT_FALSE(match::pool_runs({a}, {"a"}).ok());  // one run is no pool
  auto other = b;
  other.settings["second"] = "minimax";
  const auto engines = match::pool_runs({a, other}, {"a", "b"});
  ASSERT_FALSE(engines.ok());
  EXPECT_NE(engines.error().find("'second'"), std::string::npos) << engines.error();
  auto clock = b;
  clock.settings["time_ms"] = 2000;
  EXPECT_FALSE(match::pool_runs({a, clock}, {"a", "b"}).ok());
  // An odd run only last: else a pair would join games of two runs.
  const auto odd = match_run(3, {1, 0, 1}, 2);
  EXPECT_FALSE(match::pool_runs({odd, a}, {"odd", "a"}).ok());
  EXPECT_TRUE(match::pool_runs({a, odd}, {"a", "odd"}).ok());
  auto bench = b;
  bench.kind = "2048-bench";
  EXPECT_FALSE(match::pool_runs({a, bench}, {"a", "b"}).ok());
}

TEST(MatchReport, SettingsAndGamesRoundTrip) {
  match::MatchSettings s;
  s.first = "strong";
  s.second = "pbrain:/x/brain:b";
  s.games = 4;
  s.rule = gomoku::Rule::RENJU;
  s.openings = {{{7, 7}, {8, 8}}};
  s.sprt = match::SprtConfig{0, 5, 0.05, 0.1};
  s.turn_ms = 2000;  // time odds
  s.second_turn_ms = 1000;
  s.match_ms = 120000;
  s.second_match_ms = 60000;
  const auto back = match::settings_from_json(match::settings_to_json(s));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(match::settings_to_json(*back), match::settings_to_json(s));
  EXPECT_FALSE(match::even_time(*back));
  // A result written before the engines had their own time controls gives both the first's.
  json old = match::settings_to_json(s);
  old.erase("second_time_ms");
  old.erase("second_match_ms");
  const auto even = match::settings_from_json(old);
  ASSERT_TRUE(even.ok()) << even.error();
  EXPECT_EQ(even->second_turn_ms, 2000);
  EXPECT_EQ(even->second_match_ms, 120000);
  EXPECT_TRUE(match::even_time(*even));
  match::GameResult g;
  g.index = 3;
  g.first_is_black = false;
  g.outcome = gomoku::Outcome::WHITE_WINS;
  g.termination = match::Termination::TIMEOUT;
  g.detail = "no answer in time";
  g.moves = {{7, 7}, {8, 8}, {9, 9}};
  const auto g2 = match::game_from_json(match::game_to_json(g, 15), 15);
  ASSERT_TRUE(g2.ok()) << g2.error();
  EXPECT_EQ(match::game_to_json(*g2, 15), match::game_to_json(g, 15));
  EXPECT_EQ(g2->first_score(), 1.0);  // the first engine was white and won
  EXPECT_FALSE(match::game_from_json(json{{"index", 1}}, 15).ok());
}

TEST(MatchRunner, LevelsPlayWholeJudgedGames) {
  match::MatchSettings s;
  s.first = "scorer";
  s.second = "scorer";
  s.games = 4;
  s.size = 9;
  s.turn_ms = 1000;
  s.openings = match::match_openings(9, gomoku::Rule::FREESTYLE, 2, 5);
  const auto run = match::run_match(s, core::Shard{}, 2);
  ASSERT_TRUE(run.ok()) << run.error();
  ASSERT_EQ(run->games.size(), 4u);
  for (const auto& g : run->games) {
    EXPECT_EQ(g.first_is_black, g.index % 2 == 0);
    // The game starts with its opening and ends with a five (or a full board).
    const auto& opening = match::opening_of(s, g.index);
    ASSERT_GE(g.moves.size(), opening.size());
    EXPECT_TRUE(std::equal(opening.begin(), opening.end(), g.moves.begin()));
    auto board = gomoku::board_from_moves(g.moves, 9, gomoku::Rule::FREESTYLE);
    ASSERT_TRUE(board.ok()) << board.error();
    if (g.outcome != gomoku::Outcome::DRAW) {
      EXPECT_EQ(g.termination, match::Termination::FIVE);
      EXPECT_TRUE(gomoku::winning_line(*board, g.moves.back()).has_value());
    }
  }
  // Shard 1 of 2 plays the odd games, the same games.
  const auto odd = match::run_match(s, core::Shard{1, 2}, 1);
  ASSERT_TRUE(odd.ok());
  ASSERT_EQ(odd->games.size(), 2u);
  EXPECT_EQ(odd->games[0].moves, run->games[1].moves);
  EXPECT_EQ(odd->games[1].moves, run->games[3].moves);
  s.first = "nobody";
  EXPECT_FALSE(match::run_match(s, core::Shard{}, 1).ok());
}

TEST(MatchRunner, TheStrongLevelPlaysWithANetworkFile) {
  test_support::TempDir dir("match-network");
  const auto free_net = (dir.path / "free.tsnet").string(), renju_net = (dir.path / "renju.tsnet").string();
  ASSERT_TRUE(gomoku::save_network_file(gomoku::Network::random(gomoku::Rule::FREESTYLE, 3), free_net).ok());
  ASSERT_TRUE(gomoku::save_network_file(gomoku::Network::random(gomoku::Rule::RENJU, 3), renju_net).ok());
  EXPECT_EQ(*match::player_name("strong:network=" + free_net), "strong+free");
  EXPECT_FALSE(match::player_name("strong:network=").ok());
  EXPECT_FALSE(match::player_name("minimax:network=" + free_net).ok());
  // strong:eval=network is the rule's shipped network; strong:eval=classical is strong.
  EXPECT_EQ(*match::player_name("strong:eval=network"), "strong:eval=network");
  EXPECT_TRUE(match::player_name("strong:eval=classical").ok());
  EXPECT_FALSE(match::player_name("strong:eval=neural").ok());
  EXPECT_FALSE(match::player_name("minimax:eval=network").ok());

  match::MatchSettings s;
  s.first = "strong:network=" + free_net;
  s.second = "strong";
  s.games = 2;
  s.size = 9;
  s.depth = 2;
  s.openings = match::match_openings(9, gomoku::Rule::FREESTYLE, 1, 5);
  const auto run = match::run_match(s, core::Shard{}, 1);
  ASSERT_TRUE(run.ok()) << run.error();
  EXPECT_EQ(run->games.size(), 2u);
  // The network and the classical evaluation play different games from the same opening.
  const auto classical = [&] {
    auto c = s;
    c.first = "strong";
    return match::run_match(c, core::Shard{}, 1);
  }();
  ASSERT_TRUE(classical.ok());
  EXPECT_NE(run->games[0].moves, classical->games[0].moves);

  // A network of another rule, or a file that is not one, stops the match with why.
  s.first = "strong:network=" + renju_net;
  const auto wrong_rule = match::run_match(s, core::Shard{}, 1);
  ASSERT_FALSE(wrong_rule.ok());
  EXPECT_NE(wrong_rule.error().find("renju"), std::string::npos) << wrong_rule.error();
  s.first = "strong:network=" + (dir.path / "missing.tsnet").string();
  const auto missing = match::run_match(s, core::Shard{}, 2);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("missing.tsnet"), std::string::npos) << missing.error();
}

}  // namespace
