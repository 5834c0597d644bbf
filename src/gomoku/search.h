#pragma once
// The `strong` level: principal variation search with iterative deepening and aspiration
// windows over the incremental pattern evaluation; VCF/VCT threat search at the root and VCF
// at the leaves; TT, killer and history move ordering; threads that share out the moves of the
// main thread's nodes once their first is searched, and share the table.

#include <memory>

#include "gomoku/ai.h"

namespace tilestone::gomoku {

/// With a network (of the board's rule), it evaluates positions instead of the classical
/// pattern evaluation; the threat searches and the rules stay exact either way.
std::unique_ptr<Engine> make_strong_engine(std::shared_ptr<const Network> network = nullptr);

}  // namespace tilestone::gomoku
