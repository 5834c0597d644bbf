// Gomoku board and rules: notation, play/undo, hashing, fives per rule, renju forbidden points,
// perft-like counts.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/eval.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"
#include "gomoku_diagram.h"

using namespace tilestone::gomoku;
using tilestone::gomoku::testing::diagram;

namespace {

constexpr std::uint64_t PINNED_FREE_PERFT3 = 113u * 112u * 111u;
constexpr std::uint64_t PINNED_RENJU_PERFT3 = 1378712;

TEST(GomokuNotation, CentreAndCorners) {
  EXPECT_EQ(format_point({7, 7}, 15), "h8");
  EXPECT_EQ(format_point({0, 14}, 15), "a1");
  EXPECT_EQ(format_point({14, 0}, 15), "o15");
  auto p = parse_point("h8", 15);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(*p, (Point{7, 7}));
  EXPECT_EQ(*parse_point("A1", 15), (Point{0, 14}));
  EXPECT_EQ(*parse_point("t20", 20), (Point{19, 0}));
}

TEST(GomokuNotation, ParseErrors) {
  for (const char* bad : {"", "8", "h", "h0", "h16", "p8", "hh", "h8x", "-1"}) {
    EXPECT_FALSE(parse_point(bad, 15).ok()) << bad;
  }
  EXPECT_FALSE(parse_moves("h8i9z1", 15).ok());
  EXPECT_FALSE(parse_moves("h8i", 15).ok());
}

TEST(GomokuNotation, GameStrings) {
  auto moves = parse_moves("h8i9h9", 15);
  ASSERT_TRUE(moves.ok());
  ASSERT_EQ(moves->size(), 3u);
  EXPECT_EQ((*moves)[1], (Point{8, 6}));
  EXPECT_EQ(format_moves(*moves, 15), "h8i9h9");
  EXPECT_TRUE(parse_moves("h8 i9,h10", 15).ok());
  EXPECT_EQ(parse_moves("", 15)->size(), 0u);
  // A repeated point is an error, not a crash.
  EXPECT_FALSE(board_from_moves(*parse_moves("h8i9h8", 15), 15, Rule::FREESTYLE).ok());
  // Moves after a five are refused.
  EXPECT_FALSE(board_from_moves(*parse_moves("a1b1a2b2a3b3a4b4a5b5a6", 15), 15, Rule::FREESTYLE).ok());
  EXPECT_TRUE(board_from_moves(*parse_moves("a1b1a2b2a3b3a4b4a5", 15), 15, Rule::FREESTYLE).ok());
}

TEST(GomokuNotation, Sizes) {
  EXPECT_TRUE(parse_size("5").ok());
  EXPECT_TRUE(parse_size("22").ok());
  EXPECT_FALSE(parse_size("4").ok());
  EXPECT_FALSE(parse_size("23").ok());
  EXPECT_FALSE(parse_size("15x").ok());
}

TEST(GomokuBoard, PlayUndoRestoresEverything) {
  Board b(15, Rule::RENJU);
  const Board empty = b;
  const auto moves = *parse_moves("h8i9h9h10g8i8j7g10", 15);
  for (Point p : moves) b.play(p);
  EXPECT_EQ(b.move_count(), 8);
  EXPECT_EQ(b.to_move(), Color::BLACK);
  EXPECT_EQ(b.at({7, 7}), Color::BLACK);
  EXPECT_EQ(b.at({8, 6}), Color::WHITE);
  for (std::size_t i = 0; i < moves.size(); ++i) b.undo();
  EXPECT_EQ(b.hash(), empty.hash());
  EXPECT_EQ(b.value_sum(Color::BLACK), empty.value_sum(Color::BLACK));
  EXPECT_EQ(b.value_sum(Color::WHITE), empty.value_sum(Color::WHITE));
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x) {
      const int idx = b.index({x, y});
      EXPECT_EQ(b.kind(Color::BLACK, idx), empty.kind(Color::BLACK, idx));
      EXPECT_EQ(b.near(idx), 0);
    }
}

