#include "lab/match/sprt.h"

#include <algorithm>
#include <cmath>

namespace tilestone::match {
namespace {

// The expected score of a logistic Elo difference.
double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double elo_of(double score) {
  score = std::clamp(score, 1e-6, 1.0 - 1e-6);
  return std::clamp(-400.0 * std::log10(1.0 / score - 1.0), -1000.0, 1000.0);
}

// Mean and variance of a discrete distribution of results, with a prior worth one result spread
// over the outcomes (`prior`, summing to 1). Without it a run of identical results has no
// variance and decides the test at once: ten Gomoku pairs each split 1 : 1 by the colours (the
// usual start with unbalanced openings) gave an LLR of -104 and accepted H0 after 20 games.
struct Moments {
  double n = 0, mean = 0, var = 0;
};
template <std::size_t K>
Moments moments(const std::array<double, K>& values, const std::array<int, K>& counts, const std::array<double, K>& prior) {
  Moments m;
  double total = 0;
  for (std::size_t i = 0; i < K; ++i) total += counts[i] + prior[i];
  for (std::size_t i = 0; i < K; ++i) m.mean += values[i] * (counts[i] + prior[i]) / total;
  for (std::size_t i = 0; i < K; ++i) m.var += (values[i] - m.mean) * (values[i] - m.mean) * (counts[i] + prior[i]) / total;
  for (int c : counts) m.n += c;
  return m;
}

constexpr std::array<double, 3> GAME_VALUES = {0.0, 0.5, 1.0};
constexpr std::array<double, 5> PAIR_VALUES = {0.0, 0.25, 0.5, 0.75, 1.0};  // per game of the pair
// Even priors: every outcome possible, the mean at 0.5.
constexpr std::array<double, 3> GAME_PRIOR = {0.25, 0.5, 0.25};
constexpr std::array<double, 5> PAIR_PRIOR = {0.125, 0.25, 0.25, 0.25, 0.125};
// The Elo estimate keeps to the results: only a trace of a prior (as fishtest regularises), so
// that an all-wins start has a finite error bar.
constexpr double TRACE = 1e-3;

Moments result_moments(const Tally& t, bool with_prior) {
  if (t.pair_count() > 0) {
    std::array<double, 5> prior{};
    for (std::size_t i = 0; i < prior.size(); ++i) prior[i] = with_prior ? PAIR_PRIOR[i] : TRACE;
    return moments(PAIR_VALUES, t.pairs, prior);
  }
  std::array<double, 3> prior{};
  for (std::size_t i = 0; i < prior.size(); ++i) prior[i] = with_prior ? GAME_PRIOR[i] : TRACE;
  return moments(GAME_VALUES, std::array<int, 3>{t.losses, t.draws, t.wins}, prior);
}

}  // namespace

double SprtConfig::lower() const { return std::log(beta / (1.0 - alpha)); }
double SprtConfig::upper() const { return std::log((1.0 - beta) / alpha); }

int Tally::pair_count() const {
  int n = 0;
  for (int c : pairs) n += c;
  return n;
}

double Tally::score() const {
  const int n = games();
  return n == 0 ? 0.5 : (wins + 0.5 * draws) / n;
}

Tally tally(const std::vector<std::optional<Score>>& scores) {
  Tally t;
  for (const auto& s : scores) {
    if (!s) continue;
    if (*s >= 1.0) ++t.wins;
    else if (*s <= 0.0) ++t.losses;
    else ++t.draws;
  }
  for (std::size_t k = 0; k + 1 < scores.size(); k += 2) {
    if (!scores[k] || !scores[k + 1]) continue;
    const int half_points = static_cast<int>(std::lround(2.0 * (*scores[k] + *scores[k + 1])));
    ++t.pairs[static_cast<std::size_t>(std::clamp(half_points, 0, 4))];
  }
  return t;
}

EloEstimate elo_estimate(const Tally& t) {
  const Moments m = result_moments(t, false);
  if (m.n <= 0) return {};
  const double se = std::sqrt(m.var / m.n);
  return {elo_of(m.mean), elo_of(m.mean - 1.96 * se), elo_of(m.mean + 1.96 * se)};
}

double llr(const Tally& t, const SprtConfig& cfg) {
  const Moments m = result_moments(t, true);
  if (m.n < 2 || m.var <= 0) return 0.0;
  const double s0 = expected_score(cfg.elo0), s1 = expected_score(cfg.elo1);
  // The GSPRT approximation: the normal log-likelihood ratio of the mean result.
  return m.n * (s1 - s0) * (2.0 * m.mean - s0 - s1) / (2.0 * m.var);
}

SprtState sprt_state(double value, const SprtConfig& cfg, int games) {
  if (games < SPRT_MIN_GAMES) return SprtState::CONTINUE;
  if (value >= cfg.upper()) return SprtState::ACCEPT_H1;
  if (value <= cfg.lower()) return SprtState::ACCEPT_H0;
  return SprtState::CONTINUE;
}

}  // namespace tilestone::match
