// The late-game options of TD training: temporal coherence, restarts from late boards, and the
// training state that the weights file keeps for them.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <optional>

#include "core/rng.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "g2048/weights_file.h"
#include "lab/g2048/td_train.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

Board board(const char* text) { return parse_grid(text).value().to_board(); }

std::vector<Tuple> small_layout() { return {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {1, 2, 5, 6}}; }

// Weight tables or TC tables, compared bit for bit.
template <class Table>
bool same_tables(const std::vector<Table>& a, const std::vector<Table>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t t = 0; t < a.size(); ++t)
    if (a[t].size() != b[t].size() ||
        std::memcmp(a[t].data(), b[t].data(), a[t].size() * sizeof(typename Table::value_type)) != 0)
      return false;
  return true;
}

bool same_weights(const NTupleNetwork& a, const NTupleNetwork& b) {
  std::vector<WeightTable> ta, tb;
  for (std::size_t t = 0; t < a.layout().size(); ++t) ta.push_back(a.table(t));
  for (std::size_t t = 0; t < b.layout().size(); ++t) tb.push_back(b.table(t));
  return a.layout() == b.layout() && same_tables(ta, tb);
}

bool same_state(const TrainState& a, const TrainState& b) {
  return same_tables(a.tc, b.tc) && a.restart_pool == b.restart_pool &&
         a.restart_next == b.restart_next;
}

// A training run with restarts at a fixed step (no fine-tuning drop).
TrainConfig restart_config(std::uint64_t games, std::uint64_t seed, std::uint64_t report_games, std::size_t pool) {
  TrainConfig cfg;
  cfg.games = games;
  cfg.seed = seed;
  cfg.report_games = report_games;
  cfg.restart_share = 0.5;
  cfg.restart_pool = pool;
  cfg.fine_tune_start = 1.0;
  return cfg;
}

}  // namespace

TEST(NTupleTc, AStepMovesTowardTheTargetAndShrinksWhenErrorsDisagree) {
  const Board b = board("2,4,8,16/0,0,0,0/0,2,0,0/0,0,0,0");
  NTupleNetwork plain(small_layout()), tc(small_layout());
  TrainState state;
  state.enable_tc(tc);

  // Fresh accumulators: the first step is plain TD's.
  const float first = td_update_tc(tc, state, b, 1000.0f, 0.5f);
  EXPECT_FLOAT_EQ(first, td_update(plain, b, 1000.0f, 0.5f));
  EXPECT_GT(first, 0.0f);
  EXPECT_LT(first, 1000.0f);

  // Errors of one sign keep the full step: each update closes the same share of the gap.
  const float gap = 1000.0f - first;
  const float second = td_update_tc(tc, state, b, 1000.0f, 0.5f);
  EXPECT_NEAR(1000.0f - second, gap * (1000.0f - first) / 1000.0f, 0.05f * gap);

  // A target on the other side: the step moves toward it...
  const float third = td_update_tc(tc, state, b, -1000.0f, 0.5f);
  EXPECT_LT(third, second);
  // ... and now the accumulated errors disagree, so the next step is shorter than plain TD's
  // from the same value.
  NTupleNetwork twin = tc;
  const float before = tc.value(b);
  const float tc_after = td_update_tc(tc, state, b, -1000.0f, 0.5f);
  const float td_after = td_update(twin, b, -1000.0f, 0.5f);
  EXPECT_LT(tc_after, before);                          // still toward the target
  EXPECT_GT(tc_after, td_after);                        // but a shorter step
  EXPECT_GT(before - tc_after, 0.05f * (before - td_after));
  // Every weight of the board's features carries E and A, with |E| <= A.
  std::size_t touched = 0;
  for (const TcTable& table : state.tc)
    for (const TcPair& acc : table)
      if (acc.abs > 0) {
        ++touched;
        EXPECT_LE(std::fabs(acc.error), acc.abs * (1 + 1e-6f));
      }
  EXPECT_GT(touched, 0u);
}

TEST(NTupleTc, TrainingWithTcLearnsAndIsReproducible) {
  TrainConfig cfg;
  cfg.games = 200;
  cfg.seed = 4;
  cfg.tc = true;
  cfg.alpha = 1.0;
  NTupleNetwork a(small_layout()), b(small_layout());
  TrainState sa, sb;
  double first = 0, last = 0;
  TrainHooks hooks;
  cfg.report_games = 50;
  hooks.on_progress = [&](const TrainProgress& p) { (p.games == 50 ? first : last) = p.mean_score; };
  train(a, cfg, hooks, &sa);
  train(b, cfg, {}, &sb);
  EXPECT_TRUE(sa.has_tc());
  EXPECT_TRUE(same_weights(a, b));
  EXPECT_TRUE(same_state(sa, sb));
  EXPECT_GT(last, first);  // it learns: the last block of games scores more than the first
}

