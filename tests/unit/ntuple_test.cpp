// The n-tuple network, its TD training and its weights file.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <optional>

#include "core/rng.h"
#include "g2048/ai.h"
#include "g2048/game.h"
#include "g2048/grid.h"
#include "g2048/ntuple.h"
#include "g2048/weights_file.h"
#include "lab/g2048/td_train.h"
#include "lab/g2048/train_log.h"

using namespace tilestone;
using namespace tilestone::g2048;

namespace {

Board board(const char* text) { return parse_grid(text).value().to_board(); }

// Small layouts keep the tests fast (16^4 weights per tuple) while exercising every code path.
std::vector<Tuple> small_layout() { return {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {1, 2, 5, 6}}; }

NTupleNetwork random_network(std::uint64_t seed) {
  NTupleNetwork net(small_layout());
  core::Rng rng(seed);
  for (std::size_t t = 0; t < net.layout().size(); ++t)
    for (float& w : net.table(t)) w = static_cast<float>(rng.uniform() * 200.0 - 100.0);
  return net;
}

bool same_weights(const NTupleNetwork& a, const NTupleNetwork& b) {
  if (a.layout() != b.layout() || a.stage_thresholds() != b.stage_thresholds()) return false;
  for (std::size_t t = 0; t < a.table_count(); ++t)
    if (std::memcmp(a.table(t).data(), b.table(t).data(), a.table(t).size() * sizeof(float)) != 0) return false;
  return true;
}

// Mean score of `games` games played by `ai` from seeds 1..games.
double mean_score(Ai& ai, int games) {
  double sum = 0;
  for (int g = 1; g <= games; ++g) {
    Game game(static_cast<std::uint64_t>(g));
    while (!game.over()) {
      const Analysis a = ai.analyze(game.grid().to_board(), Limits{});
      game.play(*a.best);
    }
    sum += static_cast<double>(game.score());
  }
  return sum / games;
}

}  // namespace

TEST(NTuple, SymmetriesAreTheEightRotationsAndReflections) {
  const Board b = board("2,4,8,16/32,64,128,256/512,1024,0,0/0,0,0,2");
  const auto syms = symmetries(b);
  // Cell (r, c) of each symmetric board, computed cell by cell.
  auto expect = [&](int k, auto map) {
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) {
        const auto [r2, c2] = map(r, c);
        EXPECT_EQ(syms[k].at(r, c), b.at(r2, c2)) << "symmetry " << k << " cell " << r << "," << c;
      }
  };
  expect(0, [](int r, int c) { return std::pair{r, c}; });
  expect(1, [](int r, int c) { return std::pair{r, 3 - c}; });
  expect(2, [](int r, int c) { return std::pair{3 - r, c}; });
  expect(3, [](int r, int c) { return std::pair{3 - r, 3 - c}; });
  expect(4, [](int r, int c) { return std::pair{c, r}; });
  expect(5, [](int r, int c) { return std::pair{c, 3 - r}; });
  expect(6, [](int r, int c) { return std::pair{3 - c, r}; });
  expect(7, [](int r, int c) { return std::pair{3 - c, 3 - r}; });
}

TEST(NTuple, TheEightSymmetricBoardsHaveOneValue) {
  const NTupleNetwork net = random_network(7);
  for (const char* text : {"2,4,8,16/32,64,128,256/512,1024,0,0/0,0,0,2", "0,0,0,2/0,0,4,0/0,8,0,0/16,0,0,32768"}) {
    const Board b = board(text);
    const float v = net.value(b);
    EXPECT_NE(v, 0.0f);
    // The same 32 weights, summed in another order: equal up to float rounding.
    for (const Board s : symmetries(b)) EXPECT_NEAR(net.value(s), v, 1e-5 * std::fabs(v)) << text;
  }
}

TEST(NTuple, LayoutsParseAndBadOnesAreRefused) {
  EXPECT_EQ(format_layout(default_layout()), "012345,456789,012456,45689a");
  EXPECT_EQ(parse_layout("012345,456789,012456,45689a").value(), default_layout());
  for (const char* bad : {"", "0123456", "0g", "0,,1", "001", "01234567"}) EXPECT_FALSE(parse_layout(bad).ok()) << bad;
}