TEST(GomokuBoard, PinnedZobristHashes) {
  Board b(15);
  EXPECT_EQ(b.hash(), 0u);
  b.play({7, 7});
  const auto h8 = b.hash();
  EXPECT_EQ(h8, zobrist_key(Color::BLACK, b.index({7, 7})));
  // Pinned: the Zobrist table comes from a fixed seed, so this never changes between builds.
  EXPECT_EQ(h8, 0x2efd6ed48f37692eull);
  // The hash does not depend on the order of the moves.
  Board a(15), c(15);
  for (const char* m : {"h8", "i9", "j10", "k11"}) a.play(*parse_point(m, 15));
  for (const char* m : {"j10", "k11", "h8", "i9"}) c.play(*parse_point(m, 15));
  EXPECT_EQ(a.hash(), c.hash());
}


// Readable test names from each case's description ("double three" -> "double_three"); gtest
// refuses two cases of one name, so the descriptions stay unique.
template <class Case>
std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string out;
  for (const char* c = info.param.name; *c; ++c) {
    const unsigned char ch = static_cast<unsigned char>(*c);
    out += std::isalnum(ch) ? static_cast<char>(ch) : '_';
  }
  return out;
}

struct FiveCase {
  const char* name;
  Rule rule;
  std::vector<std::string> rows;
  Verdict expected;  // for the side to move at '?'
};

// What gtest prints for a case (in a failure, and in --gtest_list_tests): its description, not
// the bytes of the struct.
void PrintTo(const FiveCase& c, std::ostream* os) { *os << c.name; }

class GomokuFive : public ::testing::TestWithParam<FiveCase> {};

TEST_P(GomokuFive, Verdict) {
  const auto& c = GetParam();
  auto d = diagram(c.rows, c.rule);
  EXPECT_EQ(judge_move(d.board, d.query), c.expected) << c.name;
}

const std::vector<std::string> BLACK_FIVE = {
    "..........", "..........", ".XXXX?....", "..........", "..........",
    "..........", "..........", "..........", "..........", "O.O.O.O...",
};
const std::vector<std::string> BLACK_SIX = {
    "..........", "..........", ".XXX?XX...", "..........", "..........",
    "..........", "..........", "..........", "..........", "O.O.O.O.O.",
};
const std::vector<std::string> WHITE_SIX = {
    "..........", "..........", ".OOO?OO...", "..........", "..........",
    "..........", "..........", "..........", "X.........", "X.X.X.X..X",
};
const std::vector<std::string> DIAGONAL_FIVE = {
    "?.........", ".X........", "..X.......", "...X......", "....X.....",
    "..........", "..........", "..........", "..........", "O.O.O.O...",
};

INSTANTIATE_TEST_SUITE_P(
    Cases, GomokuFive,
    ::testing::Values(FiveCase{"freestyle five", Rule::FREESTYLE, BLACK_FIVE, Verdict::WINS},
                      FiveCase{"standard five", Rule::STANDARD, BLACK_FIVE, Verdict::WINS},
                      FiveCase{"renju five", Rule::RENJU, BLACK_FIVE, Verdict::WINS},
                      FiveCase{"freestyle six wins", Rule::FREESTYLE, BLACK_SIX, Verdict::WINS},
                      FiveCase{"standard six does not win", Rule::STANDARD, BLACK_SIX, Verdict::NORMAL},
                      FiveCase{"renju black six is forbidden", Rule::RENJU, BLACK_SIX, Verdict::FORBIDDEN},
                      FiveCase{"renju white six wins", Rule::RENJU, WHITE_SIX, Verdict::WINS},
                      FiveCase{"standard white six does not win", Rule::STANDARD, WHITE_SIX, Verdict::NORMAL},
                      FiveCase{"diagonal five", Rule::FREESTYLE, DIAGONAL_FIVE, Verdict::WINS}),
    case_name<FiveCase>);

TEST(GomokuFive, WinningLineAndOutcome) {
  auto d = diagram(BLACK_FIVE, Rule::FREESTYLE);
  Board b = d.board;
  EXPECT_EQ(play_and_judge(b, d.query), Outcome::BLACK_WINS);
  auto line = winning_line(b, d.query);
  ASSERT_TRUE(line.has_value());
  ASSERT_EQ(line->size(), 5u);
  EXPECT_EQ(line->front(), (Point{1, 2}));
  EXPECT_EQ(line->back(), (Point{5, 2}));
  EXPECT_FALSE(winning_line(b, {0, 9}).has_value());
}

