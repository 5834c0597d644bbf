#pragma once
// Threat-space search: VCF (victory by continuous fours) and VCT (victory by continuous threats:
// fours and live threes) for the side to move.

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/clock.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

struct ThreatBudget {
  int max_depth = 10;               ///< attacker moves
  std::uint64_t max_nodes = 10000;  ///< nodes before giving up
  const core::Deadline* deadline = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

struct ThreatResult {
  bool found = false;
  std::vector<int> line;  ///< cell indices: attacker, defender, attacker, ... ending in the five
  std::uint64_t nodes = 0;
};

/// A forced win for the side to move made of fours only (every defence is forced).
/// The board is restored before returning.
ThreatResult find_vcf(Board& board, const ThreatBudget& budget);

/// A forced win for the side to move by fours and live threes, trying every reasonable
/// defence against each three (blocks on its line and the defender's own fours).
ThreatResult find_vct(Board& board, const ThreatBudget& budget);

}  // namespace tilestone::gomoku
