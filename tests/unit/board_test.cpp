// 2048 rules: row slides in every direction on every line, merges, scores, spawns.

#include <gtest/gtest.h>

#include <array>
#include <map>

#include "core/rng.h"
#include "g2048/board.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "g2048/replay.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

struct RowCase {
  std::array<int, 4> in;   // tile values, wall (the direction of the slide) first
  std::array<int, 4> out;
  std::uint64_t gain;
};

// Each case is written as seen from the wall the tiles slide toward.
const RowCase ROW_CASES[] = {
    {{2, 2, 2, 2}, {4, 4, 0, 0}, 8},
    {{4, 4, 8, 8}, {8, 16, 0, 0}, 24},
    {{2, 2, 2, 0}, {4, 2, 0, 0}, 4},
    {{4, 2, 2, 0}, {4, 4, 0, 0}, 4},
    {{2, 0, 2, 0}, {4, 0, 0, 0}, 4},
    {{4, 0, 0, 4}, {8, 0, 0, 0}, 8},
    {{8, 8, 8, 8}, {16, 16, 0, 0}, 32},
    {{2, 4, 8, 16}, {2, 4, 8, 16}, 0},
    {{0, 0, 0, 2}, {2, 0, 0, 0}, 0},
    {{0, 0, 0, 0}, {0, 0, 0, 0}, 0},
    {{2, 2, 4, 4}, {4, 8, 0, 0}, 12},
    {{4, 4, 4, 0}, {8, 4, 0, 0}, 8},
    {{2, 4, 4, 2}, {2, 8, 2, 0}, 8},
    {{1024, 1024, 0, 0}, {2048, 0, 0, 0}, 2048},
};

int exponent_of(int v) {
  int e = 0;
  while (v > 1) v >>= 1, ++e;
  return e;
}

// Cell index of position j (0 = at the wall) on line k for a slide in d.
int cell_of(Dir d, int k, int j) {
  switch (d) {
    case Dir::Left: return 4 * k + j;
    case Dir::Right: return 4 * k + 3 - j;
    case Dir::Up: return 4 * j + k;
    case Dir::Down: return 4 * (3 - j) + k;
  }
  return -1;
}

}  // namespace

TEST(Rules2048, EveryRowCaseInEveryDirectionAndLine) {
  for (const auto& c : ROW_CASES) {
    for (Dir d : ALL_DIRS) {
      for (int k = 0; k < 4; ++k) {
        Grid g;
        Grid want;
        for (int j = 0; j < 4; ++j) {
          g.cells[cell_of(d, k, j)] = static_cast<std::uint8_t>(exponent_of(c.in[j]));
          want.cells[cell_of(d, k, j)] = static_cast<std::uint8_t>(exponent_of(c.out[j]));
        }
        const SlideResult r = slide(g, d);
        EXPECT_EQ(r.grid, want) << to_string(d) << " line " << k << " " << format_grid(g);
        EXPECT_EQ(r.gain, c.gain) << to_string(d) << " line " << k;
        EXPECT_EQ(r.moved, g != want);
        // The bitboard agrees with the exact grid.
        const Board b = g.to_board();
        EXPECT_EQ(b.after(d), want.to_board()) << to_string(d) << " line " << k;
        EXPECT_EQ(b.gain(d), c.gain);
        EXPECT_EQ(b.can_move(d), g != want);
        EXPECT_EQ(can_move(g, d), g != want);
      }
    }
  }
}

TEST(Rules2048, BitboardMatchesExactGridOnRandomBoards) {
  core::Rng rng(42);
  for (int n = 0; n < 20000; ++n) {
    Grid g;
    for (auto& c : g.cells) c = static_cast<std::uint8_t>(rng.below(3) == 0 ? 0 : rng.below(12));
    const Board b = g.to_board();
    ASSERT_EQ(Grid::from_board(b), g);
    for (Dir d : ALL_DIRS) {
      const SlideResult r = slide(g, d);
      ASSERT_EQ(b.after(d), r.grid.to_board()) << format_grid(g) << " " << to_string(d);
      ASSERT_EQ(b.gain(d), r.gain);
    }
    ASSERT_EQ(b.transposed().transposed(), b);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(b.transposed().at(i % 4, i / 4), b.at(i / 4, i % 4));
  }
}

