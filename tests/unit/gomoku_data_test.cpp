// Self-play training data: the record format round-trips, bad files are refused with a reason,
// and self-play is deterministic (jobs and shards do not change the data).

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <iterator>
#include <string>
#include <vector>

#include "core/rng.h"
#include "gomoku/rules.h"
#include "gomoku/eval.h"
#include "lab/gomoku/classical_values.h"
#include "lab/gomoku/training_data.h"
#include "lab/gomoku/selfplay.h"
#include "temp_dir.h"

using namespace tilestone;
using gomoku::Board;
using gomoku::Point;
using gomoku::Rule;
using gomoku::TrainingRecord;

namespace {

// A position of `stones` random stones (black and white alternately) with made-up findings.
TrainingRecord random_record(std::uint64_t seed, int size, Rule rule, int stones) {
  core::Rng rng(seed);
  Board b(size, rule);
  while (b.move_count() < stones) {
    const Point p{static_cast<int>(rng.below(static_cast<std::uint32_t>(size))), static_cast<int>(rng.below(static_cast<std::uint32_t>(size)))};
    if (b.empty_at(p)) b.play(p);
  }
  Point best{0, 0};
  while (!b.empty_at(best)) best = {static_cast<int>(rng.below(static_cast<std::uint32_t>(size))), static_cast<int>(rng.below(static_cast<std::uint32_t>(size)))};
  TrainingRecord r = gomoku::make_record(b, static_cast<int>(rng.below(60000)) - 30000, best, static_cast<int>(rng.below(20)), rng.below(2) == 1);
  r.result = static_cast<std::uint8_t>(rng.below(3));
  return r;
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

void put_bytes(const std::string& path, const std::vector<std::uint8_t>& b) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

std::vector<TrainingRecord> write_and_read(const std::string& path, const std::vector<TrainingRecord>& records) {
  auto w = gomoku::DataWriter::create(path);
  EXPECT_TRUE(w) << w.error();
  for (const auto& r : records) EXPECT_TRUE((*w)->write(r));
  EXPECT_TRUE((*w)->close());
  auto back = gomoku::read_data(path);
  EXPECT_TRUE(back) << back.error();
  return back ? *back : std::vector<TrainingRecord>{};
}

// Plays a self-play run into memory: its records in the order written, and its summary.
std::pair<std::vector<TrainingRecord>, gomoku::SelfplaySummary> selfplay(const gomoku::SelfplayOptions& o) {
  std::vector<TrainingRecord> out;
  auto summary = gomoku::run_selfplay(o, [&](const TrainingRecord& r) -> core::Result<bool> {
    out.push_back(r);
    return true;
  });
  EXPECT_EQ(summary.records, out.size());
  return {std::move(out), std::move(summary)};
}

}  // namespace

TEST(GomokuData, RecordsRoundTripThroughBytesAndFiles) {
  test_support::TempDir dir("data");
  std::vector<TrainingRecord> records;
  int i = 0;
  for (int size : {5, 9, 15, 20, 22})
    for (Rule rule : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU}) records.push_back(random_record(++i, size, rule, size * size / 3));
  records[3].off_path = true;  // a position off the game's path: flag bit 1, no result
  records[3].result = 1;
  for (const auto& r : records) {
    const auto b = gomoku::encode(r);
    auto back = gomoku::decode(b.data());
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(*back, r);
    // The board a record describes has its stones and side to move.
    auto board = gomoku::record_board(r);
    ASSERT_TRUE(board);
    EXPECT_EQ(gomoku::make_record(*board, r.value, {r.best % r.size, r.best / r.size}, r.depth, r.proven).cells, r.cells);
    EXPECT_EQ(board->to_move(), r.to_move);
  }
  EXPECT_EQ(write_and_read((dir.path / "a.data").string(), records), records);
  // Two files one after the other (shards joined with cat) read as one.
  const auto a = bytes_of((dir.path / "a.data").string());
  auto ab = a;
  ab.insert(ab.end(), a.begin(), a.end());
  put_bytes((dir.path / "ab.data").string(), ab);
  auto joined = gomoku::read_data((dir.path / "ab.data").string());
  ASSERT_TRUE(joined) << joined.error();
  EXPECT_EQ(joined->size(), 2 * records.size());
}

