#pragma once
// The learned Gomoku evaluation: a small network over the board's line windows, with
// accumulators kept up to date incrementally on play and undo.
//
// Architecture (the trainer in train/gomoku/ mirrors it exactly):
//
//   For each inside cell c and perspective s (s = 0: black is "own", s = 1: white is "own"):
//     f[s][c] = B[t][centre] + sum over the 4 directions d of E[t][centre][window(c, d, s)]
//   where centre is the cell's state from s's side (empty, own, opponent), window() is the
//   line window around c along d (LineKey) with its colours read from s's side and folded with
//   its mirror image (a window and its reverse share an entry, so the whole network is
//   invariant under the 8 board symmetries), numbered densely over the windows a board can hold,
//   and t the table set: one for freestyle and standard (the colours play the same game), two for
//   renju (t = s: black's forbidden points make the colours different games).
//   h[s][c] = clamp(f[s][c], 0, 1)                          (NET_FEATURES values per cell)
//   Value for the side to move s: m = mean of h[s][c] over the board's cells;
//     a1 = clamp(W1 m + b1, 0, 1), a2 = clamp(W2 a1 + b2, 0, 1),
//     (win, draw, loss) logits = W3 a2 + b3 + S[s]   (S: the value bias of the side to move)
//   Policy: for each empty cell, p[c] = w . h[s][c] + b (a logit, larger first).
//
// Quantisation (integer inference, bit-identical between the SIMD and portable paths):
//   E, B: int16 at scale NET_QA (h in 0..NET_QA); accumulators int16, the per-perspective sum of h
//   over the cells int32; m at scale NET_QM; W1, W2, W3, w: int16 at scale NET_QW; b1, b2, b3 int32
//   at NET_QM * NET_QW; a1, a2 at NET_QM; the policy logit at NET_QA * NET_QW.
// The value in engine units is WINPROB_SCALE * ln((P(win) + P(draw)/2) / (P(loss) + P(draw)/2)):
// the value whose win probability (gomoku/winprob.h) is the network's expected score, clamped
// within WIN_BOUND.
//
// The network file (network_file.cpp; docs/file-formats.md):
//   magic "TSGOMNET" | u32 version | u32 header bytes | u8 rule | u8 table sets | u16 zero
//   | u32 features | u32 hidden | u32 windows | u32 centre states | u32 outputs
//   | u32 QA | u32 QM | u32 QW | u32 description bytes | the description (UTF-8)
//   | u64 payload bytes | u64 checksum (FNV-1a 64 over the header with this field zeroed, then
//   the payload) | payload: per table set, little-endian: E int16 [3][windows][features],
//   B int16 [3][features], W1 int16 [hidden][features], b1 int32 [hidden], W2 int16
//   [hidden][hidden], b2 int32 [hidden], W3 int16 [3][hidden], b3 int32 [3], w int16 [features],
//   b int32; then (version 3 on) S int32 [2 sides to move: black, white][3] at NET_QM * NET_QW.
// S lets a network of one table set tell the colours apart where the side to move matters to the
// value (in freestyle the first player's edge); older files have none (zero).
// One file serves one rule family (the header says which): a window means something else under
// each rule (an overline wins in freestyle and is nothing in standard; renju black's double four
// loses), and separate networks keep each rule's few parameters for its own patterns.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"

