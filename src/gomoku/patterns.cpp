#include "gomoku/patterns.h"

#include <algorithm>
#include <vector>

#include "gomoku/params.h"

namespace tilestone::gomoku {
namespace {

constexpr int OWN = 1;

std::array<int, 9> window_of(LineKey key) {
  std::array<int, 9> w{};
  for (int off = -4; off <= 4; ++off) {
    w[off + 4] = off == 0 ? OWN : (key >> (2 * key_slot(off))) & 3;
  }
  return w;
}

LineKey key_of(const std::array<int, 9>& w) {
  LineKey key = 0;
  for (int off = -4; off <= 4; ++off) {
    if (off != 0) key = static_cast<LineKey>(key | (w[off + 4] << (2 * key_slot(off))));
  }
  return key;
}

// The run of own stones through the centre: FIVE, OVERLINE (too long under EXACT) or NONE.
Pattern five_at(const std::array<int, 9>& w, FiveRule five) {
  int len = 1;
  for (int i = 3; i >= 0 && w[i] == OWN; --i) ++len;
  for (int i = 5; i <= 8 && w[i] == OWN; ++i) ++len;
  if (len < 5) return Pattern::NONE;
  return (five == FiveRule::EXACT && len > 5) ? Pattern::OVERLINE : Pattern::FIVE;
}

int completions(std::array<int, 9> w, FiveRule five) {
  int count = 0;
  for (int i = 0; i < 9; ++i) {
    if (w[i] != CELL_EMPTY) continue;
    w[i] = OWN;
    if (five_at(w, five) == Pattern::FIVE) ++count;
    w[i] = CELL_EMPTY;
  }
  return count;
}

// One level down: what a pattern one stone short of `p` is.
Pattern weaker(Pattern p) {
  switch (p) {
    case Pattern::FLEX4: return Pattern::FLEX3;
    case Pattern::BLOCK4: return Pattern::BLOCK3;
    case Pattern::FLEX3: return Pattern::FLEX2;
    case Pattern::BLOCK3: return Pattern::BLOCK2;
    case Pattern::FLEX2: return Pattern::FLEX1;
    case Pattern::BLOCK2: return Pattern::BLOCK1;
    default: return Pattern::NONE;
  }
}

struct Tables {
  // [five rule][colour - 1][key]
  std::array<std::array<std::array<Pattern, 1 << 16>, 2>, 2> pattern{};

  Tables() {
    for (int r = 0; r < 2; ++r) {
      const auto five = static_cast<FiveRule>(r);
      std::array<Pattern, 1 << 16> own{};
      std::array<bool, 1 << 16> done{};
      for (std::uint32_t k = 0; k < (1u << 16); ++k) fill(five, static_cast<LineKey>(k), own, done);
      for (std::uint32_t k = 0; k < (1u << 16); ++k) {
        pattern[r][0][k] = own[k];
        // White's view: swap the black and white codes of every slot; walls stay walls.
        const std::uint32_t lo = k & 0x5555u, hi = (k >> 1) & 0x5555u;
        pattern[r][1][k] = own[(lo << 1) | hi];
      }
    }
  }