TEST(Rules2048, NoLegalMove) {
  const auto g = parse_grid("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2");
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(has_move(*g));
  EXPECT_FALSE(g->to_board().has_move());
  Game game(*g, 0, 1);
  EXPECT_TRUE(game.over());
  for (Dir d : ALL_DIRS) EXPECT_FALSE(game.play(d).has_value());
  // A full board with one pair still has a move.
  const auto h = parse_grid("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,4");
  EXPECT_TRUE(has_move(*h));
  EXPECT_TRUE(h->to_board().can_move(Dir::Left));
}

TEST(Rules2048, TilesBeyond32768MergeInTheExactGrid) {
  auto g = parse_grid("32768,32768,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
  ASSERT_TRUE(g.ok());
  const SlideResult r = slide(*g, Dir::Left);
  EXPECT_EQ(r.grid.max_tile(), 65536u);
  EXPECT_EQ(r.gain, 65536u);
  auto h = parse_grid("65536,65536,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(slide(*h, Dir::Left).grid.max_tile(), 131072u);
  // The 64-bit board clamps at 32768 and does not merge two of them.
  EXPECT_FALSE(g->to_board().can_move(Dir::Left));
}

TEST(Rules2048, ParseAndFormat) {
  const auto g = parse_grid("2,0,0,2/0,4,0,0/0,0,8,0/0,0,0,2048");
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(format_grid(*g), "2,0,0,2/0,4,0,0/0,0,8,0/0,0,0,2048");
  EXPECT_EQ(format_hex(*g), "0x100102000030000b");
  const auto h = parse_grid("0x100102000030000b");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(*h, *g);
  const auto spaced = parse_grid("2 0 0 2 0 4 0 0 0 0 8 0 0 0 0 2048");
  ASSERT_TRUE(spaced.ok());
  EXPECT_EQ(*spaced, *g);
  for (const char* bad : {"", "1,2", "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "2,0,0/2,0,0,0,0/0,0,0,0/0,0,0,0",
                          "0x12", "0xzz00000000000000", "a,b,c", "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
                          "99999999999,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "-2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"}) {
    const auto r = parse_grid(bad);
    EXPECT_FALSE(r.ok()) << bad;
    if (!r.ok()) {
      EXPECT_FALSE(r.error().empty());
    }
  }
}

TEST(Rules2048, NewGameHasTwoTilesAndSameSeedSameGame) {
  Game a(7), b(7), c(8);
  EXPECT_EQ(16 - a.grid().empty_count(), 2);
  EXPECT_EQ(a.grid(), b.grid());
  int differs = 0;
  for (std::uint64_t s = 0; s < 20; ++s) differs += Game(s).grid() != Game(s + 100).grid();
  EXPECT_GT(differs, 10);
  (void)c;
  for (int i = 0; i < 50; ++i) {
    for (Dir d : ALL_DIRS) {
      auto sa = a.play(d);
      auto sb = b.play(d);
      ASSERT_EQ(sa.has_value(), sb.has_value());
      if (sa) break;
    }
  }
  EXPECT_EQ(a.grid(), b.grid());
  EXPECT_EQ(a.score(), b.score());
}

TEST(Rules2048, ScoreAndUndoReplaySameSpawn) {
  Game g(parse_grid("2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0").value(), 0, 3);
  const auto step = g.play(Dir::Left);
  ASSERT_TRUE(step.has_value());
  EXPECT_EQ(g.score(), 4u);
  ASSERT_TRUE(step->spawn.has_value());
  const Grid after = g.grid();
  EXPECT_TRUE(g.undo());
  EXPECT_EQ(g.score(), 0u);
  EXPECT_EQ(format_grid(g.grid()), "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
  g.play(Dir::Left);
  EXPECT_EQ(g.grid(), after);
  EXPECT_FALSE(Game(1).undo());
}

TEST(Rules2048, WinAt2048AndPlayContinues) {
  Game g(parse_grid("1024,1024,0,0/0,0,0,0/0,0,0,0/0,0,0,0").value(), 0, 5);
  EXPECT_FALSE(g.won());
  ASSERT_TRUE(g.play(Dir::Left).has_value());
  EXPECT_TRUE(g.won());
  EXPECT_FALSE(g.over());
  EXPECT_TRUE(g.play(Dir::Right).has_value() || g.play(Dir::Down).has_value());
}

TEST(Rules2048, SpawnDistribution) {
  // Over many draws: about 90 % twos, and every empty cell equally likely.
  core::Rng rng(2048);
  std::map<int, int> cells;
  int fours = 0;
  const int draws = 200000;
  const Board b = parse_grid("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,4").value().to_board();
  for (int i = 0; i < draws; ++i) {
    const Board s = spawn_random(b, rng);
    for (int c = 0; c < 16; ++c) {
      if (b.at(c) == 0 && s.at(c) != 0) {
        ++cells[c];
        fours += s.at(c) == 2;
      }
    }
  }
  EXPECT_EQ(cells.size(), 14u);
  EXPECT_NEAR(static_cast<double>(fours) / draws, 0.1, 0.005);
  for (const auto& [cell, n] : cells) EXPECT_NEAR(static_cast<double>(n) / draws, 1.0 / 14, 0.004) << cell;

  // The game's own spawns follow the same law.
  int game_fours = 0, total = 0;
  for (std::uint64_t seed = 0; seed < 20000; ++seed) {
    Game g(seed);
    for (int c = 0; c < 16; ++c)
      if (g.grid().cells[c]) ++total, game_fours += g.grid().cells[c] == 2;
  }
  EXPECT_NEAR(static_cast<double>(game_fours) / total, 0.1, 0.01);
}

TEST(Rules2048, ReplayFollowsTheWebClientsSpawnChain) {
  // The web client: a new game, then moves, each spawning from the seed the last one returned.
  ClientMove m = client_new_game(99);
  const Grid start = m.grid;
  const std::uint64_t first_seed = m.next_seed;
  std::string moves;
  for (int i = 0; i < 40; ++i) {
    for (Dir d : ALL_DIRS) {
      const ClientMove next = client_move(m.grid, m.score, d, m.next_seed);
      if (!next.step) continue;
      m = next;
      moves += move_letter(d);
      break;
    }
  }
  const Replay r = replay_client_game(start, 0, first_seed, moves);
  ASSERT_TRUE(r.complete()) << r.error;
  ASSERT_EQ(r.frames.size(), moves.size() + 1);
  EXPECT_EQ(r.last().grid, m.grid);
  EXPECT_EQ(r.last().score, m.score);
  EXPECT_FALSE(r.frames[0].dir.has_value());

  const Replay bad = replay_client_game(start, 0, first_seed, moves.substr(0, 3) + "X");
  EXPECT_EQ(bad.frames.size(), 4u);
  EXPECT_NE(bad.error.find("move 4"), std::string::npos) << bad.error;
  const Grid lone = *parse_grid("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
  EXPECT_NE(replay_client_game(lone, 0, 1, "L").error.find("does not change"), std::string::npos);
}

TEST(Rules2048, ReplayOfATerminalGameMatchesTheGame) {
  Game game(7);
  std::string moves;
  for (int i = 0; i < 30; ++i)
    for (Dir d : ALL_DIRS)
      if (game.play(d)) {
        moves += move_letter(d);
        break;
      }
  const Replay r = replay_seeded_game(7, moves);
  ASSERT_TRUE(r.complete()) << r.error;
  EXPECT_EQ(r.last().grid, game.grid());
  EXPECT_EQ(r.last().score, game.score());
}
