#pragma once
// An n-tuple network: the learned evaluation of a 2048 afterstate (the board after the player's
// slide, before the spawn). Each tuple is a list of cells; its table holds one weight for every
// combination of the exponents under it (16^n entries). The value of a board is the sum, over
// the 8 symmetries of the square and over the tuples, of the weight its cells select — so the 8
// symmetric boards have the same value by construction, and a weight learnt in one corner is
// used in all four. Evaluation is table look-ups on the 64-bit board; nothing is allocated.
//
// A network may have several stages (multi-stage TD, Yeh et al. 2016): each stage has its own
// tables, and a board uses the tables of the last stage whose threshold its largest tile reaches.
// The late game (boards holding 8192 or 16384) then gets weights of its own instead of sharing
// them with the thousands of opening moves every game plays.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <type_traits>
#include <cstdint>
#include <string>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TILESTONE_NTUPLE_PEXT 1
#endif

#include "core/memory.h"
#include "core/result.h"
#include "g2048/board.h"
#include "g2048/params.h"

namespace tilestone::g2048 {

/// The cells of one tuple (0..15, row-major from the top-left).
using Tuple = std::vector<std::uint8_t>;
/// One tuple's weights. Evaluation reads them at random over hundreds of megabytes, so they sit
/// in huge pages where the system gives them: a 100-game 1-ply bench then takes 0.6 times the
/// user CPU time (TLB misses were most of the cost).
using WeightTable = std::vector<float, core::HugePageAllocator<float>>;
/// One tuple's weights as int16 q (weight = q x the network's scale): how a network loaded from an
/// int16 file is held for play, in half the memory and load time of floats.
using QuantTable = std::vector<std::int16_t, core::HugePageAllocator<std::int16_t>>;

/// The largest tuple the network accepts (16^MAX_TUPLE_CELLS weights per table).
inline constexpr int MAX_TUPLE_CELLS = 6;
/// The largest number of tuples.
inline constexpr int MAX_TUPLES = 16;
/// The symmetries of the square.
inline constexpr int SYMMETRIES = 8;
/// The most stages a network has.
inline constexpr int MAX_STAGES = 4;

/// The lowest tile exponent tile downgrading may start from (4: a board holding 16 with a gap
/// below it reads as one holding 8).
inline constexpr int MIN_DOWNGRADE_EXPONENT = 2;

/// Stage thresholds, ascending tile exponents: a board whose largest tile has exponent
/// >= thresholds[k] is in stage k + 1 or later. Empty: one stage.
using StageThresholds = std::vector<std::uint8_t>;

namespace detail {
constexpr std::uint64_t transpose(std::uint64_t x) {
  std::uint64_t t = ((x >> 12) ^ x) & 0x0000F0F00000F0F0ULL;
  x ^= t ^ (t << 12);
  t = ((x >> 24) ^ x) & 0x00000000FF00FF00ULL;
  return x ^ t ^ (t << 24);
}
// Each row read right to left.
constexpr std::uint64_t mirror(std::uint64_t x) {
  x = ((x & 0x0F0F0F0F0F0F0F0FULL) << 4) | ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL);
  return ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
}
// The rows in reverse order.
constexpr std::uint64_t flip(std::uint64_t x) {
  x = ((x & 0x0000FFFF0000FFFFULL) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFULL);
  return (x << 32) | (x >> 32);
}
}  // namespace detail

/// The 8 boards symmetric to `b` (b itself first): rotations and reflections.
constexpr std::array<Board, SYMMETRIES> symmetries(Board b) {
  const std::uint64_t a = b.bits(), m = detail::mirror(a), f = detail::flip(a), mf = detail::flip(m);
  return {Board(a), Board(m), Board(f), Board(mf), Board(detail::transpose(a)), Board(detail::transpose(m)),
          Board(detail::transpose(f)), Board(detail::transpose(mf))};
}

/// The default layout: four 6-tuples (two straight 2x3 blocks along an edge and two squares of
/// six), the shapes of Yeh et al. and Jaśkowski.
std::vector<Tuple> default_layout();
/// Parses a layout such as "012345,456789,012456,45689a" (hex cells per tuple).
core::Result<std::vector<Tuple>> parse_layout(const std::string& text);
std::string format_layout(const std::vector<Tuple>& layout);
/// Parses stage thresholds such as "8192,16384" (tiles, ascending); "" is one stage.
core::Result<StageThresholds> parse_stages(const std::string& text);
/// "8192,16384", or "" for one stage.
std::string format_stages(const StageThresholds& thresholds);
/// Tile downgrading's threshold from a tile (a power of two from 4 to 32768; 0: none) as the
/// exponent NTupleNetwork::set_downgrade_from takes; a message for any other number.
core::Result<int> downgrade_exponent_of(std::int64_t tile);

