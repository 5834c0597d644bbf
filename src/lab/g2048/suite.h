#pragma once
// A position suite: a fixed set of 2048 boards, each with a deep reference search's value of
// every move, against which a quick search's choices are scored by the value they give up. It
// measures a change to the search in minutes where games to 32768 take hours: the same boards,
// the same reference, and a difference of decisions rather than of lucky spawns.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "g2048/ai.h"

namespace tilestone::g2048 {

struct SuitePosition {
  Board board;
  std::array<bool, 4> legal{};
  std::array<double, 4> reference{};  ///< the reference search's value of each legal move
};

struct SuiteSampling {
  int games = 20;
  std::uint64_t seed = 1;
  int min_exponent = 12;  ///< boards whose largest tile is at least this (4096)
  int every = 50;         ///< one board in this many moves of a game
  int positions = 300;    ///< at most this many boards in all
  /// When > 0, only boards from a game's last this many moves before it was lost: the positions
  /// where the game was decided.
  int last_moves = 0;
};

/// Boards from games of `player` (one board every `every` moves once the largest tile reaches
/// 2^min_exponent, game after game until `positions` or `games` run out). Boards with one legal
/// move are skipped: every choice on them is the same. With last_moves, a game is played to its
/// end first and only its last moves are sampled. Deterministic for a deterministic player.
std::vector<Board> sample_boards(Ai& player, const Limits& limits, const SuiteSampling& sampling);

/// The reference search's probability cut-off: finer than either evaluation's own, so that the
/// reference sees the unlikely spawns a quick search leaves out.
inline constexpr double SUITE_REFERENCE_CUTOFF = 1e-4;

/// The reference: `reference` analyses every board (a fixed depth keeps it deterministic).
/// `on_done(i)` is called after board i (progress).
std::vector<SuitePosition> reference_positions(Ai& reference, const Limits& limits, const std::vector<Board>& boards,
                                               const std::function<void(std::size_t)>& on_done = {});

/// One line a position: the board (0x and 16 hex exponents from the top-left, the form --board
/// takes) and the four moves' reference values ("-" for an illegal move).
std::string format_suite(const std::vector<SuitePosition>& positions);
/// format_suite's inverse; '#' lines are comments. An error names the line.
core::Result<std::vector<SuitePosition>> parse_suite(std::string_view text);

/// The AI's choice on one position.
struct SuiteChoice {
  std::optional<Dir> chosen;
  Dir best = Dir::Up;  ///< the reference's best move
  double loss = 0;     ///< reference value given up
  int depth = 0;
  double ms = 0;
};

struct SuiteScore {
  std::vector<SuiteChoice> choices;  ///< one per position, in the suite's order
  int positions = 0;
  int agreed = 0;             ///< the AI chose the reference's best move
  double mean_loss = 0;       ///< mean reference value given up against the reference's best move
  double max_loss = 0;
  int big_losses = 0;         ///< losses of at least SUITE_BIG_LOSS
  double mean_depth = 0;      ///< the AI's reported depth, averaged
  double mean_ms = 0;         ///< its decision time, averaged
};
/// Losses from this much on are counted apart: a choice that much worse is a blunder.
inline constexpr double SUITE_BIG_LOSS = 1000.0;

/// Scores `ai`'s choice on every position against the reference.
SuiteScore score_suite(Ai& ai, const Limits& limits, const std::vector<SuitePosition>& positions,
                       const std::function<void(std::size_t)>& on_done = {});

}  // namespace tilestone::g2048
