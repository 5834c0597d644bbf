#pragma once
// How many AI searches the server runs at once. Connections are cheap to hold open; a search
// holds a core and its tables (up to 16 MB), so their number is capped on its own. Searches
// are bounded by wall-clock time, so running many more than there are cores only makes each
// weaker and the machine slower for everyone; past the cap, requests wait in arrival order
// (first come, first served, so no request starves), and one that waits too long is told to
// come back (HTTP 429).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>

namespace tilestone::server {

class SearchSlots {
 public:
  explicit SearchSlots(int slots) : free_(slots < 1 ? 1 : slots) {}

  /// A slot held until it goes out of scope; false when none came free within `wait`.
  class Slot {
   public:
    Slot(SearchSlots& owner, std::chrono::milliseconds wait) : owner_(&owner), held_(owner.acquire(wait)) {}
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() {
      if (held_) owner_->release();
    }
    explicit operator bool() const { return held_; }

   private:
    SearchSlots* owner_;
    bool held_;
  };

 private:
  bool acquire(std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    const std::uint64_t ticket = next_ticket_++;
    queue_.push_back(ticket);
    const bool got = changed_.wait_for(lock, wait, [&] { return free_ > 0 && queue_.front() == ticket; });
    if (got) {
      queue_.pop_front();
      --free_;
    } else {
      std::erase(queue_, ticket);
    }
    changed_.notify_all();  // the next in line may go now, or be first after a give-up
    return got;
  }

  void release() {
    {
      std::lock_guard lock(mutex_);
      ++free_;
    }
    changed_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  int free_;
  std::uint64_t next_ticket_ = 0;
  std::deque<std::uint64_t> queue_;  ///< tickets waiting, oldest first
};

}  // namespace tilestone::server