TEST(GomokuFive, FullBoardIsADraw) {
  // Fill a 5x5 board in a pattern with no five: columns paired so no line completes.
  Board b(5);
  const char* order = "a1b1a2b2b3a3b4a4a5b5c1d1c2d2d3c3d4c4c5d5e1e2e3e4e5";
  auto moves = *parse_moves(order, 5);
  Outcome last = Outcome::NONE;
  for (Point p : moves) {
    ASSERT_EQ(last, Outcome::NONE);
    last = play_and_judge(b, p);
  }
  EXPECT_EQ(last, Outcome::DRAW);
}

struct ForbiddenCase {
  const char* name;
  std::vector<std::string> rows;
  bool forbidden;
};

void PrintTo(const ForbiddenCase& c, std::ostream* os) { *os << c.name; }

class GomokuRenju : public ::testing::TestWithParam<ForbiddenCase> {};

TEST_P(GomokuRenju, ForbiddenPoint) {
  const auto& c = GetParam();
  auto d = diagram(c.rows, Rule::RENJU);
  EXPECT_EQ(is_forbidden(d.board, d.query), c.forbidden) << c.name;
  // Under the other rules nothing is forbidden.
  auto free = diagram(c.rows, Rule::FREESTYLE);
  EXPECT_FALSE(is_forbidden(free.board, free.query)) << c.name;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, GomokuRenju,
    ::testing::Values(
        ForbiddenCase{"double three",
                      {"...........", "...........", "...........", ".....X.....", ".....X.....",
                       "...XX?.....", "...........", "...........", "...........", "...........",
                       "O.O.O.O...."},
                      true},
        ForbiddenCase{"three and dead three",
                      {"...........", "...........", ".....O.....", ".....X.....", ".....X.....",
                       "...XX?.....", "...........", "...........", "...........", "...........",
                       "O.O.O......"},
                      false},
        ForbiddenCase{"split double three",
                      {"...........", "...........", ".....X.....", "...........", ".....X.....",
                       "..X.X?.....", "...........", "...........", "...........", "...........",
                       "O.O.O.O...."},
                      true},
        ForbiddenCase{"single three",
                      {"...........", "...........", "...........", "...........", "...........",
                       "...XX?.....", "...........", "...........", "...........", "...........",
                       "O.O........"},
                      false},
        ForbiddenCase{"double four on two lines",
                      {"...........", "...........", ".....X.....", ".....X.....", ".....X.....",
                       "..XXX?.....", "...........", "...........", "...........", "...........",
                       "O.O.O.O.O.O"},
                      true},
        ForbiddenCase{"four and three is allowed",
                      {"...........", "...........", "...........", ".....X.....", ".....X.....",
                       "..XXX?.....", "...........", "...........", "...........", "...........",
                       "O.O.O.O.O.."},
                      false},
        ForbiddenCase{"double four in one line X_XXX_X",
                      {"...........", "...........", "...........", "...........", "...........",
                       "..X.X?X.X..", "...........", "...........", "...........", "...........",
                       "O.O.O.O...."},
                      true},
        ForbiddenCase{"double four in one line XX_XX_XX",
                      {"...........", "...........", "...........", "...........", "...........",
                       ".XX.X?.XX..", "...........", "...........", "...........", "...........",
                       "O.O.O.O.O.."},
                      true},
        ForbiddenCase{"straight four is allowed",
                      {"...........", "...........", "...........", "...........", "...........",
                       "...XXX?....", "...........", "...........", "...........", "...........",
                       "O.O.O......"},
                      false},
        ForbiddenCase{"overline",
                      {"...........", "...........", "...........", "...........", "...........",
                       ".XXX?XX....", "...........", "...........", "...........", "...........",
                       "O.O.O.O.O.."},
                      true},
        ForbiddenCase{"a five overrides a double three",
                      {"...........", "...........", "...........", ".....X.X...", ".....XX....",
                       ".XXXX?.....", "...........", "...........", "...........", "O.O........",
                       "O.O.O.O.O.O"},
                      false},
        ForbiddenCase{"three blocked by the edge is no three",
                      {"O.O........", "...........", "...........", "...........", "...........",
                       "...........", "...........", "...........", "X..........", "X..........",
                       "?.XX....O.O"},
                      false}),
    case_name<ForbiddenCase>);