TEST(NTuple, TdUpdateMovesTheValueTowardItsTarget) {
  NTupleNetwork net = random_network(3);
  const Board b = board("2,4,8,16/0,0,0,0/0,2,0,0/0,0,0,0");
  for (const float target : {1000.0f, -1000.0f}) {
    const float before = net.value(b);
    const float after = td_update(net, b, target, 0.1f);
    EXPECT_EQ(after, net.value(b));
    EXPECT_LT(std::fabs(target - after), std::fabs(target - before));
    EXPECT_GT(std::fabs(after - before), 0.05f * std::fabs(target - before));  // a real step, not a nudge
  }
}

TEST(NTuple, TrainingIsReproducibleOnOneThread) {
  TrainConfig cfg;
  cfg.games = 60;
  cfg.seed = 5;
  cfg.report_games = 25;
  NTupleNetwork a(small_layout()), b(small_layout());
  int reports = 0;
  TrainHooks hooks;
  hooks.on_progress = [&](const TrainProgress& p) {
    ++reports;
    EXPECT_LE(p.games, 60u);
  };
  train(a, cfg, hooks);
  train(b, cfg);
  EXPECT_EQ(reports, 3);  // 25, 50, 60
  EXPECT_EQ(a.games_trained, 60u);
  EXPECT_TRUE(same_weights(a, b));

  // Resuming (30 games, then 30 more) gives the same network as one run. (The step-size
  // schedule depends on the target, so this compares runs without its fine-tuning stage.)
  cfg.fine_tune_start = 1.0;
  NTupleNetwork whole(small_layout()), c(small_layout());
  train(whole, cfg);
  cfg.games = 30;
  train(c, cfg);
  cfg.games = 60;
  train(c, cfg);
  EXPECT_TRUE(same_weights(whole, c));
}

TEST(NTuple, ATrainedNetworkBeatsRandomAndItsFileRoundTrips) {
  // 300 games keep this quick under the sanitizers; the integration test trains 2,000.
  TrainConfig cfg;
  cfg.games = 300;
  cfg.seed = 11;
  auto net = std::make_shared<NTupleNetwork>(small_layout());
  train(*net, cfg);

  auto trained = make_ai(AiConfig{"ntuple", std::nullopt, "", net}).value();
  auto random = make_ai(AiConfig{"random", std::nullopt}).value();
  const double ours = mean_score(*trained, 8), theirs = mean_score(*random, 8);
  EXPECT_GT(ours, 3 * theirs) << "trained " << ours << ", random " << theirs;

  // float32 round-trips bit for bit; int16 round-trips its quantised weights bit for bit.
  const std::string exact = encode_network(*net);
  const auto back = decode_network(exact);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(same_weights(*net, *back));
  EXPECT_EQ(back->games_trained, 300u);
  EXPECT_EQ(encode_network(*back), exact);

  const SaveOptions small{WeightEncoding::Int16, 9};
  const std::string quantised = encode_network(*net, small);
  const auto q = decode_network(quantised);
  ASSERT_TRUE(q.ok()) << q.error();
  EXPECT_EQ(encode_network(*q, small), quantised);
  const Board b = board("2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2");
  EXPECT_NEAR(q->value(b), net->value(b), 1e-3 * std::fabs(net->value(b)) + 1.0);
  const auto info = read_weights_info(quantised);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->encoding, WeightEncoding::Int16);
  EXPECT_EQ(info->layout, "0123,4567,0145,1256");
}

