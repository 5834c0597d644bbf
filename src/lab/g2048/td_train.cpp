#include "lab/g2048/td_train.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "core/clock.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "g2048/game.h"

namespace tilestone::g2048 {

float td_update(NTupleNetwork& net, Board b, float target, float alpha) { return net.update(b, target, alpha); }

namespace {
// Relaxed atomic access, as the network does, keeps threads sharing the accumulators race-free.
float relaxed_load(const float& x) { return std::atomic_ref<float>(const_cast<float&>(x)).load(std::memory_order_relaxed); }
void relaxed_add(float& x, float d) {
  std::atomic_ref<float>(x).store(relaxed_load(x) + d, std::memory_order_relaxed);
}
// Asks for feature (t, i)'s weight and its TC accumulators.
void prefetch_tc_feature(const NTupleNetwork& net, const TrainState& state, std::size_t t, std::uint32_t i) {
  __builtin_prefetch(&state.tc[t][i]);
  __builtin_prefetch(&net.table(t)[i]);
}

// Asks for the weights of `b`'s features and their TC accumulators, ahead of a TC step on `b`.
void prefetch_tc_step(const NTupleNetwork& net, const TrainState& state, Board b) {
  net.for_each_feature(b, [&](std::size_t t, std::uint32_t i) { prefetch_tc_feature(net, state, t, i); });
}
}  // namespace

float td_update_tc(NTupleNetwork& net, TrainState& state, Board b, float target, float alpha) {
  // The features once, each weight and its accumulators asked for before the first is used.
  struct Slot {
    std::uint32_t t, i;
  };
  std::array<Slot, MAX_TUPLES * SYMMETRIES> slots;
  std::size_t n = 0;
  net.for_each_feature(b, [&](std::size_t t, std::uint32_t i) {
    slots[n++] = {static_cast<std::uint32_t>(t), i};
    prefetch_tc_feature(net, state, t, i);
  });
  float value = 0;
  for (std::size_t k = 0; k < n; ++k) value += net.at(slots[k].t, slots[k].i);
  const float error = target - value;
  const float step = alpha * error / static_cast<float>(net.features());
  const float magnitude = std::fabs(error);
  for (std::size_t k = 0; k < n; ++k) {
    const auto [t, i] = slots[k];
    TcPair& acc = state.tc[t][i];
    const float a = relaxed_load(acc.abs);
    const float coherence = a > 0 ? std::fabs(relaxed_load(acc.error)) / a : 1.0f;
    net.add_at(t, i, step * coherence);
    relaxed_add(acc.error, error);
    relaxed_add(acc.abs, magnitude);
  }
  float after = 0;
  for (std::size_t k = 0; k < n; ++k) after += net.at(slots[k].t, slots[k].i);
  return after;
}

namespace {
// A board's legal afterstates with their weights asked for (ask), and the best of them once the
// weights are in (pick): best_move() is the two at once. In between, a training game does its
// forward TD step, so that the step and the cache misses overlap.
struct Candidates {
  std::array<Board, 4> after;
  std::array<Dir, 4> dirs;
  std::array<std::uint32_t, 4> gain;
  int n = 0;
  NTupleNetwork::Asked asked;
};

void ask(const NTupleNetwork& net, Board b, Candidates& c) {
  const Moves m = b.moves();
  c.n = 0;
  for (Dir d : ALL_DIRS)
    if (m.after[index(d)] != b) {
      c.after[c.n] = m.after[index(d)];
      c.gain[c.n] = m.gain[index(d)];
      c.dirs[c.n++] = d;
    }
  net.ask(c.after.data(), c.n, c.asked);
}

Greedy pick(const NTupleNetwork& net, const Candidates& c) {
  Greedy best;
  best.value = -std::numeric_limits<float>::infinity();
  std::array<float, 4> values;
  net.values(c.asked, values.data());
  for (int k = 0; k < c.n; ++k) {
    const float v = static_cast<float>(c.gain[k]) + values[k];
    if (v > best.value) best = Greedy{c.dirs[k], c.after[k], c.gain[k], v};
  }
  return best;
}
}  // namespace

Greedy best_move(const NTupleNetwork& net, Board b) {
  Candidates c;
  ask(net, b, c);
  return pick(net, c);
}

GameOutcome train_game(NTupleNetwork& net, std::uint64_t seed, const Episode& episode, const std::atomic<bool>* stop) {
  struct Visit {
    Board before, after;
    std::uint32_t reward;
  };
  thread_local std::vector<Visit> path;
  path.clear();
  core::Rng rng(seed);
  core::Rng side(core::derive_seed(seed, params::RESTART_STREAM));
  GameOutcome out;
  Board b;
  const bool restarts = episode.restart_share > 0 && episode.state;
  auto lock_pool = [&] {
    return episode.pool_mutex ? std::unique_lock<std::mutex>(*episode.pool_mutex) : std::unique_lock<std::mutex>();
  };
  if (restarts && side.uniform() < episode.restart_share) {
    const auto lock = lock_pool();
    const auto& pool = episode.state->restart_pool;
    if (!pool.empty()) {
      b = Board(pool[side.below(static_cast<std::uint32_t>(pool.size()))]);
      out.restarted = true;
    }
  }
  if (!out.restarted) b = spawn_random(spawn_random(Board{}, rng), rng);
  const bool tc = episode.state && episode.state->has_tc();
  // One TD step of afterstate `after` toward `target`, with TC when it is on; the new value.
  auto learn = [&](Board after, float target) {
    return tc ? td_update_tc(net, *episode.state, after, target, episode.alpha) : td_update(net, after, target, episode.alpha);
  };

  // Forward TD learns as it plays, so a game it starts is played to its end (a few milliseconds):
  // with one thread the games learnt from are still a prefix of the block.
  const bool forward = episode.forward;
  if (forward && stop && stop->load(std::memory_order_relaxed)) {
    out.interrupted = true;
    return out;
  }

  // Step 1. Play greedily on the current values. Forward TD moves the previous afterstate toward
  // this move's reward plus its afterstate's value as soon as that is known, while its weights are
  // still in the caches, and while the next board's weights are on their way; the last afterstate
  // toward 0. The step writes before the next board's weights are summed, so that they are read as
  // if asked for after it.
  Candidates next;
  ask(net, b, next);
  for (;;) {
    const Greedy g = pick(net, next);
    const std::size_t learnt = path.size();  // forward: the afterstate the step below is for is path[learnt - 1]
    if (g.dir) {
      path.push_back({b, g.after, g.reward});
      out.score += g.reward;
      b = spawn_random(g.after, rng);
      ask(net, b, next);
    }
    if (forward && learnt > 0) {
      learn(path[learnt - 1].after, g.dir ? g.value : 0.0f);
    }
    if (!g.dir) break;
    if (!forward && (path.size() & 1023) == 0 && stop && stop->load(std::memory_order_relaxed)) {
      out.interrupted = true;
      return out;
    }
  }
  // A game that ends after `stop` teaches nothing either: with one thread the games learnt from
  // are then exactly a prefix of the block, which a resumed run does not replay.
  if (!forward && stop && stop->load(std::memory_order_relaxed)) {
    out.interrupted = true;
    return out;
  }
  out.moves = static_cast<int>(path.size());
  out.max_exponent = b.max_exponent();
  if (!path.empty()) {
    // The late board: a random one after `restart_from` of the game, and (with a minimum tile)
    // after the tile first appeared; a game that never held it gives the pool nothing, nor does a
    // restarted game then: its boards would come later than its start, and generation after
    // generation the pool would drift toward the boards just before a game's end.
    std::size_t from = static_cast<std::size_t>(episode.restart_from * static_cast<double>(path.size()));
    bool eligible = true;
    if (episode.restart_min_exponent > 0) {
      const auto reached = std::find_if(path.begin(), path.end(), [&](const Visit& v) {
        return v.before.max_exponent() >= episode.restart_min_exponent;
      });
      eligible = reached != path.end() && !out.restarted;
      from = std::max(from, static_cast<std::size_t>(reached - path.begin()));
    }
    from = std::min(from, path.size() - 1);
    const std::size_t k = std::min(path.size() - 1, from + side.below(static_cast<std::uint32_t>(path.size() - from)));
    out.late_board = path[k].before.bits();
    if (restarts && eligible) {
      const auto lock = lock_pool();
      episode.state->add_restart(out.late_board, episode.restart_pool);
    }
  }

  if (forward) return out;

  // Step 2. Learn backward: the last afterstate is worth nothing more, each earlier one the next
  // move's reward plus the (just updated) value of the next afterstate.
  // With lambda > 0 the target is the lambda-return, built up the same way: the reward, plus
  // (1 - lambda) of the next afterstate's new value and lambda of its own target.
  // The weights of the afterstate a few steps ahead are asked for while this one learns: the game
  // is long past, so they are no longer in the caches.
  // With TC the accumulators are asked for too.
  constexpr std::size_t PREFETCH_AHEAD = 2;
  auto ahead = [&](Board after) {
    if (tc) prefetch_tc_step(net, *episode.state, after);
    else net.prefetch(after);
  };
  for (std::size_t k = path.size(); k-- > 0 && k + PREFETCH_AHEAD > path.size();) ahead(path[k].after);
  if (episode.n_step > 1) {
    // n-step TD: afterstate k's target is the rewards of moves k+1 .. k+n plus the new value of
    // afterstate k+n. `learnt` keeps each afterstate's value after its step, and `rewards` the
    // window of rewards (whole numbers, summed exactly) as it slides back over the game.
    thread_local std::vector<float> learnt;
    learnt.assign(path.size(), 0.0f);
    const auto n = static_cast<std::size_t>(episode.n_step);
    std::uint64_t rewards = 0;
    for (std::size_t k = path.size(); k-- > 0;) {
      if (k >= PREFETCH_AHEAD) ahead(path[k - PREFETCH_AHEAD].after);
      const float target = static_cast<float>(rewards) + (k + n < path.size() ? learnt[k + n] : 0.0f);
      learnt[k] = learn(path[k].after, target);
      rewards += path[k].reward;
      if (k + n < path.size()) rewards -= path[k + n].reward;
    }
    return out;
  }
  float target = 0;
  const float lambda = episode.lambda;
  for (std::size_t k = path.size(); k-- > 0;) {
    if (k >= PREFETCH_AHEAD) ahead(path[k - PREFETCH_AHEAD].after);
    const Visit& visit = path[k];
    const float v = learn(visit.after, target);
    target = lambda_target(static_cast<float>(visit.reward), v, target, lambda);
  }
  return out;
}

void train(NTupleNetwork& net, const TrainConfig& config, const TrainHooks& hooks, TrainState* state) {
  TrainState local;
  if (!state) state = &local;
  if (config.tc) state->enable_tc(net);
  Episode episode;
  episode.state = state;
  episode.restart_share = config.restart_share;
  episode.restart_from = config.restart_from;
  episode.restart_pool = config.restart_pool;
  episode.restart_min_exponent = config.restart_min_exponent;
  episode.lambda = static_cast<float>(config.lambda);
  episode.forward = config.forward;
  episode.n_step = config.n_step;
  std::mutex pool_mutex;
  if (config.threads > 1) episode.pool_mutex = &pool_mutex;
  const auto t0 = core::now_us();
  std::uint64_t run_games = 0, run_moves = 0, next_checkpoint = 0;
  double last_checkpoint_s = 0;
  if (hooks.checkpoint_games > 0)
    next_checkpoint = (net.games_trained / hooks.checkpoint_games + 1) * hooks.checkpoint_games;
  const auto fine_tune_from = static_cast<std::uint64_t>(static_cast<double>(config.games) * config.fine_tune_start);
  const std::uint64_t block = std::max<std::uint64_t>(1, config.report_games);

  while (net.games_trained < config.games && !(hooks.stop && hooks.stop->load())) {
    // Step 1. A block of games: game i of the whole training has seed derive_seed(seed, i).
    const std::uint64_t first = net.games_trained;
    const std::uint64_t n = std::min(block - first % block, config.games - first);
    const double alpha = first >= fine_tune_from ? config.alpha * config.fine_tune_factor : config.alpha;
    std::vector<GameOutcome> outcomes(n);
    episode.alpha = static_cast<float>(alpha);
    core::parallel_for(n, config.threads, [&](std::size_t i) {
      outcomes[i] = train_game(net, core::derive_seed(config.seed, first + i), episode, hooks.stop);
    });

    // Step 2. Count the games that finished: with one thread these are a prefix of the block,
    // so a resumed run replays exactly the games that were cut off. The curve counts only the
    // games from the empty board.
    TrainProgress p;
    std::uint64_t done = 0, fresh = 0;
    double score_sum = 0;
    auto count_tiles = [](std::array<double, 5>& rates, const GameOutcome& o) {
      for (std::size_t k = 0; k < REPORTED_EXPONENTS.size(); ++k)
        if (o.max_exponent >= REPORTED_EXPONENTS[k]) rates[k] += 1;
    };
    for (const GameOutcome& o : outcomes) {
      if (o.interrupted) {
        if (config.threads <= 1) break;
        continue;
      }
      ++done;
      run_moves += static_cast<std::uint64_t>(o.moves);
      if (o.restarted) {
        ++p.restarted;
        count_tiles(p.restarted_rates, o);
        continue;
      }
      ++fresh;
      score_sum += static_cast<double>(o.score);
      p.max_score = std::max(p.max_score, static_cast<double>(o.score));
      count_tiles(p.rates, o);
    }
    net.games_trained += done;
    run_games += done;
    if (done == 0) break;

    // Step 3. Report and checkpoint.
    const double elapsed = static_cast<double>(core::now_us() - t0) / 1e6;
    p.games = net.games_trained;
    p.target = config.games;
    p.block_games = done;
    p.elapsed_s = elapsed;
    p.games_per_s = elapsed > 0 ? static_cast<double>(run_games) / elapsed : 0;
    p.moves_per_s = elapsed > 0 ? static_cast<double>(run_moves) / elapsed : 0;
    p.alpha = alpha;
    p.mean_score = fresh > 0 ? score_sum / static_cast<double>(fresh) : 0;
    for (double& r : p.rates) r = fresh > 0 ? r / static_cast<double>(fresh) : 0;
    for (double& r : p.restarted_rates) r = p.restarted > 0 ? r / static_cast<double>(p.restarted) : 0;
    if (hooks.on_progress) hooks.on_progress(p);
    const bool by_games = next_checkpoint > 0 && net.games_trained >= next_checkpoint;
    const bool by_time = hooks.checkpoint_seconds > 0 && elapsed - last_checkpoint_s >= hooks.checkpoint_seconds;
    if (hooks.on_checkpoint && (by_games || by_time)) {
      hooks.on_checkpoint(net, *state);
      while (next_checkpoint > 0 && net.games_trained >= next_checkpoint) next_checkpoint += hooks.checkpoint_games;
      last_checkpoint_s = static_cast<double>(core::now_us() - t0) / 1e6;
    }
  }
}

}  // namespace tilestone::g2048
