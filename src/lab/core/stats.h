#pragma once
// Small descriptive statistics for benchmark reports.

#include <vector>

namespace tilestone::core {

struct Summary {
  double mean = 0, median = 0, min = 0, max = 0, stddev = 0;
  std::size_t count = 0;
};

/// Mean, median, extremes and sample standard deviation of `values` (all zero when empty).
Summary summarize(std::vector<double> values);

/// The q-quantile (0 <= q <= 1) by linear interpolation between order statistics; 0 when empty.
double quantile(std::vector<double> values, double q);

/// Logistic Elo difference for a score fraction in (0, 1), clamped to +-800 at the ends.
double elo_from_score(double score);

}  // namespace tilestone::core
