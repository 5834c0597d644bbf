#pragma once
// Afterstate temporal-difference training of an n-tuple network (Szubert & Jaśkowski 2014):
// the player picks the move whose reward plus afterstate value is largest; when the game ends,
// each afterstate's value moves toward the reward of the next move plus the next afterstate's
// value (TD(0)), swept from the last move back to the first so that the end of the game reaches
// the start in one pass. Several threads may play games against one shared network.
//
// Two options aim at the late game, which plain TD reaches too rarely to learn: temporal
// coherence (TC: every weight gets its own step, alpha * |sum of its errors| / sum of their
// absolute values, so weights whose errors keep one sign move fast and noisy ones settle), and
// restarts (a share of the games begins from a board taken from the later part of an earlier
// game, so boards holding 8192 and 16384 come up far more often).

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>

#include "g2048/ntuple.h"
#include "g2048/params.h"
#include "g2048/train_state.h"

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
  bool tc = false;                ///< temporal coherence: per-weight steps, alpha the meta step
  double restart_share = 0;       ///< share of the games that start from a late board of the pool
  std::size_t restart_pool = params::RESTART_POOL;  ///< boards the pool holds
  double restart_from = params::RESTART_FROM;       ///< pool boards come from after this share of a game
  /// A board joins the pool only once its largest tile is at least 2^this (0: any board), and
  /// only from games begun on the empty board, so restarted games train the late game as the
  /// player's own games reach it.
  int restart_min_exponent = 0;
  /// TD(lambda): each afterstate learns toward the lambda-return of the rest of its game (0: TD(0)).
  double lambda = 0;
  /// n-step TD: each afterstate learns toward the rewards of the next n moves plus the value of
  /// the afterstate n moves ahead (0 past the game's end); 1 is TD(0). Backward, without lambda.
  int n_step = 1;
  /// Forward TD(0): each afterstate learns as soon as the next move is chosen (while its weights
  /// are still in the caches), instead of the whole game backward from its end once it is over.
  bool forward = false;
};

/// The tiles whose rates the reports count: 2048, 4096, 8192, 16384, 32768.
inline constexpr std::array<int, 5> REPORTED_EXPONENTS{11, 12, 13, 14, 15};

/// Progress after a block of games.
struct TrainProgress {
  std::uint64_t games = 0;            ///< games trained in all (resumed ones included)
  std::uint64_t target = 0;
  std::uint64_t block_games = 0;      ///< games in the block just reported (restarted ones too)
  std::uint64_t restarted = 0;        ///< of those, games that began from a pool board
  double elapsed_s = 0;               ///< this run's time
  double games_per_s = 0, moves_per_s = 0;  ///< this run's average speed
  double alpha = 0;                   ///< step size in the block
  double mean_score = 0;              ///< over the block's games from the empty board
  double max_score = 0;
  std::array<double, 5> rates{};      ///< share of those games reaching each reported tile
  std::array<double, 5> restarted_rates{};  ///< share of the restarted games reaching each reported tile
};

struct TrainHooks {
  std::function<void(const TrainProgress&)> on_progress;  ///< after every block
  /// Every `checkpoint_games` games, with what a resumed run needs besides the weights.
  std::function<void(const NTupleNetwork&, const TrainState&)> on_checkpoint;
  std::uint64_t checkpoint_games = 0;                       ///< 0: never
  /// Also once this many seconds have passed since the last checkpoint (0: by games only). Late
  /// games last long, and a checkpoint of a large network takes seconds: a time keeps both the
  /// loss on a stopped machine and the cost of saving small.
  double checkpoint_seconds = 0;
  const std::atomic<bool>* stop = nullptr;                  ///< set it to stop after the games under way
};

/// One TD step toward `target` for afterstate `b`; returns the new value.
float td_update(NTupleNetwork& net, Board b, float target, float alpha);
/// The same step with temporal coherence: each weight moves by alpha * |E| / A of the error
/// shared among the features (alpha while A = 0), then E and A take in the error. `state` must
/// have TC accumulators for `net`. Returns the new value.
float td_update_tc(NTupleNetwork& net, TrainState& state, Board b, float target, float alpha);

/// The target of the afterstate before one whose move gained `reward`, whose value after its own
/// step is `value` and whose target was `target`: reward + value for TD(0), the lambda-return
/// reward + (1 - lambda) value + lambda target otherwise (at lambda 1, the rest of the game's score).
inline float lambda_target(float reward, float value, float target, float lambda) {
  return lambda == 0 ? reward + value : reward + (1 - lambda) * value + lambda * target;
}

/// What one training game did.
struct GameOutcome {
  std::uint64_t score = 0;
  int max_exponent = 0;
  int moves = 0;
  bool interrupted = false;  ///< `stop` cut it off: nothing was learnt
  bool restarted = false;    ///< it began from a pool board
  std::uint64_t late_board = 0;  ///< a board from its later part (it joined the pool with restarts on)
};
/// How one training game is played and learnt from.
struct Episode {
  float alpha = static_cast<float>(params::TD_ALPHA);
  TrainState* state = nullptr;      ///< TC accumulators (when it has them) and the restart pool
  double restart_share = 0;         ///< 0: no restarts, and the pool is left alone
  double restart_from = params::RESTART_FROM;
  std::size_t restart_pool = params::RESTART_POOL;
  int restart_min_exponent = 0;     ///< pool boards hold at least this tile (0: any)
  float lambda = 0;                 ///< TD(lambda); 0 is TD(0)
  int n_step = 1;                   ///< n-step TD (TrainConfig::n_step); 1 is TD(0)
  bool forward = false;             ///< forward TD(0) (TrainConfig::forward)
  std::mutex* pool_mutex = nullptr;  ///< guards the pool when threads share it
};
/// Plays one training game with `seed` and learns from it. The spawns come from `seed` alone; the
/// restart choice and the late board from a second stream derived from it. With restarts on, a
/// finished game adds its late board to the pool, so on one thread the pool after game i
/// depends only on games 0..i, wherever runs stopped and resumed.
GameOutcome train_game(NTupleNetwork& net, std::uint64_t seed, const Episode& episode,
                       const std::atomic<bool>* stop = nullptr);

/// Trains `net` until it has seen config.games games (or `stop` is set). With one thread the
/// result depends only on the network, `state`, the seed and the game count. `state` (may be
/// null when neither TC nor restarts are on) carries TC accumulators and the pool across runs.
void train(NTupleNetwork& net, const TrainConfig& config, const TrainHooks& hooks = {}, TrainState* state = nullptr);

/// The move a 1-ply player takes: the largest reward plus afterstate value (nullopt when lost).
struct Greedy {
  std::optional<Dir> dir;
  Board after;
  std::uint32_t reward = 0;
  float value = 0;  ///< reward + value of the afterstate
};
Greedy best_move(const NTupleNetwork& net, Board b);

}  // namespace tilestone::g2048
