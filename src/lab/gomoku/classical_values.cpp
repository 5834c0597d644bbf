#include "lab/gomoku/classical_values.h"

#include <cstring>

#include "core/bytes.h"
#include "gomoku/eval.h"

namespace tilestone::gomoku {

core::Result<std::vector<ClassicalValue>> classical_values(std::span<const TrainingRecord> records) {
  std::vector<ClassicalValue> out;
  out.reserve(records.size());
  for (const TrainingRecord& r : records) {
    auto board = record_board(r);
    if (!board) return core::fail("record " + std::to_string(out.size() + 1) + ": " + board.error());
    out.push_back({r.value, evaluate(*board)});
  }
  return out;
}

std::string encode_classical_values(std::span<const ClassicalValue> values) {
  std::string out(CLASSICAL_MAGIC, sizeof CLASSICAL_MAGIC);
  core::put_bytes(out, CLASSICAL_VERSION);
  core::put_bytes(out, std::uint32_t{0});
  core::put_bytes(out, static_cast<std::uint64_t>(values.size()));
  for (const ClassicalValue& v : values) {
    core::put_bytes(out, v.search);
    core::put_bytes(out, v.classical);
  }
  return out;
}

core::Result<std::vector<ClassicalValue>> decode_classical_values(std::string_view bytes) {
  core::ByteReader in(bytes);
  const std::string_view magic = in.take(sizeof CLASSICAL_MAGIC);
  if (in.short_read() || std::memcmp(magic.data(), CLASSICAL_MAGIC, sizeof CLASSICAL_MAGIC) != 0)
    return core::fail("not a classical values file (no TSCLASSV header)");
  const auto version = in.get<std::uint32_t>();
  in.get<std::uint32_t>();
  const auto count = in.get<std::uint64_t>();
  if (in.short_read()) return core::fail("a classical values file cut short in its header");
  if (version != CLASSICAL_VERSION)
    return core::fail("version " + std::to_string(version) + " of the classical values file; this build reads version " +
                      std::to_string(CLASSICAL_VERSION));
  // Compared by division, so that no count, however large, overflows.
  const std::size_t left = bytes.size() - in.pos();
  if (left % CLASSICAL_PAIR_BYTES != 0 || count != left / CLASSICAL_PAIR_BYTES)
    return core::fail("a classical values file of " + std::to_string(count) + " records holds " + std::to_string(left) +
                      " bytes of them, " + std::to_string(CLASSICAL_PAIR_BYTES) + " a record");
  std::vector<ClassicalValue> out(static_cast<std::size_t>(count));
  for (ClassicalValue& v : out) {
    v.search = in.get<std::int32_t>();
    v.classical = in.get<std::int32_t>();
  }
  return out;
}

}  // namespace tilestone::gomoku
