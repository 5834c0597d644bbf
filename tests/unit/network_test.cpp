// The Gomoku network: window numbering, incremental accumulators against a from-scratch
// evaluation, the AVX2 path against the portable one, symmetry, and the network file.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "core/bytes.h"
#include "core/rng.h"
#include "gomoku/board.h"
#include "gomoku/network.h"
#include "gomoku/network_simd.h"
#include "gomoku/shipped_network.h"
#include "scoped_env.h"
#include "temp_dir.h"

using namespace tilestone;
using namespace tilestone::gomoku;

namespace {

constexpr std::array<Rule, 3> RULES = {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU};

// A random empty inside cell, or -1 when the board is full.
int random_empty(const Board& b, core::Rng& rng) {
  if (b.full()) return -1;
  for (;;) {
    const Point p{static_cast<int>(rng.below(static_cast<std::uint32_t>(b.size()))),
                  static_cast<int>(rng.below(static_cast<std::uint32_t>(b.size())))};
    if (b.empty_at(p)) return b.index(p);
  }
}

// Every accumulator, sum, value and policy of `a` equals those of `b` on `board`.
void expect_same(const NetworkState& a, const NetworkState& b, const Board& board, const std::string& where) {
  for (int s = 0; s < 2; ++s) {
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x) {
        const int idx = board.index({x, y});
        const auto x1 = a.accumulator(s, idx), x2 = b.accumulator(s, idx);
        ASSERT_TRUE(std::equal(x1.begin(), x1.end(), x2.begin())) << where << ": perspective " << s << " cell " << x << "," << y;
      }
    const auto s1 = a.feature_sum(s), s2 = b.feature_sum(s);
    ASSERT_TRUE(std::equal(s1.begin(), s1.end(), s2.begin())) << where << ": sum of perspective " << s;
  }
  const NetValue v1 = a.evaluate(board), v2 = b.evaluate(board);
  ASSERT_EQ(v1.logits, v2.logits) << where;
  ASSERT_EQ(v1.score, v2.score) << where;
  for (int y = 0; y < board.size(); ++y)
    for (int x = 0; x < board.size(); ++x)
      if (board.empty_at({x, y})) {
        ASSERT_EQ(a.policy(board, board.index({x, y})), b.policy(board, board.index({x, y}))) << where;
      }
}

// The accumulators as the architecture defines them, read from the cells directly (not from the
// board's windows): each equals the state's.
void expect_definition(const Network& net, const NetworkState& st, const Board& board) {
  std::array<std::int32_t, NET_FEATURES> sums[2] = {};
  for (int s = 0; s < 2; ++s) {
    const NetTables& t = net.tables(s);
    for (int y = 0; y < board.size(); ++y)
      for (int x = 0; x < board.size(); ++x) {
        const int idx = board.index({x, y});
        const int code = board.cell(idx);
        const int centre = code == CELL_EMPTY ? 0 : (code == s + 1 ? 1 : 2);
        std::array<int, NET_FEATURES> f{};
        for (int i = 0; i < NET_FEATURES; ++i) f[static_cast<std::size_t>(i)] = t.bias_row(centre)[i];
        for (int d = 0; d < 4; ++d) {
          LineKey key = 0;
          for (int k = -4; k <= 4; ++k)
            if (k != 0) key = static_cast<LineKey>(key | board.cell(idx + k * board.offset(d)) << (2 * key_slot(k)));
          ASSERT_EQ(key, board.line_key(idx, d));
          const int w = window_index(key, s);
          ASSERT_GE(w, 0);
          for (int i = 0; i < NET_FEATURES; ++i) f[static_cast<std::size_t>(i)] += t.embed_row(centre, w)[i];
        }
        const auto acc = st.accumulator(s, idx);
        for (int i = 0; i < NET_FEATURES; ++i) {
          ASSERT_EQ(acc[static_cast<std::size_t>(i)], f[static_cast<std::size_t>(i)]) << "cell " << x << "," << y;
          sums[s][static_cast<std::size_t>(i)] += std::clamp(f[static_cast<std::size_t>(i)], 0, NET_QA);
        }
      }
    const auto got = st.feature_sum(s);
    ASSERT_TRUE(std::equal(got.begin(), got.end(), sums[s].begin()));
  }
}