class NTupleNetwork {
 public:
  /// How the tables start: every weight 0, or unset (for a reader that writes them all).
  enum class Init { ZERO, NONE };
  /// How the weights are held: FLOAT32 (exact; what training updates), or INT16 (q x scale, as an
  /// int16 file stores them; for play only: half the memory, and nothing to convert on loading).
  enum class Storage { FLOAT32, INT16 };
  /// A network with every weight 0 (or unset). The layout and thresholds must be valid (see
  /// validate_layout, validate_stages).
  explicit NTupleNetwork(std::vector<Tuple> layout = default_layout(), StageThresholds stages = {}, Init init = Init::ZERO,
                         Storage storage = Storage::FLOAT32, double scale = 1.0);

  /// An error message when `layout` is empty, too large, or has a bad or repeated cell.
  static std::string validate_layout(const std::vector<Tuple>& layout);
  /// An error message when the thresholds are not ascending exponents 2..17 or too many.
  static std::string validate_stages(const StageThresholds& stages);

  const std::vector<Tuple>& layout() const { return layout_; }
  const StageThresholds& stage_thresholds() const { return thresholds_; }
  int stages() const { return static_cast<int>(thresholds_.size()) + 1; }
  /// Features summed by one evaluation: tuples x symmetries.
  int features() const { return static_cast<int>(layout_.size()) * SYMMETRIES; }
  /// Tables in all: tuples x stages. Table k * tuples + t is tuple t's table in stage k.
  std::size_t table_count() const { return layout_.size() * static_cast<std::size_t>(stages()); }
  /// Weights of table t: 16^cells of its tuple.
  std::size_t table_size(std::size_t t) const { return std::size_t{1} << (4 * sizes_[t % layout_.size()]); }
  Storage storage() const { return storage_; }
  /// Whether the tuples' indices are extracted with BMI2's pext, one instruction a tuple, instead
  /// of shifts and masks (the same indices, so the same values to the bit). On by default where
  /// the processor has a fast pext (not AMD's Zen 1 and 2, where it is microcoded) and every
  /// tuple lists its cells in ascending order.
  bool uses_pext() const { return pext_; }
  /// Turns pext on (where the processor and the layout allow it) or off.
  void use_pext(bool on) { pext_ = on && pext_allowed_ && fast_pext(); }
  /// Whether this processor has a fast pext.
  static bool fast_pext();
  /// INT16 storage: weight = q x scale.
  double scale() const { return scale_; }
  /// Weight i of table t, in either storage.
  float weight(std::size_t t, std::size_t i) const {
    return storage_ == Storage::INT16 ? static_cast<float>(qtables_[t][i] * scale_) : tables_[t][i];
  }

  /// The stage whose tables value `b`.
  int stage_of(Board b) const {
    if (thresholds_.empty()) return 0;
    std::uint64_t bits = b.bits();
    int top = 0;
    for (int k = 0; k < 16; ++k, bits >>= 4) top = std::max(top, static_cast<int>(bits & 0xF));
    int stage = 0;
    while (stage < static_cast<int>(thresholds_.size()) && top >= thresholds_[static_cast<std::size_t>(stage)]) ++stage;
    return stage;
  }

  /// This network with more stages: `stages` must extend its own thresholds, and every new
  /// stage starts as a copy of the last existing one (so it plays as well from the first game).
  NTupleNetwork with_stages(const StageThresholds& stages) const;
  /// Whether `stages` keeps this network's thresholds as its first ones (with_stages' precondition).
  bool extended_by(const StageThresholds& stages) const {
    return stages.size() >= thresholds_.size() && std::equal(thresholds_.begin(), thresholds_.end(), stages.begin());
  }

