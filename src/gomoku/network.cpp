#include "gomoku/network.h"

#include <algorithm>
#include <cassert>
#include <cmath>


#include "core/concat.h"
#include "core/rng.h"
#include "gomoku/eval.h"
#include "gomoku/network_simd.h"

namespace tilestone::gomoku {
namespace {

constexpr int F = NET_FEATURES;

// The code of the neighbour `offset` (-4..-1, 1..4) of a window.
constexpr int slot_code(LineKey key, int offset) { return (key >> (2 * key_slot(offset))) & 3; }

// A board holds a wall in a window only where the line has left the board, so from there on to
// the window's end.
bool holdable(LineKey key) {
  for (int side : {-1, 1}) {
    bool wall = false;
    for (int k = 1; k <= 4; ++k) {
      const bool w = slot_code(key, side * k) == CELL_WALL;
      if (wall && !w) return false;
      wall = wall || w;
    }
  }
  return true;
}

// Dense window numbers for each perspective, built once.
struct WindowTables {
  std::array<std::array<std::int16_t, 1 << 16>, 2> index{};

  WindowTables() {
    std::vector<int> dense(1 << 16, -1);
    int n = 0;
    for (std::uint32_t k = 0; k < (1u << 16); ++k) {
      const auto key = static_cast<LineKey>(k);
      if (holdable(key) && key <= mirror_window(key)) dense[k] = n++;
    }
    assert(n == NET_WINDOWS);
    for (std::uint32_t k = 0; k < (1u << 16); ++k) {
      const auto key = static_cast<LineKey>(k);
      for (int s = 0; s < 2; ++s) {
        const LineKey own = s == 0 ? key : swap_colours(key);
        const LineKey folded = std::min(own, mirror_window(own));
        index[static_cast<std::size_t>(s)][k] = static_cast<std::int16_t>(holdable(key) ? dense[folded] : -1);
      }
    }
  }
};

const WindowTables& window_tables() {
  static const WindowTables t;
  return t;
}

// A cell's state from perspective s: 0 empty, 1 own stone, 2 opponent's.
constexpr int centre_state(int code, int s) { return code == CELL_EMPTY ? 0 : (code == s + 1 ? 1 : 2); }

// value = WINPROB_SCALE * ln((P(win) + P(draw) / 2) / (P(loss) + P(draw) / 2)), from the logits.
int score_of(const NetValue& v) {
  auto logaddexp = [](double a, double b) {
    const double hi = std::max(a, b);
    return hi + std::log1p(std::exp(-std::fabs(a - b)));
  };
  const double half_draw = v.logit(1) - std::log(2.0);
  const double x = params::WINPROB_SCALE * (logaddexp(v.logit(0), half_draw) - logaddexp(v.logit(2), half_draw));
  const double bound = params::WIN_BOUND - 1;
  return static_cast<int>(std::lround(std::clamp(x, -bound, bound)));
}

template <class T>
std::vector<T> random_values(core::Rng& rng, std::size_t n, int lo, int hi) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1))));
  return v;
}

template <class T>
std::string over(std::string_view name, const std::vector<T>& v, std::int64_t bound) {
  for (const T x : v)
    if (x > bound || x < -bound) return core::concat(name, " holds ", static_cast<std::int64_t>(x), " (bound ", bound, ")");
  return {};
}

}  // namespace

LineKey mirror_window(LineKey key) {
  LineKey out = 0;
  for (int s = 0; s < 8; ++s) out = static_cast<LineKey>(out | (((key >> (2 * s)) & 3) << (2 * (7 - s))));
  return out;
}

int window_index(LineKey key, int perspective) { return window_tables().index[static_cast<std::size_t>(perspective)][key]; }

const std::int16_t* window_index_table(int perspective) {
  return window_tables().index[static_cast<std::size_t>(perspective)].data();
}

NetTables::NetTables()
    : embed(static_cast<std::size_t>(NET_CENTRE_STATES) * NET_WINDOWS * F),
      bias(NET_CENTRE_STATES * F),
      w1(NET_HIDDEN * F),
      b1(NET_HIDDEN),
      w2(NET_HIDDEN * NET_HIDDEN),
      b2(NET_HIDDEN),
      w3(NET_OUTPUTS * NET_HIDDEN),
      b3(NET_OUTPUTS),
      policy_w(F) {}

std::string NetTables::check_bounds() const {
  for (const std::string& msg :
       {over("E", embed, NET_MAX_EMBED), over("B", bias, NET_MAX_BIAS), over("W1", w1, NET_MAX_WEIGHT),
        over("W2", w2, NET_MAX_WEIGHT), over("W3", w3, NET_MAX_WEIGHT), over("w", policy_w, NET_MAX_WEIGHT),
        over("b1", b1, NET_MAX_DENSE_BIAS), over("b2", b2, NET_MAX_DENSE_BIAS), over("b3", b3, NET_MAX_DENSE_BIAS),
        over("b", std::vector<std::int32_t>{policy_b}, NET_MAX_DENSE_BIAS)})
    if (!msg.empty()) return msg;
  return {};
}

