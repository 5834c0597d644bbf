#pragma once
// Afterstate temporal-difference training of an n-tuple network (Szubert & Jaśkowski 2014):
// the player picks the move whose reward plus afterstate value is largest; when the game ends,
// each afterstate's value moves toward the reward of the next move plus the next afterstate's
// value (TD(0)), swept from the last move back to the first so that the end of the game reaches
// the start in one pass. Several threads may play games against one shared network.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

#include "g2048/ntuple.h"
#include "g2048/params.h"

namespace tilestone::g2048 {

struct TrainConfig {
  std::uint64_t games = 100000;   ///< train until the network has seen this many games in all
  unsigned threads = 1;
  std::uint64_t seed = 1;         ///< game i's spawns come from derive_seed(seed, i)
  double alpha = params::TD_ALPHA;  ///< step size (divided among the network's features)
  /// After this share of `games`, the step is alpha * fine_tune_factor.
  double fine_tune_start = params::TD_FINE_TUNE_START;
  double fine_tune_factor = params::TD_FINE_TUNE_FACTOR;
  std::uint64_t report_games = params::TD_REPORT_GAMES;  ///< games between two progress reports
};

/// The tiles whose rates the reports count: 2048, 4096, 8192, 16384, 32768.
inline constexpr std::array<int, 5> REPORTED_EXPONENTS{11, 12, 13, 14, 15};

/// Progress after a block of games.
struct TrainProgress {
  std::uint64_t games = 0;            ///< games trained in all (resumed ones included)
  std::uint64_t target = 0;
  std::uint64_t block_games = 0;      ///< games in the block just reported
  double elapsed_s = 0;               ///< this run's time
  double games_per_s = 0, moves_per_s = 0;  ///< this run's average speed
  double alpha = 0;                   ///< step size in the block
  double mean_score = 0;              ///< over the block
  double max_score = 0;
  std::array<double, 5> rates{};      ///< share of the block's games reaching each reported tile
};

struct TrainHooks {
  std::function<void(const TrainProgress&)> on_progress;  ///< after every block
  std::function<void(const NTupleNetwork&)> on_checkpoint;  ///< every `checkpoint_games` games
  std::uint64_t checkpoint_games = 0;                       ///< 0: never
  const std::atomic<bool>* stop = nullptr;                  ///< set it to stop after the games under way
};

/// One TD(0) step toward `target` for afterstate `b`; returns the new value.
float td_update(NTupleNetwork& net, Board b, float target, float alpha);

/// What one training game did.
struct GameOutcome {
  std::uint64_t score = 0;
  int max_exponent = 0;
  int moves = 0;
  bool interrupted = false;  ///< `stop` cut it off: nothing was learnt
};
/// Plays one training game with `seed` and learns from it.
GameOutcome train_game(NTupleNetwork& net, std::uint64_t seed, float alpha, const std::atomic<bool>* stop = nullptr);

/// Trains `net` until it has seen config.games games (or `stop` is set). With one thread the
/// result depends only on the network, the seed and the game count.
void train(NTupleNetwork& net, const TrainConfig& config, const TrainHooks& hooks = {});

/// The move a 1-ply player takes: the largest reward plus afterstate value (nullopt when lost).
struct Greedy {
  std::optional<Dir> dir;
  Board after;
  std::uint32_t reward = 0;
  float value = 0;  ///< reward + value of the afterstate
};
Greedy best_move(const NTupleNetwork& net, Board b);

}  // namespace tilestone::g2048
