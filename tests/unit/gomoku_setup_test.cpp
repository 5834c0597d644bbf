// Set-up positions (Board::pass, for stone counts that do not alternate) and the transposition
// table's sizing and clearing.

#include <gtest/gtest.h>

#include <chrono>

#include "gomoku/board.h"
#include "gomoku/params.h"
#include "gomoku/tt.h"

using namespace tilestone::gomoku;

namespace {

TEST(GomokuBoard, PassHandsTheMoveOverAndUndoGivesItBack) {
  Board b(15);
  b.play({7, 7});    // black
  b.pass();          // black again: two black stones, then white
  EXPECT_EQ(b.to_move(), Color::BLACK);
  b.play({8, 8});
  EXPECT_EQ(b.at({8, 8}), Color::BLACK);
  EXPECT_EQ(b.to_move(), Color::WHITE);
  EXPECT_EQ(b.move_count(), 2);
  // The same stones with the other side to move are another position.
  Board c(15);
  c.play({7, 7});
  c.pass();
  c.play({8, 8});
  c.pass();
  EXPECT_EQ(c.to_move(), Color::BLACK);
  EXPECT_NE(c.hash(), b.hash());
  // Undo gives the move to the colour of the stone taken back.
  c.undo();
  EXPECT_EQ(c.to_move(), Color::BLACK);
  EXPECT_EQ(c.at({8, 8}), std::nullopt);
  c.undo();
  EXPECT_EQ(c.to_move(), Color::BLACK);
  EXPECT_EQ(c.hash(), Board(15).hash());
  // An ordinary game keeps its pinned hashes: the side key only enters after a pass.
  Board d(15);
  d.play({7, 7});
  EXPECT_EQ(d.hash(), 0x2efd6ed48f37692eull);
}

TEST(GomokuTT, ClearForgetsEveryEntry) {
  TranspositionTable tt(1);
  tt.store(0x1234, {5, 77, 3, Bound::EXACT});
  ASSERT_TRUE(tt.probe(0x1234));
  EXPECT_EQ(tt.probe(0x1234)->score, 77);
  tt.clear();
  EXPECT_FALSE(tt.probe(0x1234));
  tt.store(0x1234, {6, -5, 1, Bound::LOWER});
  EXPECT_EQ(tt.probe(0x1234)->move, 6);
  EXPECT_EQ(tt.probe(0x1234)->score, -5);
}

TEST(GomokuTT, AnySizeIsCappedAndTakesNoTime) {
  EXPECT_LE(TranspositionTable::capacity_mb(), params::TT_MAX_MB);
  TranspositionTable tt(0);
  EXPECT_EQ(tt.size_mb(), 0u);  // MIN_SLOTS entries
  // A terabyte (what `INFO max_memory 4000000000000` asked for once) gets the capped table, at
  // once: its pages are mapped, not written.
  const auto t0 = std::chrono::steady_clock::now();
  tt.resize(std::size_t{1} << 20);
  const auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_LE(tt.size_mb(), TranspositionTable::capacity_mb());
  EXPECT_GE(tt.size_mb(), TranspositionTable::capacity_mb() / 2);
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), 50);
  tt.store(0xFFFF'FFFF'FFFF'FFFFull, {1, 2, 3, Bound::UPPER});
  EXPECT_EQ(tt.probe(0xFFFF'FFFF'FFFF'FFFFull)->depth, 3);
  tt.clear();
  EXPECT_FALSE(tt.probe(0xFFFF'FFFF'FFFF'FFFFull));
}

}  // namespace
