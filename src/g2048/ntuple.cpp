#include "g2048/ntuple.h"

#include <algorithm>
#include <bit>
#include <string>

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

std::string NTupleNetwork::validate_stages(const StageThresholds& stages) {
  if (stages.size() + 1 > static_cast<std::size_t>(MAX_STAGES))
    return fmt::format("a network has 1 to {} stages, not {}", MAX_STAGES, stages.size() + 1);
  for (std::size_t k = 0; k < stages.size(); ++k) {
    if (stages[k] < 2 || stages[k] > 17) return fmt::format("stage threshold 2^{} is not a tile from 4 to 131072", stages[k]);
    if (k > 0 && stages[k] <= stages[k - 1]) return "stage thresholds must be ascending";
  }
  return {};
}

core::Result<StageThresholds> parse_stages(const std::string& text) {
  StageThresholds out;
  if (text.empty()) return out;
  for (std::size_t pos = 0; pos <= text.size();) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, end - pos);
    int exponent = 0;
    for (int e = 2; e <= 17; ++e)
      if (item == std::to_string(1u << e)) exponent = e;
    if (exponent == 0) return core::fail(fmt::format("bad stage threshold \"{}\" in \"{}\" (tiles 4 to 131072, e.g. 8192,16384)", item, text));
    out.push_back(static_cast<std::uint8_t>(exponent));
    pos = end + 1;
  }
  if (auto msg = NTupleNetwork::validate_stages(out); !msg.empty()) return core::fail(msg);
  return out;
}

std::string format_stages(const StageThresholds& thresholds) {
  std::string out;
  for (auto e : thresholds) {
    if (!out.empty()) out += ',';
    out += std::to_string(1u << e);
  }
  return out;
}

NTupleNetwork::NTupleNetwork(std::vector<Tuple> layout, StageThresholds stages, Init init, Storage storage, double scale)
    : layout_(std::move(layout)), thresholds_(std::move(stages)), storage_(storage), scale_(scale) {
  for (const Tuple& t : layout_) {
    std::array<std::uint8_t, MAX_TUPLE_CELLS> sh{};
    for (std::size_t k = 0; k < t.size(); ++k) sh[k] = static_cast<std::uint8_t>(4 * t[k]);
    shifts_.push_back(sh);
    sizes_.push_back(static_cast<int>(t.size()));
    // Split the cells into runs of consecutive cells; output nibble k holds cell t[k].
    Runs runs;
    int count = 0;
    bool fits = true;
    for (std::size_t k = 0; k < t.size() && fits;) {
      std::size_t len = 1;
      while (k + len < t.size() && t[k + len] == t[k] + len) ++len;
      if (count == 2 || t[k] < k) {
        fits = false;  // three runs, or a cell that would have to move up (left shift)
        break;
      }
      runs.shift[count] = static_cast<std::uint8_t>(4 * (t[k] - k));
      runs.mask[count] = ((std::uint64_t{1} << (4 * len)) - 1) << (4 * k);
      ++count;
      k += len;
    }
    runs.two = fits;
    runs_.push_back(runs);
    all_two_runs_ = (runs_.size() == 1 || all_two_runs_) && fits;
    std::uint64_t cells = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
      cells |= std::uint64_t{0xF} << (4 * t[k]);
      if (k > 0 && t[k] <= t[k - 1]) pext_allowed_ = false;
    }
    pext_masks_.push_back(cells);
  }
  use_pext(true);
  for (int stage = 0; stage < this->stages(); ++stage)
    for (const Tuple& t : layout_) {
      const std::size_t n = std::size_t{1} << (4 * t.size());
      // Init::NONE: the allocator leaves the weights unset.
      auto add = [&](auto& tables) {
        if (init == Init::ZERO) tables.emplace_back(n, 0);
        else tables.emplace_back(n);
      };
      if (storage == Storage::INT16) add(qtables_);
      else add(tables_);
    }
}

core::Result<int> downgrade_exponent_of(std::int64_t tile) {
  if (tile == 0) return 0;
  const int low = 1 << MIN_DOWNGRADE_EXPONENT;
  if (tile < low || tile > 32768 || (tile & (tile - 1)) != 0)
    return core::fail(fmt::format("tile downgrading starts from a tile that is a power of two from {} to 32768, or 0 for none, not {}",
                                  low, tile));
  return std::countr_zero(static_cast<std::uint64_t>(tile));
}

bool NTupleNetwork::fast_pext() {
#ifdef TILESTONE_NTUPLE_PEXT
  static const bool fast = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
  }();
  return fast;
#else
  return false;
#endif
}

void NTupleNetwork::fill(float w) {
  for (WeightTable& t : tables_) std::fill(t.begin(), t.end(), w);
}

NTupleNetwork NTupleNetwork::with_stages(const StageThresholds& stages) const {
  NTupleNetwork out(layout_, stages, Init::NONE, storage_, scale_);
  out.games_trained = games_trained;
  out.downgrade_from_ = downgrade_from_;
  out.stage_before_downgrading_ = stage_before_downgrading_;
  const std::size_t n = layout_.size();
  for (std::size_t k = 0; k < static_cast<std::size_t>(out.stages()); ++k) {
    const std::size_t from = std::min(k, static_cast<std::size_t>(this->stages()) - 1);
    for (std::size_t t = 0; t < n; ++t) {
      if (storage_ == Storage::INT16)
        out.qtables_[k * n + t] = qtables_[from * n + t];
      else
        out.tables_[k * n + t] = tables_[from * n + t];
    }
  }
  return out;
}

}  // namespace tilestone::g2048
