#include "gomoku/network_simd.h"

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define TILESTONE_NET_AVX2 1
#include <immintrin.h>
#else
#define TILESTONE_NET_AVX2 0
#endif

namespace tilestone::gomoku::netsimd {
namespace {

constexpr int F = NET_FEATURES;
static_assert(NET_FEATURES == 32 && NET_HIDDEN == 32, "the AVX2 kernels hold a row in two registers");

// Step 1. Portable C++. int16 sums wrap as the AVX2 instructions do (C++20 converts modulo 2^16).

inline int clamp_h(int v) { return v < 0 ? 0 : (v > NET_QA ? NET_QA : v); }

template <bool Store>
void apply_portable(const Delta* deltas, int n, std::int32_t* sum) {
  for (int k = 0; k < n; ++k) {
    std::int16_t* acc = deltas[k].acc;
    const std::int16_t* add = deltas[k].add;
    const std::int16_t* sub = deltas[k].sub;
    for (int i = 0; i < F; ++i) {
      const std::int16_t old = acc[i];
      const auto now = static_cast<std::int16_t>(old + add[i] - sub[i]);
      if constexpr (Store) acc[i] = now;
      sum[i] += clamp_h(now) - clamp_h(old);
    }
  }
}

template <bool Store>
void set_portable(const Rows* cells, int n, std::int32_t* sum) {
  for (int k = 0; k < n; ++k) {
    std::int16_t* acc = cells[k].acc;
    for (int i = 0; i < F; ++i) {
      const std::int16_t old = acc[i];
      int v = 0;
      for (const std::int16_t* row : cells[k].row) v += row[i];
      const auto now = static_cast<std::int16_t>(v);
      if constexpr (Store) acc[i] = now;
      sum[i] += clamp_h(now) - clamp_h(old);
    }
  }
}

std::int32_t policy_portable(const std::int16_t* acc, const std::int16_t* w) {
  std::int32_t s = 0;
  for (int i = 0; i < F; ++i) s += clamp_h(acc[i]) * w[i];
  return s;
}

void dense_portable(const std::int16_t* in, const std::int16_t* w, const std::int32_t* b, int rows, std::int32_t* out) {
  for (int j = 0; j < rows; ++j) {
    std::int32_t s = b[j];
    for (int i = 0; i < NET_HIDDEN; ++i) s += in[i] * w[j * NET_HIDDEN + i];
    out[j] = s;
  }
}

constexpr Kernels PORTABLE{apply_portable<true>, set_portable<true>, apply_portable<false>, set_portable<false>, policy_portable,
                          dense_portable};

// Step 2. AVX2: a row of 32 int16 is two registers. The kernels stay small enough to keep every
// vector in a register: GCC for 64-bit Windows (MinGW) does not align the stack to 32 bytes, so a
// spilled __m256i could fault there (GCC bug 54412); the MinGW build's object code spills none.
#if TILESTONE_NET_AVX2

#define TS_AVX2 __attribute__((target("avx2")))

TS_AVX2 inline __m256i clamp_h(__m256i v) {
  return _mm256_min_epi16(_mm256_max_epi16(v, _mm256_setzero_si256()), _mm256_set1_epi16(NET_QA));
}

// Adds the change of h (int16, within +-NET_QA) of one row half to four int32 lanes groups.
TS_AVX2 inline void add_change(__m256i dh, __m256i& lo, __m256i& hi) {
  lo = _mm256_add_epi32(lo, _mm256_cvtepi16_epi32(_mm256_castsi256_si128(dh)));
  hi = _mm256_add_epi32(hi, _mm256_cvtepi16_epi32(_mm256_extracti128_si256(dh, 1)));
}

struct SumRegs {
  __m256i r[4];
};

TS_AVX2 inline SumRegs load_sum(const std::int32_t* sum) {
  SumRegs s;
  for (int k = 0; k < 4; ++k) s.r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sum + 8 * k));
  return s;
}

TS_AVX2 inline void store_sum(std::int32_t* sum, const SumRegs& s) {
  for (int k = 0; k < 4; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i*>(sum + 8 * k), s.r[k]);
}

