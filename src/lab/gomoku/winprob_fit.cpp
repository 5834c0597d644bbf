#include "lab/gomoku/winprob_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/params.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"

namespace tilestone::gomoku {

std::optional<int> fixed_depth_value(Engine& engine, const Board& board, int depth) {
  Limits limits;
  limits.time_ms = 0;  // a fixed depth: the same values on every machine
  limits.depth = depth;
  limits.memory_mb = 8;
  engine.clear();
  const SearchResult r = engine.search(board, limits);
  if (std::abs(r.value) > params::WIN_BOUND) return std::nullopt;
  return r.value;
}

std::vector<ValueSample> value_samples(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip,
                                       int count, int depth, std::uint64_t seed) {
  std::vector<ValueSample> out;
  const int n = static_cast<int>(moves.size());
  // The last two positions are decided by a five on the board: nothing to calibrate there.
  const int first = std::max(0, skip), last = n - 2;
  if (last <= first || count <= 0) return out;
  std::vector<int> plies;
  core::Rng rng(seed);
  for (int i = 0; i < count; ++i) plies.push_back(first + static_cast<int>(rng.below(static_cast<std::uint32_t>(last - first))));
  std::sort(plies.begin(), plies.end());
  plies.erase(std::unique(plies.begin(), plies.end()), plies.end());

  Board board(size, rule);
  auto engine = make_strong_engine();
  std::size_t next = 0;
  for (int ply = 0; ply < last && next < plies.size(); ++ply) {
    if (ply == plies[next]) {
      ++next;
      if (const std::optional<int> value = fixed_depth_value(*engine, board, depth)) {
        const Color me = board.to_move();
        const double result = outcome == Outcome::DRAW || outcome == Outcome::NONE ? 0.5
                              : lost(outcome, me)                              ? 0.0
                                                                               : 1.0;
        out.push_back({*value, result});
      }
    }
    board.play(moves[static_cast<std::size_t>(ply)]);
  }
  return out;
}

double winprob_log_loss(const std::vector<ValueSample>& samples, double scale) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const auto& s : samples) {
    const double p = std::clamp(win_probability(s.value, scale), 1e-9, 1.0 - 1e-9);
    sum -= s.result * std::log(p) + (1.0 - s.result) * std::log(1.0 - p);
  }
  return sum / static_cast<double>(samples.size());
}

double fit_winprob_scale(const std::vector<ValueSample>& samples) {
  // The loss is unimodal in log(scale): a golden-section search over 1..100,000 points.
  double lo = std::log(1.0), hi = std::log(100000.0);
  const double g = (std::sqrt(5.0) - 1.0) / 2.0;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = winprob_log_loss(samples, std::exp(a)), fb = winprob_log_loss(samples, std::exp(b));
  for (int i = 0; i < 80; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - g * (hi - lo);
      fa = winprob_log_loss(samples, std::exp(a));
    } else {
      lo = a, a = b, fa = fb;
      b = lo + g * (hi - lo);
      fb = winprob_log_loss(samples, std::exp(b));
    }
  }
  return std::exp((lo + hi) / 2.0);
}

std::vector<CalibrationBin> calibration(const std::vector<ValueSample>& samples, double scale, int bins) {
  std::vector<CalibrationBin> out(static_cast<std::size_t>(std::max(1, bins)));
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].lo = static_cast<double>(i) / static_cast<double>(out.size());
    out[i].hi = static_cast<double>(i + 1) / static_cast<double>(out.size());
  }
  for (const auto& s : samples) {
    const double p = win_probability(s.value, scale);
    auto k = static_cast<std::size_t>(p * static_cast<double>(out.size()));
    k = std::min(k, out.size() - 1);
    out[k].count++;
    out[k].predicted += p;
    out[k].observed += s.result;
  }
  for (auto& b : out)
    if (b.count) b.predicted /= static_cast<double>(b.count), b.observed /= static_cast<double>(b.count);
  return out;
}

}  // namespace tilestone::gomoku
