#pragma once
// Openings, all in one place: the quick generated ones a match or a tuning run starts from, the
// search-checked balanced ones `tilestone gomoku openings` writes, and openings files.
//
// - Generated (match_openings): five stones near the centre whose pattern values are about even
//   with white to move; cheap, no search, so a match draws its own.
// - Balanced (balanced_openings): random short openings, each valued by a fixed-depth `strong`
//   search, kept when the side to move's chance to win (by the calibrated win-probability curve)
//   lies near one half. A match that starts from them spends fewer games on positions one colour
//   wins whoever plays it. The same options give the same openings on every machine and with any
//   number of jobs.
// - Files (load_openings): one opening per line, either in the offset format of Piskvork's
//   openings.txt and c-gomoku-cli ("x, y, x, y, ..." relative to the centre, black first) or as a
//   move string of ours ("h8i9h9"). Blank lines and lines starting with '#' are skipped.
//
// No two generated or balanced openings of one call are the same position up to the board's
// eight symmetries (by canonical() of gomoku/learn.h).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "gomoku/types.h"

namespace tilestone::match {

using Opening = std::vector<gomoku::Point>;

// Generated openings.

/// A short random opening (5 stones, black and white alternately, near the centre) that is about
/// even with white to move, drawn with `seed`. Under renju no stone is a forbidden point.
Opening random_opening(int size, gomoku::Rule rule, std::uint64_t seed);

/// `count` random openings for a match, no two the same position up to symmetry (while enough
/// different ones can be drawn), all drawn from `seed`.
std::vector<Opening> match_openings(int size, gomoku::Rule rule, int count, std::uint64_t seed);

// Search-checked balanced openings.

struct BalancedOptions {
  int size = 15;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  int count = 50;             ///< openings wanted
  int stones = 5;             ///< stones in each opening, black first, alternately
  int radius = 3;             ///< stones lie within this Chebyshev distance of the centre
  int depth = 6;              ///< depth of the search that values a candidate
  double balance = 0.1;       ///< keep a candidate when |chance to win - 0.5| <= balance
  std::uint64_t seed = 1;
  unsigned jobs = 1;          ///< candidates valued at the same time (the result does not change)
  int max_candidates = 0;     ///< give up after this many candidates (0: 200 per opening wanted)
};

struct BalancedOpening {
  Opening moves;
  int value = 0;             ///< the search value for the side to move
  double black_chance = 0;   ///< black's chance to win by the win-probability curve
};

struct BalancedProgress {
  int candidates = 0;        ///< drawn so far (failed draws and repeats too)
  int kept = 0;
};

/// Up to options.count openings (fewer when max_candidates run out), in the order drawn, no two
/// the same position up to the board's symmetries; no stone makes a five or is forbidden, and
/// neither side can make a four or five at once.
std::vector<BalancedOpening> balanced_openings(const BalancedOptions& options,
                                               const std::function<void(const BalancedProgress&)>& progress = {});

// Openings files.

/// Parses one opening line for a board of `size` (see the file comment); errors say why.
core::Result<Opening> parse_opening(const std::string& line, int size);

/// Reads every opening of a file, checking that each is a playable position under `rule` (no
/// repeated or off-board point, no forbidden stone, no five). Errors name the file and line.
core::Result<std::vector<Opening>> load_openings(const std::string& path, int size, gomoku::Rule rule);

}  // namespace tilestone::match
