#pragma once
// The Gomocup (Piskvork) brain protocol: reads commands from a stream, answers on another.
// Parse and format only; the thinking is the Gomoku engine's.

#include <iosfwd>

#include "gomoku/ai.h"

namespace tilestone::protocol {

struct BrainOptions {
  gomoku::Level level = gomoku::Level::STRONG;
  int default_turn_ms = 5000;  ///< per-move budget until the manager sends INFO timeout_turn
};

/// Serves the protocol until END or the end of `in`; returns the exit status (0). Every line gets
/// its answer: a move `x,y`, OK, ERROR <message> for malformed input, UNKNOWN for unknown
/// commands. Never throws on bad input.
int run(std::istream& in, std::ostream& out, const BrainOptions& options = {});

}  // namespace tilestone::protocol
