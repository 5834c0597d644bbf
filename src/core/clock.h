#pragma once
// Monotonic time and deadlines for searches that must honour a time budget.

#include <chrono>
#include <cstdint>

namespace tilestone::core {

using Clock = std::chrono::steady_clock;

/// Microseconds since an arbitrary epoch of the steady clock.
inline std::int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch()).count();
}

/// A point in time after which a search must stop. A default-constructed deadline never expires.
class Deadline {
 public:
  Deadline() = default;
  /// Expires `budget_us` microseconds from now; a non-positive budget expires at once.
  static Deadline in_us(std::int64_t budget_us) {
    Deadline d;
    d.start_us_ = now_us();
    d.end_us_ = d.start_us_ + budget_us;
    d.infinite_ = false;
    return d;
  }
  static Deadline in_ms(double budget_ms) { return in_us(static_cast<std::int64_t>(budget_ms * 1000.0)); }

  bool infinite() const { return infinite_; }
  bool expired() const { return !infinite_ && now_us() >= end_us_; }
  std::int64_t remaining_us() const { return infinite_ ? INT64_MAX : end_us_ - now_us(); }
  std::int64_t elapsed_us() const { return now_us() - start_us_; }
  std::int64_t budget_us() const { return infinite_ ? INT64_MAX : end_us_ - start_us_; }

 private:
  std::int64_t start_us_ = now_us();
  std::int64_t end_us_ = INT64_MAX;
  bool infinite_ = true;
};

}  // namespace tilestone::core