TEST(NTuple, StagesGiveTheLateGameTablesOfItsOwn) {
  NTupleNetwork net = random_network(3).with_stages({13, 14});
  ASSERT_EQ(net.stages(), 3);
  ASSERT_EQ(net.table_count(), 12u);
  const Board early = board("2,4,8,16/32,64,128,256/512,1024,2048,4096/0,0,0,2");
  const Board mid = board("2,4,8,16/32,64,128,256/512,1024,2048,8192/0,0,0,2");
  const Board late = board("2,4,8,16/32,64,128,256/512,1024,16384,4096/0,0,0,2");
  const Board later = board("32768,4,8,16/32,64,128,256/512,1024,0,0/0,0,0,2");
  EXPECT_EQ(net.stage_of(early), 0);
  EXPECT_EQ(net.stage_of(mid), 1);
  EXPECT_EQ(net.stage_of(late), 2);
  EXPECT_EQ(net.stage_of(later), 2);
  EXPECT_EQ(random_network(3).stage_of(later), 0);

  // New stages start as copies: every board keeps its value.
  const NTupleNetwork one = random_network(3);
  core::Rng rng(5);
  Board b = board("2,0,0,0/0,0,0,0/0,0,0,0/0,0,2,0");
  for (int k = 0; k < 400; ++k) {
    const Board a = b.after(ALL_DIRS[rng.below(4)]);
    if (a == b) continue;
    EXPECT_FLOAT_EQ(net.value(a), one.value(a));
    b = spawn_random(a, rng);
  }
  EXPECT_FLOAT_EQ(net.value(late), one.value(late));

  // A TD step on a stage-1 board changes stage 1 only: the same cells without the 8192 (stage 0)
  // and with a 16384 (stage 2) keep their values.
  const float early_before = net.value(early), late_before = net.value(late), mid_before = net.value(mid);
  td_update(net, mid, mid_before + 1000.0f, 0.5f);
  EXPECT_GT(net.value(mid), mid_before + 100.0f);
  EXPECT_FLOAT_EQ(net.value(early), early_before);
  EXPECT_FLOAT_EQ(net.value(late), late_before);
  for (std::size_t t = 0; t < 4; ++t) EXPECT_EQ(net.table(t), one.table(t)) << t;
}