// Plays, takes back and passes at random, checking the incremental state against a fresh one.
void random_walk(Rule rule, int size, std::uint64_t seed, int steps, NetBackend backend) {
  const Network net = Network::random(rule, seed);
  core::Rng rng(seed * 7 + 1);
  Board board(size, rule);
  NetworkState st(net, backend), fresh(net, backend);
  st.reset(board);
  for (int step = 0; step < steps; ++step) {
    const std::uint32_t r = rng.below(10);
    if (board.move_count() > 0 && (r < 3 || board.full())) {
      board.undo();
      st.undo();
    } else if (r == 3) {
      board.pass();
    } else {
      const int idx = random_empty(board, rng);
      board.play_index(idx);
      st.play(board, idx);
    }
    fresh.reset(board);
    const std::string where = fmt::format("{} size {} seed {} step {}", rule_name(rule), size, seed, step);
    expect_same(st, fresh, board, where);
    if (::testing::Test::HasFatalFailure()) return;
    if (step % 25 == 0) expect_definition(net, st, board);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(st.plies(), board.move_count());
}

// The 8 symmetries of the square: (x, y) -> one of them.
Point transform(Point p, int sym, int size) {
  int x = p.x, y = p.y;
  if (sym & 1) x = size - 1 - x;
  if (sym & 2) y = size - 1 - y;
  if (sym & 4) std::swap(x, y);
  return {x, y};
}

}  // namespace

TEST(NetworkWindows, DenseNumberingFoldsMirrorsAndCoversEveryHoldableWindow) {
  std::set<int> seen;
  int holdable = 0;
  for (std::uint32_t k = 0; k < (1u << 16); ++k) {
    const auto key = static_cast<LineKey>(k);
    const int w = window_index(key, 0);
    if (w < 0) continue;
    ++holdable;
    seen.insert(w);
    EXPECT_EQ(w, window_index(mirror_window(key), 0));
    EXPECT_EQ(window_index(key, 1), window_index(swap_colours(key), 0));
    EXPECT_EQ(mirror_window(mirror_window(key)), key);
  }
  EXPECT_EQ(holdable, 121 * 121);
  EXPECT_EQ(static_cast<int>(seen.size()), NET_WINDOWS);
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), NET_WINDOWS - 1);
  // A wall with a point beyond it is no window of any board.
  const auto broken = static_cast<LineKey>(CELL_WALL << (2 * key_slot(-1)));
  EXPECT_EQ(window_index(broken, 0), -1);
  // Swapping colours keeps walls and empty points.
  EXPECT_EQ(swap_colours(0xFFFF), 0xFFFF);
  EXPECT_EQ(swap_colours(0x0000), 0x0000);
  EXPECT_EQ(swap_colours(0x5555), 0xAAAA);
}

TEST(NetworkState, IncrementalEqualsFromScratchUnderEveryRuleAndSize) {
  for (Rule rule : RULES)
    for (int size : {15, 20, 6}) {
      random_walk(rule, size, 11 + size, size == 6 ? 200 : 150, NetBackend::PORTABLE);
      if (HasFatalFailure()) return;
    }
}

TEST(NetworkState, IncrementalEqualsFromScratchWithTheBestBackend) {
  for (Rule rule : RULES) {
    random_walk(rule, 15, 5, 150, best_net_backend());
    if (HasFatalFailure()) return;
  }
}

TEST(NetworkState, ADeferredStoneIsValuedAsAPlayedOneOnEveryBackend) {
  // A search's protocol: commit() before the board changes, defer() after; passes between.
  for (Rule rule : RULES)
    for (NetBackend backend : {NetBackend::PORTABLE, best_net_backend()}) {
      const Network net = Network::random(rule, 31);
      Board board(15, rule);
      NetworkState eager(net, backend), lazy(net, backend);
      eager.reset(board);
      lazy.reset(board);
      core::Rng rng(17);
      int deferred = 0;
      for (int step = 0; step < 300; ++step) {
        const auto r = rng.below(8);
        if (board.move_count() > 0 && (r < 3 || board.full())) {
          board.undo();
          eager.undo();
          lazy.undo();
        } else if (r == 3) {
          board.pass();
        } else {
          const int idx = random_empty(board, rng);
          lazy.commit(board);
          board.play_index(idx);
          eager.play(board, idx);
          lazy.defer(idx);
          ++deferred;
        }
        ASSERT_EQ(lazy.evaluate(board).logits, eager.evaluate(board).logits) << rule_name(rule) << " step " << step;
        ASSERT_EQ(lazy.plies(), board.move_count());
      }
      EXPECT_GT(deferred, 100);
      // Committed, the lazy state holds the very accumulators of the eager one.
      lazy.commit(board);
      for (int s = 0; s < 2; ++s) {
        EXPECT_TRUE(std::ranges::equal(lazy.feature_sum(s), eager.feature_sum(s)));
        for (int idx = 0; idx < Board::MAX_CELLS; ++idx)
          ASSERT_TRUE(std::ranges::equal(lazy.accumulator(s, idx), eager.accumulator(s, idx))) << "perspective " << s << " cell " << idx;
      }
    }
}