// The recursive case. Black's ?-point makes a vertical three (real) and a horizontal three
// X X ? whose only straight-four point q (marked by the column of five stones) would be an
// overline, hence forbidden: that three is false, so ? is no double three.
const std::vector<std::string> FALSE_THREE = {
    "...............", "...............", "...............", "...............",
    "...............", ".......X.......", ".......X.......", "..O.XX?........",
    "......XX.......", "......XX.......", ".......X.......", "...............",
    "...............", "...............", "O.O.O.O.O.O.O.O",
};
// The same with the bottom stone of the column gone: q now makes a five. A stone that makes a
// five is a five, not a four, so the row X X ? is still no three and ? is legal (RIF; the
// Gomocup judge and the strongest engines agree).
const std::vector<std::string> FIVE_THREE = {
    "...............", "...............", "...............", "...............",
    "...............", ".......X.......", ".......X.......", "..O.XX?........",
    "......XX.......", "......XX.......", "...............", "...............",
    "...............", "...............", "O.O.O.O.O.O.O..",
};

// Found by the reference checker (renju_reference_test.cpp) on random games: the row
// X . X ? has one straight-four point, q between the two X's, but q also completes five black
// stones in its column, so it would make a five, not a four: that row is no three. ? then makes
// only one three (the column at its right) and is legal. Before the fix the engine called it a
// double three.
const std::vector<std::string> FIVE_POINT_THREE = {
    "O.O.O.O.O.O.O.O", "...............", "...............", "...............",
    "...............", ".....X.........", ".....X.........", "....X.X?.......",
    ".....X.X.......", ".....X.X.......", "...............", "...............",
    "...............", "...............", "...............",
};
// The same with the column below q gone: q makes only a three in its column (a four and a
// three, legal), the row is a real three, and ? is a double three.
const std::vector<std::string> FOUR_POINT_THREE = {
    "O.O.O.O.O.O....", "...............", "...............", "...............",
    "...............", ".....X.........", ".....X.........", "....X.X?.......",
    ".......X.......", ".......X.......", "...............", "...............",
    "...............", "...............", "...............",
};
// A disagreement seen in the random games, as the test printed it: black's row . X X ? on the
// fifth line from the top would become a straight four at the point right of ?, but that point
// also closes a five on a diagonal, so the row is no three and ? is legal.
const std::vector<std::string> FIVE_POINT_THREE_FROM_A_GAME = {
    "......XX.......", ".....X..X......", ".....XX...O....", ".OXXX.X........",
    "...XX?..O......", ".........O.....", "..O............", "...............",
    "...............", "............OO.", "...............", "...........O.O.",
    "..........O....", "............O..", "..............O",
};

TEST(GomokuRenju, AStoneThatMakesAFiveDoesNotMakeAThree) {
  auto five = diagram(FIVE_POINT_THREE, Rule::RENJU);
  EXPECT_FALSE(is_forbidden(five.board, five.query));
  auto four = diagram(FOUR_POINT_THREE, Rule::RENJU);
  EXPECT_TRUE(is_forbidden(four.board, four.query));
  auto game = diagram(FIVE_POINT_THREE_FROM_A_GAME, Rule::RENJU);
  EXPECT_FALSE(is_forbidden(game.board, game.query));
}

TEST(GomokuRenju, RecursiveFalseThree) {
  auto f = diagram(FALSE_THREE, Rule::RENJU);
  EXPECT_FALSE(is_forbidden(f.board, f.query));
  auto r = diagram(FIVE_THREE, Rule::RENJU);
  EXPECT_FALSE(is_forbidden(r.board, r.query));
}