TEST(NTuple, StagedNetworksRoundTripAndStoreLaterStagesAsDifferences) {
  const NTupleNetwork one = random_network(4);
  NTupleNetwork net = one.with_stages({13, 14});
  const Board mid = board("2,4,8,16/32,64,128,256/512,1024,2048,8192/0,0,0,2");
  td_update(net, mid, net.value(mid) + 500.0f, 0.5f);

  // float32: bit for bit.
  const std::string exact = encode_network(net);
  const auto back = decode_network(exact);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(same_weights(net, *back));
  const auto info = read_weights_info(exact);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->version, WEIGHTS_VERSION);
  EXPECT_EQ(info->stages, "8192,16384");
  EXPECT_EQ(info->weights, 3u * 4u * 65536u);

  // int16: the quantised weights bit for bit, every stage near its float value, and two stages
  // that differ from the first in a few entries cost almost nothing beside it.
  const SaveOptions small{WeightEncoding::Int16, 9};
  const std::string quantised = encode_network(net, small);
  const auto q = decode_network(quantised);
  ASSERT_TRUE(q.ok()) << q.error();
  EXPECT_EQ(encode_network(*q, small), quantised);
  for (const Board b : {mid, board("2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2"),
                        board("2,4,8,16/32,64,128,256/512,1024,16384,0/0,0,0,2")})
    EXPECT_NEAR(q->value(b), net.value(b), 1e-3 * std::fabs(net.value(b)) + 1.0);
  const std::string single = encode_network(one, small);
  EXPECT_LT(quantised.size(), single.size() + single.size() / 10) << quantised.size() << " vs " << single.size();
  // Weights near both ends of the int16 range survive the modular difference.
  NTupleNetwork wide = one.with_stages({13});
  wide.table(0)[7] = 100.0f;
  wide.table(4)[7] = -100.0f;
  for (std::size_t t = 0; t < wide.table_count(); ++t) wide.table(t)[9] = 0;
  const auto wide_back = decode_network(encode_network(wide, small));
  ASSERT_TRUE(wide_back.ok());
  EXPECT_NEAR(wide_back->table(0)[7], 100.0f, 0.01f);
  EXPECT_NEAR(wide_back->table(4)[7], -100.0f, 0.01f);

  // A coarser int16 step: a smaller file, every weight within step / 2 quantisation units.
  SaveOptions coarse = small;
  coarse.int16_step = 16;
  const std::string stepped = encode_network(net, coarse);
  EXPECT_LT(stepped.size(), quantised.size());
  const auto s16 = decode_network(stepped);
  ASSERT_TRUE(s16.ok()) << s16.error();
  const double unit = read_weights_info(stepped)->scale;
  double worst = 0;
  for (std::size_t t = 0; t < net.table_count(); ++t)
    for (std::size_t i = 0; i < net.table(t).size(); ++i)
      worst = std::max(worst, std::fabs(static_cast<double>(s16->table(t)[i]) - net.table(t)[i]));
  EXPECT_LE(worst, 8.0 * unit + 1e-4);  // and a float's rounding of weights near 100
  EXPECT_GT(worst, 1.0 * unit);  // the step did round

  // Held as int16 for play: the same weights and values as the floats decoded from the same file,
  // in half the memory, and written back to the same bytes. A float file stays float.
  for (const std::string* file : {&quantised, &stepped}) {
    const auto as_float = decode_network(*file);
    const auto held = decode_network(*file, NTupleNetwork::Storage::INT16);
    ASSERT_TRUE(held.ok()) << held.error();
    ASSERT_EQ(held->storage(), NTupleNetwork::Storage::INT16);
    EXPECT_EQ(held->stage_thresholds(), net.stage_thresholds());
    for (std::size_t t = 0; t < net.table_count(); ++t)
      for (std::size_t i = 0; i < net.table_size(t); i += 97) ASSERT_EQ(held->weight(t, i), as_float->table(t)[i]) << t << " " << i;
    for (const Board b : {mid, board("2,4,8,16/32,64,128,256/0,0,0,0/0,0,0,2"),
                          board("2,4,8,16/32,64,128,256/512,1024,16384,0/0,0,0,2")})
      EXPECT_NEAR(held->value(b), as_float->value(b), 1e-4 * std::fabs(as_float->value(b)) + 1e-3);
    EXPECT_EQ(encode_network(*held, file == &quantised ? small : coarse), *file);
  }
  EXPECT_EQ(decode_network(exact, NTupleNetwork::Storage::INT16)->storage(), NTupleNetwork::Storage::FLOAT32);

  // A one-stage network may still be written in version 2, which loads; a staged one is always
  // version 3.
  SaveOptions v2;
  v2.version = 2;
  const auto old = decode_network(encode_network(one, v2));
  ASSERT_TRUE(old.ok()) << old.error();
  EXPECT_TRUE(same_weights(one, *old));
  EXPECT_EQ(read_weights_info(encode_network(net, v2))->version, WEIGHTS_VERSION);

  // A bad stage count or threshold is refused with a message.
  std::uint32_t size = 0;
  std::memcpy(&size, exact.data() + 16, 4);
  // u32 stages, two thresholds, the u8 threshold of tile downgrading, the u8 flags, then the checksum
  const std::size_t stages_at = size - 8 - 1 - 1 - 2 - 4;
  std::string bad = exact;
  bad[stages_at] = 9;
  auto r = decode_network(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("9 stages"), std::string::npos) << r.error();
  bad = exact;
  bad[stages_at + 4] = 14;  // thresholds 16384,16384
  r = decode_network(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("ascending"), std::string::npos) << r.error();
}

namespace {
struct CopyCounter {
  static inline int copies = 0;
  CopyCounter() = default;
  CopyCounter(const CopyCounter&) { ++copies; }
  CopyCounter(CopyCounter&&) noexcept {}
  CopyCounter& operator=(const CopyCounter&) = default;
  CopyCounter& operator=(CopyCounter&&) noexcept = default;
};
struct Holder {
  CopyCounter member;
};
}  // namespace

TEST(NTuple, LoadingMovesTheNetworkOutOfItsResultWithoutACopy) {
  // A network is hundreds of megabytes: std::move(result->member) must move it. (It copied
  // while Result had only a const operator->, and loading took twice the memory.)
  tilestone::core::Result<Holder> r{Holder{}};
  CopyCounter::copies = 0;
  CopyCounter taken = std::move(r->member);
  EXPECT_EQ(CopyCounter::copies, 0);
  (void)taken;
}

