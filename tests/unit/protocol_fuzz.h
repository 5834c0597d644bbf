#pragma once
// A seeded fuzzer for the Gomocup brain: it drives real sessions through protocol::run in this
// process (random and malformed commands mixed with legal games) and checks every answer.

#include <cstdint>
#include <string>
#include <vector>

namespace tilestone::fuzz {

struct FuzzConfig {
  int sessions = 40;
  int first = 0;      ///< index of the first session (to replay one: first = i, sessions = 1)
  bool echo = false;  ///< print every command as it is sent
  std::uint64_t seed = 2048;
  /// An answer is late when it takes longer than the turn's limit (timeout_turn, time_left)
  /// plus this; commands that do not think must answer within QUICK_MS plus this.
  int tolerance_ms = 60;
  /// Session lengths and thinking turns are drawn small so that thousands of sessions are cheap.
  int max_commands = 30;
  int max_turn_ms = 50;
  /// A session without progress for this long is a hang: the fuzzer prints it and aborts.
  int hang_ms = 60000;
};

struct FuzzReport {
  int sessions = 0;
  int games = 0;     ///< legal games played to a five or a full board
  long commands = 0;
  long moves = 0;    ///< move answers checked
  long refused = 0;  ///< ERROR answers (each checked to have changed nothing)
  long breaks = 0;   ///< answers that break the protocol or the position
  /// Answers later than the limit plus the tolerance, not counting the time the brain's thread
  /// waited for a CPU while other processes had it (the brain's own lateness).
  long late = 0;
  long late_transient = 0;  ///< late answers that did not come back in two replays at the end
  long late_wall = 0;  ///< the same by the wall clock alone (what a manager on this machine saw)
  double worst_overshoot_ms = -1e9;       ///< move answer time less its limit, the largest seen
  double worst_wall_overshoot_ms = -1e9;  ///< the same by the wall clock
  std::vector<std::string> failures;  ///< the first few, each with its session's transcript
};

constexpr int QUICK_MS = 250;

FuzzReport fuzz_protocol(const FuzzConfig& config);

}  // namespace tilestone::fuzz
