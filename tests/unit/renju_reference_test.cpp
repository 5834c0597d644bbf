// A second renju forbidden-point checker, written straight from the RIF definitions and kept
// deliberately simple and slow, compared with the engine's on positions from seeded random renju
// games at every empty point.
//
// The definitions (RIF, black only; white is unrestricted):
//   five        : exactly five black stones in a row.
//   overline    : six or more in a row.
//   four        : a row where one more stone makes a five. Two fours through the new stone make a
//                 double four, also when they lie on one line (X.XXX.X, XX.XX.XX, XXX.X.XXX).
//   straight four: four in a row where both ends give a five.
//   three       : a row where one more black stone makes a straight four, and that stone is
//                 itself legal (not forbidden, checked with the hypothetical stones in place) and
//                 does not at the same time make a five.
//   forbidden   : overline, double four or double three through the new stone, unless the same
//                 stone makes a five. Only lines through the new stone count; the edge blocks.
//
// The test runs RENJU_REFERENCE_POSITIONS positions (20,000 in a Release build, fewer under the
// sanitizers; the environment variable of that name overrides the count, and
// RENJU_REFERENCE_SEED picks other games):
//   RENJU_REFERENCE_POSITIONS=200000 RENJU_REFERENCE_SEED=7 build/unit_tests --gtest_filter='RenjuReference*' 

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.h"
#include "gomoku/board.h"
#include "gomoku/rules.h"

using namespace tilestone::gomoku;

namespace {

// ---------------------------------------------------------------------------------------------
// The reference checker: a plain n x n grid, no pattern tables, no shared code with the engine.

enum Stone : char { NONE = '.', BLK = 'X', WHT = 'O' };

struct Grid {
  int n;
  std::vector<char> cells;

  explicit Grid(int size) : n(size), cells(static_cast<std::size_t>(size * size), NONE) {}
  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < n && y < n; }
  char at(int x, int y) const { return inside(x, y) ? cells[static_cast<std::size_t>(y * n + x)] : static_cast<char>(WHT); }
  void set(int x, int y, char s) { cells[static_cast<std::size_t>(y * n + x)] = s; }
};

constexpr int DX[4] = {1, 0, 1, 1};
constexpr int DY[4] = {0, 1, 1, -1};

// Length of the black run through (x, y) along direction d; (x, y) must hold black.
int black_run(const Grid& g, int x, int y, int d) {
  int len = 1;
  for (int k = 1; g.at(x + k * DX[d], y + k * DY[d]) == BLK; ++k) ++len;
  for (int k = 1; g.at(x - k * DX[d], y - k * DY[d]) == BLK; ++k) ++len;
  return len;
}

// Would black on the empty (x, y) make exactly five on some line?
bool makes_exact_five(Grid& g, int x, int y) {
  g.set(x, y, BLK);
  bool five = false;
  for (int d = 0; d < 4; ++d) five |= black_run(g, x, y, d) == 5;
  g.set(x, y, NONE);
  return five;
}

// The black run through (x, y) along d as the list of its positions (from one end to the other).
std::vector<std::pair<int, int>> run_cells(const Grid& g, int x, int y, int d) {
  int lo = 0, hi = 0;
  while (g.at(x + (lo - 1) * DX[d], y + (lo - 1) * DY[d]) == BLK) --lo;
  while (g.at(x + (hi + 1) * DX[d], y + (hi + 1) * DY[d]) == BLK) ++hi;
  std::vector<std::pair<int, int>> out;
  for (int k = lo; k <= hi; ++k) out.emplace_back(x + k * DX[d], y + k * DY[d]);
  return out;
}