TEST(NTuple, StageThresholdsParseAsTiles) {
  EXPECT_EQ(parse_stages("8192,16384").value(), (StageThresholds{13, 14}));
  EXPECT_TRUE(parse_stages("").value().empty());
  EXPECT_EQ(format_stages({13, 14}), "8192,16384");
  EXPECT_FALSE(parse_stages("8000").ok());
  EXPECT_FALSE(parse_stages("16384,8192").ok());
  EXPECT_FALSE(parse_stages("2048,4096,8192,16384").ok());  // five stages
  EXPECT_FALSE(parse_stages("2").ok());
  EXPECT_FALSE(parse_stages("8192,").ok());
}

TEST(NTuple, CorruptAndForeignFilesAreRefusedWithAMessage) {
  const std::string good = encode_network(random_network(1));
  ASSERT_TRUE(decode_network(good).ok());
  auto refused = [](const std::string& bytes, const std::string& words) {
    const auto r = decode_network(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find(words), std::string::npos) << r.error();
  };
  refused("", "not a tilestone");
  refused("PK\x03\x04 a zip file, not weights", "not a tilestone");
  refused(good.substr(0, 20), "truncated");
  refused(good.substr(0, good.size() / 2), "truncated");
  for (std::size_t cut = 0; cut < good.size(); cut += good.size() / 40 + 1) EXPECT_FALSE(decode_network(good.substr(0, cut)).ok());

  std::string version = good;
  version[8] = 9;
  refused(version, "version 9");
  std::string encoding = good;
  encoding[12] = 7;
  refused(encoding, "encoding");
  std::string cell = good;
  cell[25] = 31;  // the second cell of the first tuple
  refused(cell, "corrupt");
  // A flipped bit in the compressed weights: zstd or the checksum notices.
  for (std::size_t pos = good.size() - 40; pos < good.size(); pos += 7) {
    std::string bad = good;
    bad[pos] = static_cast<char>(bad[pos] ^ 0x10);
    EXPECT_FALSE(decode_network(bad).ok()) << pos;
  }
  EXPECT_FALSE(load_network("/nonexistent/weights.tsn").ok());
}

TEST(NTuple, TrainingLogRoundTripsAndDrawsACurve) {
  TrainProgress p;
  p.games = 1000;
  p.elapsed_s = 2.5;
  p.mean_score = 12345.6;
  p.rates = {0.5, 0.25, 0.125, 0, 0};
  const std::string text = train_log_header() + train_log_line(p) + train_log_line(p);
  const auto log = parse_train_log(text);
  ASSERT_TRUE(log.ok()) << log.error();
  ASSERT_EQ(log->size(), 2u);
  EXPECT_EQ((*log)[0].games, 1000u);
  EXPECT_DOUBLE_EQ((*log)[0].rates[1], 0.25);
  EXPECT_NE(core::render_svg(learning_curve(*log, "curve")).find("<polyline"), std::string::npos);
  EXPECT_FALSE(parse_train_log("1,2,3\n").ok());
  EXPECT_FALSE(parse_train_log("1,2,x,4,5,6,7,8,9,10,11,12\n").ok());
}

// A resumed run's log: the blocks past the checkpoint go (they are played again), the rest stays.
TEST(NTuple, AResumedLogKeepsTheBlocksOfTheCheckpoint) {
  TrainProgress p;
  std::string text = train_log_header();
  for (std::uint64_t g : {1000u, 2000u, 2500u, 3000u}) {
    p.games = g;
    text += train_log_line(p);
  }
  int dropped = -1;
  const std::string kept = train_log_until(text, 2500, dropped);
  EXPECT_EQ(dropped, 1);
  const auto log = parse_train_log(kept);
  ASSERT_TRUE(log.ok()) << log.error();
  ASSERT_EQ(log->size(), 3u);
  EXPECT_EQ(log->back().games, 2500u);
  EXPECT_EQ(kept.rfind(train_log_header(), 0), 0u);
  EXPECT_EQ(train_log_until(text, 3000, dropped), text);
  EXPECT_EQ(dropped, 0);
  EXPECT_EQ(train_log_until(text, 0, dropped), train_log_header());
  EXPECT_EQ(dropped, 4);
  // A last line without its newline, and lines that are not blocks, are handled as lines.
  EXPECT_EQ(train_log_until("games\n5,1\nnote\n7,2", 6, dropped), "games\n5,1\nnote\n");
  EXPECT_EQ(dropped, 1);
}

