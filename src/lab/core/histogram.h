#pragma once
// A histogram of durations on a logarithmic scale (buckets 2 % wide), small enough to keep per
// game and exact to merge, so that quantiles of a run split over machines are the quantiles of
// the whole run.

#include <cmath>
#include <cstdint>
#include <map>

namespace tilestone::core {

class LogHistogram {
 public:
  /// Bucket b holds values in [MIN_MS * GROWTH^b, MIN_MS * GROWTH^(b+1)); smaller values go to
  /// bucket 0.
  static constexpr double MIN_MS = 0.001;
  static constexpr double GROWTH = 1.02;

  void add(double ms, std::uint64_t count = 1) {
    const int b = ms <= MIN_MS ? 0 : static_cast<int>(std::floor(std::log(ms / MIN_MS) / std::log(GROWTH)));
    counts_[b] += count;
    total_ += count;
  }
  void merge(const LogHistogram& other) {
    for (const auto& [b, n] : other.counts_) add_bucket(b, n);
  }
  void add_bucket(int bucket, std::uint64_t count) {
    counts_[bucket] += count;
    total_ += count;
  }
  std::uint64_t total() const { return total_; }
  const std::map<int, std::uint64_t>& buckets() const { return counts_; }

  /// The q-quantile (0 <= q <= 1) as the geometric middle of its bucket; 0 when empty.
  double quantile(double q) const {
    if (total_ == 0) return 0;
    const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total_)));
    std::uint64_t seen = 0;
    for (const auto& [b, n] : counts_) {
      seen += n;
      if (seen >= std::max<std::uint64_t>(rank, 1)) return MIN_MS * std::pow(GROWTH, b + 0.5);
    }
    return MIN_MS * std::pow(GROWTH, counts_.rbegin()->first + 0.5);
  }

 private:
  std::map<int, std::uint64_t> counts_;
  std::uint64_t total_ = 0;
};

}  // namespace tilestone::core