namespace tilestone::gomoku {

namespace netsimd {
struct Kernels;
}

// Architecture; a file of other dimensions is refused.
constexpr int NET_FEATURES = 32;     ///< values per cell and perspective
constexpr int NET_HIDDEN = 32;       ///< width of the value head's two hidden layers
constexpr int NET_CENTRE_STATES = 3; ///< empty, own, opponent
constexpr int NET_OUTPUTS = 3;       ///< win, draw, loss logits
/// Line windows a board can hold (walls only in a run from a window's end), a window and its
/// mirror image counted once: (121 * 121 + 121) / 2.
constexpr int NET_WINDOWS = 7381;
// Quantisation scales (powers of two, so a rescale is a shift).
constexpr int NET_QA = 256;   ///< 1.0 of E, B and h
constexpr int NET_QM = 4096;  ///< 1.0 of the mean and of the hidden activations
constexpr int NET_QW = 1024;  ///< 1.0 of the dense and policy weights
constexpr int NET_QW_SHIFT = 10;
/// Bounds the exporter keeps to, so no integer sum can overflow: four windows and a bias stay
/// within int16, and a dense layer within int32.
constexpr int NET_MAX_EMBED = 6000;
constexpr int NET_MAX_BIAS = 8000;
constexpr int NET_MAX_WEIGHT = 8191;
constexpr std::int32_t NET_MAX_DENSE_BIAS = 1 << 29;
/// The value bias of a side to move: 16 in logit units, far beyond any use, and W3 a2 + b3 + S
/// stays within int32 (32 * 8191 * 4096 + 2^29 + 2^26 < 2^31).
constexpr std::int32_t NET_MAX_SIDE_BIAS = 1 << 26;

inline constexpr char NET_MAGIC[9] = "TSGOMNET";
inline constexpr std::uint32_t NET_VERSION = 3;
/// The oldest file version this build reads (version 1 has no blend: a share of 0; versions 1 and
/// 2 have no value bias by side to move: zero).
inline constexpr std::uint32_t NET_OLDEST_VERSION = 1;

/// The search's value of a position from the network's score and the classical evaluation's, in
/// engine units: the classical evaluation counts for `classical_share` percent (0 to 100; 0 gives
/// the network's score exactly).
constexpr int blend_value(int network, int classical, int classical_share) {
  return (network * (100 - classical_share) + classical * classical_share) / 100;
}

/// The dense index of a line window read from perspective s (0 black own, 1 white own), folded
/// with its mirror image; -1 for a window no board holds.
int window_index(LineKey key, int perspective);
/// window_index() of every key for one perspective, as a table (built once; thread-safe).
const std::int16_t* window_index_table(int perspective);
/// The mean of h over n cells from their sum, at NET_QM: (sum * R + 2^23) >> 24 with
/// R = (2^28 + n / 2) / n, a multiply instead of a division (the trainer computes the same).
constexpr std::int32_t net_mean(std::int32_t sum, std::int32_t cells) {
  const std::int64_t r = ((std::int64_t{1} << 28) + cells / 2) / cells;
  return static_cast<std::int32_t>((sum * r + (std::int64_t{1} << 23)) >> 24);
}
/// The window's colours swapped (black and white), walls and empty points kept.
constexpr LineKey swap_colours(LineKey key) {
  return static_cast<LineKey>(key ^ (((key ^ (key >> 1)) & 0x5555u) * 3u));
}
/// The window read the other way along its line.
LineKey mirror_window(LineKey key);

/// The weights of one table set, quantised.
struct NetTables {
  std::vector<std::int16_t> embed;   ///< [NET_CENTRE_STATES][NET_WINDOWS][NET_FEATURES]
  std::vector<std::int16_t> bias;    ///< [NET_CENTRE_STATES][NET_FEATURES]
  std::vector<std::int16_t> w1;      ///< [NET_HIDDEN][NET_FEATURES]
  std::vector<std::int32_t> b1;      ///< [NET_HIDDEN]
  std::vector<std::int16_t> w2;      ///< [NET_HIDDEN][NET_HIDDEN]
  std::vector<std::int32_t> b2;      ///< [NET_HIDDEN]
  std::vector<std::int16_t> w3;      ///< [NET_OUTPUTS][NET_HIDDEN]
  std::vector<std::int32_t> b3;      ///< [NET_OUTPUTS]
  std::vector<std::int16_t> policy_w;  ///< [NET_FEATURES]
  std::int32_t policy_b = 0;

