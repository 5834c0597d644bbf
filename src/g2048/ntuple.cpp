#include "g2048/ntuple.h"

#include <fmt/format.h>

namespace tilestone::g2048 {

std::vector<Tuple> default_layout() {
  return {{0, 1, 2, 3, 4, 5}, {4, 5, 6, 7, 8, 9}, {0, 1, 2, 4, 5, 6}, {4, 5, 6, 8, 9, 10}};
}

core::Result<std::vector<Tuple>> parse_layout(const std::string& text) {
  std::vector<Tuple> layout(1);
  for (char c : text) {
    if (c == ',') {
      layout.emplace_back();
    } else if (c >= '0' && c <= '9') {
      layout.back().push_back(static_cast<std::uint8_t>(c - '0'));
    } else if (c >= 'a' && c <= 'f') {
      layout.back().push_back(static_cast<std::uint8_t>(c - 'a' + 10));
    } else {
      return core::fail(fmt::format("bad character '{}' in tuple layout \"{}\" (hex cells, tuples split by ',')", c, text));
    }
  }
  if (auto msg = NTupleNetwork::validate_layout(layout); !msg.empty()) return core::fail(msg);
  return layout;
}

std::string format_layout(const std::vector<Tuple>& layout) {
  std::string out;
  for (const Tuple& t : layout) {
    if (!out.empty()) out += ',';
    for (auto c : t) out += "0123456789abcdef"[c & 0xF];
  }
  return out;
}

std::string NTupleNetwork::validate_layout(const std::vector<Tuple>& layout) {
  if (layout.empty() || layout.size() > MAX_TUPLES)
    return fmt::format("a network has 1 to {} tuples, not {}", MAX_TUPLES, layout.size());
  for (const Tuple& t : layout) {
    if (t.empty() || t.size() > MAX_TUPLE_CELLS)
      return fmt::format("a tuple has 1 to {} cells, not {}", MAX_TUPLE_CELLS, t.size());
    std::uint32_t seen = 0;
    for (auto c : t) {
      if (c > 15) return fmt::format("tuple cell {} is off the board (0..15)", c);
      if (seen & (1u << c)) return fmt::format("tuple cell {} appears twice", c);
      seen |= 1u << c;
    }
  }
  return {};
}

NTupleNetwork::NTupleNetwork(std::vector<Tuple> layout) : layout_(std::move(layout)) {
  for (const Tuple& t : layout_) {
    std::array<std::uint8_t, MAX_TUPLE_CELLS> sh{};
    for (std::size_t k = 0; k < t.size(); ++k) sh[k] = static_cast<std::uint8_t>(4 * t[k]);
    shifts_.push_back(sh);
    sizes_.push_back(static_cast<int>(t.size()));
    tables_.emplace_back(std::size_t{1} << (4 * t.size()), 0.0f);
  }
}

}  // namespace tilestone::g2048
