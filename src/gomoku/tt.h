#pragma once
// The transposition table of the strong search: shared by all its threads without locks. Each
// entry stores key ^ data next to data, so a torn write is detected as a miss.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/memory.h"

namespace tilestone::gomoku {

enum class Bound : std::uint8_t { NONE, UPPER, LOWER, EXACT };

struct TTEntry {
  int move = -1;  ///< cell index, -1 for none
  int score = 0;
  int depth = 0;
  Bound bound = Bound::NONE;
};

class TranspositionTable {
 public:
  /// A table of about `mb` megabytes (at least MIN_SLOTS entries, at most capacity_mb()).
  explicit TranspositionTable(std::size_t mb = 16) { resize(mb); }

  static constexpr std::size_t MIN_SLOTS = 1024;

  /// The most megabytes a table takes on this machine, whatever is asked: params::TT_MAX_MB,
  /// and a share of the physical memory.
  static std::size_t capacity_mb();

  /// Replaces the table by an empty one of about `mb` megabytes (capped by capacity_mb(), and
  /// halved while the memory cannot be had). Takes next to no time: the memory is untouched
  /// zero pages until the search writes to them.
  void resize(std::size_t mb);

  /// Megabytes the table takes.
  std::size_t size_mb() const { return (mask_ + 1) * sizeof(Slot) / (1024 * 1024); }

  /// Forgets every entry at once (without touching the memory): entries written before no
  /// longer match their keys.
  void clear() { salt_ += SALT_STEP; }

  /// Starts loading the slot of `key` into the cache, for a probe() a little later.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&slots_[key & mask_]); }

  std::optional<TTEntry> probe(std::uint64_t key) const {
    Slot& s = slots_[key & mask_];
    const std::uint64_t data = load(s.data);
    if (data == 0 || (load(s.check) ^ data) != (key ^ salt_)) return std::nullopt;
    TTEntry e;
    e.move = static_cast<int>(data & 0xFFFF) - 1;
    e.score = static_cast<int>(static_cast<std::int16_t>((data >> 16) & 0xFFFF));
    e.depth = static_cast<int>((data >> 32) & 0xFF);
    e.bound = static_cast<Bound>((data >> 40) & 0x3);
    return e;
  }

  void store(std::uint64_t key, const TTEntry& e) {
    Slot& s = slots_[key & mask_];
    const std::uint64_t salted = key ^ salt_;
    // Keep a deeper entry of the same position unless the new one is exact.
    const std::uint64_t old = load(s.data);
    if (old != 0 && (load(s.check) ^ old) == salted && static_cast<int>((old >> 32) & 0xFF) > e.depth &&
        e.bound != Bound::EXACT) {
      return;
    }
    const std::uint64_t data = static_cast<std::uint64_t>(e.move + 1) |
                               (static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.score)) << 16) |
                               (static_cast<std::uint64_t>(std::max(0, std::min(255, e.depth))) << 32) |
                               (static_cast<std::uint64_t>(e.bound) << 40);
    std::atomic_ref<std::uint64_t>(s.check).store(salted ^ data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(s.data).store(data, std::memory_order_relaxed);
  }

 private:
  // Plain words (so the table can be zero pages from calloc), read and written atomically.
  struct Slot {
    std::uint64_t check;
    std::uint64_t data;
  };
  // An odd step: a cleared table's salt differs from every earlier one.
  static constexpr std::uint64_t SALT_STEP = 0xD6E8'FEB8'6659'FD93ULL;

  static std::uint64_t load(std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
  }

  core::ZeroedArray<Slot> slots_;
  std::size_t mask_ = 0;
  std::uint64_t salt_ = 0;
};

}  // namespace tilestone::gomoku
