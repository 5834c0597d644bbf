#pragma once
// Every tuned number of the Gomocup brain, in one place.

#include <cstddef>
#include <cstdint>

namespace tilestone::protocol::params {

// Time. The manager measures from sending a command to reading the answer; the brain measures
// from reading the command, so the margin covers the pipes, the scheduler and a slow machine.
constexpr std::int64_t TURN_MARGIN_MS = 40;
constexpr std::int64_t TURN_MARGIN_MAX_SHARE = 2;  ///< but never more than 1/2 of a short turn
constexpr std::int64_t MIN_THINK_MS = 1;
constexpr std::int64_t FAST_TURN_MS = 30;      ///< the turn of `timeout_turn 0` ("as fast as possible")
constexpr std::int64_t MOVES_LEFT_GUESS = 25;  ///< one move uses at most 1/25 of time_left
/// `time_left` managers send when the match has no time limit.
constexpr std::int64_t UNLIMITED_TIME_LEFT = 2147483647;
/// INFO times are clamped to [0, MAX_TIME_MS] (the engine counts milliseconds in an int).
constexpr std::int64_t MAX_TIME_MS = 2147483647;

// Memory: the transposition table takes this share of `max_memory` (the rest is boards,
// threads and the program), and TT_DEFAULT_MB when there is no limit.
constexpr std::int64_t TT_MEMORY_SHARE = 4;

// Input.
constexpr std::size_t MAX_LINE = 4096;  ///< longer lines are cut
constexpr int MAX_STONES = 22 * 22 * 2;  ///< lines of one BOARD block read before it is refused
constexpr int MAX_NBEST = 10;           ///< YXNBEST lists at most this many moves
// THREAD_NUM and MAX_DEPTH are clamped to the bounds every Gomoku front end shares (gomoku/limits.h).

}  // namespace tilestone::protocol::params
