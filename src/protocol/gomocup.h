#pragma once
// The Gomocup (Piskvork) brain protocol with the Yixin-Board extensions analysis GUIs use:
// reads commands from a stream, answers on another. Parse and format only; the thinking is the
// Gomoku engine's.

#include <functional>
#include <iosfwd>

#include "gomoku/ai.h"
#include "protocol/brain_config.h"

namespace tilestone::protocol {

struct BrainOptions {
  gomoku::Level level = gomoku::Level::STRONG;
  int default_turn_ms = 5000;  ///< per-move budget until the manager sends INFO timeout_turn
  /// The evaluation (the strong level's): a network of the board's rule when the config gives
  /// one, else the classical one. With a network configured, START and a change of rule say on
  /// a MESSAGE line which one plays.
  BrainConfig config;
  /// Called after every command with the brain's position (nullptr before the first START):
  /// lets tests check that a refused command changed nothing. A command that thinks calls it
  /// from the thinking thread, just before its move is written.
  std::function<void(const gomoku::Board*)> observer;
};

/// Serves the protocol until END or the end of `in`; returns the exit status (0). Every line gets
/// its answer: a move `x,y`, OK, ERROR <message> for malformed input (and then nothing changes),
/// UNKNOWN for unknown commands, MESSAGE lines while thinking with INFO show_detail; INFO gets
/// none. Moves are searched on a thinking thread while `in` is read on: YXSTOP and END stop a
/// think (its best move so far is the answer), other commands wait for it. Never throws on bad
/// input; every move is sent within timeout_turn and time_left.
int run(std::istream& in, std::ostream& out, const BrainOptions& options = {});

}  // namespace tilestone::protocol