TEST(NTupleRestart, RestartsAreSeededAndAResumedRunMatchesOneRun) {
  TrainConfig cfg = restart_config(120, 9, 20, 16);
  cfg.tc = true;
  std::uint64_t restarted = 0, fresh_blocks = 0;
  TrainHooks hooks;
  hooks.on_progress = [&](const TrainProgress& p) {
    restarted += p.restarted;
    if (p.restarted < p.block_games) ++fresh_blocks;
  };
  NTupleNetwork whole(small_layout()), again(small_layout());
  TrainState sw, sa;
  train(whole, cfg, hooks, &sw);
  train(again, cfg, {}, &sa);
  EXPECT_TRUE(same_weights(whole, again));
  EXPECT_TRUE(same_state(sw, sa));
  // The pool fills from the first game on; then about half the games restart.
  EXPECT_GT(restarted, 35u);
  EXPECT_LT(restarted, 85u);
  EXPECT_EQ(fresh_blocks, 6u);
  ASSERT_EQ(sw.restart_pool.size(), 16u);  // full, a ring
  EXPECT_LT(sw.restart_next, 16u);
  for (std::uint64_t bits : sw.restart_pool) EXPECT_GE(Board(bits).max_exponent(), 4) << std::hex << bits;

  // Stopped after 60 games, saved with its state, loaded and resumed: the same network and pool.
  NTupleNetwork part(small_layout());
  TrainState sp;
  cfg.games = 60;
  train(part, cfg, {}, &sp);
  auto loaded = decode_checkpoint(encode_network(part, {}, &sp));
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  Checkpoint resumed = std::move(loaded).value();
  cfg.games = 120;
  train(resumed.net, cfg, {}, &resumed.state);
  EXPECT_TRUE(same_weights(whole, resumed.net));
  EXPECT_TRUE(same_state(sw, resumed.state));

  // Another seed restarts differently.
  NTupleNetwork other(small_layout());
  cfg.seed = 10;
  train(other, cfg);
  EXPECT_FALSE(same_weights(whole, other));
}

TEST(NTupleTrain, AMinimumTileKeepsThePoolToLateBoardsOfGamesFromTheEmptyBoard) {
  // An untrained small network reaches 64 or 128 in most games and 256 in few: with a minimum of
  // 128 only those games give the pool a board, each holding the tile, and restarted games
  // (which already start from such a board) give none, so the pool is not a ring of descendants.
  TrainConfig cfg = restart_config(300, 5, 50, 4096);
  cfg.restart_min_exponent = 7;
  std::uint64_t restarted = 0;
  TrainHooks hooks;
  hooks.on_progress = [&](const TrainProgress& p) { restarted += p.restarted; };
  NTupleNetwork net(small_layout());
  TrainState state;
  train(net, cfg, hooks, &state);
  ASSERT_FALSE(state.restart_pool.empty());
  EXPECT_LT(state.restart_pool.size(), 300u - restarted);  // not every fresh game held 128
  for (std::uint64_t bits : state.restart_pool) EXPECT_GE(Board(bits).max_exponent(), 7) << std::hex << bits;
  EXPECT_GT(restarted, 50u);

  // Without the minimum every game gives a board, restarted ones too.
  NTupleNetwork any(small_layout());
  TrainState any_state;
  cfg.restart_min_exponent = 0;
  train(any, cfg, {}, &any_state);
  EXPECT_EQ(any_state.restart_pool.size(), 300u);
}