// Fours through the black stone on (x, y) along d: each is the set of four black stones that one
// more stone (some empty point e on the line) turns into exactly five including (x, y). A straight
// four has two such points but one set of stones, so it is one four.
int count_fours(Grid& g, int x, int y, int d) {
  std::set<std::vector<std::pair<int, int>>> fours;
  for (int k = -4; k <= 4; ++k) {
    const int ex = x + k * DX[d], ey = y + k * DY[d];
    if (k == 0 || !g.inside(ex, ey) || g.at(ex, ey) != NONE) continue;
    g.set(ex, ey, BLK);
    auto run = run_cells(g, ex, ey, d);
    g.set(ex, ey, NONE);
    if (run.size() != 5) continue;
    bool has_p = false;
    std::vector<std::pair<int, int>> stones;
    for (auto c : run) {
      if (c == std::make_pair(x, y)) has_p = true;
      if (c != std::make_pair(ex, ey)) stones.push_back(c);
    }
    if (has_p) fours.insert(stones);
  }
  return static_cast<int>(fours.size());
}

bool reference_forbidden(Grid& g, int x, int y);

// Is there a straight four along d through both (x, y) and (ex, ey), all black now? Four in a
// row, both ends empty points where black makes exactly five.
bool straight_four_through(Grid& g, int x, int y, int d, int ex, int ey) {
  const auto run = run_cells(g, x, y, d);
  if (run.size() != 4) return false;
  bool has_e = false;
  for (auto c : run) has_e |= c == std::make_pair(ex, ey);
  if (!has_e) return false;
  const auto [ax, ay] = run.front();
  const auto [bx, by] = run.back();
  const int lx = ax - DX[d], ly = ay - DY[d], rx = bx + DX[d], ry = by + DY[d];
  if (!g.inside(lx, ly) || !g.inside(rx, ry) || g.at(lx, ly) != NONE || g.at(rx, ry) != NONE) return false;
  // Each end must make exactly five along d (not six with a stone beyond it).
  g.set(lx, ly, BLK);
  const bool left = black_run(g, lx, ly, d) == 5;
  g.set(lx, ly, NONE);
  g.set(rx, ry, BLK);
  const bool right = black_run(g, rx, ry, d) == 5;
  g.set(rx, ry, NONE);
  return left && right;
}

// A three through the black stone on (x, y) along d: one more black stone e on the line makes a
// straight four through (x, y) and e, and e neither makes a five nor is forbidden itself (with
// the stone on (x, y) in place).
bool is_three(Grid& g, int x, int y, int d) {
  for (int k = -4; k <= 4; ++k) {
    const int ex = x + k * DX[d], ey = y + k * DY[d];
    if (k == 0 || !g.inside(ex, ey) || g.at(ex, ey) != NONE) continue;
    g.set(ex, ey, BLK);
    const bool straight = straight_four_through(g, x, y, d, ex, ey);
    g.set(ex, ey, NONE);
    if (!straight) continue;
    if (makes_exact_five(g, ex, ey)) continue;
    if (reference_forbidden(g, ex, ey)) continue;
    return true;
  }
  return false;
}

// Black to play on the empty (x, y): forbidden?
bool reference_forbidden(Grid& g, int x, int y) {
  g.set(x, y, BLK);
  bool five = false, overline = false;
  int fours = 0, threes = 0;
  for (int d = 0; d < 4; ++d) {
    const int len = black_run(g, x, y, d);
    five |= len == 5;
    overline |= len >= 6;
  }
  if (!five && !overline) {
    for (int d = 0; d < 4; ++d) fours += count_fours(g, x, y, d);
    if (fours < 2)
      for (int d = 0; d < 4; ++d) threes += is_three(g, x, y, d) ? 1 : 0;
  }
  g.set(x, y, NONE);
  return !five && (overline || fours >= 2 || threes >= 2);
}

// ---------------------------------------------------------------------------------------------
// Positions: seeded random renju games.

Grid grid_of(const Board& b) {
  Grid g(b.size());
  for (int y = 0; y < b.size(); ++y)
    for (int x = 0; x < b.size(); ++x) {
      const auto c = b.at({x, y});
      if (c) g.set(x, y, *c == Color::BLACK ? BLK : WHT);
    }
  return g;
}