TEST(NetworkState, ValueStaysWithinTheWinBoundAndUndoRestoresIt) {
  const Network net = Network::random(Rule::FREESTYLE, 3);
  Board board(15, Rule::FREESTYLE);
  NetworkState st(net);
  st.reset(board);
  core::Rng rng(9);
  std::vector<NetValue> seen;
  for (int i = 0; i < 60; ++i) {
    seen.push_back(st.evaluate(board));
    EXPECT_LT(std::abs(seen.back().score), params::WIN_BOUND);
    const int idx = random_empty(board, rng);
    board.play_index(idx);
    st.play(board, idx);
  }
  for (int i = 59; i >= 0; --i) {
    board.undo();
    st.undo();
    EXPECT_EQ(st.evaluate(board).logits, seen[static_cast<std::size_t>(i)].logits);
  }
}

TEST(NetworkState, SymmetricPositionsGetTheSameValueAndPolicy) {
  for (Rule rule : RULES) {
    const Network net = Network::random(rule, 21);
    core::Rng rng(4);
    Board base(15, rule);
    for (int i = 0; i < 25; ++i) base.play_index(random_empty(base, rng));
    const auto moves = base.moves();
    NetworkState st0(net);
    st0.reset(base);
    std::optional<NetValue> first;
    for (int sym = 0; sym < 8; ++sym) {
      Board b(15, rule);
      for (Point p : moves) b.play(transform(p, sym, 15));
      NetworkState st(net);
      st.reset(b);
      const NetValue v = st.evaluate(b);
      if (!first) first = v;
      EXPECT_EQ(v.logits, first->logits) << rule_name(rule) << " symmetry " << sym;
      for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 15; ++x)
          if (base.empty_at({x, y})) {
            EXPECT_EQ(st.policy(b, b.index(transform({x, y}, sym, 15))), st0.policy(base, base.index({x, y})));
          }
    }
  }
}

