// The fast paths of the n-tuple network and the 2048 board give exactly what the plain ones give:
// the two-run tuple index, pext's, four values at once, all four moves at once, the downgrade check and
// the n-tuple AI's quick move.

#include <gtest/gtest.h>

#include <cstring>

#include "core/rng.h"
#include "g2048/ai.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "g2048/ntuple.h"
#include "lab/g2048/bench.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

// A board of random exponents up to `top`, about a third of the cells empty.
Board random_board(core::Rng& rng, int top) {
  Board b;
  for (int c = 0; c < 16; ++c)
    if (rng.below(3) != 0) b = b.with(c, 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(top))));
  return b;
}

NTupleNetwork random_network(std::vector<Tuple> layout, std::uint64_t seed) {
  NTupleNetwork net(std::move(layout));
  core::Rng rng(seed);
  for (std::size_t t = 0; t < net.table_count(); ++t)
    for (float& w : net.table(t)) w = static_cast<float>(rng.uniform() * 200.0 - 100.0);
  return net;
}

// The index the file format defines: nibble k of the index is the exponent in cell t[k].
std::uint32_t reference_index(const Tuple& t, Board b) {
  std::uint32_t i = 0;
  for (std::size_t k = 0; k < t.size(); ++k) i |= static_cast<std::uint32_t>(b.at(t[k])) << (4 * k);
  return i;
}

}  // namespace

TEST(NTupleFast, EveryTupleIndexIsTheCellsInTupleOrder) {
  // Two runs (the default tuples), one run, out-of-order cells, three runs and a falling run:
  // the fast index where it applies, the cell-by-cell loop where not, the same numbers.
  const std::vector<std::vector<Tuple>> layouts{
      default_layout(),
      {{0, 1, 2, 3}, {5, 6, 7}, {9, 8}, {15}},
      {{3, 2, 1, 0}, {0, 2, 4, 6}, {12, 13, 1, 2}, {10, 11, 4, 5, 14, 15}}};
  core::Rng rng(11);
  for (const auto& layout : layouts) {
    const NTupleNetwork net(layout);
    for (int trial = 0; trial < 300; ++trial) {
      const Board b = random_board(rng, 15);
      std::vector<std::pair<std::size_t, std::uint32_t>> seen;
      net.for_each_feature(b, [&](std::size_t t, std::uint32_t i) { seen.emplace_back(t, i); });
      ASSERT_EQ(seen.size(), layout.size() * SYMMETRIES);
      const auto syms = symmetries(b);
      for (std::size_t s = 0; s < SYMMETRIES; ++s)
        for (std::size_t t = 0; t < layout.size(); ++t)
          ASSERT_EQ(seen[s * layout.size() + t].second, reference_index(layout[t], syms[s]))
              << format_layout(layout) << " tuple " << t << " symmetry " << s << " board " << std::hex << b.bits();
    }
  }
}

// pext, where the processor has a fast one, and shifts and masks give the values of the
// file format's indices, to the bit, for every tuple count the unrolled paths handle; a layout
// whose cells do not ascend never uses pext (pext would give its cells in another order).
TEST(NTupleFast, PextAndShiftIndicesGiveTheFormatsValues) {
  const std::vector<std::vector<Tuple>> layouts{
      default_layout(),
      {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}, {0, 4, 8, 12}},
      {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 4, 8, 12}, {1, 5, 9, 13}, {0, 1, 4, 5}, {5, 6, 9, 10}},
      {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}, {0, 4, 8, 12}, {1, 5, 9, 13}, {0, 2, 5, 15}, {3, 6, 9, 12}},
      {{3, 2, 1, 0}, {4, 5, 6, 7}, {12, 13, 1, 2}, {9, 8}}};
  core::Rng rng(12);
  for (std::size_t l = 0; l < layouts.size(); ++l) {
    const auto& layout = layouts[l];
    NTupleNetwork net = random_network(layout, 20 + l);
    const bool ascending = l + 1 < layouts.size();
    EXPECT_EQ(net.uses_pext(), ascending && NTupleNetwork::fast_pext()) << format_layout(layout);
    for (int trial = 0; trial < 200; ++trial) {
      std::array<Board, 4> boards;
      for (Board& b : boards) b = random_board(rng, 15);
      float expected = 0;
      const auto syms = symmetries(boards[0]);
      for (std::size_t s = 0; s < SYMMETRIES; ++s)
        for (std::size_t t = 0; t < layout.size(); ++t) expected += net.table(t)[reference_index(layout[t], syms[s])];
      for (const bool pext : {true, false}) {
        net.use_pext(pext);
        const float one = net.value(boards[0]);
        ASSERT_EQ(std::memcmp(&one, &expected, sizeof one), 0) << format_layout(layout) << " pext " << pext;
        std::array<float, 4> four{};
        net.values(boards.data(), 4, four.data());
        ASSERT_EQ(std::memcmp(&four[0], &expected, sizeof expected), 0) << format_layout(layout) << " pext " << pext;
      }
      net.use_pext(true);
    }
  }
}

