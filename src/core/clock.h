#pragma once
// Monotonic time and deadlines for searches that must honour a time budget or a request to stop.

#include <time.h>

#include <chrono>
#include <cstdint>
#include <stop_token>

namespace tilestone::core {

using Clock = std::chrono::steady_clock;

/// Microseconds since an arbitrary epoch of the steady clock.
inline std::int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch()).count();
}

/// Microseconds of CPU time the calling thread has used (user and system): with now_us around a
/// decision, it tells the time a thread computed from the time it waited for a processor.
inline std::int64_t thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
}

/// A point in time after which a search must stop, and optionally a stop token whose request
/// makes it expire at once (a user's "stop", a client gone, the program ending). A
/// default-constructed deadline never expires.
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

  /// The same deadline, also expiring as soon as a stop is requested through `stop`.
  Deadline stoppable(std::stop_token stop) const {
    Deadline d = *this;
    d.stop_ = std::move(stop);
    return d;
  }

  /// Whether it has no time limit (it may still be stopped).
  bool infinite() const { return infinite_; }
  bool stop_requested() const { return stop_.stop_requested(); }
  bool expired() const { return expired_at(now_us()); }
  /// Whether the deadline has passed at time `now` (a now_us() the caller just read), or a stop
  /// was requested.
  bool expired_at(std::int64_t now) const { return (!infinite_ && now >= end_us_) || stop_.stop_requested(); }
  std::int64_t remaining_us() const { return infinite_ ? INT64_MAX : end_us_ - now_us(); }
  std::int64_t elapsed_us() const { return now_us() - start_us_; }
  std::int64_t budget_us() const { return infinite_ ? INT64_MAX : end_us_ - start_us_; }

 private:
  std::int64_t start_us_ = now_us();
  std::int64_t end_us_ = INT64_MAX;
  bool infinite_ = true;
  std::stop_token stop_;
};

}  // namespace tilestone::core