  /// Tile downgrading's threshold, a tile exponent (14: 16384), or 0 for none: the network file's
  /// own (version 4), params::DOWNGRADE_FROM_EXPONENT for older files and new networks.
  int downgrade_from() const { return downgrade_from_; }
  /// Sets it: 0, or an exponent from MIN_DOWNGRADE_EXPONENT to 15 (valid_downgrade_exponent).
  void set_downgrade_from(int exponent) { downgrade_from_ = static_cast<std::uint8_t>(exponent); }
  static bool valid_downgrade_exponent(int e) { return e == 0 || (e >= MIN_DOWNGRADE_EXPONENT && e <= 15); }

  /// Whether a downgraded board takes the weights of the stage of the board as it was, before
  /// downgrading, rather than of the board it is downgraded to (file version 5). With a stage from
  /// the tile downgrading starts at, that stage then holds the late game's own weights: boards
  /// holding that tile read it, at the downgraded board's features, while the boards on the way to
  /// the tile keep the first stage. Off: the stage of the downgraded board (older files).
  bool stage_before_downgrading() const { return stage_before_downgrading_; }
  void set_stage_before_downgrading(bool on) { stage_before_downgrading_ = on; }

  /// The value the AIs play with: a board whose largest tile is 2^downgrade_from() or more is
  /// valued downgraded (Board::downgraded), each step doubling the value. Training uses value().
  float late_value(Board b) const { return late_value(b, downgrade_from_); }
  /// The same with another threshold `from` (an exponent; 0: value() itself).
  float late_value(Board b, int from) const {
    if (from == 0 || !b.holds_at_least(from)) return value(b);
    int steps = 0;
    const Board d = b.downgraded(from, steps);
    if (steps == 0) return value(b);
    return (stage_before_downgrading_ ? value_in(stage_of(b), d) : value(d)) * static_cast<float>(1 << steps);
  }
  /// The board whose weights late_value(b, from) reads: `b` itself, or `b` downgraded.
  static Board valued_board(Board b, int from) {
    if (from == 0 || !b.holds_at_least(from)) return b;
    int steps = 0;
    const Board d = b.downgraded(from, steps);
    return steps == 0 ? b : d;
  }
  /// The stage whose weights late_value(b, from) reads.
  int valued_stage(Board b, int from) const {
    return stage_before_downgrading_ ? stage_of(b) : stage_of(valued_board(b, from));
  }
  /// late_value() of up to four afterstates at once (n <= 4), their weights asked for together so
  /// that their cache misses overlap; out[k] is exactly late_value(boards[k], from).
  void late_values(const Board* boards, int n, float* out) const { late_values(boards, n, out, downgrade_from_); }
  void late_values(const Board* boards, int n, float* out, int from) const {
    std::array<Board, 4> d{};
    std::array<int, 4> steps{};
    bool raw_stage = false;  // a downgraded board that reads the stage of the board as it was
    for (int k = 0; k < n; ++k) {
      d[k] = boards[k];
      if (from != 0 && boards[k].holds_at_least(from)) {
        d[k] = boards[k].downgraded(from, steps[k]);
        if (steps[k] == 0) d[k] = boards[k];
        raw_stage = raw_stage || (steps[k] != 0 && stage_before_downgrading_);
      }
    }
    if (raw_stage) {
      for (int k = 0; k < n; ++k) out[k] = value_in(stage_of(boards[k]), d[k]);
    } else {
      values(d.data(), n, out);
    }
    for (int k = 0; k < n; ++k)
      if (steps[k] != 0) out[k] *= static_cast<float>(1 << steps[k]);
  }
  /// value() of up to four afterstates at once (n <= 4), as late_values() does. The four sums run
  /// side by side (each in value()'s order, so the same bits), not one after the other.
  void values(const Board* boards, int n, float* out) const {
    if (n <= 0) return;
    if (storage_ == Storage::INT16) {
      sum4<std::int32_t>(qtables_, boards, n, out, [](const std::int16_t* p) { return std::int32_t{*p}; });
      for (int k = 0; k < n; ++k) out[k] = static_cast<float>(static_cast<double>(std::bit_cast<std::int32_t>(out[k])) * scale_);
      return;
    }
    sum4<float>(tables_, boards, n, out, [](const float* p) { return load(p); });
  }

  /// The weights of up to four afterstates, their addresses worked out and asked for by ask() and
  /// summed later by values(const Asked&): work done between the two (a TD step) overlaps the
  /// cache misses. FLOAT32 storage; the sums are values()'s to the bit.
  template <class W>
  struct Gathered {
    std::array<std::array<const W*, MAX_TUPLES * SYMMETRIES>, 4> at;
    int n = 0;
  };
  using Asked = Gathered<float>;
  void ask(const Board* boards, int n, Asked& asked) const { gather4(tables_, boards, n, asked); }
  void values(const Asked& asked, float* out) const {
    sum_gathered<float>(asked, out, [](const float* p) { return load(p); });
  }