TEST(GomokuRenju, ForbiddenPointsList) {
  auto d = diagram({"...........", "...........", "...........", ".....X.....", ".....X.....",
                    "...XX......", "...........", "...........", "...........", "...........",
                    "O.O.O.O...."},
                   Rule::RENJU);
  const auto pts = forbidden_points(d.board);
  ASSERT_FALSE(pts.empty());
  EXPECT_NE(std::find(pts.begin(), pts.end(), Point{5, 5}), pts.end());
  for (Point p : pts) EXPECT_TRUE(is_forbidden(d.board, p));
  Board free = diagram({"...........", "...........", "...........", ".....X.....", ".....X.....",
                        "...XX......", "...........", "...........", "...........", "...........",
                        "O.O.O.O...."},
                       Rule::FREESTYLE).board;
  EXPECT_TRUE(forbidden_points(free).empty());
}

// Black's double four at ? wins in freestyle; in renju the point is forbidden, so it is no
// threat for white to answer: the search no longer limits white to blocking it.
const std::vector<std::string> DOUBLE_FOUR = {
    "...........", "....O......", "....X......", "....X......", "....X......", "OXXX?......",
    "...........", "...........", "...........", "...........", "O.O.O.O....",
};

TEST(GomokuRenju, AForbiddenDoubleFourIsNoThreat) {
  auto free = diagram(DOUBLE_FOUR, Rule::FREESTYLE);
  auto renju = diagram(DOUBLE_FOUR, Rule::RENJU);
  const int q = free.board.index(free.query);
  ASSERT_EQ(free.board.kind(Color::BLACK, q), PointKind::FOUR_PLUS);
  EXPECT_EQ(free.board.winning_cells(Color::BLACK), 1);
  ASSERT_TRUE(is_forbidden(renju.board, renju.query));
  EXPECT_EQ(renju.board.kind(Color::BLACK, q), PointKind::FOUR_PLUS);  // what the lines make
  EXPECT_EQ(renju.board.winning_cells(Color::BLACK), 0);
  EXPECT_EQ(renju.board.four_cells(Color::BLACK), free.board.four_cells(Color::BLACK));
}

// The incrementally kept counts and sums match a recount from the point data after every move
// of seeded random renju games, and after taking the moves back.
TEST(GomokuRenju, IncrementalCountsMatchARecount) {
  auto recount = [](const Board& b) {
    std::array<int, 6> r{};  // black winning, white winning, black value, white value, black fours, white fours
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x) {
        const int q = b.index({x, y});
        if (b.cell(q) != CELL_EMPTY) continue;
        for (Color c : {Color::BLACK, Color::WHITE}) {
          const int i = c == Color::BLACK ? 0 : 1;
          std::array<Pattern, 4> lines{};
          for (int d = 0; d < 4; ++d) lines[static_cast<std::size_t>(d)] = b.pattern(c, q, d);
          const bool barred = c == Color::BLACK && b.rule() == Rule::RENJU && surely_forbidden(lines);
          r[static_cast<std::size_t>(i)] += (b.kind(c, q) >= PointKind::FOUR_PLUS && !barred) ? 1 : 0;
          r[static_cast<std::size_t>(2 + i)] += b.value(c, q);
          r[static_cast<std::size_t>(4 + i)] += b.best_pattern(c, q) >= Pattern::BLOCK4 ? 1 : 0;
        }
      }
    return r;
  };
  auto kept = [](const Board& b) {
    return std::array<int, 6>{b.winning_cells(Color::BLACK), b.winning_cells(Color::WHITE), b.value_sum(Color::BLACK),
                              b.value_sum(Color::WHITE),    b.four_cells(Color::BLACK),    b.four_cells(Color::WHITE)};
  };
  std::mt19937 rng(20261123);
  int forbidden_seen = 0;
  for (int game = 0; game < 40; ++game) {
    Board b(15, Rule::RENJU);
    const auto start = kept(b);
    b.play({7, 7});
    // Random points near the stones, so that lines form and fours and forbidden points occur;
    // a forbidden point is skipped, a five ends the game.
    for (int tries = 0; tries < 200 && b.move_count() < 70; ++tries) {
      std::vector<int> cands;
      b.for_each_candidate([&](int q) { cands.push_back(q); });
      const int q = cands[rng() % cands.size()];
      const Verdict v = judge_move(b, b.point(q));
      if (v == Verdict::FORBIDDEN) ++forbidden_seen;
      if (v == Verdict::WINS) break;
      if (v != Verdict::NORMAL) continue;
      b.play_index(q);
      ASSERT_EQ(kept(b), recount(b)) << "game " << game << " ply " << b.move_count();
    }
    while (b.move_count() > 0) b.undo();
    EXPECT_EQ(kept(b), start);
  }
  EXPECT_GT(forbidden_seen, 0);
}

