#pragma once
// Threat-space search: VCF (victory by continuous fours) and VCT (victory by continuous threats:
// fours and live threes) for the side to move.

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/clock.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

/// Positions known to hold no win for the side to move within a number of attacker moves. Threat
/// lines transpose all the time (the same fours played in another order), so each fact spares a
/// whole subtree. The facts stay true for the rest of a search: a searcher keeps one table for
/// all its threat searches (one per thread; an empty table per search keeps searches repeatable).
class ThreatCache {
 public:
  static constexpr std::size_t SIZE = 1 << 16;
  bool holds(std::uint64_t key, int depth) const {
    const Entry& e = entries_[key & (SIZE - 1)];
    return e.key == key && e.epoch == epoch_ && e.depth >= depth;
  }
  void store(std::uint64_t key, int depth) {
    Entry& e = entries_[key & (SIZE - 1)];
    e.key = key;
    e.depth = depth;
    e.epoch = epoch_;
  }
  /// Forgets every entry, as a new table would, without writing the table: entries of an older
  /// epoch count as empty (a search once spent most of a 1 ms turn allocating and zeroing 1 MB).
  void clear() {
    if (++epoch_ == 0) {
      entries_.fill(Entry{});
      epoch_ = 1;
    }
  }

 private:
  struct Entry {
    std::uint64_t key = 0;
    int depth = -1;
    std::uint32_t epoch = 0;
  };
  std::array<Entry, SIZE> entries_{};
  std::uint32_t epoch_ = 1;
};

struct ThreatBudget {
  int max_depth = 10;               ///< attacker moves
  std::uint64_t max_nodes = 10000;  ///< nodes before giving up
  const core::Deadline* deadline = nullptr;
  const std::atomic<bool>* stop = nullptr;
  /// Where failed positions are remembered (none: every search starts from nothing). The
  /// positions of one table must come from boards of one size and rule.
  ThreatCache* cache = nullptr;
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