TEST(NTupleFile, TrainingStateRoundTripsAndOlderVersionsStillLoad) {
  NTupleNetwork net(small_layout());
  core::Rng rng(3);
  for (std::size_t t = 0; t < net.layout().size(); ++t)
    for (float& w : net.table(t)) w = static_cast<float>(rng.uniform() * 10 - 5);
  net.games_trained = 77;
  TrainState state;
  state.enable_tc(net);
  for (TcTable& table : state.tc)
    for (TcPair& acc : table) {
      acc.error = static_cast<float>(rng.uniform());
      acc.abs = static_cast<float>(rng.uniform());
    }
  for (int k = 0; k < 5; ++k) state.add_restart(rng.next() | 1, 4);
  EXPECT_EQ(state.restart_next, 1u);

  const std::string bytes = encode_network(net, {}, &state);
  const auto info = read_weights_info(bytes);
  ASSERT_TRUE(info.ok()) << info.error();
  EXPECT_EQ(info->version, WEIGHTS_VERSION);
  EXPECT_TRUE(info->tc);
  EXPECT_EQ(info->restart_boards, 4u);
  const auto back = decode_checkpoint(bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(same_weights(net, back->net));
  EXPECT_TRUE(same_state(state, back->state));
  EXPECT_EQ(back->net.games_trained, 77u);
  EXPECT_EQ(encode_network(back->net, {}, &back->state), bytes);

  // Without state: none comes back. Version 1 (the format before the state) still loads.
  const auto bare = decode_checkpoint(encode_network(net));
  ASSERT_TRUE(bare.ok());
  EXPECT_FALSE(bare->state.has_tc());
  EXPECT_TRUE(bare->state.restart_pool.empty());
  SaveOptions v1;
  v1.version = 1;
  const std::string old = encode_network(net, v1, &state);
  EXPECT_EQ(read_weights_info(old)->version, 1u);
  EXPECT_LT(old.size(), bytes.size());
  const auto old_back = decode_checkpoint(old);
  ASSERT_TRUE(old_back.ok()) << old_back.error();
  EXPECT_TRUE(same_weights(net, old_back->net));
  EXPECT_FALSE(old_back->state.has_tc());

  // Corrupt state fields are refused with a message.
  const std::size_t fields = 8 + 4 * 4 + 4 * 5 + 8 * 4;  // magic, u32s, the tuples, scale and u64s
  auto refused = [](std::string b, std::size_t pos, char value, const char* words) {
    b[pos] = value;
    const auto r = decode_network(b);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
  };
  refused(bytes, fields, 2, "TC flag");
  refused(bytes, fields + 4, 9, "corrupt");       // pool size: the payload no longer matches
  refused(bytes, fields + 12, 7, "restart pool");  // ring slot past the pool
  for (std::size_t cut = 0; cut < bytes.size(); cut += bytes.size() / 30 + 1)
    EXPECT_FALSE(decode_network(bytes.substr(0, cut)).ok());
  std::string flipped = bytes;
  flipped[bytes.size() - 5] = static_cast<char>(flipped[bytes.size() - 5] ^ 0x08);
  EXPECT_FALSE(decode_network(flipped).ok());
}

TEST(NTupleOtd, AnOptimisticNetworkValuesEveryBoardAtItsValueAndLearnsItDown) {
  NTupleNetwork net(small_layout());
  net.fill(320000.0f / static_cast<float>(net.features()));
  for (const char* text : {"2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", "1024,512,4,2/8,16,0,0/0,0,2,0/0,0,0,0"})
    EXPECT_EQ(net.value(board(text)), 320000.0f) << text;
  // TD toward what games really score brings the values down from there.
  TrainConfig cfg;
  cfg.games = 40;
  cfg.seed = 3;
  cfg.fine_tune_start = 1.0;
  train(net, cfg);
  const Board start = board("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2");
  EXPECT_LT(net.value(start.after(Dir::Left)), 320000.0f);
  EXPECT_GT(net.value(start.after(Dir::Left)), 0.0f);
}

TEST(NTupleLambda, TheTargetIsTheLambdaReturn) {
  EXPECT_EQ(lambda_target(8, 100, 50, 0), 108);   // TD(0): reward + next value
  EXPECT_EQ(lambda_target(8, 100, 50, 1), 58);    // lambda 1: reward + the rest of the game
  EXPECT_EQ(lambda_target(8, 100, 50, 0.5f), 83);  // halfway
  // Unrolled over a game's end: with lambda 1 the target of the first afterstate is the score the
  // game went on to make, whatever the values.
  float target = 0;
  for (const float reward : {4.0f, 0.0f, 16.0f, 8.0f}) target = lambda_target(reward, 1e6f, target, 1.0f);
  EXPECT_EQ(target, 28.0f);
}

TEST(NTupleLambda, LambdaZeroIsTdZeroAndOtherLambdasLearnReproducibly) {
  TrainConfig cfg;
  cfg.games = 40;
  cfg.seed = 4;
  cfg.fine_tune_start = 1.0;
  NTupleNetwork td0(small_layout()), zero(small_layout()), half(small_layout()), again(small_layout());
  train(td0, cfg);
  cfg.lambda = 0;
  train(zero, cfg);
  EXPECT_TRUE(same_weights(td0, zero));
  cfg.lambda = 0.5;
  train(half, cfg);
  train(again, cfg);
  EXPECT_TRUE(same_weights(half, again));
  EXPECT_FALSE(same_weights(half, td0));
  const Board start = board("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2");
  EXPECT_GT(half.value(start.after(Dir::Left)), 0.0f);
}

TEST(NTupleNStep, OneStepIsTdZeroAndAGameLongStepIsTheRestOfTheGame) {
  TrainConfig cfg;
  cfg.games = 40;
  cfg.seed = 5;
  cfg.fine_tune_start = 1.0;
  NTupleNetwork td0(small_layout()), one(small_layout());
  train(td0, cfg);
  cfg.n_step = 1;
  train(one, cfg);
  EXPECT_TRUE(same_weights(td0, one));
  // With n past every game's length the target is the score the game went on to make, as with
  // lambda 1: the same steps, to the bit.
  NTupleNetwork whole(small_layout()), lambda1(small_layout());
  cfg.n_step = 100000;
  train(whole, cfg);
  TrainConfig mc = cfg;
  mc.n_step = 1;
  mc.lambda = 1.0;
  train(lambda1, mc);
  EXPECT_TRUE(same_weights(whole, lambda1));
  EXPECT_FALSE(same_weights(whole, td0));
}

TEST(NTupleNStep, ThreeStepsLearnTowardThreeRewardsAndTheValueBeyond) {
  // One game by hand: play it greedily on a copy of the network, then replay the backward n-step
  // sweep with td_update, and compare with what train_game learnt from the same seed.
  NTupleNetwork net(small_layout());
  net.fill(2.0f);
  NTupleNetwork copy = net;
  Episode ep;
  ep.n_step = 3;
  ep.alpha = 0.1f;
  const std::uint64_t seed = 77;
  const GameOutcome o = train_game(net, seed, ep);
  ASSERT_GT(o.moves, 6);

  struct Step {
    Board after;
    std::uint32_t reward;
  };
  std::vector<Step> steps;
  core::Rng rng(seed);
  Board b = spawn_random(spawn_random(Board{}, rng), rng);
  for (;;) {
    const Greedy g = best_move(copy, b);
    if (!g.dir) break;
    steps.push_back({g.after, g.reward});
    b = spawn_random(g.after, rng);
  }
  ASSERT_EQ(static_cast<int>(steps.size()), o.moves);
  std::vector<float> learnt(steps.size());
  for (std::size_t k = steps.size(); k-- > 0;) {
    float rewards = 0;
    for (std::size_t j = k + 1; j <= k + 3 && j < steps.size(); ++j) rewards += static_cast<float>(steps[j].reward);
    const float target = rewards + (k + 3 < steps.size() ? learnt[k + 3] : 0.0f);
    learnt[k] = td_update(copy, steps[k].after, target, 0.1f);
  }
  EXPECT_TRUE(same_weights(net, copy));
}

TEST(NTupleTrain, AStagedRunStoppedAndResumedInEachStageEqualsOneRun) {
  // The recipe's shape: optimistic TD for the first games, then TC, each stage resumable.
  TrainConfig otd;
  otd.seed = 12;
  otd.report_games = 10;
  otd.fine_tune_start = 1.0;
  TrainConfig tc = otd;
  tc.tc = true;
  tc.alpha = 1.0;
  auto fresh = [] {
    NTupleNetwork net(small_layout());
    net.fill(40000.0f / static_cast<float>(net.features()));
    return net;
  };
  NTupleNetwork whole = fresh();
  TrainState whole_state;
  otd.games = 40;
  train(whole, otd, {}, &whole_state);
  tc.games = 70;
  train(whole, tc, {}, &whole_state);

  // The same stages, each stopped halfway, saved, loaded and resumed.
  auto reload = [](const NTupleNetwork& net, const TrainState& state) {
    auto loaded = decode_checkpoint(encode_network(net, {}, &state));
    EXPECT_TRUE(loaded.ok()) << loaded.error();
    return std::move(loaded).value();
  };
  NTupleNetwork first = fresh();
  TrainState first_state;
  otd.games = 20;
  train(first, otd, {}, &first_state);
  Checkpoint c = reload(first, first_state);
  otd.games = 40;
  train(c.net, otd, {}, &c.state);
  c = reload(c.net, c.state);
  tc.games = 55;
  train(c.net, tc, {}, &c.state);
  c = reload(c.net, c.state);
  tc.games = 70;
  train(c.net, tc, {}, &c.state);
  EXPECT_EQ(c.net.games_trained, 70u);
  EXPECT_TRUE(same_weights(whole, c.net));
  EXPECT_TRUE(same_state(whole_state, c.state));
}

TEST(NTupleForward, ForwardTdLearnsAsItPlaysReproduciblyAndResumes) {
  TrainConfig cfg;
  cfg.games = 40;
  cfg.seed = 6;
  cfg.fine_tune_start = 1.0;
  cfg.forward = true;
  NTupleNetwork a(small_layout()), b(small_layout()), backward(small_layout()), resumed(small_layout());
  train(a, cfg);
  train(b, cfg);
  EXPECT_TRUE(same_weights(a, b));
  const Board start = board("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2");
  EXPECT_GT(a.value(start.after(Dir::Left)), 0.0f);
  cfg.games = 20;
  train(resumed, cfg);
  cfg.games = 40;
  train(resumed, cfg);
  EXPECT_TRUE(same_weights(a, resumed));
  cfg.forward = false;
  train(backward, cfg);
  EXPECT_FALSE(same_weights(a, backward));

  // A stop set before the run starts teaches nothing, forward or not.
  std::atomic<bool> stop{true};
  TrainHooks hooks;
  hooks.stop = &stop;
  NTupleNetwork untouched(small_layout());
  cfg.forward = true;
  train(untouched, cfg, hooks);
  EXPECT_EQ(untouched.games_trained, 0u);
}

// The training loop asks for the next board's weights before the previous afterstate's TD step and
// sums them after it: a game must learn exactly what the textbook loop learns, which values each
// afterstate when its move is chosen and steps the one before at once.
TEST(NTupleForward, AForwardGameLearnsWhatTheTextbookLoopLearns) {
  NTupleNetwork fast(small_layout()), plain(small_layout());
  core::Rng init(3);
  for (std::size_t t = 0; t < fast.table_count(); ++t)
    for (float& w : fast.table(t)) w = static_cast<float>(init.uniform() * 40.0);
  for (std::size_t t = 0; t < fast.table_count(); ++t) plain.table(t) = fast.table(t);
  Episode episode;
  episode.forward = true;
  episode.alpha = 0.1f;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const GameOutcome out = train_game(fast, seed, episode);
    core::Rng rng(seed);
    Board b = spawn_random(spawn_random(Board{}, rng), rng);
    std::optional<Board> prev;
    int moves = 0;
    for (;;) {
      std::optional<Board> chosen;
      float best = 0;
      for (Dir d : ALL_DIRS) {
        const Board after = b.after(d);
        if (after == b) continue;
        const float v = static_cast<float>(b.gain(d)) + plain.value(after);
        if (!chosen || v > best) chosen = after, best = v;
      }
      if (prev) plain.update(*prev, chosen ? best : 0.0f, episode.alpha);
      if (!chosen) break;
      ++moves;
      prev = chosen;
      b = spawn_random(*chosen, rng);
    }
    EXPECT_EQ(out.moves, moves) << seed;
    EXPECT_TRUE(same_weights(fast, plain)) << seed;
  }
}

TEST(NTupleTrain, CheckpointsComeByGamesOrByTime) {
  TrainConfig cfg;
  cfg.games = 30;
  cfg.seed = 2;
  cfg.report_games = 10;
  auto count = [&](std::uint64_t games, double seconds) {
    int saved = 0;
    TrainHooks hooks;
    hooks.on_checkpoint = [&](const NTupleNetwork&, const TrainState&) { ++saved; };
    hooks.checkpoint_games = games;
    hooks.checkpoint_seconds = seconds;
    NTupleNetwork net(small_layout());
    train(net, cfg, hooks);
    return saved;
  };
  EXPECT_EQ(count(0, 0), 0);
  EXPECT_EQ(count(20, 0), 1);      // at 20 games
  EXPECT_EQ(count(0, 1e-9), 3);    // after every block: the time has always passed
  EXPECT_EQ(count(0, 3600), 0);    // an hour has not
  EXPECT_EQ(count(20, 3600), 1);
}
