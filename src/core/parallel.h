#pragma once
// Runs independent jobs on a few threads: the engine's only thread primitive.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace tilestone::core {

/// Calls fn(i) for every i in [0, count) on up to `threads` threads (the calling thread included).
/// Jobs are handed out in index order; fn must be safe to call concurrently for distinct i.
template <class Fn>
void parallel_for(std::size_t count, unsigned threads, Fn&& fn) {
  if (count == 0) return;
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(count)));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) fn(i);
  };
  std::vector<std::jthread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
}

/// The number of hardware threads, at least 1.
inline unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace tilestone::core