TEST(NTupleDowngrade, ALateBoardWithAGapIsValuedOneTileLower) {
  using tilestone::g2048::Board;
  using tilestone::g2048::parse_grid;
  const Board late = parse_grid("16384,4096,2048,2/0,0,0,2/0,0,0,0/0,0,0,4").value().to_board();
  int steps = -1;
  const Board down = late.downgraded(14, steps);
  EXPECT_EQ(steps, 1);  // 8192 is missing: the tile above it moves one step down
  EXPECT_EQ(down, parse_grid("8192,4096,2048,2/0,0,0,2/0,0,0,0/0,0,0,4").value().to_board());
  // No gap below 16384: nothing to downgrade; nor below the threshold.
  const Board full = parse_grid("16384,8192,4096,2048/1024,512,256,128/64,32,16,8/4,2,0,0").value().to_board();
  EXPECT_EQ(full.downgraded(14, steps), full);
  EXPECT_EQ(steps, 0);
  const Board early = parse_grid("8192,2048,0,0/0,0,0,0/0,0,0,0/0,0,0,2").value().to_board();
  EXPECT_EQ(early.downgraded(14, steps), early);
  EXPECT_EQ(steps, 0);
  // 32768 and 16384 with gaps: two steps, down to a largest tile of 8192.
  const Board two = parse_grid("32768,16384,2048,2/0,0,0,0/0,0,0,0/0,0,0,0").value().to_board();
  EXPECT_EQ(two.downgraded(14, steps), parse_grid("8192,4096,2048,2/0,0,0,0/0,0,0,0/0,0,0,0").value().to_board());
  EXPECT_EQ(steps, 2);
}

TEST(NTupleDowngrade, TheThresholdIsTheNetworksOwnAndAnAiMayChooseAnother) {
  NTupleNetwork net = random_network(7);
  const Board late = board("16384,4096,2048,2/0,0,0,2/0,0,0,0/0,0,0,4");  // 8192 missing
  const Board lower = board("8192,4096,2048,2/0,0,0,2/0,0,0,0/0,0,0,4");
  ASSERT_NE(net.value(late), 2 * net.value(lower));
  EXPECT_EQ(net.downgrade_from(), params::DOWNGRADE_FROM_EXPONENT);
  EXPECT_EQ(net.late_value(late), 2 * net.value(lower));
  // From 32768 the board is valued as it is; so it is with no downgrading (0).
  EXPECT_EQ(net.late_value(late, 15), net.value(late));
  EXPECT_EQ(net.late_value(late, 0), net.value(late));
  net.set_downgrade_from(15);
  EXPECT_EQ(net.late_value(late), net.value(late));
  const Board two = board("32768,16384,2048,2/0,0,0,0/0,0,0,0/0,0,0,0");
  // From 32768 one step: the largest tile is then 16384, under the threshold.
  EXPECT_EQ(net.late_value(two), 2 * net.value(board("16384,8192,2048,2/0,0,0,0/0,0,0,0/0,0,0,0")));
  EXPECT_EQ(net.late_value(two, 14), 4 * net.value(board("8192,4096,2048,2/0,0,0,0/0,0,0,0/0,0,0,0")));
  // Four at once give each board's own value, with either threshold.
  const Board boards[3] = {late, two, lower};
  for (int from : {0, 14, 15}) {
    float out[3];
    net.late_values(boards, 3, out, from);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(out[k], net.late_value(boards[k], from)) << from << " " << k;
  }

  // The AIs read the network's threshold unless told another.
  auto shared = std::make_shared<NTupleNetwork>(net);
  const Board before = board("16384,4096,2048,0/0,0,0,2/0,0,0,2/0,0,0,4");  // down: 16384 stays, 8192 still missing
  auto value_of = [&](std::optional<int> from) {
    AiConfig cfg("ntuple", std::nullopt, "", shared);
    cfg.downgrade_from = from;
    auto ai = make_ai(cfg);
    EXPECT_TRUE(ai.ok()) << ai.error();
    return ai.value()->analyze(before, Limits{}).values[index(Dir::Down)];
  };
  const Moves m = before.moves();
  const Board after = m.after[index(Dir::Down)];
  ASSERT_TRUE(after.holds_at_least(14));
  EXPECT_EQ(value_of(std::nullopt), m.gain[index(Dir::Down)] + net.late_value(after, 15));
  EXPECT_EQ(value_of(14), m.gain[index(Dir::Down)] + net.late_value(after, 14));
  EXPECT_EQ(value_of(0), m.gain[index(Dir::Down)] + net.value(after));
  AiConfig greedy("greedy", std::nullopt, "", shared);
  greedy.downgrade_from = 14;
  EXPECT_FALSE(make_ai(greedy).ok());
  AiConfig bad("ntuple", std::nullopt, "", shared);
  bad.downgrade_from = 16;
  EXPECT_FALSE(make_ai(bad).ok());
}

