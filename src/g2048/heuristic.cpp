#include "g2048/heuristic.h"

#include <algorithm>
#include <cmath>
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

double smoothness(Board b) {
  double s = 0;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      const int v = b.at(r, c);
      if (v == 0) continue;
      // The nearest tile to the right, then the nearest tile below.
      for (int cc = c + 1; cc < 4; ++cc)
        if (b.at(r, cc) != 0) {
          s -= std::abs(v - b.at(r, cc));
          break;
        }
      for (int rr = r + 1; rr < 4; ++rr)
        if (b.at(rr, c) != 0) {
          s -= std::abs(v - b.at(rr, c));
          break;
        }
    }
  }
  return s;
}

namespace {
// The seed's walk along one line: compare each tile with the next non-empty cell (or the last
// cell), accumulating the decreases and the increases separately.
void line_monotonicity(const std::array<int, 4>& line, double& dec, double& inc) {
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
}  // namespace

double monotonicity(Board b) {
  double totals[4] = {0, 0, 0, 0};
  for (int r = 0; r < 4; ++r)
    line_monotonicity({b.at(r, 0), b.at(r, 1), b.at(r, 2), b.at(r, 3)}, totals[0], totals[1]);
  for (int c = 0; c < 4; ++c)
    line_monotonicity({b.at(0, c), b.at(1, c), b.at(2, c), b.at(3, c)}, totals[2], totals[3]);
  return std::max(totals[0], totals[1]) + std::max(totals[2], totals[3]);
}

int islands(Board b) {
  std::uint16_t seen = 0;
  int count = 0;
  int stack[16];
  for (int start = 0; start < 16; ++start) {
    if (b.at(start) == 0 || (seen >> start & 1)) continue;
    ++count;
    const int v = b.at(start);
    int top = 0;
    stack[top++] = start;
    seen |= static_cast<std::uint16_t>(1u << start);
    while (top > 0) {
      const int cell = stack[--top];
      const int r = cell / 4, c = cell % 4;
      const int nbr[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& n : nbr) {
        if (n[0] < 0 || n[0] > 3 || n[1] < 0 || n[1] > 3) continue;
        const int k = 4 * n[0] + n[1];
        if ((seen >> k & 1) || b.at(k) != v) continue;
        seen |= static_cast<std::uint16_t>(1u << k);
        stack[top++] = k;
      }
    }
  }
  return count;
}

double evaluate(Board b) {
  // After any legal move at least one cell is empty; the guard only keeps ln finite.
  const int empty = std::max(1, b.empty_count());
  return smoothness(b) * params::SEED_SMOOTH + monotonicity(b) * params::SEED_MONO +
         std::log(static_cast<double>(empty)) * params::SEED_EMPTY + b.max_exponent() * params::SEED_MAX;
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
