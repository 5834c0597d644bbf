#include "g2048/heuristic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "g2048/params.h"

namespace tilestone::g2048 {

namespace {

float row_score(const std::array<int, 4>& rank) {
  double sum = 0;
  int empty = 0, merges = 0;
  int prev = 0, run = 0;
  for (int v : rank) {
    sum += std::pow(static_cast<double>(v), params::ROW_SUM_POWER);
    if (v == 0) {
      ++empty;
      continue;
    }
    // Runs of equal tiles, empties skipped: a run of k tiles offers k - 1 merges.
    if (v == prev) {
      ++run;
    } else {
      if (run > 0) merges += run;
      run = 0;
      prev = v;
    }
  }
  if (run > 0) merges += run;

  double up = 0, down = 0;
  for (int i = 0; i < 3; ++i) {
    const double a = std::pow(static_cast<double>(rank[i]), params::ROW_MONO_POWER);
    const double b = std::pow(static_cast<double>(rank[i + 1]), params::ROW_MONO_POWER);
    if (rank[i] > rank[i + 1]) up += a - b;
    else down += b - a;
  }
  return static_cast<float>(params::ROW_BASE + params::ROW_EMPTY * empty + params::ROW_MERGE * merges -
                            params::ROW_MONO * std::min(up, down) - params::ROW_SUM * sum);
}

std::unique_ptr<std::array<float, 65536>> build_row_heuristic() {
  auto t = std::make_unique<std::array<float, 65536>>();
  for (std::uint32_t r = 0; r < 65536; ++r)
    (*t)[r] = row_score({static_cast<int>(r & 0xF), static_cast<int>((r >> 4) & 0xF),
                         static_cast<int>((r >> 8) & 0xF), static_cast<int>((r >> 12) & 0xF)});
  return t;
}

}  // namespace

const std::array<float, 65536>& row_heuristic_table() {
  static const std::unique_ptr<std::array<float, 65536>> table = build_row_heuristic();
  return *table;
}

namespace seed002 {

namespace {

// The seed's walk along one line: compare each tile with the next non-empty cell (or the last
// cell), accumulating the decreases and the increases separately.
void line_monotonicity(const std::array<int, 4>& line, int& dec, int& inc) {
  int current = 0, next = 1;
  while (next < 4) {
    while (next < 4 && line[next] == 0) ++next;
    if (next >= 4) --next;
    const int cv = line[current], nv = line[next];
    if (cv > nv) dec += nv - cv;
    else if (nv > cv) inc += cv - nv;
    current = next;
    ++next;
  }
}

// Per-line terms of the seed's heuristics, so that a board takes eight lookups per term: rows
// read left to right, and the transposed board's rows are the columns read top to bottom.
struct LineTables {
  std::array<std::int16_t, 65536> gaps;  // sum of |e - e'| to the next tile along the line
  std::array<std::int16_t, 65536> dec;   // the seed's monotonicity decreases (<= 0)
  std::array<std::int16_t, 65536> inc;   // and increases (<= 0)
};

std::unique_ptr<LineTables> build_line_tables() {
  auto t = std::make_unique<LineTables>();
  for (std::uint32_t r = 0; r < 65536; ++r) {
    const std::array<int, 4> line{static_cast<int>(r & 0xF), static_cast<int>((r >> 4) & 0xF),
                                  static_cast<int>((r >> 8) & 0xF), static_cast<int>((r >> 12) & 0xF)};
    int gaps = 0;
    for (int i = 0; i < 4; ++i) {
      if (line[i] == 0) continue;
      for (int j = i + 1; j < 4; ++j)
        if (line[j] != 0) {
          gaps += std::abs(line[i] - line[j]);
          break;
        }
    }
    int dec = 0, inc = 0;
    line_monotonicity(line, dec, inc);
    t->gaps[r] = static_cast<std::int16_t>(gaps);
    t->dec[r] = static_cast<std::int16_t>(dec);
    t->inc[r] = static_cast<std::int16_t>(inc);
  }
  return t;
}

const LineTables& line_tables() {
  static const std::unique_ptr<LineTables> tables = build_line_tables();
  return *tables;
}

template <class Table>
int sum_lines(const Table& t, std::uint64_t bits) {
  return t[bits & 0xFFFF] + t[(bits >> 16) & 0xFFFF] + t[(bits >> 32) & 0xFFFF] + t[bits >> 48];
}

// Cells reachable from `seed` inside `mask` (4-neighbourhood on the 4x4 grid, bit i = cell i).
std::uint16_t flood(std::uint16_t seed, std::uint16_t mask) {
  constexpr std::uint32_t NOT_COL0 = 0xEEEE, NOT_COL3 = 0x7777;
  std::uint32_t region = seed, prev = 0;
  while (region != prev) {
    prev = region;
    region |= ((region << 1) & NOT_COL0) | ((region >> 1) & NOT_COL3) | (region << 4) | (region >> 4);
    region &= mask;
  }
  return static_cast<std::uint16_t>(region);
}

}  // namespace

void init_tables() { (void)line_tables(); }

double smoothness(Board b) {
  const auto& t = line_tables();
  return -(sum_lines(t.gaps, b.bits()) + sum_lines(t.gaps, b.transposed().bits()));
}

double monotonicity(Board b) {
  const auto& t = line_tables();
  const std::uint64_t rows = b.bits(), cols = b.transposed().bits();
  return std::max(sum_lines(t.dec, rows), sum_lines(t.inc, rows)) + std::max(sum_lines(t.dec, cols), sum_lines(t.inc, cols));
}

namespace {

// One mask of cells per exponent (bit i = cell i); masks[0] holds the empty cells.
std::array<std::uint16_t, 16> exponent_masks(Board b) {
  std::array<std::uint16_t, 16> masks{};
  for (int i = 0; i < 16; ++i) masks[static_cast<std::size_t>(b.at(i))] |= static_cast<std::uint16_t>(1u << i);
  return masks;
}

// The connected groups of the tiles of each exponent.
int count_groups(const std::array<std::uint16_t, 16>& masks) {
  int count = 0;
  for (std::size_t e = 1; e < 16; ++e) {
    for (std::uint16_t m = masks[e]; m;) {
      m &= static_cast<std::uint16_t>(~flood(static_cast<std::uint16_t>(m & -m), m));
      ++count;
    }
  }
  return count;
}

}  // namespace

int islands(Board b) { return count_groups(exponent_masks(b)); }

Placements placement_fitness(Board b) {
  const auto& t = line_tables();
  const std::uint64_t rows = b.bits(), cols = b.transposed().bits();
  const int gaps = sum_lines(t.gaps, rows) + sum_lines(t.gaps, cols);
  const auto masks = exponent_masks(b);
  const int groups = count_groups(masks);
  Placements out;
  for (auto& fitness : out) fitness.fill(std::numeric_limits<int>::min());
  for (int k = 0; k < 2; ++k) {
    const int exponent = k + 1;
    // The groups of tiles equal to the placed one: a new tile joins every group it touches.
    const std::uint16_t same = masks[static_cast<std::size_t>(exponent)];
    std::array<std::uint16_t, 16> group_masks{};
    int group_count = 0;
    for (std::uint16_t m = same; m;) {
      const std::uint16_t g = flood(static_cast<std::uint16_t>(m & -m), m);
      group_masks[static_cast<std::size_t>(group_count++)] = g;
      m &= static_cast<std::uint16_t>(~g);
    }
    for (std::uint32_t m = masks[0]; m; m &= m - 1) {
      const int cell = __builtin_ctz(m), r = cell / 4, c = cell % 4;
      const unsigned row = (rows >> (16 * r)) & 0xFFFF, col = (cols >> (16 * c)) & 0xFFFF;
      const unsigned new_row = row | (static_cast<unsigned>(exponent) << (4 * c));
      const unsigned new_col = col | (static_cast<unsigned>(exponent) << (4 * r));
      const int new_gaps = gaps - t.gaps[row] + t.gaps[new_row] - t.gaps[col] + t.gaps[new_col];
      const std::uint32_t bit = 1u << cell;
      const std::uint32_t neighbours = ((bit << 1) & 0xEEEE) | ((bit >> 1) & 0x7777) | ((bit << 4) & 0xFFFF) | (bit >> 4);
      int joined = 0;
      for (int g = 0; g < group_count; ++g) joined += (group_masks[static_cast<std::size_t>(g)] & neighbours) != 0;
      out[static_cast<std::size_t>(k)][static_cast<std::size_t>(cell)] = new_gaps + groups + 1 - joined;
    }
  }
  return out;
}

double evaluate(Board b) {
  // ln of the empty count from a table (the same doubles std::log gives); after any legal move
  // at least one cell is empty, and the guard only keeps ln finite.
  static const std::array<double, 17> LN = [] {
    std::array<double, 17> v{};
    for (int i = 1; i <= 16; ++i) v[static_cast<std::size_t>(i)] = std::log(static_cast<double>(i));
    return v;
  }();
  const int empty = std::max(1, b.empty_count());
  return smoothness(b) * params::SEED_SMOOTH + monotonicity(b) * params::SEED_MONO +
         LN[static_cast<std::size_t>(empty)] * params::SEED_EMPTY + b.max_exponent() * params::SEED_MAX;
}

}  // namespace seed002

namespace seed004 {

std::array<double, 6> terms(Board b) {
  // The snake: row 0 left to right, row 1 right to left, and so on.
  int snake[16];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) snake[4 * r + c] = b.at(r, (r % 2 == 0) ? c : 3 - c);
  double smooth = 0, mono = 0;
  for (int i = 1; i < 16; ++i) {
    smooth -= std::abs(snake[i] - snake[i - 1]);
    if (snake[i] < snake[i - 1]) mono -= 1;
  }
  int counts[16] = {};
  double sum = 0;
  for (int i = 0; i < 16; ++i) {
    ++counts[b.at(i)];
    sum += b.at(i);
  }
  double repeats = 0;
  for (int e = 1; e < 16; ++e)
    if (counts[e] > 1) repeats -= counts[e] - 1;
  return {smooth, mono, static_cast<double>(counts[0]), static_cast<double>(b.max_exponent()), repeats, sum / 16.0};
}

double evaluate(Board b, const Seed004Weights& w) {
  const auto t = terms(b);
  double v = 0;
  for (int i = 0; i < 6; ++i) v += w[i] * t[i];
  return v;
}

}  // namespace seed004

}  // namespace tilestone::g2048
