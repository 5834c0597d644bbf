#pragma once
// What TD training keeps besides the weights, so that a checkpoint resumes exactly: the
// temporal-coherence accumulators (Beal & Smith 1999; Jaśkowski 2018) and the pool of late
// states that restarted episodes begin from. Both are empty unless their option is on.

#include <cstdint>
#include <vector>

#include "core/memory.h"
#include "g2048/ntuple.h"

namespace tilestone::g2048 {

/// A weight's temporal-coherence accumulators: the sum of the TD errors that reached it (E) and
/// the sum of their absolute values (A). Its step size is alpha * |E| / A (alpha while A = 0).
/// The two side by side, so that a TC step reads one cache line per weight for both.
struct TcPair {
  float error = 0;
  float abs = 0;
};
using TcTable = std::vector<TcPair, core::HugePageAllocator<TcPair>>;

struct TrainState {
  /// Per weight, in the network's table order: its E and A (TcPair).
  std::vector<TcTable> tc;
  /// Boards (before the player's move) taken from the later part of earlier games, a ring.
  std::vector<std::uint64_t> restart_pool;
  std::uint64_t restart_next = 0;  ///< the ring slot the next board replaces once the pool is full

  bool has_tc() const { return !tc.empty(); }
  /// Accumulators of zero for every weight of `net` (a no-op when they exist already).
  void enable_tc(const NTupleNetwork& net) {
    if (has_tc()) return;
    for (std::size_t t = 0; t < net.table_count(); ++t) tc.emplace_back(net.table_size(t), TcPair{});
  }
  /// Adds a board to the pool of at most `capacity`, replacing the oldest once it is full.
  void add_restart(std::uint64_t board, std::size_t capacity) {
    if (capacity == 0) return;
    if (restart_pool.size() < capacity) {
      restart_pool.push_back(board);
    } else {
      restart_pool[restart_next % restart_pool.size()] = board;
      restart_next = (restart_next + 1) % restart_pool.size();
    }
  }
};

}  // namespace tilestone::g2048