TEST(GomokuData, BadFilesAreRefusedWithAReason) {
  test_support::TempDir dir("data-bad");
  const std::string good = (dir.path / "good.data").string();
  write_and_read(good, {random_record(1, 15, Rule::RENJU, 30), random_record(2, 15, Rule::RENJU, 31)});
  const auto bytes = bytes_of(good);
  auto refused = [&](const std::vector<std::uint8_t>& b, const std::string& why) {
    const std::string path = (dir.path / "bad.data").string();
    put_bytes(path, b);
    auto r = gomoku::read_data(path);
    ASSERT_FALSE(r) << why;
    EXPECT_NE(r.error().find(why), std::string::npos) << r.error();
  };
  refused({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2)}, "truncated");
  auto flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x55;
  refused(flipped, "not a tilestone data file");
  refused({'h', 'e', 'l', 'l', 'o'}, "not a tilestone data file");
  EXPECT_FALSE(gomoku::read_data((dir.path / "missing.data").string()));
  // A future version and a record with an impossible field, written as valid zstd streams.
  auto raw = [&](const std::vector<std::uint8_t>& plain, const std::string& why) {
    const std::string path = (dir.path / "plain").string();
    put_bytes(path, plain);
    ASSERT_EQ(std::system(("zstd -q -f " + path + " -o " + path + ".zst").c_str()), 0);
    auto r = gomoku::read_data(path + ".zst");
    ASSERT_FALSE(r) << why;
    EXPECT_NE(r.error().find(why), std::string::npos) << r.error();
  };
  std::vector<std::uint8_t> header = {'T', 'S', 'G', 'O', 'M', 'O', 'K', 'U', 2, 0, 0, 0, 136, 0, 0, 0};
  raw(header, "version 2");
  header[8] = 1;
  auto record = gomoku::encode(random_record(3, 15, Rule::FREESTYLE, 10));
  record[1] = 7;  // rule 7
  std::vector<std::uint8_t> plain = header;
  plain.insert(plain.end(), record.begin(), record.end());
  raw(plain, "rule number 7");
  // Off the game's path, a record cannot carry a game result.
  TrainingRecord off = random_record(4, 15, Rule::FREESTYLE, 10);
  off.off_path = true;
  off.result = 2;
  record = gomoku::encode(off);
  plain = header;
  plain.insert(plain.end(), record.begin(), record.end());
  raw(plain, "a result on a position off the game's path");
  plain.resize(header.size() + 100);
  raw(plain, "truncated");
}

TEST(GomokuData, ClassicalValuesFollowTheRecordsAndBadFilesAreRefused) {
  std::vector<TrainingRecord> records;
  int i = 100;
  for (int size : {9, 15, 22})
    for (Rule rule : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU}) records.push_back(random_record(++i, size, rule, size * size / 4));
  auto values = gomoku::classical_values(records);
  ASSERT_TRUE(values) << values.error();
  ASSERT_EQ(values->size(), records.size());
  bool some_nonzero = false;
  for (std::size_t k = 0; k < records.size(); ++k) {
    EXPECT_EQ((*values)[k].search, records[k].value);
    auto board = gomoku::record_board(records[k]);
    ASSERT_TRUE(board);
    EXPECT_EQ((*values)[k].classical, gomoku::evaluate(*board)) << "record " << k;
    some_nonzero |= (*values)[k].classical != 0;
  }
  EXPECT_TRUE(some_nonzero);

  const std::string bytes = gomoku::encode_classical_values(*values);
  EXPECT_EQ(bytes.size(), 24 + 8 * records.size());
  auto back = gomoku::decode_classical_values(bytes);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, *values);

  // Cut short, a record too many, another magic, another version: refused, each with its reason.
  auto cut = gomoku::decode_classical_values(std::string_view(bytes).substr(0, bytes.size() - 3));
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().find("holds"), std::string::npos) << cut.error();
  EXPECT_FALSE(gomoku::decode_classical_values(bytes + std::string(8, '\0')));
  EXPECT_FALSE(gomoku::decode_classical_values(std::string_view(bytes).substr(0, 20)));
  std::string other = bytes;
  other[0] = 'X';
  auto magic = gomoku::decode_classical_values(other);
  ASSERT_FALSE(magic);
  EXPECT_NE(magic.error().find("TSCLASSV"), std::string::npos) << magic.error();
  other = bytes;
  other[8] = 2;
  auto version = gomoku::decode_classical_values(other);
  ASSERT_FALSE(version);
  EXPECT_NE(version.error().find("version 2"), std::string::npos) << version.error();
  // A count whose byte length would overflow is refused, not allocated.
  other = bytes;
  for (int k = 16; k < 24; ++k) other[static_cast<std::size_t>(k)] = '\xff';
  EXPECT_FALSE(gomoku::decode_classical_values(other));
}