TEST(NTupleFast, FourValuesAtOnceAreEachValueExactly) {
  const NTupleNetwork net = random_network(default_layout(), 4);
  core::Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    std::array<Board, 4> boards;
    for (Board& b : boards) b = random_board(rng, 15);
    for (int n = 1; n <= 4; ++n) {
      std::array<float, 4> out{};
      net.values(boards.data(), n, out.data());
      for (int k = 0; k < n; ++k) {
        const float one = net.value(boards[static_cast<std::size_t>(k)]);
        EXPECT_EQ(std::memcmp(&out[static_cast<std::size_t>(k)], &one, sizeof one), 0) << n << " " << k;
      }
      net.late_values(boards.data(), n, out.data());
      for (int k = 0; k < n; ++k) EXPECT_EQ(out[static_cast<std::size_t>(k)], net.late_value(boards[static_cast<std::size_t>(k)]));
    }
  }
}

// Weights asked for are summed as they are when summed: a write between the two is seen.
TEST(NTupleFast, AskedValuesAreSummedWhenRead) {
  NTupleNetwork net = random_network(default_layout(), 7);
  core::Rng rng(8);
  for (int trial = 0; trial < 100; ++trial) {
    std::array<Board, 4> boards;
    for (Board& b : boards) b = random_board(rng, 15);
    const int n = 1 + static_cast<int>(rng.below(4));
    NTupleNetwork::Asked asked;
    net.ask(boards.data(), n, asked);
    net.add(boards[0], 0.5f);
    std::array<float, 4> out{}, plain{};
    net.values(asked, out.data());
    net.values(boards.data(), n, plain.data());
    for (int k = 0; k < n; ++k)
      EXPECT_EQ(std::memcmp(&out[static_cast<std::size_t>(k)], &plain[static_cast<std::size_t>(k)], sizeof(float)), 0) << n << " " << k;
  }
}

TEST(NTupleFast, AllMovesAtOnceMatchEachMove) {
  core::Rng rng(6);
  for (int trial = 0; trial < 2000; ++trial) {
    const Board b = random_board(rng, 14);
    const Moves m = b.moves();
    for (Dir d : ALL_DIRS) {
      EXPECT_EQ(m.after[index(d)], b.after(d));
      EXPECT_EQ(m.gain[index(d)], b.gain(d));
    }
  }
}

TEST(NTupleFast, HoldsAtLeastChecksEveryCell) {
  core::Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const Board b = random_board(rng, 15);
    for (int e = 1; e <= 15; ++e) EXPECT_EQ(b.holds_at_least(e), b.max_exponent() >= e) << std::hex << b.bits() << " " << e;
  }
  EXPECT_FALSE(Board{}.holds_at_least(1));
  EXPECT_TRUE(Board{}.with(15, 15).holds_at_least(15));
  EXPECT_FALSE(Board{}.with(0, 13).holds_at_least(14));
}

