// The strong search over the network evaluation: legal moves for every rule, with helpers too,
// a network of another rule left unused, and the same search every time.

#include <gtest/gtest.h>

#include <memory>

#include "gomoku/ai.h"
#include "gomoku/network.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"

using namespace tilestone;
using namespace tilestone::gomoku;

namespace {

Board position(const char* moves, Rule rule) {
  return board_from_moves(parse_moves(moves, 15).value(), 15, rule).value();
}

SearchResult search(const Board& b, std::shared_ptr<const Network> net, int depth, int threads = 1) {
  auto engine = make_engine(Level::STRONG, std::move(net));
  Limits limits;
  limits.time_ms = 0;
  limits.depth = depth;
  limits.threads = threads;
  limits.memory_mb = 8;
  return engine->search(b, limits);
}

}  // namespace

TEST(NetworkSearch, LegalMovesUnderEveryRuleAndWithHelpers) {
  // Middle-game positions that no threat search at the root decides (those of the bench).
  const std::pair<Rule, const char*> positions[] = {{Rule::FREESTYLE, "h8i9h9h10g8i8j7g10"},
                                                    {Rule::STANDARD, "h8g9i9g7g8i7j10f8"},
                                                    {Rule::RENJU, "h8g9j10h10h9g8g10f11i11k11i12h12j11h13"}};
  for (const auto& [rule, moves] : positions) {
    const auto net = std::make_shared<const Network>(Network::random(rule, 7));
    {
      const Board b = position(moves, rule);
      for (int threads : {1, 2}) {
        const auto r = search(b, net, 6, threads);
        EXPECT_TRUE(b.empty_at(r.move)) << moves;
        EXPECT_NE(judge_move(b, r.move), Verdict::FORBIDDEN) << moves;
      }
      // Deterministic with one thread, and not the classical search.
      const auto a = search(b, net, 6), again = search(b, net, 6), classical = search(b, nullptr, 6);
      EXPECT_EQ(a.nodes, again.nodes);
      EXPECT_EQ(a.move, again.move);
      EXPECT_NE(a.nodes, classical.nodes) << moves;
    }
  }
}

TEST(NetworkSearch, ANetworkOfAnotherRuleIsNotUsed) {
  const Board b = position("h8i9h9h10g8i8j7g10", Rule::FREESTYLE);
  const auto renju = std::make_shared<const Network>(Network::random(Rule::RENJU, 7));
  const auto with = search(b, renju, 6), without = search(b, nullptr, 6);
  EXPECT_EQ(with.nodes, without.nodes);
  EXPECT_EQ(with.move, without.move);
  EXPECT_EQ(with.value, without.value);
}

TEST(NetworkSearch, TheClassicalShareBlendsTheValue) {
  // All classical: the search of the classical evaluation, node for node; a share between
  // differs from both ends.
  const Board b = position("h8i9h9h10g8i8j7g10", Rule::FREESTYLE);
  auto with_share = [](int percent) {
    Network net = Network::random(Rule::FREESTYLE, 7);
    net.set_classical_share(percent);
    return std::make_shared<const Network>(std::move(net));
  };
  const auto classical = search(b, nullptr, 6), all = search(b, with_share(100), 6);
  EXPECT_EQ(all.nodes, classical.nodes);
  EXPECT_EQ(all.move, classical.move);
  EXPECT_EQ(all.value, classical.value);
  const auto none = search(b, with_share(0), 6), half = search(b, with_share(50), 6);
  EXPECT_NE(half.nodes, classical.nodes);
  EXPECT_NE(half.nodes, none.nodes);
}

TEST(NetworkSearch, AForcedWinIsStillFound) {
  // Black to move has an open three: the threat search finds the win, whatever a (random)
  // network thinks of the position.
  const Board b = position("h8a1h9a2h10a3", Rule::FREESTYLE);
  const auto net = std::make_shared<const Network>(Network::random(Rule::FREESTYLE, 3));
  const auto r = search(b, net, 4);
  EXPECT_TRUE(plies_to_win(r.value).has_value()) << r.value;
  EXPECT_GT(r.value, 0);
  Board after = b;
  EXPECT_EQ(play_and_judge(after, r.move), Outcome::NONE);
  // The move keeps the win: black still wins with the reply searched.
  const auto next = search(after, net, 4);
  EXPECT_TRUE(plies_to_win(next.value).has_value() && next.value < 0) << next.value;
}
