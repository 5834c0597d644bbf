#pragma once
// The network's arithmetic, twice: portable C++ and AVX2 (compiled with a function target
// attribute and picked at run time, so one build runs on any x86-64 and the tests compare both).
// All integer, with the same wrap-around on both paths, so the results are the same bits.

#include <cstdint>

#include "gomoku/network.h"

namespace tilestone::gomoku::netsimd {

/// One window of a cell's accumulator replaced by another: acc += add - sub.
struct Delta {
  std::int16_t* acc;
  const std::int16_t* add;
  const std::int16_t* sub;
};

/// The four windows and the bias that make up one cell's accumulator.
struct Rows {
  std::int16_t* acc;
  const std::int16_t* row[5];
};

struct Kernels {
  /// Applies each delta and adds the change of clamp(acc, 0, NET_QA) to sum.
  void (*apply)(const Delta* deltas, int n, std::int32_t* sum);
  /// Sets each acc to the sum of its rows and adds the change of clamp(acc, 0, NET_QA) to sum.
  void (*set)(const Rows* cells, int n, std::int32_t* sum);
  /// apply() and set() that leave every acc as it is: only sum changes (a value looked at once).
  void (*apply_peek)(const Delta* deltas, int n, std::int32_t* sum);
  void (*set_peek)(const Rows* cells, int n, std::int32_t* sum);
  /// sum over i of clamp(acc[i], 0, NET_QA) * w[i].
  std::int32_t (*policy)(const std::int16_t* acc, const std::int16_t* w);
  /// out[j] = b[j] + sum over i < NET_HIDDEN (== NET_FEATURES) of w[j][i] * in[i], for j < rows.
  void (*dense)(const std::int16_t* in, const std::int16_t* w, const std::int32_t* b, int rows, std::int32_t* out);
};

const Kernels& kernels(NetBackend backend);

}  // namespace tilestone::gomoku::netsimd