TS_AVX2 inline __m256i load(const std::int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
TS_AVX2 inline void store(std::int16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// The new row halves replace the old ones in acc (when Store), and their change of h goes into s.
template <bool Store>
TS_AVX2 inline void replace(std::int16_t* acc, __m256i old0, __m256i old1, __m256i now0, __m256i now1, SumRegs& s) {
  if constexpr (Store) {
    store(acc, now0);
    store(acc + 16, now1);
  }
  add_change(_mm256_sub_epi16(clamp_h(now0), clamp_h(old0)), s.r[0], s.r[1]);
  add_change(_mm256_sub_epi16(clamp_h(now1), clamp_h(old1)), s.r[2], s.r[3]);
}

template <bool Store>
TS_AVX2 void apply_avx2(const Delta* deltas, int n, std::int32_t* sum) {
  SumRegs s = load_sum(sum);
  for (int k = 0; k < n; ++k) {
    const Delta& d = deltas[k];
    const __m256i old0 = load(d.acc), old1 = load(d.acc + 16);
    const __m256i now0 = _mm256_sub_epi16(_mm256_add_epi16(old0, load(d.add)), load(d.sub));
    const __m256i now1 = _mm256_sub_epi16(_mm256_add_epi16(old1, load(d.add + 16)), load(d.sub + 16));
    replace<Store>(d.acc, old0, old1, now0, now1, s);
  }
  store_sum(sum, s);
}

template <bool Store>
TS_AVX2 void set_avx2(const Rows* cells, int n, std::int32_t* sum) {
  SumRegs s = load_sum(sum);
  for (int k = 0; k < n; ++k) {
    const Rows& c = cells[k];
    __m256i now0 = _mm256_setzero_si256(), now1 = _mm256_setzero_si256();
    for (const std::int16_t* row : c.row) {
      now0 = _mm256_add_epi16(now0, load(row));
      now1 = _mm256_add_epi16(now1, load(row + 16));
    }
    replace<Store>(c.acc, load(c.acc), load(c.acc + 16), now0, now1, s);
  }
  store_sum(sum, s);
}

TS_AVX2 inline std::int32_t horizontal_sum(__m256i v) {
  __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4E));
  x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xB1));
  return _mm_cvtsi128_si32(x);
}

TS_AVX2 std::int32_t policy_avx2(const std::int16_t* acc, const std::int16_t* w) {
  const __m256i p0 = _mm256_madd_epi16(clamp_h(load(acc)), load(w));
  const __m256i p1 = _mm256_madd_epi16(clamp_h(load(acc + 16)), load(w + 16));
  return horizontal_sum(_mm256_add_epi32(p0, p1));
}

TS_AVX2 inline __m256i row_products(__m256i in0, __m256i in1, const std::int16_t* row) {
  return _mm256_add_epi32(_mm256_madd_epi16(in0, load(row)), _mm256_madd_epi16(in1, load(row + 16)));
}

TS_AVX2 void dense_avx2(const std::int16_t* in, const std::int16_t* w, const std::int32_t* b, int rows, std::int32_t* out) {
  const __m256i in0 = load(in), in1 = load(in + 16);
  int j = 0;
  // Eight rows at a time: their eight-lane sums folded by horizontal adds into one register.
  for (; j + 8 <= rows; j += 8) {
    const std::int16_t* r = w + j * NET_HIDDEN;
    const __m256i h01 = _mm256_hadd_epi32(row_products(in0, in1, r), row_products(in0, in1, r + NET_HIDDEN));
    const __m256i h23 = _mm256_hadd_epi32(row_products(in0, in1, r + 2 * NET_HIDDEN), row_products(in0, in1, r + 3 * NET_HIDDEN));
    const __m256i h45 = _mm256_hadd_epi32(row_products(in0, in1, r + 4 * NET_HIDDEN), row_products(in0, in1, r + 5 * NET_HIDDEN));
    const __m256i h67 = _mm256_hadd_epi32(row_products(in0, in1, r + 6 * NET_HIDDEN), row_products(in0, in1, r + 7 * NET_HIDDEN));
    const __m256i h0123 = _mm256_hadd_epi32(h01, h23), h4567 = _mm256_hadd_epi32(h45, h67);
    // Each 128-bit half holds rows 0-3 (then 4-7) summed over half the lanes: add the halves.
    const __m256i sums = _mm256_add_epi32(_mm256_permute2x128_si256(h0123, h4567, 0x20), _mm256_permute2x128_si256(h0123, h4567, 0x31));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j),
                        _mm256_add_epi32(sums, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + j))));
  }
  for (; j < rows; ++j) {
    const std::int16_t* row = w + j * NET_HIDDEN;
    const __m256i p = _mm256_add_epi32(_mm256_madd_epi16(in0, load(row)), _mm256_madd_epi16(in1, load(row + 16)));
    out[j] = b[j] + horizontal_sum(p);
  }
}

constexpr Kernels AVX2{apply_avx2<true>, set_avx2<true>, apply_avx2<false>, set_avx2<false>, policy_avx2, dense_avx2};

bool cpu_has_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

#undef TS_AVX2
#endif

}  // namespace

const Kernels& kernels(NetBackend backend) {
#if TILESTONE_NET_AVX2
  if (backend == NetBackend::AVX2 && net_backend_available(NetBackend::AVX2)) return AVX2;
#endif
  (void)backend;
  return PORTABLE;
}

}  // namespace tilestone::gomoku::netsimd

namespace tilestone::gomoku {

bool net_backend_available(NetBackend b) {
  if (b == NetBackend::PORTABLE) return true;
#if TILESTONE_NET_AVX2
  static const bool has = netsimd::cpu_has_avx2();
  return has;
#else
  return false;
#endif
}

NetBackend best_net_backend() { return net_backend_available(NetBackend::AVX2) ? NetBackend::AVX2 : NetBackend::PORTABLE; }

std::string_view net_backend_name(NetBackend b) { return b == NetBackend::AVX2 ? "avx2" : "portable"; }

}  // namespace tilestone::gomoku
