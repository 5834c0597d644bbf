#pragma once
// The transposition table of the strong search: shared by all its threads without locks. Each
// entry stores key ^ data next to data, so a torn write is detected as a miss.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

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
  /// A table of about `mb` megabytes (at least 1024 entries).
  explicit TranspositionTable(std::size_t mb = 16) { resize(mb); }

  void resize(std::size_t mb) {
    std::size_t n = 1024;
    while (n * 2 * sizeof(Slot) <= mb * 1024 * 1024) n *= 2;
    slots_ = std::vector<Slot>(n);
    mask_ = n - 1;
  }

  void clear() {
    for (auto& s : slots_) {
      s.check.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
  }

  std::optional<TTEntry> probe(std::uint64_t key) const {
    const Slot& s = slots_[key & mask_];
    const std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if (data == 0 || (s.check.load(std::memory_order_relaxed) ^ data) != key) return std::nullopt;
    TTEntry e;
    e.move = static_cast<int>(data & 0xFFFF) - 1;
    e.score = static_cast<int>(static_cast<std::int16_t>((data >> 16) & 0xFFFF));
    e.depth = static_cast<int>((data >> 32) & 0xFF);
    e.bound = static_cast<Bound>((data >> 40) & 0x3);
    return e;
  }

  void store(std::uint64_t key, const TTEntry& e) {
    Slot& s = slots_[key & mask_];
    // Keep a deeper entry of the same position unless the new one is exact.
    const std::uint64_t old = s.data.load(std::memory_order_relaxed);
    if (old != 0 && (s.check.load(std::memory_order_relaxed) ^ old) == key &&
        static_cast<int>((old >> 32) & 0xFF) > e.depth && e.bound != Bound::EXACT) {
      return;
    }
    const std::uint64_t data = static_cast<std::uint64_t>(e.move + 1) |
                               (static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.score)) << 16) |
                               (static_cast<std::uint64_t>(std::max(0, std::min(255, e.depth))) << 32) |
                               (static_cast<std::uint64_t>(e.bound) << 40);
    s.check.store(key ^ data, std::memory_order_relaxed);
    s.data.store(data, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
};

}  // namespace tilestone::gomoku