TEST(NetworkState, PolicyBatchEqualsOneByOne) {
  const Network net = Network::random(Rule::RENJU, 8);
  core::Rng rng(8);
  Board b(15, Rule::RENJU);
  NetworkState st(net);
  st.reset(b);
  for (int i = 0; i < 20; ++i) {
    const int idx = random_empty(b, rng);
    b.play_index(idx);
    st.play(b, idx);
  }
  std::vector<int> cells;
  b.for_each_candidate([&](int q) { cells.push_back(q); });
  std::vector<std::int32_t> out(cells.size());
  st.policy(b, cells, out);
  for (std::size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(out[i], st.policy(b, cells[i]));
}

TEST(NetworkBackends, Avx2AndPortableGiveTheSameBits) {
  if (!net_backend_available(NetBackend::AVX2)) GTEST_SKIP() << "this processor or build has no AVX2";
  // Step 1. The kernels on random inputs, full int16 range where the kernel wraps.
  const auto& p = netsimd::kernels(NetBackend::PORTABLE);
  const auto& a = netsimd::kernels(NetBackend::AVX2);
  ASSERT_NE(&p, &a);
  core::Rng rng(77);
  auto r16 = [&](int lo, int hi) { return static_cast<std::int16_t>(lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1)))); };
  for (int round = 0; round < 200; ++round) {
    std::array<std::int16_t, NET_FEATURES> acc{}, add{}, sub{}, w{};
    std::array<std::int16_t, NET_HIDDEN> in{};
    std::array<std::int16_t, NET_HIDDEN * NET_HIDDEN> wm{};
    std::array<std::int32_t, NET_HIDDEN> b{};
    for (auto& x : acc) x = r16(-32768, 32767);
    for (auto& x : add) x = r16(-32768, 32767);
    for (auto& x : sub) x = r16(-32768, 32767);
    for (auto& x : w) x = r16(-NET_MAX_WEIGHT, NET_MAX_WEIGHT);
    for (auto& x : in) x = r16(0, NET_QM);
    for (auto& x : wm) x = r16(-NET_MAX_WEIGHT, NET_MAX_WEIGHT);
    for (auto& x : b) x = static_cast<std::int32_t>(rng.below(1u << 30)) - (1 << 29);
    auto acc2 = acc;
    std::array<std::int32_t, NET_FEATURES> sum1{}, sum2{};
    netsimd::Delta d1{acc.data(), add.data(), sub.data()}, d2{acc2.data(), add.data(), sub.data()};
    p.apply(&d1, 1, sum1.data());
    a.apply(&d2, 1, sum2.data());
    ASSERT_EQ(acc, acc2);
    ASSERT_EQ(sum1, sum2);
    netsimd::Rows r1{acc.data(), {add.data(), sub.data(), w.data(), add.data(), sub.data()}};
    netsimd::Rows r2{acc2.data(), {add.data(), sub.data(), w.data(), add.data(), sub.data()}};
    p.set(&r1, 1, sum1.data());
    a.set(&r2, 1, sum2.data());
    ASSERT_EQ(acc, acc2);
    ASSERT_EQ(sum1, sum2);
    ASSERT_EQ(p.policy(acc.data(), w.data()), a.policy(acc.data(), w.data()));
    std::array<std::int32_t, NET_HIDDEN> o1{}, o2{};
    p.dense(in.data(), wm.data(), b.data(), NET_HIDDEN, o1.data());
    a.dense(in.data(), wm.data(), b.data(), NET_HIDDEN, o2.data());
    ASSERT_EQ(o1, o2);
  }
  // Step 2. Whole games under each rule, both states side by side.
  for (Rule rule : RULES) {
    const Network net = Network::random(rule, 31);
    core::Rng walk(5);
    Board board(20, rule);
    NetworkState sp(net, NetBackend::PORTABLE), sa(net, NetBackend::AVX2);
    ASSERT_EQ(sa.backend(), NetBackend::AVX2);
    sp.reset(board);
    sa.reset(board);
    for (int step = 0; step < 150; ++step) {
      if (board.move_count() > 0 && walk.below(4) == 0) {
        board.undo();
        sp.undo();
        sa.undo();
      } else {
        const int idx = random_empty(board, walk);
        board.play_index(idx);
        sp.play(board, idx);
        sa.play(board, idx);
      }
      expect_same(sp, sa, board, fmt::format("{} step {}", rule_name(rule), step));
      if (HasFatalFailure()) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The network file

namespace {

bool same_tables(const NetTables& a, const NetTables& b) {
  return a.embed == b.embed && a.bias == b.bias && a.w1 == b.w1 && a.b1 == b.b1 && a.w2 == b.w2 && a.b2 == b.b2 &&
         a.w3 == b.w3 && a.b3 == b.b3 && a.policy_w == b.policy_w && a.policy_b == b.policy_b;
}

// The file with one u32 of its header (at byte `pos`) replaced and the checksum left as it was.
std::string with_u32(std::string bytes, std::size_t pos, std::uint32_t v) {
  std::memcpy(bytes.data() + pos, &v, sizeof v);
  return bytes;
}

// The file with its checksum made right again after a header field was changed.
std::string rechecksummed(std::string bytes) {
  std::uint32_t header_bytes = 0;
  std::memcpy(&header_bytes, bytes.data() + 12, sizeof header_bytes);
  const std::size_t at = header_bytes - sizeof(std::uint64_t);
  std::memset(bytes.data() + at, 0, sizeof(std::uint64_t));
  const std::uint64_t sum = core::fnv1a(std::string_view(bytes).substr(header_bytes),
                                        core::fnv1a(std::string_view(bytes).substr(0, header_bytes)));
  std::memcpy(bytes.data() + at, &sum, sizeof sum);
  return bytes;
}

std::string error_of(std::string_view bytes) {
  const auto r = decode_network_file(bytes);
  return r ? std::string("(loaded)") : r.error();
}

}  // namespace

TEST(NetworkFile, RoundTripKeepsEveryWeightRuleAndDescription) {
  for (Rule rule : RULES) {
    const Network net = Network::random(rule, 40 + static_cast<int>(rule));
    const std::string bytes = encode_network_file(net);
    const auto back = decode_network_file(bytes);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->rule(), rule);
    EXPECT_EQ(back->description(), net.description());
    ASSERT_EQ(back->table_sets(), net.table_sets());
    for (int s = 0; s < net.table_sets(); ++s) EXPECT_TRUE(same_tables(back->tables(s), net.tables(s)));
    EXPECT_EQ(encode_network_file(*back), bytes);
    // Sizes: the header, per table set the embedding and the small layers, then the side biases.
    EXPECT_EQ(bytes.size(), 72 + net.description().size() + static_cast<std::size_t>(net.table_sets()) * 1421968 + 24);
    EXPECT_EQ(net.parameter_count(), static_cast<std::size_t>(net.table_sets()) * 710916 + 6);
  }
}

TEST(NetworkFile, SaveAndLoadThroughAFile) {
  test_support::TempDir dir("network");
  const Network net = Network::random(Rule::STANDARD, 2);
  const std::string path = (dir.path / "standard.tsnet").string();
  const auto written = save_network_file(net, path);
  ASSERT_TRUE(written) << written.error();
  const auto back = load_network_file(path);
  ASSERT_TRUE(back) << back.error();
  EXPECT_TRUE(same_tables(back->tables(0), net.tables(0)));
  const auto missing = load_network_file((dir.path / "none.tsnet").string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos) << missing.error();
}

TEST(NetworkFile, ANetworkIsLoadedForPlayOnlyUnderItsOwnRule) {
  test_support::TempDir dir("network-rule");
  const std::string path = (dir.path / "standard.tsnet").string();
  ASSERT_TRUE(save_network_file(Network::random(Rule::STANDARD, 3), path));
  const auto same = load_network_for(path, Rule::STANDARD);
  ASSERT_TRUE(same) << same.error();
  ASSERT_NE(*same, nullptr);
  EXPECT_EQ((*same)->rule(), Rule::STANDARD);
  const auto other = load_network_for(path, Rule::RENJU);
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().find(path), std::string::npos) << other.error();
  EXPECT_NE(other.error().find(std::string(rule_name(Rule::STANDARD))), std::string::npos) << other.error();
  EXPECT_NE(other.error().find(std::string(rule_name(Rule::RENJU))), std::string::npos) << other.error();
  EXPECT_FALSE(load_network_for((dir.path / "none.tsnet").string(), Rule::STANDARD));
}

