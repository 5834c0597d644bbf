#pragma once
// Match statistics: game and pair (pentanomial) counts, the Elo difference with its error bar,
// and the generalised sequential probability ratio test (GSPRT) that fishtest and cutechess use
// to stop a match as soon as its result is decided.

#include <array>
#include <optional>
#include <vector>

namespace tilestone::match {

/// A game's score for the first engine: 1 win, 0.5 draw, 0 loss.
using Score = double;

struct SprtConfig {
  double elo0 = 0, elo1 = 5;     ///< H0: elo = elo0, H1: elo = elo1 (logistic Elo)
  double alpha = 0.05, beta = 0.05;
  double lower() const;          ///< log(beta / (1 - alpha)): accept H0 at or below
  double upper() const;          ///< log((1 - beta) / alpha): accept H1 at or above
};

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  /// Pairs of games on the same opening with the colours swapped, by the pair's total score
  /// 0, 0.5, 1, 1.5, 2 (the pentanomial counts).
  std::array<int, 5> pairs{};
  int games() const { return wins + draws + losses; }
  int pair_count() const;
  double score() const;  ///< mean score per game, 0.5 with no games
};

/// Tallies scores given per game index; game 2k and 2k+1 form a pair when both are present.
/// Absent games (nullopt) are skipped.
Tally tally(const std::vector<std::optional<Score>>& scores);

struct EloEstimate {
  double elo = 0, lo = 0, hi = 0;  ///< 95% interval
};
/// The Elo difference and its 95% interval, from the pairs when there are any (which takes the
/// correlation of a pair's two games into account), else from the games.
EloEstimate elo_estimate(const Tally& t);

/// The log-likelihood ratio of H1 against H0 (the GSPRT approximation, on the pentanomial counts
/// when there are pairs, else on the trinomial, with an even prior worth one result so that a
/// run of identical results is not mistaken for certainty), 0 with too few results.
double llr(const Tally& t, const SprtConfig& cfg);

/// Games before the test may decide: the normal approximation behind the GSPRT is poor on a
/// handful of results (two lost pairs give an LLR of -40).
inline constexpr int SPRT_MIN_GAMES = 20;

enum class SprtState { CONTINUE, ACCEPT_H0, ACCEPT_H1 };
/// The test's state after `games` games with this LLR.
SprtState sprt_state(double llr, const SprtConfig& cfg, int games);

}  // namespace tilestone::match