  // Memoised classification: a window with no way to five is as strong as the best window one
  // more own stone can make, one level down.
  static Pattern fill(FiveRule five, LineKey key, std::array<Pattern, 1 << 16>& own,
                      std::array<bool, 1 << 16>& done) {
    if (done[key]) return own[key];
    auto w = window_of(key);
    Pattern result = five_at(w, five);
    if (result == Pattern::NONE) {
      const int c = completions(w, five);
      if (c >= 2) {
        result = Pattern::FLEX4;
      } else if (c == 1) {
        result = Pattern::BLOCK4;
      } else {
        for (int i = 0; i < 9; ++i) {
          if (w[i] != CELL_EMPTY) continue;
          w[i] = OWN;
          result = std::max(result, weaker(fill(five, key_of(w), own, done)));
          w[i] = CELL_EMPTY;
        }
      }
    }
    done[key] = true;
    own[key] = result;
    return result;
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

Pattern line_pattern(FiveRule five, int color, LineKey key) {
  return tables().pattern[static_cast<int>(five)][color - 1][key];
}

const Pattern* line_table(FiveRule five, int color) {
  return tables().pattern[static_cast<int>(five)][color - 1].data();
}

Pattern classify_window(const std::array<int, 9>& cells, FiveRule five) {
  return line_pattern(five, 1, key_of(cells));
}

PointKind point_kind(const std::array<Pattern, 4>& lines) {
  int n[11] = {};
  for (Pattern p : lines) ++n[static_cast<int>(p)];
  auto count = [&](Pattern p) { return n[static_cast<int>(p)]; };
  if (count(Pattern::FIVE)) return PointKind::FIVE;
  const int f4 = count(Pattern::FLEX4), b4 = count(Pattern::BLOCK4);
  const int f3 = count(Pattern::FLEX3), b3 = count(Pattern::BLOCK3);
  const int f2 = count(Pattern::FLEX2), b2 = count(Pattern::BLOCK2);
  if (f4 || b4 >= 2 || (b4 && f3)) return PointKind::FOUR_PLUS;
  if (f3 >= 2) return PointKind::DOUBLE_THREE;
  if (f3 && b3) return PointKind::DEAD3_LIVE3;
  if (b4) return PointKind::DEAD_FOUR;
  if (f3) return PointKind::LIVE_THREE;
  if (f2 >= 2) return PointKind::DOUBLE_TWO;
  if (b3) return PointKind::DEAD_THREE;
  if (f2) return PointKind::LIVE_TWO;
  if (b2) return PointKind::DEAD_TWO;
  return PointKind::NONE;
}

bool surely_forbidden(const std::array<Pattern, 4>& lines) {
  int fours = 0;
  bool overline = false;
  for (Pattern p : lines) {
    if (p == Pattern::FIVE) return false;
    fours += (p == Pattern::FLEX4 || p == Pattern::BLOCK4) ? 1 : 0;
    overline = overline || p == Pattern::OVERLINE;
  }
  return overline || fours >= 2;
}

namespace {

std::vector<PointInfo> build_point_info(bool renju_black) {
  std::vector<PointInfo> t(11 * 11 * 11 * 11);
  for (int i = 0; i < static_cast<int>(t.size()); ++i) {
    std::array<Pattern, 4> p{};
    int rest = i;
    for (int d = 3; d >= 0; --d) {
      p[static_cast<std::size_t>(d)] = static_cast<Pattern>(rest % 11);
      rest /= 11;
    }
    const PointKind kind = point_kind(p);
    const Pattern best = *std::max_element(p.begin(), p.end());
    int value = params::KIND_VALUE[static_cast<std::size_t>(kind)];
    int tempo = params::KIND_TEMPO[static_cast<std::size_t>(kind)];
    int attack = params::ORDER_KIND_MINE[static_cast<std::size_t>(kind)];
    int defence = params::ORDER_KIND_THEIRS[static_cast<std::size_t>(kind)];
    for (Pattern q : p) {
      value += params::PATTERN_VALUE[static_cast<std::size_t>(q)];
      tempo += params::TEMPO_VALUE[static_cast<std::size_t>(q)];
      attack += params::ORDER_PATTERN_MINE[static_cast<std::size_t>(q)];
      defence += params::ORDER_PATTERN_THEIRS[static_cast<std::size_t>(q)];
    }
    t[static_cast<std::size_t>(i)] = {kind,
                                      best,
                                      static_cast<std::int16_t>(value),
                                      static_cast<std::int16_t>(tempo),
                                      static_cast<std::int16_t>(std::clamp(attack, -32000, 32000)),
                                      static_cast<std::int16_t>(std::clamp(defence, -32000, 32000)),
                                      kind >= PointKind::FOUR_PLUS && !(renju_black && surely_forbidden(p))};
  }
  return t;
}

}  // namespace

const PointInfo* point_info_table(bool renju_black) {
  static const std::vector<PointInfo> plain = build_point_info(false);
  static const std::vector<PointInfo> renju = build_point_info(true);
  return renju_black ? renju.data() : plain.data();
}

int seed_score(PointKind kind) {
  switch (kind) {
    case PointKind::FIVE: return params::SEED_FIVE;
    case PointKind::FOUR_PLUS: return params::SEED_FOUR_PLUS;
    case PointKind::DOUBLE_THREE: return params::SEED_DOUBLE_THREE;
    case PointKind::DEAD3_LIVE3: return params::SEED_DEAD3_LIVE3;
    case PointKind::DEAD_FOUR: return params::SEED_DEAD_FOUR;
    case PointKind::LIVE_THREE: return params::SEED_LIVE_THREE;
    case PointKind::DOUBLE_TWO: return params::SEED_DOUBLE_TWO;
    case PointKind::DEAD_THREE: return params::SEED_DEAD_THREE;
    case PointKind::LIVE_TWO: return params::SEED_LIVE_TWO;
    case PointKind::DEAD_TWO: return params::SEED_DEAD_TWO;
    case PointKind::NONE: return 0;
  }
  return 0;
}

}  // namespace tilestone::gomoku