TEST(GomokuSelfplay, DeterministicWhateverTheJobsAndShards) {
  gomoku::SelfplayOptions o;
  o.size = 9;
  o.games = 4;
  o.depth = 2;
  o.sample = 0.7;
  o.seed = 5;
  auto play = [](const gomoku::SelfplayOptions& opt) {
    auto run = selfplay(opt);
    EXPECT_FALSE(run.second.stopped);
    return run;
  };
  const auto [one, summary] = play(o);
  ASSERT_EQ(summary.games.size(), 4u);
  ASSERT_GT(one.size(), 4u);
  for (const auto& g : summary.games) {
    EXPECT_NE(g.outcome, gomoku::Outcome::NONE);
    EXPECT_LE(g.kept, g.searched);
  }
  o.jobs = 2;
  EXPECT_EQ(play(o).first, one);  // the same records in the same order
  // The shards together hold exactly the whole run's records.
  o.shard = {0, 2};
  auto even = play(o).first;
  o.shard = {1, 2};
  const auto odd = play(o).first;
  even.insert(even.end(), odd.begin(), odd.end());
  EXPECT_EQ(even.size(), one.size());
  for (const auto& r : one) EXPECT_NE(std::find(even.begin(), even.end(), r), even.end());
  // Every record is a legal position: the best move is empty, the result agrees with the side.
  for (const auto& r : one) {
    EXPECT_EQ(r.cells[r.best], 0);
    EXPECT_EQ(r.depth > 0 || r.proven, true);
  }
}

TEST(GomokuSelfplay, OffPathPositionsAreOneOtherMoveAwayAndLeaveTheGamesAlone) {
  for (Rule rule : {Rule::FREESTYLE, Rule::RENJU}) {
    gomoku::SelfplayOptions o;
    o.size = 11;
    o.rule = rule;
    o.games = 3;
    o.nodes = 800;
    o.sample = 0.5;
    o.seed = 9;
    const auto [plain, plain_summary] = selfplay(o);
    o.siblings = 2;
    const auto [with, summary] = selfplay(o);
    EXPECT_EQ(plain_summary.off_path, 0u);
    ASSERT_GT(summary.off_path, 0u);
    std::vector<TrainingRecord> on_path;
    const TrainingRecord* parent = nullptr;
    for (const auto& r : with) {
      if (!r.off_path) {
        on_path.push_back(r);
        parent = &r;
        continue;
      }
      // After the record it follows: one more stone, of that record's side to move, not on its
      // searched move, and a legal move (renju: not a forbidden point of black).
      ASSERT_NE(parent, nullptr);
      EXPECT_EQ(r.result, 1);
      EXPECT_EQ(r.ply, parent->ply + 1);
      EXPECT_NE(r.to_move, parent->to_move);
      int added = -1, changed = 0;
      for (int i = 0; i < r.size * r.size; ++i)
        if (r.cells[static_cast<std::size_t>(i)] != parent->cells[static_cast<std::size_t>(i)]) {
          ++changed;
          added = i;
        }
      ASSERT_EQ(changed, 1);
      EXPECT_EQ(parent->cells[static_cast<std::size_t>(added)], 0);
      EXPECT_EQ(r.cells[static_cast<std::size_t>(added)], parent->to_move == gomoku::Color::BLACK ? 1 : 2);
      EXPECT_NE(added, parent->best);
      auto before = gomoku::record_board(*parent);
      ASSERT_TRUE(before);
      const Point p{added % r.size, added / r.size};
      EXPECT_FALSE(parent->to_move == gomoku::Color::BLACK && gomoku::is_forbidden(*before, p));
    }
    // The games and their own positions are those of a run without them.
    EXPECT_EQ(on_path, plain);
    ASSERT_EQ(summary.games.size(), plain_summary.games.size());
    for (std::size_t i = 0; i < summary.games.size(); ++i) EXPECT_EQ(summary.games[i].moves, plain_summary.games[i].moves);
  }
}

TEST(GomokuSelfplay, OffPathLinesAreUpToTheirPliesLongAndDeterministic) {
  gomoku::SelfplayOptions o;
  o.size = 11;
  o.games = 3;
  o.nodes = 600;
  o.seed = 21;
  o.siblings = 2;
  o.sibling_plies = 3;
  const auto records = selfplay(o).first;
  const TrainingRecord* parent = nullptr;
  std::set<int> lengths;
  for (const auto& r : records) {
    if (!r.off_path) {
      parent = &r;
      continue;
    }
    ASSERT_NE(parent, nullptr);
    const int plies = r.ply - parent->ply;
    ASSERT_GE(plies, 1);
    ASSERT_LE(plies, 3);
    lengths.insert(plies);
    // Every stone of the position it comes from is still there.
    for (std::size_t i = 0; i < static_cast<std::size_t>(r.size * r.size); ++i) {
      if (parent->cells[i] != 0) {
        EXPECT_EQ(r.cells[i], parent->cells[i]);
      }
    }
  }
  EXPECT_GT(lengths.size(), 1u);  // lines of several lengths
  o.jobs = 2;
  EXPECT_EQ(selfplay(o).first, records);
}