TEST(NTupleDowngrade, TheThresholdTravelsInTheFileAndBadOnesAreRefused) {
  EXPECT_EQ(downgrade_exponent_of(0).value(), 0);
  EXPECT_EQ(downgrade_exponent_of(4).value(), 2);
  EXPECT_EQ(downgrade_exponent_of(16384).value(), 14);
  EXPECT_EQ(downgrade_exponent_of(32768).value(), 15);
  for (std::int64_t bad : {-1, 1, 2, 1000, 65536}) EXPECT_FALSE(downgrade_exponent_of(bad).ok()) << bad;

  NTupleNetwork net = random_network(3);
  for (int from : {0, 2, 15}) {
    net.set_downgrade_from(from);
    SaveOptions v3;
    v3.version = 3;  // a threshold other than the default needs version 4 and gets it
    for (const SaveOptions& options : {SaveOptions{}, v3}) {
      const std::string bytes = encode_network(net, options);
      EXPECT_EQ(read_weights_info(bytes)->version, WEIGHTS_VERSION);
      EXPECT_EQ(read_weights_info(bytes)->downgrade_from, from);
      const auto back = decode_network(bytes);
      ASSERT_TRUE(back.ok()) << back.error();
      EXPECT_EQ(back->downgrade_from(), from);
      EXPECT_TRUE(same_weights(net, *back));
    }
  }
  // Files from before version 4 read with the default, 16384.
  net.set_downgrade_from(params::DOWNGRADE_FROM_EXPONENT);
  SaveOptions v3;
  v3.version = 3;
  const std::string old = encode_network(net, v3);
  EXPECT_EQ(read_weights_info(old)->version, 3u);
  net.set_downgrade_from(0);
  const auto loaded = decode_network(old);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ(loaded->downgrade_from(), params::DOWNGRADE_FROM_EXPONENT);

  // A threshold that is no tile exponent is refused with a message.
  std::string bad = encode_network(net);
  std::uint32_t size = 0;
  std::memcpy(&size, bad.data() + 16, 4);
  for (int e : {1, 16, 200}) {
    bad[size - 8 - 2] = static_cast<char>(e);  // before the flags byte and the checksum
    const auto r = decode_network(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("tile downgrading from exponent"), std::string::npos) << r.error();
  }
}