  /// The value of the afterstate `b`.
  float value(Board b) const { return value_in(stage_of(b), b); }
  /// The value of `b` by the weights of stage `stage` (< stages()).
  float value_in(int stage, Board b) const {
    // The weights are scattered over hundreds of megabytes, so nearly every read misses the
    // caches: work out every address first and ask for them all, so that the reads overlap.
    const std::size_t count = SYMMETRIES * layout_.size();
    if (storage_ == Storage::INT16) {
      std::array<const std::int16_t*, MAX_TUPLES * SYMMETRIES> at;
      addresses(qtables_, stage, b, at.data());
      // Nothing writes an INT16 network: plain reads, summed exactly.
      int sum = 0;
      for (std::size_t i = 0; i < count; ++i) sum += *at[i];
      return static_cast<float>(sum * scale_);
    }
    std::array<const float*, MAX_TUPLES * SYMMETRIES> at;
    addresses(tables_, stage, b, at.data());
    float sum = 0;
    for (std::size_t i = 0; i < count; ++i) sum += load(at[i]);
    return sum;
  }

  /// Asks the memory for the weights of `b` without waiting: a caller about to value several
  /// afterstates prefetches them all first, so that their cache misses overlap.
  void prefetch(Board b) const {
    // addresses() asks for each weight as it works out its address.
    if (storage_ == Storage::INT16) {
      std::array<const std::int16_t*, MAX_TUPLES * SYMMETRIES> at;
      addresses(qtables_, b, at.data());
    } else {
      std::array<const float*, MAX_TUPLES * SYMMETRIES> at;
      addresses(tables_, b, at.data());
    }
  }

  /// Adds `delta` to each of the features of `b` (a TD step: delta = step size x error / features).
  /// Threads may update one network at the same time (lock-free; a lost update costs nothing).
  /// FLOAT32 storage only, like every writing member.
  void add(Board b, float delta) {
    for_each_feature(b, [&](std::size_t t, std::uint32_t i) { add_at(t, i, delta); });
  }
  /// One TD(0) step in a single pass over the features of `b`: each weight moves by
  /// alpha * (target - value(b)) / features(); returns the new value. The same arithmetic, in the
  /// same order, as value(), add() and value() one after the other.
  float update(Board b, float target, float alpha) {
    const std::size_t count = SYMMETRIES * layout_.size();
    std::array<const float*, MAX_TUPLES * SYMMETRIES> at;
    addresses(tables_, b, at.data());
    float v = 0;
    for (std::size_t i = 0; i < count; ++i) v += load(at[i]);
    const float delta = alpha * (target - v) / static_cast<float>(count);
    for (std::size_t i = 0; i < count; ++i) {
      float* w = const_cast<float*>(at[i]);
      store(w, load(w) + delta);
    }
    float after = 0;
    for (std::size_t i = 0; i < count; ++i) after += load(at[i]);
    return after;
  }

  /// Calls fn(t, i) for every feature of `b`: entry i of table t (the table of a tuple in the
  /// board's stage), symmetry by symmetry.
  template <class Fn>
  void for_each_feature(Board b, Fn&& fn) const {
    for_each_feature_in(stage_of(b), b, fn);
  }
  /// The same in the tables of stage `stage`.
  template <class Fn>
  void for_each_feature_in(int stage, Board b, Fn&& fn) const {
    const auto syms = symmetries(b);
    const std::size_t base = static_cast<std::size_t>(stage) * layout_.size();
    for (const Board s : syms)
      for (std::size_t t = 0; t < layout_.size(); ++t) fn(base + t, index(t, s));
  }
  /// Weight i of table t, read as concurrent training reads it; FLOAT32 storage.
  float at(std::size_t t, std::uint32_t i) const { return load(t, i); }
  /// Adds `delta` to one weight (lock-free, like add).
  void add_at(std::size_t t, std::uint32_t i, float delta) { store(t, i, load(t, i) + delta); }

  /// Sets every weight to `w` (FLOAT32 storage): optimistic initialisation.
  void fill(float w);

