#include "gomoku/winprob.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "gomoku/ai.h"

namespace tilestone::gomoku {
namespace {

// The win chance in whole percent, "62" (printf's rounding, which fmt's "{:.0f}" shares).
std::string percent(double p) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f", 100.0 * p);
  return text;
}

}  // namespace

double win_probability(int value, double scale) {
  if (value > params::WIN_BOUND) return 1.0;
  if (value < -params::WIN_BOUND) return 0.0;
  return 1.0 / (1.0 + std::exp(-static_cast<double>(value) / scale));
}

std::optional<int> mate_moves(int value) {
  const auto plies = plies_to_win(value);
  if (!plies) return std::nullopt;
  const int moves = std::max(1, (*plies + 1) / 2);
  return value > 0 ? moves : -moves;
}

std::string format_value(int value) {
  if (auto m = mate_moves(value)) return (*m > 0 ? "+M" : "-M") + std::to_string(std::abs(*m));
  return percent(win_probability(value)) + "%";
}

std::string describe_value(int value) {
  if (auto m = mate_moves(value)) {
    const int n = std::abs(*m);
    return (*m > 0 ? "win in " : "loss in ") + std::to_string(n) + (n == 1 ? " move" : " moves");
  }
  return percent(win_probability(value)) + "% to win";
}

}  // namespace tilestone::gomoku