// The board's set of four cells (for_each_four_cell) is what a scan of the candidates finds,
// in the same order, after every move and every take-back of seeded random games under each
// rule, with take-backs in the middle of the games as a search makes them.
TEST(GomokuBoard, FourCellsMatchAScan) {
  auto scanned = [](const Board& b, Color c) {
    std::vector<int> out;
    b.for_each_candidate([&](int q) {
      if (b.best_pattern(c, q) >= Pattern::BLOCK4) out.push_back(q);
    });
    return out;
  };
  auto kept = [](const Board& b, Color c) {
    std::vector<int> out;
    b.for_each_four_cell(c, [&](int q) { out.push_back(q); });
    return out;
  };
  std::mt19937 rng(20261129);
  int fours_seen = 0;
  for (Rule rule : ALL_RULES) {
    for (int game = 0; game < 30; ++game) {
      Board b(15, rule);
      b.play({7, 7});
      for (int step = 0; step < 120 && b.move_count() < 60; ++step) {
        if (b.move_count() > 1 && rng() % 4 == 0) {
          b.undo();
        } else {
          std::vector<int> cands;
          b.for_each_candidate([&](int q) { cands.push_back(q); });
          const int q = cands[rng() % cands.size()];
          if (is_five_point(b, q, b.to_move())) break;
          b.play_index(q);
        }
        for (Color c : {Color::BLACK, Color::WHITE}) {
          const auto want = scanned(b, c);
          ASSERT_EQ(kept(b, c), want) << rule_name(rule) << " game " << game << " step " << step;
          ASSERT_EQ(static_cast<int>(want.size()), b.four_cells(c));
          fours_seen += static_cast<int>(want.size());
        }
      }
      while (b.move_count() > 0) b.undo();
      EXPECT_TRUE(kept(b, Color::BLACK).empty() && kept(b, Color::WHITE).empty());
    }
  }
  EXPECT_GT(fours_seen, 1000);
}

// What the board answers about a stone not played (kind_if, best_pattern_if, makes_two_fives)
// is what playing the stone shows, on points drawn near the stones of seeded random games under
// each rule (every stone on their lines), for stones of either colour.
TEST(GomokuBoard, AskedStonesMatchTriedStones) {
  std::mt19937 rng(20261125);
  int checked = 0, fours = 0, two_fives = 0;
  for (Rule rule : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU}) {
    for (int game = 0; game < 12; ++game) {
      Board b(15, rule);
      b.play({7, 7});
      for (int ply = 0; ply < 60; ++ply) {
        std::vector<int> cands;
        b.for_each_candidate([&](int q) { cands.push_back(q); });
        // A few points, each with every stone on its lines.
        for (int n = 0; n < 4; ++n) {
          const int idx = cands[rng() % cands.size()];
          for (int d = 0; d < 4; ++d)
            for (int k = -4; k <= 4; ++k) {
              const int q = idx + k * b.offset(d);
              if (k == 0 || b.cell(q) != CELL_EMPTY) continue;
              for (bool pass : {false, true}) {
                if (pass) b.pass();
                const Color stone = b.to_move();
                std::array<PointKind, 2> asked_kind{};
                std::array<Pattern, 2> asked_best{};
                for (Color c : {Color::BLACK, Color::WHITE}) {
                  asked_kind[c == Color::BLACK ? 0 : 1] = b.kind_if(c, idx, d, k, stone);
                  asked_best[c == Color::BLACK ? 0 : 1] = b.best_pattern_if(c, idx, d, k, stone);
                }
                b.play_index(q);
                for (Color c : {Color::BLACK, Color::WHITE}) {
                  ASSERT_EQ(asked_kind[c == Color::BLACK ? 0 : 1], b.kind(c, idx)) << b.size() << " " << static_cast<int>(rule);
                  ASSERT_EQ(asked_best[c == Color::BLACK ? 0 : 1], b.best_pattern(c, idx));
                }
                b.undo();
                if (pass) b.pass();
                ++checked;
              }
            }
          const Color me = b.to_move();
          if (b.five_cells(me) == 0) {
            b.play_index(idx);
            const bool tried = five_points_near(b, idx, me).size() >= 2;
            b.undo();
            fours += b.best_pattern(me, idx) >= Pattern::BLOCK4 ? 1 : 0;
            two_fives += tried ? 1 : 0;
            ASSERT_EQ(makes_two_fives(b, idx, me), tried) << "game " << game << " ply " << b.move_count();
          }
        }
        const int q = cands[rng() % cands.size()];
        const Verdict v = judge_move(b, b.point(q));
        if (v == Verdict::WINS) break;
        if (v == Verdict::NORMAL) b.play_index(q);
      }
    }
  }
  EXPECT_GT(checked, 10000);
  EXPECT_GT(fours, 50);  // the random games make fours, and some of them open ones
  EXPECT_GT(two_fives, 5);

  // Two dead fours on two lines, which random games seldom make: a row and a column of three
  // black stones, each capped by white, meet on g8.
  for (Rule rule : {Rule::FREESTYLE, Rule::RENJU}) {
    Board b(15, rule);
    for (Point p : std::vector<Point>{{3, 7}, {2, 7}, {4, 7}, {6, 3}, {5, 7}, {0, 0}, {6, 4}, {0, 14}, {6, 5}, {14, 0}, {6, 6}, {14, 14}})
      b.play(p);
    ASSERT_EQ(b.to_move(), Color::BLACK);
    ASSERT_EQ(b.five_cells(Color::BLACK), 0);
    // (In renju the point is forbidden to black; whether it may be played is the caller's to ask.)
    EXPECT_TRUE(makes_two_fives(b, b.index({6, 7}), Color::BLACK));
    EXPECT_FALSE(makes_two_fives(b, b.index({7, 7}), Color::BLACK));  // one dead four
  }
}

