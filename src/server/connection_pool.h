#pragma once
// The server's connection threads. cpp-httplib serves each connection on one task-queue thread
// for as long as it stays open, idle keep-alive and half-sent requests included; with its fixed
// pool, as many slow or idle clients as threads lock everyone else out. This queue starts a
// thread whenever no idle one is waiting, up to a cap on connections served at once; only past
// the cap does a connection wait for a free thread. What a request may compute is capped
// elsewhere (SearchSlots), so many open connections do not mean many searches.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <httplib.h>

namespace tilestone::server {

class ConnectionPool final : public httplib::TaskQueue {
 public:
  /// At most `max_threads` connections are served at once (at least 1).
  explicit ConnectionPool(std::size_t max_threads);
  ~ConnectionPool() override;

  void enqueue(std::function<void()> fn) override;
  /// Serves what is queued, then joins every thread.
  void shutdown() override;

  std::size_t threads() const;

 private:
  void work();

  const std::size_t max_threads_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool shutdown_ = false;
};

}  // namespace tilestone::server