  /// Every weight of table `t` (16^cells entries; t < table_count()); FLOAT32 storage.
  WeightTable& table(std::size_t t) { return tables_[t]; }
  const WeightTable& table(std::size_t t) const { return tables_[t]; }
  /// Every q of table `t`; INT16 storage.
  QuantTable& qtable(std::size_t t) { return qtables_[t]; }
  const QuantTable& qtable(std::size_t t) const { return qtables_[t]; }

  /// Training statistics kept with the weights.
  std::uint64_t games_trained = 0;

 private:
  std::uint8_t downgrade_from_ = params::DOWNGRADE_FROM_EXPONENT;
  bool stage_before_downgrading_ = false;
  // The address of every feature of `b` in `tables` (FLOAT32's or INT16's), each already asked
  // for, symmetry by symmetry: in the tables of b's stage, or of stage `k`.
  template <class Table>
  void addresses(const std::vector<Table>& tables, Board b, const typename Table::value_type** at) const {
    addresses(tables, stage_of(b), b, at);
  }
  template <class Table>
  void addresses(const std::vector<Table>& tables, int k, Board b, const typename Table::value_type** at) const {
    const std::size_t n = layout_.size();
    const Table* stage = &tables[static_cast<std::size_t>(k) * n];
#ifdef TILESTONE_NTUPLE_PEXT
    if (pext_) {
      switch (n) {
        case 4: return gather_pext<4>(stage, b, at);
        case 5: return gather_pext<5>(stage, b, at);
        case 6: return gather_pext<6>(stage, b, at);
        case 8: return gather_pext<8>(stage, b, at);
        default: break;
      }
    }
#endif
    if (all_two_runs_) {
      // The common layouts with the tuple count fixed at compile time: the shifts, masks and
      // table bases stay in registers and the 8 x N index computations unroll.
      switch (n) {
        case 4: return gather<4>(stage, b, at);
        case 5: return gather<5>(stage, b, at);
        case 6: return gather<6>(stage, b, at);
        case 8: return gather<8>(stage, b, at);
        default: break;
      }
    }
    const auto syms = symmetries(b);
    for (std::size_t s = 0; s < SYMMETRIES; ++s)
      for (std::size_t t = 0; t < n; ++t) {
        at[s * n + t] = &stage[t][index(t, syms[s])];
        if (PREFETCH) __builtin_prefetch(at[s * n + t]);
      }
  }
  template <std::size_t N, class Table>
  void gather(const Table* stage, Board b, const typename Table::value_type** at) const {
    using W = typename Table::value_type;
    std::array<const W*, N> base;
    std::array<std::uint64_t, N> m0, m1;
    std::array<unsigned, N> s0, s1;
    for (std::size_t t = 0; t < N; ++t) {
      base[t] = stage[t].data();
      m0[t] = runs_[t].mask[0], m1[t] = runs_[t].mask[1];
      s0[t] = runs_[t].shift[0], s1[t] = runs_[t].shift[1];
    }
    const auto syms = symmetries(b);
    for (std::size_t s = 0; s < SYMMETRIES; ++s) {
      const std::uint64_t x = syms[s].bits();
      for (std::size_t t = 0; t < N; ++t) {
        const W* p = base[t] + (((x >> s0[t]) & m0[t]) | ((x >> s1[t]) & m1[t]));
        at[s * N + t] = p;
        if (PREFETCH) __builtin_prefetch(p);
      }
    }
  }
#ifdef TILESTONE_NTUPLE_PEXT
  // gather() with each index one pext of the board under the tuple's cells.
  template <std::size_t N, class Table>
  __attribute__((target("bmi2"))) void gather_pext(const Table* stage, Board b, const typename Table::value_type** at) const {
    using W = typename Table::value_type;
    std::array<const W*, N> base;
    std::array<std::uint64_t, N> cells;
    for (std::size_t t = 0; t < N; ++t) {
      base[t] = stage[t].data();
      cells[t] = pext_masks_[t];
    }
    const auto syms = symmetries(b);
    for (std::size_t s = 0; s < SYMMETRIES; ++s) {
      const std::uint64_t x = syms[s].bits();
      for (std::size_t t = 0; t < N; ++t) {
        const W* p = base[t] + _pext_u64(x, cells[t]);
        at[s * N + t] = p;
        if (PREFETCH) __builtin_prefetch(p);
      }
    }
  }
#endif
  // The addresses of up to four boards' features; boards past n repeat the first.
  template <class Table>
  void gather4(const std::vector<Table>& tables, const Board* boards, int n, Gathered<typename Table::value_type>& g) const {
    g.n = n;
    if (n <= 0) return;
    addresses(tables, boards[0], g.at[0].data());
    addresses(tables, boards[n > 1 ? 1 : 0], g.at[1].data());
    addresses(tables, boards[n > 2 ? 2 : 0], g.at[2].data());
    addresses(tables, boards[n > 3 ? 3 : 0], g.at[3].data());
  }
  // Four sums side by side in registers, each in feature order.
  // Sum is float (out holds the sums) or int32 (out holds their bits, for values() to scale).
  template <class Sum, class W, class Read>
  void sum_gathered(const Gathered<W>& g, float* out, Read read) const {
    if (g.n <= 0) return;
    const std::size_t count = SYMMETRIES * layout_.size();
    const auto &a0 = g.at[0], &a1 = g.at[1], &a2 = g.at[2], &a3 = g.at[3];
    Sum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (std::size_t i = 0; i < count; ++i) {
      s0 += read(a0[i]);
      s1 += read(a1[i]);
      s2 += read(a2[i]);
      s3 += read(a3[i]);
    }
    const std::array<Sum, 4> sums{s0, s1, s2, s3};
    for (int k = 0; k < g.n; ++k) {
      if constexpr (std::is_same_v<Sum, float>) out[k] = sums[k];
      else out[k] = std::bit_cast<float>(sums[k]);
    }
  }
  template <class Sum, class Table, class Read>
  void sum4(const std::vector<Table>& tables, const Board* boards, int n, float* out, Read read) const {
    Gathered<typename Table::value_type> g;
    gather4(tables, boards, n, g);
    sum_gathered<Sum>(g, out, read);
  }