// Legal move sequences of `depth` plies: forbidden points are not legal, and a win ends a line.
std::uint64_t perft(Board& b, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      const Verdict v = judge_move(b, {x, y});
      if (v == Verdict::ILLEGAL || v == Verdict::FORBIDDEN) continue;
      if (v == Verdict::WINS || depth == 1) {
        ++n;
        continue;
      }
      b.play({x, y});
      n += perft(b, depth - 1);
      b.undo();
    }
  return n;
}

TEST(GomokuPerft, EmptyBoards) {
  Board b(5);
  EXPECT_EQ(perft(b, 1), 25u);
  EXPECT_EQ(perft(b, 2), 25u * 24u);
  EXPECT_EQ(perft(b, 3), 25u * 24u * 23u);
}

TEST(GomokuPerft, WinsEndSequences) {
  // Black has four in a column on 7x7 and is to move: one of 45 replies wins at once.
  auto d = diagram({"X......", "X......", "X......", "X......", ".......", ".......", "O.O.O.O"},
                   Rule::FREESTYLE);
  // Depth 2: the winning move a3 counts once, the other 40 moves allow 40 replies each.
  EXPECT_EQ(perft(d.board, 1), 41u);
  EXPECT_EQ(perft(d.board, 2), 1u + 40u * 40u);
}

TEST(GomokuPerft, RenjuRemovesForbiddenMoves) {
  const std::vector<std::string> rows = {"...........", "...........", "...........", ".....X.....",
                                         ".....X.....", "...XX......", "...........", "...........",
                                         "...........", "...........", "O.O.O.O...."};
  auto free = diagram(rows, Rule::FREESTYLE);
  auto renju = diagram(rows, Rule::RENJU);
  const auto forbidden = forbidden_points(renju.board).size();
  EXPECT_EQ(perft(renju.board, 1), perft(free.board, 1) - forbidden);
  EXPECT_EQ(perft(free.board, 2), 113u * 112u);
  EXPECT_EQ(perft(renju.board, 2), (113u - forbidden) * 112u);
  EXPECT_EQ(perft(free.board, 3), PINNED_FREE_PERFT3);
  EXPECT_EQ(perft(renju.board, 3), PINNED_RENJU_PERFT3);
}

}  // namespace