Network::Network(Rule rule, std::vector<NetTables> tables, std::string description)
    : rule_(rule), tables_(std::move(tables)), description_(std::move(description)) {
  assert(tables_.size() == (rule == Rule::RENJU ? 2u : 1u));
}

void Network::set_classical_share(int percent) {
  assert(percent >= 0 && percent <= 100);
  classical_share_ = percent;
}

void Network::set_side_bias(const std::array<SideBias, 2>& bias) {
  for (const SideBias& b : bias)
    for ([[maybe_unused]] const std::int32_t x : b) assert(x >= -NET_MAX_SIDE_BIAS && x <= NET_MAX_SIDE_BIAS);
  side_bias_ = bias;
}

std::size_t Network::parameter_count() const {
  std::size_t n = 2 * NET_OUTPUTS;
  for (const NetTables& t : tables_)
    n += t.embed.size() + t.bias.size() + t.w1.size() + t.b1.size() + t.w2.size() + t.b2.size() + t.w3.size() +
         t.b3.size() + t.policy_w.size() + 1;
  return n;
}

Network Network::random(Rule rule, std::uint64_t seed) {
  core::Rng rng(seed);
  std::vector<NetTables> sets(rule == Rule::RENJU ? 2 : 1);
  // Ranges that leave every clamp both below and above its bounds on some cells and positions.
  for (NetTables& t : sets) {
    t.embed = random_values<std::int16_t>(rng, t.embed.size(), -200, 200);
    t.bias = random_values<std::int16_t>(rng, t.bias.size(), -100, 300);
    t.w1 = random_values<std::int16_t>(rng, t.w1.size(), -600, 600);
    t.b1 = random_values<std::int32_t>(rng, t.b1.size(), -(1 << 22), 1 << 22);
    t.w2 = random_values<std::int16_t>(rng, t.w2.size(), -600, 600);
    t.b2 = random_values<std::int32_t>(rng, t.b2.size(), -(1 << 22), 1 << 22);
    t.w3 = random_values<std::int16_t>(rng, t.w3.size(), -600, 600);
    t.b3 = random_values<std::int32_t>(rng, t.b3.size(), -(1 << 22), 1 << 22);
    t.policy_w = random_values<std::int16_t>(rng, t.policy_w.size(), -NET_MAX_WEIGHT, NET_MAX_WEIGHT);
    t.policy_b = static_cast<std::int32_t>(rng.below(1 << 20));
  }
  return Network(rule, std::move(sets), core::concat("random network, seed ", seed));
}

// ---------------------------------------------------------------------------------------------
// NetworkState

NetworkState::NetworkState(const Network& net, NetBackend backend)
    : net_(&net),
      backend_(net_backend_available(backend) ? backend : NetBackend::PORTABLE),
      kern_(&netsimd::kernels(backend_)),
      windows_{window_index_table(0), window_index_table(1)} {
  for (auto& a : acc_) a.assign(Board::MAX_CELLS, Acc{});
}

void NetworkState::reset(const Board& board) {
  assert(board.rule() == net_->rule());
  size_ = board.size();
  stride_ = board.stride();
  for (int d = 0; d < 4; ++d) offsets_[static_cast<std::size_t>(d)] = board.offset(d);
  inside_.fill(0);
  undo_.clear();
  saved_.clear();
  pending_ = -1;
  const auto& kern = *kern_;
  std::vector<netsimd::Rows> rows;
  rows.reserve(static_cast<std::size_t>(size_ * size_));
  for (int s = 0; s < 2; ++s) {
    sums_[static_cast<std::size_t>(s)].fill(0);
    auto& acc = acc_[static_cast<std::size_t>(s)];
    std::fill(acc.begin(), acc.end(), Acc{});
    const NetTables& t = net_->tables(s);
    rows.clear();
    for (int y = 0; y < size_; ++y) {
      for (int x = 0; x < size_; ++x) {
        const int idx = board.index({x, y});
        inside_[static_cast<std::size_t>(idx)] = 1;
        const int cs = centre_state(board.cell(idx), s);
        netsimd::Rows r{acc[static_cast<std::size_t>(idx)].data(), {t.bias_row(cs)}};
        for (int d = 0; d < 4; ++d) r.row[d + 1] = t.embed_row(cs, windows_[static_cast<std::size_t>(s)][board.line_key(idx, d)]);
        rows.push_back(r);
      }
    }
    kern.set(rows.data(), static_cast<int>(rows.size()), sums_[static_cast<std::size_t>(s)].data());
  }
}

