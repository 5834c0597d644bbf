#pragma once
// The classical evaluation of every position of self-play data, kept beside the data for the
// trainer: a network blended with the classical value (the network file's classical share) can
// be trained as the blend, learning what the classical value gets wrong rather than the whole
// value. The file is little-endian: the magic "TSCLASSV", a u32 version, a u32 of zero, a u64
// count, then per record of the data, in its order, the record's search value and the
// classical evaluation of its position, both i32 engine units from the side to move's view
// (docs/file-formats.md, "Classical values of training data").

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "lab/gomoku/training_data.h"

namespace tilestone::gomoku {

inline constexpr char CLASSICAL_MAGIC[8] = {'T', 'S', 'C', 'L', 'A', 'S', 'S', 'V'};
inline constexpr std::uint32_t CLASSICAL_VERSION = 1;
inline constexpr std::size_t CLASSICAL_PAIR_BYTES = 8;  ///< a record's two i32

/// One record's pair: its search value (to check that the file follows the data) and the
/// classical evaluation of its position.
struct ClassicalValue {
  std::int32_t search = 0;
  std::int32_t classical = 0;
  bool operator==(const ClassicalValue&) const = default;
};

/// The pairs of `records`, in order; a record whose position cannot be set up is an error that
/// gives its number (from 1).
core::Result<std::vector<ClassicalValue>> classical_values(std::span<const TrainingRecord> records);

/// The file's bytes, and back (a wrong magic, version or length is an error).
std::string encode_classical_values(std::span<const ClassicalValue> values);
core::Result<std::vector<ClassicalValue>> decode_classical_values(std::string_view bytes);

}  // namespace tilestone::gomoku