TEST(NetworkFile, TheClassicalShareAndSideBiasesRoundTripAndOlderFilesStillLoad) {
  Network net = Network::random(Rule::FREESTYLE, 8);
  EXPECT_EQ(net.classical_share(), 0);
  EXPECT_EQ(net.side_bias(0), Network::SideBias{});
  net.set_classical_share(70);
  net.set_side_bias({Network::SideBias{123456, -7, -NET_MAX_SIDE_BIAS}, Network::SideBias{NET_MAX_SIDE_BIAS, 0, 99}});
  const std::string bytes = encode_network_file(net);
  const auto back = decode_network_file(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->classical_share(), 70);
  EXPECT_EQ(back->side_bias(0), net.side_bias(0));
  EXPECT_EQ(back->side_bias(1), net.side_bias(1));
  // Versions 1 and 2 end with the last table set (no side biases: zero); version 1 has no
  // share either (the field is zero).
  std::string older = bytes.substr(0, bytes.size() - 24);
  const std::size_t payload_at = 72 + net.description().size() - 16;
  const std::uint64_t payload = older.size() - (72 + net.description().size());
  std::memcpy(older.data() + payload_at, &payload, sizeof payload);
  const auto v2 = decode_network_file(rechecksummed(with_u32(older, 8, 2)));
  ASSERT_TRUE(v2) << v2.error();
  EXPECT_EQ(v2->classical_share(), 70);
  EXPECT_EQ(v2->side_bias(0), Network::SideBias{});
  EXPECT_EQ(v2->side_bias(1), Network::SideBias{});
  EXPECT_TRUE(same_tables(v2->tables(0), net.tables(0)));
  const auto v1 = decode_network_file(rechecksummed(with_u32(with_u32(older, 8, 1), 16, 0x100)));
  ASSERT_TRUE(v1) << v1.error();
  EXPECT_EQ(v1->classical_share(), 0);
  EXPECT_EQ(v1->side_bias(1), Network::SideBias{});
  EXPECT_TRUE(same_tables(v1->tables(0), net.tables(0)));
  // A version 3 file cut to the older length, or an older one with the biases, is refused.
  EXPECT_NE(error_of(rechecksummed(with_u32(older, 8, 3))).find("payload bytes"), std::string::npos);
  EXPECT_NE(error_of(rechecksummed(with_u32(bytes, 8, 2))).find("payload bytes"), std::string::npos);
}