int NetworkState::touched_by(const Board& after, int idx, std::array<Touched, 32>& out) const {
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    for (int k = -4; k <= 4; ++k) {
      const int q = idx + k * offsets_[static_cast<std::size_t>(d)];
      if (k == 0 || !inside_[static_cast<std::size_t>(q)]) continue;
      const LineKey now = after.line_key(q, d);
      const int slot = key_slot(-k);
      assert(((now >> (2 * slot)) & 3) == after.cell(idx));
      out[static_cast<std::size_t>(n++)] = {q, after.cell(q), now, static_cast<LineKey>(now & ~(3u << (2 * slot)))};
    }
  }
  return n;
}

void NetworkState::defer(int idx) {
  assert(pending_ < 0 && inside_[static_cast<std::size_t>(idx)]);
  pending_ = idx;
}

void NetworkState::commit(const Board& after) {
  if (pending_ < 0) return;
  const int idx = pending_;
  pending_ = -1;
  play(after, idx);
}

void NetworkState::play(const Board& after, int idx) {
  assert(pending_ < 0);
  assert(after.cell(idx) == CELL_BLACK || after.cell(idx) == CELL_WHITE);
  assert(after.size() == size_ && inside_[static_cast<std::size_t>(idx)]);
  // Step 1. The neighbours along each line whose window now holds the stone (its slot was empty
  // before); the stone's own cell changes its centre state and keeps its windows.
  std::array<Touched, 32> touched;
  const int n = touched_by(after, idx, touched);
  undo_.push_back({idx, n, sums_});
  for (int s = 0; s < 2; ++s) {
    auto& acc = acc_[static_cast<std::size_t>(s)];
    const NetTables& t = net_->tables(s);
    const std::int16_t* windows = windows_[static_cast<std::size_t>(s)];
    // Step 2. Keep the accumulators the stone changes, its own cell's first (undo() restores them
    // in the same order).
    saved_.push_back(acc[static_cast<std::size_t>(idx)]);
    std::array<netsimd::Delta, 32> deltas;
    for (int i = 0; i < n; ++i) {
      const Touched& c = touched[static_cast<std::size_t>(i)];
      saved_.push_back(acc[static_cast<std::size_t>(c.q)]);
      const int cs = centre_state(c.code, s);
      deltas[static_cast<std::size_t>(i)] = {acc[static_cast<std::size_t>(c.q)].data(), t.embed_row(cs, windows[c.now]),
                                             t.embed_row(cs, windows[c.before])};
    }
    // Step 3. Replace each neighbour's window, then recompute the stone's own cell.
    std::int32_t* sum = sums_[static_cast<std::size_t>(s)].data();
    kern_->apply(deltas.data(), n, sum);
    const int cs = centre_state(after.cell(idx), s);
    netsimd::Rows r{acc[static_cast<std::size_t>(idx)].data(), {t.bias_row(cs)}};
    for (int d = 0; d < 4; ++d) r.row[d + 1] = t.embed_row(cs, windows[after.line_key(idx, d)]);
    kern_->set(&r, 1, sum);
  }
}

void NetworkState::undo() {
  if (pending_ >= 0) {
    pending_ = -1;
    return;
  }
  assert(!undo_.empty());
  const UndoEntry e = undo_.back();
  undo_.pop_back();
  const std::size_t rows = static_cast<std::size_t>(e.touched) + 1;
  std::size_t top = saved_.size() - 2 * rows;
  const std::size_t base = top;
  for (int s = 0; s < 2; ++s) {
    auto& acc = acc_[static_cast<std::size_t>(s)];
    acc[static_cast<std::size_t>(e.idx)] = saved_[top++];
    for (int d = 0; d < 4; ++d) {
      for (int k = -4; k <= 4; ++k) {
        const int q = e.idx + k * offsets_[static_cast<std::size_t>(d)];
        if (k != 0 && inside_[static_cast<std::size_t>(q)]) acc[static_cast<std::size_t>(q)] = saved_[top++];
      }
    }
  }
  assert(top == base + 2 * rows);
  saved_.resize(base);
  sums_ = e.sums;
}

int NetworkState::search_value(const Board& board) const {
  const int own = evaluate(board).score;
  const int share = net_->classical_share();
  return share == 0 ? own : blend_value(own, gomoku::evaluate(board), share);
}