std::string picture(const Board& b, Point mark) {
  std::ostringstream out;
  for (int y = 0; y < b.size(); ++y) {
    for (int x = 0; x < b.size(); ++x) {
      const auto c = b.at({x, y});
      out << (Point{x, y} == mark ? '?' : !c ? '.' : *c == Color::BLACK ? 'X' : 'O');
    }
    out << '\n';
  }
  return out.str();
}

int position_count() {
  if (const char* env = std::getenv("RENJU_REFERENCE_POSITIONS")) return std::atoi(env);
#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
  return 1500;
#else
  return 20000;
#endif
}

// One random point next to a black stone (dense play), or anywhere near the stones.
Point pick_move(const Board& b, tilestone::core::Rng& rng, bool dense) {
  const int n = b.size();
  std::vector<Point> near_black, near_any, all;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      if (!b.empty_at({x, y})) continue;
      all.push_back({x, y});
      bool nb = false, na = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const auto c = b.inside({x + dx, y + dy}) ? b.at({x + dx, y + dy}) : std::nullopt;
          if (!c) continue;
          na = true;
          nb |= *c == Color::BLACK;
        }
      if (nb) near_black.push_back({x, y});
      if (na) near_any.push_back({x, y});
    }
  const auto& pool = dense && !near_black.empty() ? near_black : !near_any.empty() ? near_any : all;
  return pool[rng.below(static_cast<std::uint32_t>(pool.size()))];
}

TEST(RenjuReference, AgreesWithTheEngineOnRandomGames) {
  const char* seed = std::getenv("RENJU_REFERENCE_SEED");
  tilestone::core::Rng rng(seed ? std::strtoull(seed, nullptr, 10) : 20261122);
  const int target = position_count();
  int positions = 0, points = 0, forbidden_seen = 0, disagreements = 0;
  while (positions < target) {
    const int size = rng.below(4) == 0 ? 9 + static_cast<int>(rng.below(7)) : 15;
    Board b(size, Rule::RENJU);
    // Three styles: ordinary random play near the stones; black dense next to its own stones
    // with white mostly elsewhere; and black dense with white blocking now and then.
    const int style = static_cast<int>(rng.below(3));
    const int length = 6 + static_cast<int>(rng.below(static_cast<std::uint32_t>(size * size / 3)));
    for (int ply = 0; ply < length && !b.full() && positions < target; ++ply) {
      const bool black = b.to_move() == Color::BLACK;
      Point p;
      if (black) {
        p = pick_move(b, rng, style != 0);
      } else if (style == 1 || (style == 2 && rng.below(4) != 0)) {
        // White far from the action: any empty point.
        do p = {static_cast<int>(rng.below(static_cast<std::uint32_t>(size))),
                static_cast<int>(rng.below(static_cast<std::uint32_t>(size)))};
        while (!b.empty_at(p));
      } else {
        p = pick_move(b, rng, false);
      }
      const Verdict v = judge_move(b, p);
      if (v == Verdict::FORBIDDEN) continue;  // black does not play a forbidden point
      b.play(p);
      if (v == Verdict::WINS) break;
      if (b.to_move() != Color::BLACK) continue;  // positions with black to move
      ++positions;
      Grid g = grid_of(b);
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
          if (!b.empty_at({x, y})) continue;
          ++points;
          const bool ref = reference_forbidden(g, x, y);
          const bool eng = is_forbidden(b, {x, y});
          forbidden_seen += ref ? 1 : 0;
          if (ref != eng && ++disagreements <= 5)
            ADD_FAILURE() << "engine says " << (eng ? "forbidden" : "legal") << ", reference says "
                          << (ref ? "forbidden" : "legal") << " at ?\n"
                          << picture(b, {x, y});
        }
    }
  }
  EXPECT_EQ(disagreements, 0);
  // The positions must exercise the rule: many forbidden points among them.
  EXPECT_GT(forbidden_seen, positions / 20);
  std::printf("[ renju    ] %d positions, %d points, %d forbidden, %d disagreements\n", positions, points,
              forbidden_seen, disagreements);
}

}  // namespace