  static constexpr bool PREFETCH = true;
  std::uint32_t index(std::size_t t, Board s) const {
    const std::uint64_t bits = s.bits();
    // A tuple of at most two runs of consecutive cells (every default tuple): two shifts and masks.
    const Runs& r = runs_[t];
    if (r.two) return static_cast<std::uint32_t>(((bits >> r.shift[0]) & r.mask[0]) | ((bits >> r.shift[1]) & r.mask[1]));
    const auto& sh = shifts_[t];
    std::uint32_t i = 0;
    for (int k = 0; k < sizes_[t]; ++k) i |= static_cast<std::uint32_t>((bits >> sh[k]) & 0xF) << (4 * k);
    return i;
  }
  // Relaxed atomic access compiles to plain loads and stores, and keeps concurrent training
  // free of data races in the language's sense.
  static float load(const float* p) {
    return std::atomic_ref<float>(*const_cast<float*>(p)).load(std::memory_order_relaxed);
  }
  float load(std::size_t t, std::uint32_t i) const {
    return std::atomic_ref<float>(const_cast<float&>(tables_[t][i])).load(std::memory_order_relaxed);
  }
  void store(std::size_t t, std::uint32_t i, float v) {
    std::atomic_ref<float>(tables_[t][i]).store(v, std::memory_order_relaxed);
  }
  static void store(float* p, float v) { std::atomic_ref<float>(*p).store(v, std::memory_order_relaxed); }

  std::vector<Tuple> layout_;
  StageThresholds thresholds_;
  std::vector<std::array<std::uint8_t, MAX_TUPLE_CELLS>> shifts_;
  std::vector<int> sizes_;
  // A tuple's index as at most two runs of consecutive ascending cells: run k is the board shifted
  // right by shift[k] under mask[k] (two = false: the tuple needs the cell-by-cell loop).
  struct Runs {
    bool two = false;
    std::array<std::uint8_t, 2> shift{};
    std::array<std::uint64_t, 2> mask{};
  };
  std::vector<Runs> runs_;
  bool all_two_runs_ = false;  // every tuple's index is two runs (gather<N> applies)
  // Each tuple's cells as a mask of the board's bits (pext's operand); pext gives index() when
  // the cells ascend (pext_allowed_).
  std::vector<std::uint64_t> pext_masks_;
  bool pext_allowed_ = true;
  bool pext_ = false;
  Storage storage_ = Storage::FLOAT32;
  double scale_ = 1.0;
  std::vector<WeightTable> tables_;   // FLOAT32
  std::vector<QuantTable> qtables_;   // INT16
};

}  // namespace tilestone::g2048