TEST(NTupleFast, TheQuickMoveIsTheAnalysedMove) {
  auto net = std::make_shared<NTupleNetwork>(random_network(default_layout(), 8));
  auto ai = make_ai(AiConfig("ntuple", std::nullopt, {}, net)).value();
  ASSERT_TRUE(ai->has_quick_move());
  Game game(21);
  int moves = 0;
  while (!game.over() && moves < 3000) {
    const Board b = game.grid().to_board();
    const std::optional<Dir> quick = ai->quick_move(b);
    const Analysis a = ai->analyze(b, Limits{});
    ASSERT_EQ(quick, a.best) << std::hex << b.bits();
    ASSERT_TRUE(quick.has_value());
    game.play(*quick);
    ++moves;
  }
  EXPECT_GT(moves, 50);
  // Searching AIs have no quick move.
  auto searching = make_ai(AiConfig("expectimax", std::nullopt, "heuristic"));
  ASSERT_TRUE(searching.ok()) << searching.error();
  EXPECT_FALSE(searching.value()->has_quick_move());
}

TEST(NTupleFast, ABenchGameOnTheBoardIsTheGamePlayedMoveByMove) {
  // The bench's quick path plays on the 64-bit board; the same seeds played through Game and
  // analyze() (the timed path) give the same games.
  auto net = std::make_shared<NTupleNetwork>(random_network(default_layout(), 9));
  BenchConfig cfg;
  cfg.ai = AiConfig("ntuple", std::nullopt, {}, net);
  cfg.games = 6;
  cfg.seed = 17;
  const auto report = run_bench_games(cfg);
  ASSERT_TRUE(report.ok()) << report.error();
  ASSERT_EQ(report->games.size(), 6u);
  auto ai = make_ai(cfg.ai).value();
  for (const GameRecord& g : report->games) {
    Game game(g.seed);
    while (!game.over()) game.play(*ai->analyze(game.grid().to_board(), Limits{}).best);
    EXPECT_EQ(g.score, game.score()) << g.index;
    EXPECT_EQ(g.moves, game.moves()) << g.index;
    EXPECT_EQ(g.max_exponent, game.grid().max_exponent()) << g.index;
  }
}

TEST(NTupleFast, AGameGoesOnFromTheBoardAndItsGeneratorExactly) {
  // Played on the board with spawn_random for a while, then handed to Game with the generator as
  // it stands: the same grids, scores and spawns as one Game from the start.
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Game whole(seed);
    core::Rng rng(seed);
    Board b = spawn_random(spawn_random(Board{}, rng), rng);
    ASSERT_EQ(b, whole.grid().to_board());
    std::uint64_t score = 0;
    const Dir cycle[] = {Dir::Left, Dir::Up, Dir::Right, Dir::Up};
    int k = 0;
    auto next_dir = [&](Board now) {
      for (int tries = 0; tries < 8; ++tries, ++k)
        if (now.can_move(cycle[k % 4])) return cycle[k++ % 4];
      for (Dir d : ALL_DIRS)
        if (now.can_move(d)) return d;
      return Dir::Down;
    };
    int moves = 0;
    for (; moves < 40 && b.has_move(); ++moves) {
      const Dir d = next_dir(b);
      score += b.gain(d);
      b = spawn_random(b.after(d), rng);
      ASSERT_TRUE(whole.play(d).has_value());
      ASSERT_EQ(b, whole.grid().to_board()) << seed << " move " << moves;
      ASSERT_EQ(score, whole.score());
    }
    Game rest(Grid::from_board(b), score, moves, rng);
    EXPECT_EQ(rest.moves(), whole.moves());
    while (!whole.over()) {
      const Dir d = next_dir(whole.grid().to_board());
      ASSERT_TRUE(whole.play(d).has_value());
      ASSERT_TRUE(rest.play(d).has_value());
      ASSERT_EQ(rest.grid(), whole.grid());
      ASSERT_EQ(rest.score(), whole.score());
    }
    EXPECT_TRUE(rest.over());
  }
}
