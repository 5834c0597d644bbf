#pragma once
// How many AI searches the server runs at once. Connections are cheap to hold open; a search
// holds a core and its tables (up to 16 MB), so their number is capped on its own. A request
// that finds every slot taken waits a while for one, then is told to come back (HTTP 429).

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <semaphore>

namespace tilestone::server {

class SearchSlots {
 public:
  static constexpr std::ptrdiff_t MAX = 1024;

  explicit SearchSlots(int slots) : free_(std::clamp<std::ptrdiff_t>(slots, 1, MAX)) {}

  /// A slot held until it goes out of scope; false when none came free within `wait`.
  class Slot {
   public:
    Slot(SearchSlots& owner, std::chrono::milliseconds wait) : owner_(&owner) {
      held_ = owner.free_.try_acquire_for(wait);
    }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() {
      if (held_) owner_->free_.release();
    }
    explicit operator bool() const { return held_; }

   private:
    SearchSlots* owner_;
    bool held_ = false;
  };

 private:
  std::counting_semaphore<MAX> free_;
};

}  // namespace tilestone::server
