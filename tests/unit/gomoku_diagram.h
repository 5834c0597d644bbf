#pragma once
// Test helper: builds Gomoku positions from ASCII diagrams.
//   X black, O white, . empty, ? an empty point the test asks about (at most one).
// Row 0 of the diagram is the top of the board; the board size is the number of rows.
// Stones are played alternately, black first, so a diagram needs as many white stones as
// black ones (black to move) or one fewer (white to move).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gomoku/board.h"

namespace tilestone::gomoku::testing {

struct Diagram {
  Board board;
  Point query;
};

inline Diagram diagram(const std::vector<std::string>& rows, Rule rule) {
  const int n = static_cast<int>(rows.size());
  std::vector<Point> blacks, whites;
  Point query{};
  for (int y = 0; y < n; ++y) {
    EXPECT_EQ(static_cast<int>(rows[static_cast<std::size_t>(y)].size()), n) << "row " << y;
    for (int x = 0; x < n; ++x) {
      const char ch = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (ch == 'X') blacks.push_back({x, y});
      if (ch == 'O') whites.push_back({x, y});
      if (ch == '?') query = {x, y};
    }
  }
  EXPECT_TRUE(blacks.size() == whites.size() || blacks.size() == whites.size() + 1)
      << blacks.size() << " black, " << whites.size() << " white";
  Board board(n, rule);
  for (std::size_t i = 0; i < blacks.size(); ++i) {
    board.play(blacks[i]);
    if (i < whites.size()) board.play(whites[i]);
  }
  return {board, query};
}

}  // namespace tilestone::gomoku::testing