TEST(NetworkState, TheSideToMovesBiasIsAddedToItsLogitsOnly) {
  for (Rule rule : RULES) {
    const Network plain = Network::random(rule, 12);
    Network biased = plain;
    const Network::SideBias black{40000, -3000, 5}, white{-20000, 0, 777777};
    biased.set_side_bias({black, white});
    core::Rng rng(6);
    Board board(15, rule);
    NetworkState a(plain), b(biased);
    a.reset(board);
    b.reset(board);
    for (int i = 0; i < 30; ++i) {
      const NetValue va = a.evaluate(board), vb = b.evaluate(board);
      const auto& bias = board.to_move() == Color::BLACK ? black : white;
      for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(vb.logits[k], va.logits[k] + bias[k]) << rule_name(rule) << " ply " << i;
      EXPECT_EQ(b.search_value(board), vb.score);
      const int idx = random_empty(board, rng);
      board.play_index(idx);
      a.play(board, idx);
      b.play(board, idx);
    }
  }
}

TEST(NetworkFile, RuleNetworksHoldOneNetworkPerRule) {
  test_support::TempDir dir("network-set");
  const std::string free_path = (dir.path / "free.tsnet").string(), renju_path = (dir.path / "renju.tsnet").string();
  const std::string second_path = (dir.path / "free2.tsnet").string();
  ASSERT_TRUE(save_network_file(Network::random(Rule::FREESTYLE, 4), free_path));
  ASSERT_TRUE(save_network_file(Network::random(Rule::RENJU, 5), renju_path));
  ASSERT_TRUE(save_network_file(Network::random(Rule::FREESTYLE, 6), second_path));
  RuleNetworks nets;
  EXPECT_FALSE(nets.any());
  ASSERT_TRUE(nets.add_file(free_path));
  EXPECT_TRUE(nets.any());
  ASSERT_TRUE(nets.add_file(renju_path));
  ASSERT_NE(nets.get(Rule::FREESTYLE), nullptr);
  EXPECT_EQ(nets.get(Rule::FREESTYLE)->rule(), Rule::FREESTYLE);
  EXPECT_EQ(nets.get(Rule::RENJU)->rule(), Rule::RENJU);
  EXPECT_EQ(nets.get(Rule::STANDARD), nullptr);
  // A second network for a rule is refused and the first stays.
  const auto first = nets.get(Rule::FREESTYLE);
  const auto second = nets.add_file(second_path);
  ASSERT_FALSE(second);
  EXPECT_NE(second.error().find(second_path), std::string::npos) << second.error();
  EXPECT_NE(second.error().find("second network"), std::string::npos) << second.error();
  EXPECT_EQ(nets.get(Rule::FREESTYLE), first);
  const auto missing = nets.add_file((dir.path / "none.tsnet").string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot open"), std::string::npos) << missing.error();
}

TEST(ShippedNetwork, IsLookedForByRuleInTheFolderTheEnvironmentNames) {
  test_support::TempDir dir("shipped-network");
  EXPECT_EQ(shipped_network_name(Rule::FREESTYLE), "gomoku-freestyle.tsnet");
  EXPECT_EQ(shipped_network_name(Rule::RENJU), "gomoku-renju.tsnet");
  // A standard network is shipped there, a renju one is not, and the freestyle file is another
  // rule's (so it is refused, naming the file). The process loads each rule's once.
  ASSERT_TRUE(save_network_file(Network::random(Rule::STANDARD, 8), (dir.path / "gomoku-standard.tsnet").string()));
  ASSERT_TRUE(save_network_file(Network::random(Rule::RENJU, 9), (dir.path / "gomoku-freestyle.tsnet").string()));
  const test_support::ScopedEnv env("TILESTONE_GOMOKU_NETWORKS", dir.path.string());
  EXPECT_EQ(shipped_network_path(Rule::STANDARD), (dir.path / "gomoku-standard.tsnet").string());
  const auto standard = shipped_network(Rule::STANDARD);
  ASSERT_TRUE(standard) << standard.error();
  EXPECT_EQ((*standard)->rule(), Rule::STANDARD);
  EXPECT_EQ(*shipped_network(Rule::STANDARD), *standard);
  const auto renju = shipped_network(Rule::RENJU);
  ASSERT_FALSE(renju);
  EXPECT_NE(renju.error().find("no network is shipped for renju"), std::string::npos) << renju.error();
  const auto freestyle = shipped_network(Rule::FREESTYLE);
  ASSERT_FALSE(freestyle);
  EXPECT_NE(freestyle.error().find("gomoku-freestyle.tsnet is a network for renju"), std::string::npos) << freestyle.error();
}

TEST(NetworkFile, WrongTruncatedCorruptAndForeignFilesAreRefusedWithAMessage) {
  const Network net = Network::random(Rule::FREESTYLE, 6);
  const std::string good = encode_network_file(net);
  const std::size_t header = 72 + net.description().size();
  struct Case {
    std::string name;
    std::string bytes;
    std::string message;
  };
  std::string flipped = good;
  flipped[header + 1000] = static_cast<char>(flipped[header + 1000] ^ 0x10);
  std::string flipped_header = good;
  flipped_header[60] = static_cast<char>(flipped_header[60] ^ 1);  // inside the description
  std::string out_of_bounds_net;
  {
    NetTables t = net.tables(0);
    t.embed[5] = NET_MAX_EMBED + 1;
    out_of_bounds_net = encode_network_file(Network(Rule::FREESTYLE, {t}));
  }
  // The last side bias (the file's last four bytes) one over its bound.
  std::string side_bias_out_of_bounds = good;
  {
    const std::int32_t over = NET_MAX_SIDE_BIAS + 1;
    std::memcpy(side_bias_out_of_bounds.data() + good.size() - 4, &over, sizeof over);
    side_bias_out_of_bounds = rechecksummed(side_bias_out_of_bounds);
  }
  const std::vector<Case> cases = {
      {"empty", "", "not a tilestone Gomoku network file"},
      {"text", "hello, world\n", "not a tilestone Gomoku network file"},
      {"2048 weights", std::string("TSNTUPLE\3\0\0\0", 12) + std::string(100, '\0'), "not a tilestone Gomoku network file"},
      {"training data", std::string("TSGOMOKU\1\0\0\0\x88\0\0\0", 16), "not a tilestone Gomoku network file"},
      {"magic only", good.substr(0, 8), "truncated (its header is incomplete)"},
      {"half a header", good.substr(0, 40), "truncated (its header is incomplete)"},
      {"header only", good.substr(0, header), "truncated: 0 of its"},
      {"half the payload", good.substr(0, header + 700000), "truncated: 700000 of its"},
      {"one byte short", good.substr(0, good.size() - 1), "truncated"},
      {"trailing bytes", good + "x", "1 bytes follow its payload"},
      {"future version", with_u32(good, 8, 4), "version 4 is not supported"},
      {"classical share over 100", with_u32(good, 16, (101u << 16) | 0x100), "classical share of 101"},
      {"version 1 with a share", with_u32(with_u32(good, 8, 1), 16, (30u << 16) | 0x100), "classical share of 30"},
      {"unknown rule", with_u32(good, 16, 7), "unknown rule 7"},
      {"renju with one table set", with_u32(good, 16, 0x102), "1 table sets for rule 2"},
      {"wider features", with_u32(good, 20, 64), "another architecture (features 64"},
      {"other scale", with_u32(good, 48, 128), "another architecture"},
      {"header size", with_u32(good, 12, 99), "header size does not match"},
      {"flipped payload bit", flipped, "checksum does not match"},
      {"flipped description bit", flipped_header, "checksum does not match"},
      {"weights out of bounds", out_of_bounds_net, "E holds 6001"},
      {"side bias out of bounds", side_bias_out_of_bounds, "value bias of the side to move holds 67108865"},
  };
  for (const Case& c : cases) {
    const std::string msg = error_of(c.bytes);
    EXPECT_NE(msg.find(c.message), std::string::npos) << c.name << ": " << msg;
  }
  // Prefixes of the file, one every 49,999 bytes, are all refused.
  for (std::size_t n = 0; n < good.size(); n += 49999) EXPECT_FALSE(decode_network_file(good.substr(0, n))) << n;
}
