#pragma once
// The bounds and defaults of what a Gomoku request may ask for: the command line, the HTTP API
// and the Gomocup protocol share them, so an option means the same thing, with the same range
// and default, wherever it is given. (The server's own cost caps, `serve --max-time-ms` and the
// like, lie within these.)

#include <cstdint>

#include "gomoku/params.h"

namespace tilestone::gomoku::limits {

/// Board sizes.
inline constexpr int MIN_SIZE = params::MIN_SIZE;
inline constexpr int MAX_SIZE = params::MAX_SIZE;
inline constexpr int DEFAULT_SIZE = params::DEFAULT_SIZE;
/// Think time per move, in milliseconds: 1 to MAX_TIME_MS; DEFAULT_TIME_MS for a move when no
/// time is given, REVIEW_TIME_MS for each position of a review.
inline constexpr int MAX_TIME_MS = 600000;
inline constexpr int DEFAULT_TIME_MS = 1000;
inline constexpr int REVIEW_TIME_MS = params::REVIEW_DEFAULT_TIME_MS;
/// Search depth: 0 (by time) to MAX_DEPTH.
inline constexpr int MAX_DEPTH = 30;
/// Search threads of one engine, and games (or positions) worked on at once.
inline constexpr int MAX_THREADS = 256;
inline constexpr int DEFAULT_THREADS = 1;
inline constexpr int MAX_JOBS = 256;
/// Games of one run (a match, self-play, tuning data).
inline constexpr int MAX_GAMES = 1000000;
/// Every seeded command starts from this seed unless told otherwise.
inline constexpr std::uint64_t DEFAULT_SEED = 1;

}  // namespace tilestone::gomoku::limits
