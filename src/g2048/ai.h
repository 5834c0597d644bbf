#pragma once
// One interface for every 2048 AI: a board and limits in, the best move and a value for each
// legal move out, with the search depth, node count and time it took.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "g2048/board.h"
#include "g2048/limits.h"

namespace tilestone::g2048 {

/// What a search may spend. A zero field means "no limit of that kind"; with neither a time nor
/// a depth, each AI uses its own default (see DEFAULT_TIME_MS). With both, both hold: the search
/// goes no deeper than `depth` and stops at `time_ms`, so a depth never lifts a time cap.
struct Limits {
  double time_ms = 0;       ///< wall-clock budget for the whole decision
  int depth = 0;            ///< maximum search depth; alone, a fixed depth (deterministic)
  int playouts = 400;       ///< Monte Carlo playouts per legal move
  unsigned threads = 1;     ///< search threads
  std::uint64_t seed = 0;   ///< for AIs that draw random numbers
  /// Expectimax: chance branches less likely than this are evaluated; 0 takes the evaluation's own
  /// (params::PROB_CUTOFF, params::NTUPLE_PROB_CUTOFF).
  double prob_cutoff = 0;
  /// A stop requested here ends the search at once with the best move of the deepest finished
  /// iteration (a user's stop, a client gone). The default token is never stopped.
  std::stop_token stop;
};

inline constexpr double DEFAULT_TIME_MS = limits::DEFAULT_TIME_MS;

/// Progress of an iterative-deepening search, reported after each completed depth.
struct SearchInfo {
  int depth;
  std::optional<Dir> best;
  double value;
  std::uint64_t nodes;
  double time_ms;
};
using InfoCallback = std::function<void(const SearchInfo&)>;

struct Analysis {
  std::optional<Dir> best;            ///< nullopt when no move is legal
  std::array<bool, 4> legal{};        ///< indexed by Dir
  std::array<double, 4> values{};     ///< the AI's value of each legal move (meaningless if illegal)
  int depth = 0;                      ///< deepest completed iteration (playouts for Monte Carlo)
  std::uint64_t nodes = 0;
  double time_ms = 0;
  /// Expectimax: the longest wait between two of the search's looks at the clock. They come a
  /// fraction of a millisecond apart while the search runs; a longer wait is time the machine
  /// took the thread away (another process, or the host of a virtual machine).
  double stall_ms = 0;
};

/// The weights of the seed-004 heuristic set: snake smoothness, snake monotonicity, empty cells,
/// max exponent, repeats, mean exponent.
using Seed004Weights = std::array<double, 6>;

class NTupleNetwork;

struct AiConfig {
  AiConfig() = default;
  AiConfig(std::string name_, std::optional<Seed004Weights> weights_, std::string eval_ = {},
           std::shared_ptr<const NTupleNetwork> network_ = nullptr)
      : name(std::move(name_)), weights(weights_), eval(std::move(eval_)), network(std::move(network_)) {}

  std::string name = "expectimax";  ///< expectimax | ntuple | minimax | montecarlo | greedy | random
  std::optional<Seed004Weights> weights;  ///< minimax: use the seed-004 evaluation with these
  /// expectimax's evaluation: "ntuple" (needs `network`), "heuristic", or empty for the default
  /// (params::NTUPLE_IS_DEFAULT_EVAL; the heuristic when no network is given).
  std::string eval;
  std::shared_ptr<const NTupleNetwork> network;  ///< the learned evaluation (ntuple, expectimax)
  /// The tile exponent the network's values are downgraded from (NTupleNetwork::late_value; 0:
  /// never); nullopt: the network's own threshold.
  std::optional<int> downgrade_from;
};

class Ai {
 public:
  virtual ~Ai() = default;
  virtual std::string_view name() const = 0;
  /// Analyses `b` for the player to move. Never blocks beyond limits.time_ms (plus a small
  /// reaction margin) when a time is given, whatever the depth.
  virtual Analysis analyze(Board b, const Limits& limits, const InfoCallback& on_info = {}) = 0;
  /// Whether quick_move() answers without a search or a look at the clock (the n-tuple AI's one
  /// ply): drivers that play millions of moves then skip the per-move timing.
  virtual bool has_quick_move() const { return false; }
  /// The move analyze(b, {}) picks (nullopt when none is legal), at less cost where the AI has a
  /// quick move.
  virtual std::optional<Dir> quick_move(Board b) { return analyze(b, Limits{}).best; }
};

/// The names make_ai accepts, strongest first.
const std::vector<std::string>& ai_names();
/// Builds an AI; an error names the accepted AIs.
core::Result<std::unique_ptr<Ai>> make_ai(const AiConfig& config);
/// Whether the AI `config` describes plays with the network's values (the ntuple AI, or expectimax
/// over the network: asked for, or the default eval with a network loaded).
bool plays_with_network(const AiConfig& config);

/// Parses "w1,w2,w3,w4,w5,w6" into seed-004 weights.
core::Result<Seed004Weights> parse_weights(std::string_view text);

}  // namespace tilestone::g2048
