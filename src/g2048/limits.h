#pragma once
// The bounds and defaults of what a 2048 request may ask for: the command line and the HTTP API
// share them, so an option means the same thing, with the same range and default, wherever it
// is given. (The server's own cost caps, `serve --max-time-ms` and the like, lie within these.)

#include <cstdint>

namespace tilestone::g2048::limits {

/// Think time per move, in milliseconds: 1 to MAX_TIME_MS; DEFAULT_TIME_MS when neither a time
/// nor a depth is given.
inline constexpr int MAX_TIME_MS = 600000;
inline constexpr int DEFAULT_TIME_MS = 100;
/// Search depth: 0 (by time) to the AI's maximum. Expectimax's tree grows about 30-fold a ply,
/// minimax's about 4-fold.
inline constexpr int MAX_DEPTH = 8;
inline constexpr int MAX_DEPTH_MINIMAX = 16;
/// Monte Carlo playouts per legal move.
inline constexpr int MAX_PLAYOUTS = 1000000;
inline constexpr int DEFAULT_PLAYOUTS = 400;
/// Search threads of one decision, and games played at once.
inline constexpr int MAX_THREADS = 256;
inline constexpr int DEFAULT_THREADS = 1;
inline constexpr int MAX_JOBS = 256;
/// Games of one run (a bench, a suite's sampling).
inline constexpr int MAX_GAMES = 1000000;
/// Every seeded command starts from this seed unless told otherwise.
inline constexpr std::uint64_t DEFAULT_SEED = 1;
/// A score so far (a hint's expected final score starts from it).
inline constexpr std::int64_t MAX_SCORE = 1000000000000;

/// The deepest search an AI may be asked for (minimax's, or any other's).
constexpr int max_depth(bool minimax) { return minimax ? MAX_DEPTH_MINIMAX : MAX_DEPTH; }

}  // namespace tilestone::g2048::limits