// A stage from the tile downgrading starts at, read by the board as it was (file version 5): a
// board holding the tile takes the late stage's weights at the downgraded board's features.
TEST(NTupleDowngrade, AStageBeforeDowngradingHoldsTheLateGamesOwnWeights) {
  NTupleNetwork net = random_network(5).with_stages({14});
  for (float& w : net.table(4)) w += 100.0F;  // the late stage differs from the first
  const Board late = board("16384,4096,2048,2/0,0,0,2/0,0,0,0/0,0,0,4");
  int steps = 0;
  const Board down = late.downgraded(14, steps);
  ASSERT_EQ(steps, 1);
  // Off (older files): the downgraded board's stage, the first; on: the late stage.
  EXPECT_EQ(net.valued_stage(late, 14), 0);
  EXPECT_EQ(net.late_value(late, 14), 2 * net.value_in(0, down));
  net.set_stage_before_downgrading(true);
  EXPECT_EQ(net.valued_stage(late, 14), 1);
  EXPECT_EQ(net.late_value(late, 14), 2 * net.value_in(1, down));
  EXPECT_NE(net.value_in(1, down), net.value_in(0, down));
  // Boards below the tile, or holding it with no gap, are valued as before.
  const Board early = board("8192,2048,0,0/0,0,0,0/0,0,0,0/0,0,0,2");
  EXPECT_EQ(net.late_value(early, 14), net.value(early));
  const Board full = board("16384,8192,4096,2048/1024,512,256,128/64,32,16,8/4,2,0,0");
  EXPECT_EQ(net.late_value(full, 14), net.value(full));
  // Four at once give each one's value, whichever of them are downgraded.
  const std::array<Board, 4> boards{late, early, full, board("32768,16384,2048,2/0,0,0,0/0,0,0,0/0,0,0,0")};
  for (bool on : {false, true}) {
    net.set_stage_before_downgrading(on);
    std::array<float, 4> four{};
    net.late_values(boards.data(), 4, four.data(), 14);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(four[static_cast<std::size_t>(k)], net.late_value(boards[static_cast<std::size_t>(k)], 14)) << k;
  }
  // The file keeps it (version 5); a copy with more stages too; older versions read it off.
  const std::string bytes = encode_network(net);
  EXPECT_EQ(read_weights_info(bytes)->version, WEIGHTS_VERSION);
  EXPECT_TRUE(read_weights_info(bytes)->stage_before_downgrading);
  const auto back = decode_network(bytes);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_TRUE(back->stage_before_downgrading());
  EXPECT_EQ(back->late_value(late, 14), net.late_value(late, 14));
  EXPECT_TRUE(net.with_stages({14, 15}).stage_before_downgrading());
  // In int16 its later stage is stored whole, not as a difference from the first (the two come
  // from different networks): it reads back within half a quantisation step, in either storage.
  SaveOptions int16;
  int16.encoding = WeightEncoding::Int16;
  const std::string q = encode_network(net, int16);
  EXPECT_TRUE(read_weights_info(q)->later_stages_whole);
  const double scale = read_weights_info(q)->scale;
  for (auto storage : {NTupleNetwork::Storage::FLOAT32, NTupleNetwork::Storage::INT16}) {
    const auto r = decode_network(q, storage);
    ASSERT_TRUE(r.ok()) << r.error();
    for (std::size_t t = 0; t < net.table_count(); t += 3)
      for (std::size_t i = 0; i < net.table_size(t); i += 97) ASSERT_NEAR(r->weight(t, i), net.weight(t, i), scale * 0.5001) << t << " " << i;
  }
  SaveOptions v4;
  v4.version = 4;  // the flag needs version 5 and gets it
  EXPECT_EQ(read_weights_info(encode_network(net, v4))->version, 5u);
  net.set_stage_before_downgrading(false);
  const std::string off = encode_network(net);
  EXPECT_FALSE(decode_network(off)->stage_before_downgrading());
  // An unknown flag is refused with a message.
  std::string bad = bytes;
  std::uint32_t size = 0;
  std::memcpy(&size, bad.data() + 16, 4);
  EXPECT_EQ(static_cast<int>(bad[size - 8 - 1]), 3);  // read before downgrading; stages stored whole
  bad[size - 8 - 1] = static_cast<char>(4);
  const auto r = decode_network(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("unknown flags"), std::string::npos) << r.error();
}
