#include "server/connection_pool.h"

#include <algorithm>

namespace tilestone::server {

ConnectionPool::ConnectionPool(std::size_t max_threads) : max_threads_(std::max<std::size_t>(1, max_threads)) {}

ConnectionPool::~ConnectionPool() { shutdown(); }

void ConnectionPool::enqueue(std::function<void()> fn) {
  std::unique_lock lock(mutex_);
  if (shutdown_) {  // too late for a thread: serve it here rather than leak its socket
    lock.unlock();
    fn();
    return;
  }
  jobs_.push_back(std::move(fn));
  // Every queued job needs a waiting thread of its own; start one unless the cap is reached.
  // Threads stay for later connections (at most max_threads_ of them, idle on a condition).
  if (jobs_.size() > idle_ && threads_.size() < max_threads_) threads_.emplace_back([this] { work(); });
  ready_.notify_one();
}

void ConnectionPool::shutdown() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex_);
    shutdown_ = true;
    threads.swap(threads_);
  }
  ready_.notify_all();
  for (auto& t : threads) t.join();
}

std::size_t ConnectionPool::threads() const {
  std::lock_guard lock(mutex_);
  return threads_.size();
}

void ConnectionPool::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      ++idle_;
      ready_.wait(lock, [&] { return !jobs_.empty() || shutdown_; });
      --idle_;
      if (jobs_.empty()) return;  // shut down with nothing left to serve
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace tilestone::server