  /// Zeroed tables of the right sizes.
  NetTables();
  const std::int16_t* embed_row(int centre, int window) const {
    return embed.data() + (static_cast<std::size_t>(centre) * NET_WINDOWS + static_cast<std::size_t>(window)) * NET_FEATURES;
  }
  const std::int16_t* bias_row(int centre) const { return bias.data() + centre * NET_FEATURES; }
  /// Empty when every weight lies within the NET_MAX_* bounds, else what does not.
  std::string check_bounds() const;
};

/// Which arithmetic the network uses: the portable C++ or AVX2 (picked at run time where the
/// processor has it). Both give the same bits.
enum class NetBackend : std::uint8_t { PORTABLE, AVX2 };
/// AVX2 if this build and processor have it, else PORTABLE.
NetBackend best_net_backend();
bool net_backend_available(NetBackend b);
std::string_view net_backend_name(NetBackend b);

/// A loaded network: the weights of one rule family, immutable, shared by every search thread.
class Network {
 public:
  Network(Rule rule, std::vector<NetTables> tables, std::string description = {});

  Rule rule() const { return rule_; }
  /// Table sets: 1 (freestyle, standard) or 2 (renju: one per colour).
  int table_sets() const { return static_cast<int>(tables_.size()); }
  const NetTables& tables(int perspective) const { return tables_[static_cast<std::size_t>(perspective) % tables_.size()]; }
  const std::string& description() const { return description_; }
  /// Parameters, counting every table set.
  std::size_t parameter_count() const;
  /// The classical evaluation's share of the value the search uses, in percent (0: the network's
  /// value alone). The two make different mistakes, so a blend can beat both.
  int classical_share() const { return classical_share_; }
  /// Sets the share (0 to 100).
  void set_classical_share(int percent);
  /// The value head's bias of side to move `side` (0 black, 1 white): win, draw, loss at
  /// NET_QM * NET_QW, added to the logits.
  using SideBias = std::array<std::int32_t, NET_OUTPUTS>;
  const SideBias& side_bias(int side) const { return side_bias_[static_cast<std::size_t>(side)]; }
  /// Sets both sides' biases; each within +-NET_MAX_SIDE_BIAS.
  void set_side_bias(const std::array<SideBias, 2>& bias);

  /// A network of seeded random weights (for tests and benchmarks), within the bounds.
  static Network random(Rule rule, std::uint64_t seed);

 private:
  Rule rule_;
  std::vector<NetTables> tables_;
  std::string description_;
  int classical_share_ = 0;
  std::array<SideBias, 2> side_bias_{};
};

/// The file's bytes.
std::string encode_network_file(const Network& net);
/// The network a file's bytes hold; a wrong, truncated, corrupt or foreign file is refused with
/// a message that says which.
core::Result<Network> decode_network_file(std::string_view bytes);
core::Result<Network> load_network_file(const std::string& path);
/// load_network_file() for play under `rule`: a network of another rule family is refused with a
/// message naming the file and both rules (the engine would otherwise evaluate those boards
/// classically without a word).
core::Result<std::shared_ptr<const Network>> load_network_for(const std::string& path, Rule rule);
/// The networks given for play, at most one per rule family's rule (`serve --gomoku-network`,
/// the brain's `network` settings); the classical evaluation plays where none is given.
class RuleNetworks {
 public:
  /// The network of `rule`; null: none given.
  std::shared_ptr<const Network> get(Rule rule) const { return nets_[static_cast<std::size_t>(rule)]; }
  /// Whether any rule has one.
  bool any() const;
  /// Loads a network file into its rule's place; a bad file, or a second one for the same rule,
  /// is refused with a message naming the file.
  core::Result<bool> add_file(const std::string& path);

