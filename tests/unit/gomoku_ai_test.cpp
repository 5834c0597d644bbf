// Gomoku patterns, evaluation and AI levels: legal quick moves, forced replies, renju
// awareness, determinism, and a VCF suite that `strong` must solve.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "gomoku/ai.h"
#include "gomoku/bench.h"
#include "gomoku/eval.h"
#include "gomoku/learn.h"
#include "gomoku/move_key.h"
#include "gomoku/notation.h"
#include "gomoku/patterns.h"
#include "gomoku/rules.h"
#include "gomoku/threat.h"
#include "gomoku_diagram.h"

using namespace tilestone::gomoku;
using tilestone::gomoku::testing::diagram;

namespace {

// A window as text: 9 characters, centre (index 4) is where the stone goes.
Pattern window(const char* text, FiveRule five = FiveRule::FIVE_OR_MORE) {
  std::array<int, 9> cells{};
  for (int i = 0; i < 9; ++i) {
    const char ch = text[i];
    cells[static_cast<std::size_t>(i)] = ch == 'X' ? 1 : ch == 'O' ? 2 : ch == '#' ? 3 : 0;
  }
  return classify_window(cells, five);
}

TEST(GomokuPatterns, LineWindows) {
  EXPECT_EQ(window("..XX.XX.."), Pattern::FIVE);
  EXPECT_EQ(window(".XXX.XX.."), Pattern::FIVE);
  EXPECT_EQ(window(".XXX.XX..", FiveRule::EXACT), Pattern::OVERLINE);
  EXPECT_EQ(window("...X.XX.."), Pattern::FLEX4);
  EXPECT_EQ(window("..OX.XX.."), Pattern::BLOCK4);
  EXPECT_EQ(window("..XX.X.X."), Pattern::FLEX4);  // two ways to five when six count
  EXPECT_EQ(window("..XX.X.X.", FiveRule::EXACT), Pattern::BLOCK4);
  EXPECT_EQ(window("...X.X..."), Pattern::FLEX3);
  EXPECT_EQ(window("..X..X..."), Pattern::FLEX3);
  EXPECT_EQ(window("..OX.X..."), Pattern::BLOCK3);
  EXPECT_EQ(window("...X....."), Pattern::FLEX2);
  EXPECT_EQ(window("........."), Pattern::FLEX1);
  EXPECT_EQ(window("###..O..."), Pattern::NONE);
  EXPECT_EQ(window("O...X...O"), Pattern::FLEX1);
  EXPECT_EQ(window("#O..X.O.."), Pattern::NONE);
  EXPECT_EQ(window("O.X...O.."), Pattern::BLOCK2);
}

TEST(GomokuPatterns, PointKindsFollowTheSeedTable) {
  using P = Pattern;
  EXPECT_EQ(point_kind({P::FIVE, P::NONE, P::NONE, P::NONE}), PointKind::FIVE);
  EXPECT_EQ(point_kind({P::FLEX4, P::NONE, P::NONE, P::NONE}), PointKind::FOUR_PLUS);
  EXPECT_EQ(point_kind({P::BLOCK4, P::BLOCK4, P::NONE, P::NONE}), PointKind::FOUR_PLUS);
  EXPECT_EQ(point_kind({P::BLOCK4, P::FLEX3, P::NONE, P::NONE}), PointKind::FOUR_PLUS);
  EXPECT_EQ(point_kind({P::FLEX3, P::FLEX3, P::NONE, P::NONE}), PointKind::DOUBLE_THREE);
  EXPECT_EQ(point_kind({P::FLEX3, P::BLOCK3, P::NONE, P::NONE}), PointKind::DEAD3_LIVE3);
  EXPECT_EQ(point_kind({P::BLOCK4, P::NONE, P::NONE, P::NONE}), PointKind::DEAD_FOUR);
  EXPECT_EQ(point_kind({P::FLEX3, P::NONE, P::NONE, P::NONE}), PointKind::LIVE_THREE);
  EXPECT_EQ(point_kind({P::FLEX2, P::FLEX2, P::NONE, P::NONE}), PointKind::DOUBLE_TWO);
  EXPECT_EQ(point_kind({P::BLOCK3, P::NONE, P::NONE, P::NONE}), PointKind::DEAD_THREE);
  EXPECT_EQ(point_kind({P::FLEX2, P::NONE, P::NONE, P::NONE}), PointKind::LIVE_TWO);
  EXPECT_EQ(point_kind({P::BLOCK2, P::NONE, P::NONE, P::NONE}), PointKind::DEAD_TWO);
  EXPECT_EQ(seed_score(PointKind::FIVE), 100);
  EXPECT_EQ(seed_score(PointKind::FOUR_PLUS), 90);
  EXPECT_EQ(seed_score(PointKind::DOUBLE_THREE), 80);
  EXPECT_EQ(seed_score(PointKind::DEAD3_LIVE3), 70);
  EXPECT_EQ(seed_score(PointKind::DEAD_FOUR), 60);
  EXPECT_EQ(seed_score(PointKind::LIVE_THREE), 50);
  EXPECT_EQ(seed_score(PointKind::DOUBLE_TWO), 40);
  EXPECT_EQ(seed_score(PointKind::DEAD_THREE), 30);
  EXPECT_EQ(seed_score(PointKind::LIVE_TWO), 20);
  EXPECT_EQ(seed_score(PointKind::DEAD_TWO), 10);
}

TEST(GomokuPatterns, IncrementalDataMatchesAFreshBoard) {
  // Play a game, then compare each point's data with a board built from the same moves.
  const auto moves = *parse_moves("h8i9h9h10g8i8j7g10f9e10i7g6", 15);
  Board inc(15, Rule::RENJU);
  for (Point p : moves) inc.play(p);
  inc.undo();
  inc.undo();
  inc.play(moves[10]);
  inc.play(moves[11]);
  Board fresh(15, Rule::RENJU);
  for (Point p : moves) fresh.play(p);
  EXPECT_EQ(inc.value_sum(Color::BLACK), fresh.value_sum(Color::BLACK));
  EXPECT_EQ(inc.four_cells(Color::WHITE), fresh.four_cells(Color::WHITE));
  for (int y = 0; y < 15; ++y)
    for (int x = 0; x < 15; ++x) {
      const int i = inc.index({x, y});
      if (inc.cell(i) != CELL_EMPTY) continue;
      for (Color c : {Color::BLACK, Color::WHITE}) {
        EXPECT_EQ(inc.kind(c, i), fresh.kind(c, i));
        EXPECT_EQ(inc.value(c, i), fresh.value(c, i));
      }
    }
}

// The move ordering's sort key: best score first, then the lowest cell, and the cell back out
// whatever the score's sign. Pinned to the packing the searches used before the helper
// (-(score << 12) + cell).
TEST(GomokuMoveKey, OrdersByScoreThenCell) {
  EXPECT_EQ(best_first_key(0, 0), 0);
  EXPECT_EQ(best_first_key(3, 17), -(std::int64_t{3} << 12) + 17);
  EXPECT_EQ(best_first_key(-5, 899), std::int64_t{5} * 4096 + 899);
  for (std::int64_t score : {std::int64_t{-70000}, std::int64_t{-1}, std::int64_t{0}, std::int64_t{1}, std::int64_t{1} << 29})
    for (int cell : {0, 1, 450, Board::MAX_CELLS - 1}) EXPECT_EQ(cell_of_key(best_first_key(score, cell)), cell);
  std::vector<std::int64_t> keys = {best_first_key(5, 40), best_first_key(9, 300), best_first_key(5, 12), best_first_key(-2, 0)};
  std::sort(keys.begin(), keys.end());
  std::vector<int> cells;
  for (auto k : keys) cells.push_back(cell_of_key(k));
  EXPECT_EQ(cells, (std::vector<int>{300, 12, 40, 0}));
}

TEST(GomokuEval, SymmetricAndBounded) {
  Board b(15);
  EXPECT_LE(std::abs(evaluate(b)), 1000);
  // One stone decides nothing the fit can see (its games start after the opening): close to even.
  b.play({7, 7});
  EXPECT_LE(std::abs(evaluate(b)), 200);
  // White to move faces black's open three, its own stones far off in the corners: black is
  // clearly better.
  for (Point p : std::vector<Point>{{0, 0}, {8, 7}, {14, 14}, {9, 7}}) b.play(p);
  const int white_view = evaluate(b);
  EXPECT_LT(white_view, -300) << white_view;
  Board swapped(15);
  for (Point p : std::vector<Point>{{0, 0}, {7, 7}, {14, 14}, {8, 7}, {0, 14}, {9, 7}}) swapped.play(p);
  // The colours swapped (white has the three, black the corner stones and the move): white is.
  EXPECT_LT(evaluate(swapped), -300);
}

constexpr Level ALL_LEVELS[] = {Level::SCORER, Level::MINIMAX, Level::MONTECARLO, Level::STRONG};

Limits quick(int depth = 2) {
  Limits l;
  l.time_ms = 200;
  l.depth = depth;
  l.memory_mb = 4;
  return l;
}

TEST(GomokuAi, LevelNames) {
  for (Level l : ALL_LEVELS) EXPECT_EQ(parse_level(level_name(l)), l);
  EXPECT_FALSE(parse_level("grandmaster").has_value());
  EXPECT_EQ(parse_level("STRONG"), Level::STRONG);
}

TEST(GomokuAi, EveryLevelOpensInTheCentreAndPlaysLegalMoves) {
  for (Level level : ALL_LEVELS) {
    auto engine = make_engine(level);
    Board b(15);
    EXPECT_EQ(engine->search(b, quick()).move, (Point{7, 7})) << level_name(level);
    for (int i = 0; i < 6; ++i) {
      const auto r = engine->search(b, quick());
      ASSERT_TRUE(b.empty_at(r.move)) << level_name(level);
      b.play(r.move);
    }
  }
}

TEST(GomokuAi, EveryLevelTakesAFiveAndBlocksAFive) {
  // Black to move with four in a row: everyone wins at once.
  auto win = diagram({"...........", "...........", "..XXXX.....", "...........", "...........", "...........",
                      "...........", "...........", "...........", "O..........", "O.O.O......"},
                     Rule::FREESTYLE);
  // White to move facing black's four: everyone blocks.
  auto block = diagram({"...........", "...........", "..XXXXO....", "...........", "...........", "...........",
                        "...........", "...........", "...........", "X..........", "O.O.O......"},
                       Rule::FREESTYLE);
  for (Level level : ALL_LEVELS) {
    auto engine = make_engine(level);
    const auto w = engine->search(win.board, quick());
    EXPECT_EQ(judge_move(win.board, w.move), Verdict::WINS) << level_name(level);
    EXPECT_EQ(engine->search(block.board, quick()).move, (Point{1, 2})) << level_name(level);
  }
}

// A game AIWine won against tilestone (200 ms, freestyle). After black's k4, black has a
// four-three at g10, but white's forced block of its four (h9) is already a white four, so it is
// no sure threat; white's l6 (a three l5-l6-l7, a counter-attack, not a block) wins. The search
// once allowed only blocks, breaks and fours against any four-three: white saw every move lose,
// and black, to move before k4, saw k4 win in five (it loses).
TEST(GomokuAi, ACounterThreeAnswersAFourThree) {
  const std::string game = "h8h7h10j9h6k8i7k10i8k9k11l7i10i9l9k7k6m7j7m6n5n7o7l5";
  Limits l;
  l.time_ms = 0;
  l.depth = 4;
  l.memory_mb = 4;
  auto after_k4 = board_from_moves(*parse_moves(game + "k4", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(after_k4.ok());
  const auto white = make_engine(Level::STRONG)->search(*after_k4, l);
  EXPECT_EQ(white.move, *parse_point("l6", 15)) << format_moves(white.pv, 15);
  EXPECT_GT(white.value, params::WIN_BOUND);
  auto before = board_from_moves(*parse_moves(game, 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(before.ok());
  const auto black = make_engine(Level::STRONG)->search(*before, l);
  EXPECT_LT(black.value, params::WIN_BOUND) << format_moves(black.pv, 15);
}

// Another game AIWine won (200 ms, freestyle, tilestone white). White's l10 threatens the
// four-three j8 (the four j8-j10-j11-j12, the three i7-j8-_-l10). Black's h6 caps that three
// beyond its end (and makes a three of its own): after it j8 is a four and a dead three. The search
// once allowed against a four-three only points where white would make a three or more, our fours
// and counters; h6 is none of those, so black saw every answer lose and white played l10 as a win
// in seven (it loses).
TEST(GomokuAi, AStoneBeyondTheThreeAnswersAFourThree) {
  const std::string game = "h8j10j6g9f9j12g8j11j13i8h7i6f7i7i9";
  Limits l;
  l.time_ms = 0;
  l.memory_mb = 4;
  auto after_l10 = board_from_moves(*parse_moves(game + "l10", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(after_l10.ok());
  l.depth = 6;
  const auto black = make_engine(Level::STRONG)->search(*after_l10, l);
  EXPECT_GT(black.value, -params::WIN_BOUND) << format_moves(black.pv, 15);
  auto before = board_from_moves(*parse_moves(game, 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(before.ok());
  l.depth = 7;
  const auto white = make_engine(Level::STRONG)->search(*before, l);
  EXPECT_LT(white.value, params::WIN_BOUND) << format_moves(white.pv, 15);
}

TEST(GomokuAi, BlackAvoidsForbiddenPointsUnderRenju) {
  // The only point that blocks white's four (f6) is a double three for black.
  auto d = diagram({"..........X", ".........O.", "........O..", ".....X.O...", ".....XO....",
                    "...XX......", "...........", "...........", "...........", "...........",
                    "O.........."},
                   Rule::RENJU);
  ASSERT_EQ(d.board.to_move(), Color::BLACK);
  for (Level level : ALL_LEVELS) {
    auto engine = make_engine(level);
    const auto r = engine->search(d.board, quick());
    EXPECT_NE(judge_move(d.board, r.move), Verdict::FORBIDDEN) << level_name(level);
  }
  // A simple position: nothing forbidden is chosen over a quiet game either.
  auto q = diagram({"...........", "...........", "...........", ".....X.....", ".....X.....",
                    "...XX......", "...........", "...........", "...........", "...........",
                    "O.O.O.O...."},
                   Rule::RENJU);
  for (Level level : ALL_LEVELS) {
    const auto r = make_engine(level)->search(q.board, quick());
    EXPECT_FALSE(is_forbidden(q.board, r.move)) << level_name(level);
  }
}

TEST(GomokuAi, StrongIsDeterministicAndReports) {
  Board b(15, Rule::STANDARD);
  for (const char* m : {"h8", "i9", "h9", "h10", "g8"}) b.play(*parse_point(m, 15));
  Limits l;
  l.time_ms = 0;
  l.depth = 4;
  l.memory_mb = 4;
  int reports = 0;
  auto a = make_engine(Level::STRONG)->search(b, l, [&](const SearchInfo& info) {
    ++reports;
    EXPECT_GT(info.depth, 0);
  });
  auto c = make_engine(Level::STRONG)->search(b, l);
  EXPECT_EQ(a.move, c.move);
  EXPECT_EQ(a.nodes, c.nodes);
  EXPECT_EQ(a.value, c.value);
  EXPECT_FALSE(a.pv.empty());
  EXPECT_EQ(a.pv.front(), a.move);
  EXPECT_GT(reports, 0);
}

// Threads share out the moves of the main thread's nodes. A root already won before the other
// moves were taken once left a helper's move claimed and never finished, and the main thread
// waited for it for ever; with 2 and 3 threads the search ends, with the win. On a quiet
// position it ends at its depth with a legal move, and within its time.
TEST(GomokuAi, StrongWithThreadsEndsWithTheWinAndInTime) {
  auto won = board_from_moves(*parse_moves("h8i7f8j8j9h7g7i9h6i5h10j5i8k7g8e8d10e9j7m5l6", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(won.ok());
  auto quiet = board_from_moves(*parse_moves("h8i9h9h10g8", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(quiet.ok());
  for (int threads : {2, 3}) {
    Limits l;
    l.time_ms = 0;
    l.depth = 11;
    l.memory_mb = 8;
    l.threads = threads;
    const auto w = make_engine(Level::STRONG)->search(*won, l);
    EXPECT_GT(w.value, params::WIN_BOUND) << threads;
    // Two moves win in 11 plies here (k5 and h4), and which one the threads settle on depends
    // on their timing: the move played must leave the opponent lost.
    ASSERT_TRUE(won->empty_at(w.move)) << threads;
    Board after = *won;
    after.play(w.move);
    Limits reply;
    reply.time_ms = 0;
    reply.depth = 10;
    reply.memory_mb = 8;
    EXPECT_LT(make_engine(Level::STRONG)->search(after, reply).value, -params::WIN_BOUND) << threads;
    l.depth = 6;
    const auto q = make_engine(Level::STRONG)->search(*quiet, l);
    EXPECT_EQ(q.depth, 6) << threads;
    EXPECT_TRUE(quiet->empty_at(q.move)) << threads;
    EXPECT_LT(std::abs(q.value), params::WIN_BOUND) << threads;
    ASSERT_FALSE(q.pv.empty());
    EXPECT_EQ(q.pv.front(), q.move);
    l.depth = 0;
    l.time_ms = 200;
    const auto t = make_engine(Level::STRONG)->search(*quiet, l);
    EXPECT_TRUE(quiet->empty_at(t.move)) << threads;
    EXPECT_LE(t.elapsed_ms, 300.0) << threads;
  }
}

// With one root move (white's four on the i file leaves black only i11) the root has nothing to
// share: when only the root's moves were shared out, the second thread waited through the
// whole search (50,605 nodes with two threads, 50,213 with one). Now it takes moves of the nodes
// below, and the search still plays the block, at the same depth.
TEST(GomokuAi, SecondThreadSearchesWhenTheRootHasOneMove) {
  auto b = board_from_moves(*parse_moves("h8i8j8i7f6i9i6j7h7h9g10l7j9l8l6k6l5k8k7i10", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(b.ok());
  Limits l;
  l.time_ms = 0;
  l.depth = 8;
  l.memory_mb = 16;
  const auto one = make_engine(Level::STRONG)->search(*b, l);
  EXPECT_EQ(one.helper_nodes, 0U);
  l.threads = 2;
  const auto two = make_engine(Level::STRONG)->search(*b, l);
  EXPECT_EQ(one.move, *parse_point("i11", 15));
  EXPECT_EQ(two.move, one.move);
  EXPECT_EQ(two.depth, one.depth);
  EXPECT_GT(two.helper_nodes, two.nodes / 10) << "of " << two.nodes << " nodes";
  // The threads' table entries steer each other's trees, so the value varies from run to run
  // (855 to 1776 seen); neither thread count finds a forced result here.
  EXPECT_LT(std::abs(one.value), params::WIN_BOUND);
  EXPECT_LT(std::abs(two.value), params::WIN_BOUND);
}

// A win by threes only (j8 makes a double three; there is no four to make, so no VCF) that a
// depth-2 search cannot see is found by the root VCT and played, with its line, with 1, 2 and 3
// threads, at a fixed depth and within a time budget.
TEST(GomokuAi, StrongPlaysTheRootVctWithAnyThreads) {
  auto b = board_from_moves(*parse_moves("g8a1h8o1j10a15j11o15", 15), 15, Rule::FREESTYLE);
  ASSERT_TRUE(b.ok());
  for (int threads : {1, 2, 3}) {
    for (int time_ms : {0, 200}) {
      Limits l;
      l.time_ms = time_ms;
      l.depth = time_ms == 0 ? 2 : 0;
      l.memory_mb = 4;
      l.threads = threads;
      const auto r = make_engine(Level::STRONG)->search(*b, l);
      EXPECT_EQ(r.move, *parse_point("j8", 15)) << threads << " threads, " << time_ms << " ms";
      EXPECT_GT(r.value, params::WIN_BOUND) << threads << " threads, " << time_ms << " ms";
      ASSERT_FALSE(r.pv.empty());
      EXPECT_EQ(r.pv.front(), r.move);
      EXPECT_EQ(r.pv.size() % 2, 1U) << "the line ends with our move: " << format_moves(r.pv, 15);
      EXPECT_GT(r.nodes, 0U);
    }
  }
}

// The minimax level reports each finished depth with its value, nodes and time in their own
// fields (a positional initialiser once put the value in `partial` and the node count in `value`
// when SearchInfo gained a field).
TEST(GomokuAi, MinimaxReportsEachDepthInTheRightFields) {
  Board b(15, Rule::FREESTYLE);
  for (const char* m : {"h8", "i9", "h9", "a1", "h10", "a2", "h11"}) b.play(*parse_point(m, 15));
  Limits l;
  l.time_ms = 0;
  l.depth = 2;
  l.seed = 1;
  std::vector<SearchInfo> reports;
  const auto r = make_engine(Level::MINIMAX)->search(b, l, [&](const SearchInfo& info) { reports.push_back(info); });
  ASSERT_FALSE(reports.empty());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_EQ(reports[i].depth, static_cast<int>(i) + 1);
    EXPECT_FALSE(reports[i].partial);
    EXPECT_GT(reports[i].nodes, 0u);
    EXPECT_LE(reports[i].nodes, r.nodes);
  }
  // White to move faces an open four: black makes five next, whatever white plays.
  EXPECT_LT(reports.back().value, -params::WIN_BOUND);
}

TEST(GomokuAi, MinimaxDrawIsSeeded) {
  Board b(15);
  b.play({7, 7});
  auto engine = make_engine(Level::MINIMAX);
  Limits l = quick(1);
  l.seed = 42;
  const Point first = engine->search(b, l).move;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(engine->search(b, l).move, first);
}

// The key learning and the openings tell positions apart by: the same for all eight symmetric images.
std::string symmetric_key(const std::vector<Point>& moves, int size) {
  return canonical(board_from_moves(moves, size, Rule::FREESTYLE).value()).key;
}

TEST(GomokuMatch, SymmetricKeyIsTheSameForAllEightImages) {
  const std::vector<Point> moves = {{7, 7}, {8, 6}, {9, 7}, {5, 8}};
  const auto key = symmetric_key(moves, 15);
  EXPECT_EQ(symmetric_key({{7, 7}, {6, 6}, {5, 7}, {9, 8}}, 15), key);    // mirrored left-right
  EXPECT_EQ(symmetric_key({{7, 7}, {6, 8}, {7, 9}, {8, 5}}, 15), key);    // transposed, then mirrored
  EXPECT_EQ(symmetric_key({{9, 7}, {5, 8}, {7, 7}, {8, 6}}, 15), key);    // same stones, other order
  EXPECT_NE(symmetric_key({{8, 6}, {7, 7}, {5, 8}, {9, 7}}, 15), key);    // colours swapped
  EXPECT_NE(symmetric_key({{7, 7}, {8, 6}, {9, 7}, {5, 9}}, 15), key);
}

// Replays a claimed VCF with the exact rules: each attacker move but the last makes a five
// point, each defence takes the only one, the defender never has a five, the last move wins.
::testing::AssertionResult is_forced_win(Board b, const std::vector<Point>& line) {
  const Color attacker = b.to_move();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const Point p = line[i];
    const Verdict v = judge_move(b, p);
    if (i + 1 == line.size()) {
      if (b.to_move() != attacker) return ::testing::AssertionFailure() << "the line ends with a defence";
      if (v == Verdict::WINS) return ::testing::AssertionSuccess();
      // Or a live four / double four: two five points the defender cannot both take.
      b.play(p);
      int fives = 0, defender_fives = 0;
      for (int y = 0; y < b.size(); ++y)
        for (int x = 0; x < b.size(); ++x) {
          fives += makes_five(b, {x, y}, attacker) ? 1 : 0;
          defender_fives += makes_five(b, {x, y}, b.to_move()) ? 1 : 0;
        }
      if (fives >= 2 && defender_fives == 0) return ::testing::AssertionSuccess();
      return ::testing::AssertionFailure() << "last move " << format_point(p, b.size()) << " does not win";
    }
    if (v != Verdict::NORMAL) return ::testing::AssertionFailure() << "move " << i << " is not a normal move";
    if (b.to_move() == attacker) {
      b.play(p);
      int fives = 0, defender_fives = 0;
      for (int y = 0; y < b.size(); ++y)
        for (int x = 0; x < b.size(); ++x) {
          fives += makes_five(b, {x, y}, attacker) ? 1 : 0;
          defender_fives += makes_five(b, {x, y}, b.to_move()) ? 1 : 0;
        }
      if (fives == 0) return ::testing::AssertionFailure() << "move " << i << " is no four";
      if (defender_fives) return ::testing::AssertionFailure() << "the defender has a five after move " << i;
    } else {
      b.play(p);
    }
  }
  return ::testing::AssertionFailure() << "empty line";
}

TEST(GomokuVcf, StrongSolvesTheSuite) {
  std::ifstream in(std::string(TILESTONE_SOURCE_DIR) + "/tests/data/gomoku/vcf.txt");
  ASSERT_TRUE(in.good());
  std::string line;
  int cases = 0;
  auto engine = make_engine(Level::STRONG);
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string rule_name, moves;
    fields >> rule_name >> moves;
    const auto rule = parse_rule(rule_name);
    ASSERT_TRUE(rule.has_value()) << line;
    auto board = board_from_moves(*parse_moves(moves, 15), 15, *rule);
    ASSERT_TRUE(board.ok()) << line;
    Limits l;
    l.time_ms = 0;
    l.depth = 1;
    l.memory_mb = 4;
    const auto r = engine->search(*board, l);
    EXPECT_GT(r.value, params::WIN_BOUND) << line;
    EXPECT_TRUE(is_forced_win(*board, r.pv)) << line << " pv " << format_moves(r.pv, 15);
    ++cases;
  }
  EXPECT_GE(cases, 20);
}

// The table of failed threat searches changes how much is searched, never the answer: on every
// suite position (a VCF for the side to move) and on the same position with the move handed to
// the defender (mostly no win), the search with a table agrees with the one without, in no more
// nodes; and a second search on the warm table agrees again.
TEST(GomokuVcf, ThreatCacheKeepsTheAnswers) {
  std::ifstream in(std::string(TILESTONE_SOURCE_DIR) + "/tests/data/gomoku/vcf.txt");
  ASSERT_TRUE(in.good());
  std::string line;
  int cases = 0;
  std::uint64_t plain_nodes = 0, cached_nodes = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string rule_name, moves;
    fields >> rule_name >> moves;
    auto board = board_from_moves(*parse_moves(moves, 15), 15, *parse_rule(rule_name));
    ASSERT_TRUE(board.ok()) << line;
    for (bool handed_over : {false, true}) {
      Board b = *board;
      if (handed_over) b.pass();
      const std::uint64_t hash = b.hash();
      for (bool threes : {false, true}) {
        ThreatBudget budget;
        budget.max_depth = threes ? 4 : 20;
        budget.max_nodes = 2'000'000;
        const auto plain = threes ? find_vct(b, budget) : find_vcf(b, budget);
        ASSERT_LT(plain.nodes, budget.max_nodes) << line;
        ThreatCache cache;
        budget.cache = &cache;
        const auto cached = threes ? find_vct(b, budget) : find_vcf(b, budget);
        const auto again = threes ? find_vct(b, budget) : find_vcf(b, budget);
        EXPECT_EQ(cached.found, plain.found) << line << (threes ? " VCT" : " VCF") << (handed_over ? ", handed over" : "");
        EXPECT_EQ(again.found, plain.found) << line;
        if (!threes) {
          EXPECT_LE(cached.nodes, plain.nodes) << line;
        }
        if (!threes && plain.found) {
          std::vector<Point> pv;
          for (int m : cached.line) pv.push_back(b.point(m));
          EXPECT_TRUE(is_forced_win(b, pv)) << line;
        }
        plain_nodes += plain.nodes;
        cached_nodes += cached.nodes;
      }
      EXPECT_EQ(b.hash(), hash) << "the searches leave the board as they found it";
    }
    ++cases;
  }
  EXPECT_GE(cases, 20);
  EXPECT_LT(cached_nodes, plain_nodes);
}

}  // namespace

namespace {

TEST(GomokuBench, DeterministicNodesAndSignature) {
  const auto a = run_bench();
  const auto b = run_bench();
  EXPECT_GT(a.nodes, 0u);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.signature, b.signature);
}

}  // namespace