NetValue NetworkState::evaluate(const Board& board) const {
  const int s = index_of(board.to_move());
  if (pending_ < 0) return head(sums_[static_cast<std::size_t>(s)], s);
  // The deferred stone's change of perspective s's sum, as play() would make it, with no
  // accumulator written.
  const int idx = pending_;
  assert(board.cell(idx) == CELL_BLACK || board.cell(idx) == CELL_WHITE);
  std::array<Touched, 32> touched;
  const int n = touched_by(board, idx, touched);
  const auto& acc = acc_[static_cast<std::size_t>(s)];
  const NetTables& t = net_->tables(s);
  const std::int16_t* windows = windows_[static_cast<std::size_t>(s)];
  std::array<netsimd::Delta, 32> deltas;
  for (int i = 0; i < n; ++i) {
    const Touched& c = touched[static_cast<std::size_t>(i)];
    const int cs = centre_state(c.code, s);
    deltas[static_cast<std::size_t>(i)] = {const_cast<std::int16_t*>(acc[static_cast<std::size_t>(c.q)].data()),
                                           t.embed_row(cs, windows[c.now]), t.embed_row(cs, windows[c.before])};
  }
  Sum sum = sums_[static_cast<std::size_t>(s)];
  kern_->apply_peek(deltas.data(), n, sum.data());
  const int cs = centre_state(board.cell(idx), s);
  netsimd::Rows r{const_cast<std::int16_t*>(acc[static_cast<std::size_t>(idx)].data()), {t.bias_row(cs)}};
  for (int d = 0; d < 4; ++d) r.row[d + 1] = t.embed_row(cs, windows[board.line_key(idx, d)]);
  kern_->set_peek(&r, 1, sum.data());
  return head(sum, s);
}

NetValue NetworkState::head(const Sum& sum, int s) const {
  const NetTables& t = net_->tables(s);
  const auto& kern = *kern_;
  assert(size_ > 0);
  // Step 1. The mean of h over the board's cells, at NET_QM.
  const std::int32_t cells = size_ * size_;
  alignas(32) std::array<std::int16_t, F> mean{};
  for (int i = 0; i < F; ++i) mean[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(net_mean(sum[static_cast<std::size_t>(i)], cells));
  // Step 2. Two clipped hidden layers, then the three logits.
  auto activate = [](const std::array<std::int32_t, NET_HIDDEN>& z) {
    std::array<std::int16_t, NET_HIDDEN> a{};
    for (std::size_t j = 0; j < a.size(); ++j)
      a[j] = static_cast<std::int16_t>(std::clamp((z[j] + (1 << (NET_QW_SHIFT - 1))) >> NET_QW_SHIFT, 0, NET_QM));
    return a;
  };
  std::array<std::int32_t, NET_HIDDEN> z{};
  kern.dense(mean.data(), t.w1.data(), t.b1.data(), NET_HIDDEN, z.data());
  const auto a1 = activate(z);
  kern.dense(a1.data(), t.w2.data(), t.b2.data(), NET_HIDDEN, z.data());
  const auto a2 = activate(z);
  NetValue v;
  kern.dense(a2.data(), t.w3.data(), t.b3.data(), NET_OUTPUTS, v.logits.data());
  for (int k = 0; k < NET_OUTPUTS; ++k) v.logits[static_cast<std::size_t>(k)] += net_->side_bias(s)[static_cast<std::size_t>(k)];
  v.score = score_of(v);
  return v;
}

std::int32_t NetworkState::policy(const Board& board, int idx) const {
  assert(pending_ < 0);
  const int s = index_of(board.to_move());
  const NetTables& t = net_->tables(s);
  return kern_->policy(acc_[static_cast<std::size_t>(s)][static_cast<std::size_t>(idx)].data(), t.policy_w.data()) +
         t.policy_b;
}

void NetworkState::policy(const Board& board, std::span<const int> cells, std::span<std::int32_t> out) const {
  assert(cells.size() == out.size() && pending_ < 0);
  const int s = index_of(board.to_move());
  const NetTables& t = net_->tables(s);
  const auto& kern = *kern_;
  const auto& acc = acc_[static_cast<std::size_t>(s)];
  for (std::size_t i = 0; i < cells.size(); ++i)
    out[i] = kern.policy(acc[static_cast<std::size_t>(cells[i])].data(), t.policy_w.data()) + t.policy_b;
}

std::span<const std::int16_t, NET_FEATURES> NetworkState::accumulator(int perspective, int idx) const {
  return std::span<const std::int16_t, NET_FEATURES>(acc_[static_cast<std::size_t>(perspective)][static_cast<std::size_t>(idx)]);
}

std::span<const std::int32_t, NET_FEATURES> NetworkState::feature_sum(int perspective) const {
  return std::span<const std::int32_t, NET_FEATURES>(sums_[static_cast<std::size_t>(perspective)]);
}

}  // namespace tilestone::gomoku