 private:
  std::array<std::shared_ptr<const Network>, 3> nets_;
};

/// Writes through a temporary and a rename; returns the bytes written.
core::Result<std::uint64_t> save_network_file(const Network& net, const std::string& path);

/// What the value head says about a position, from the side to move's view.
struct NetValue {
  std::array<std::int32_t, NET_OUTPUTS> logits{};  ///< win, draw, loss at NET_QM * NET_QW
  int score = 0;  ///< engine units, within +-(WIN_BOUND - 1)
  /// The logits as real numbers.
  double logit(int k) const { return static_cast<double>(logits[static_cast<std::size_t>(k)]) / (double{NET_QM} * NET_QW); }
};

/// The network's accumulators for one board, kept beside it: reset() from scratch, then play()
/// and undo() for each stone the board plays and takes back (passes need nothing). Not thread-safe:
/// one per search thread. Holds a pointer to the network, which must outlive it.
///
/// A search can put off the last stone's work: defer() notes the stone, evaluate() values the board
/// with it without writing any accumulator (one perspective, no undo record: most stones a search
/// plays are leaves that are valued once and taken back), undo() forgets it, and commit() does the
/// work when the search goes deeper. commit() must see the board as it was after the deferred
/// stone (before the next one goes on).
class NetworkState {
 public:
  explicit NetworkState(const Network& net, NetBackend backend = best_net_backend());

  NetBackend backend() const { return backend_; }
  /// Computes every accumulator from the board; forgets the undo stack.
  void reset(const Board& board);
  /// Follows the board's play_index(idx): `after` is the board with the stone on it.
  void play(const Board& after, int idx);
  /// Takes back the last play() (or forgets the deferred stone) exactly.
  void undo();
  /// Follows the board's play_index(idx) later: the board's next change must come after commit().
  void defer(int idx);
  /// The deferred stone's play() (nothing when none is deferred); `after` is the board with it.
  void commit(const Board& after);
  /// Stones played since reset(), a deferred one included.
  int plies() const { return static_cast<int>(undo_.size()) + (pending_ >= 0 ? 1 : 0); }

  /// The value for the board's side to move (the board this state follows).
  NetValue evaluate(const Board& board) const;
  /// The value the search uses, in engine units for the side to move: evaluate()'s score blended
  /// with the classical evaluation's by the network's classical_share().
  int search_value(const Board& board) const;
  /// The policy logit of the empty cell idx for the side to move, at NET_QA * NET_QW (no stone
  /// deferred).
  std::int32_t policy(const Board& board, int idx) const;
  /// policy() of each cell of `cells`, into `out` (the same length).
  void policy(const Board& board, std::span<const int> cells, std::span<std::int32_t> out) const;

  /// For tests: perspective s's accumulator of cell idx and its sum of h over the board.
  std::span<const std::int16_t, NET_FEATURES> accumulator(int perspective, int idx) const;
  std::span<const std::int32_t, NET_FEATURES> feature_sum(int perspective) const;

 private:
  using Acc = std::array<std::int16_t, NET_FEATURES>;
  using Sum = std::array<std::int32_t, NET_FEATURES>;
  struct UndoEntry {
    int idx;
    int touched;  ///< neighbours whose accumulators were saved
    std::array<Sum, 2> sums;
  };

  // A neighbour of a new stone whose window along one line now holds the stone.
  struct Touched {
    int q;
    int code;
    LineKey now, before;
  };
  // The neighbours of the stone at idx (on `after`) whose windows changed; returns their count.
  int touched_by(const Board& after, int idx, std::array<Touched, 32>& out) const;
  // The value head on perspective s's sum of h.
  NetValue head(const Sum& sum, int s) const;

  const Network* net_;
  NetBackend backend_;
  const netsimd::Kernels* kern_;
  std::array<const std::int16_t*, 2> windows_;  ///< window_index_table() of each perspective
  int size_ = 0;
  int stride_ = 0;
  std::array<int, 4> offsets_{};
  std::array<std::uint8_t, Board::MAX_CELLS> inside_{};
  std::array<std::vector<Acc>, 2> acc_;  ///< [perspective][cell]
  std::array<Sum, 2> sums_{};            ///< [perspective]: sum over the cells of h
  std::vector<UndoEntry> undo_;
  std::vector<Acc> saved_;  ///< the touched cells' accumulators before each play, both perspectives
  int pending_ = -1;        ///< the deferred stone's cell, or -1
};

}  // namespace tilestone::gomoku
