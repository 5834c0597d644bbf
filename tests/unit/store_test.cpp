// The SQLite store: schema and migrations, records, errors for corrupt and unwritable files,
// and learning from a lost Gomoku game so the same line no longer wins.

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "gomoku/ai.h"
#include "gomoku/rules.h"
#include "store/database.h"
#include "store/learned.h"
#include "temp_dir.h"

namespace fs = std::filesystem;
using namespace tilestone;

using tilestone::test_support::TempDir;

namespace {


store::GameRecord a_2048_game(std::int64_t score) {
  store::GameRecord g;
  g.game = "2048";
  g.moves = "LURD";
  g.result = "over";
  g.score = score;
  g.max_tile = score >= 20000 ? 2048 : 256;
  g.seed = 0xFFFFFFFFFFFFFFF0ull;
  g.settings = R"({"ai":"expectimax"})";
  return g;
}

}  // namespace

TEST(Store, CreatesMigratesAndRecords) {
  TempDir dir("store");
  const auto path = (dir.path / "sub" / "t.db").string();
  auto db = store::Database::open(path);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ((*db)->schema_version(), store::current_schema_version());
  const auto id1 = (*db)->add_game(a_2048_game(1000));
  const auto id2 = (*db)->add_game(a_2048_game(30000));
  ASSERT_TRUE(id1 && id2);
  const auto games = (*db)->games("2048");
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].id, *id2);  // newest first
  EXPECT_EQ((*games)[0].seed, 0xFFFFFFFFFFFFFFF0ull);
  const auto s = (*db)->summary();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->g2048.games, 2);
  EXPECT_EQ(s->g2048.best_score, 30000);
  ASSERT_FALSE(s->g2048.reached.empty());
  EXPECT_EQ(s->g2048.reached[0].second, 1);  // one game reached 2048

  store::GameRecord g;
  g.game = "gomoku";
  g.moves = "h8i9";
  g.result = "black";
  g.rule = "freestyle";
  g.size = 15;
  g.settings = R"({"level":"scorer","ai_color":"white"})";
  ASSERT_TRUE((*db)->add_game(g));
  const auto s2 = (*db)->summary();
  ASSERT_EQ(s2->gomoku.size(), 1u);
  EXPECT_EQ(s2->gomoku[0].level, "scorer");
  EXPECT_EQ(s2->gomoku[0].wins, 1);
  EXPECT_EQ(s2->gomoku[0].losses, 0);
  EXPECT_EQ(*(*db)->integrity_check(), "ok");
}

TEST(Store, AClientGameIsOneRowUpdatedWhenSentAgain) {
  TempDir dir("store");
  auto db = store::Database::open((dir.path / "t.db").string());
  ASSERT_TRUE(db) << db.error();
  store::GameRecord g = a_2048_game(100);
  g.source = "web";
  g.client_id = "abc";
  g.start_board = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0";
  g.start_score = 8;
  const auto first = (*db)->save_client_game(g);
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(first->created);
  g.score = 300;
  g.moves = "LURD";
  const auto second = (*db)->save_client_game(g);
  ASSERT_TRUE(second);
  EXPECT_FALSE(second->created);
  EXPECT_EQ(second->id, first->id);
  // The same id for another kind of game is another game.
  store::GameRecord go;
  go.game = "gomoku";
  go.moves = "h8";
  go.result = "unfinished";
  go.source = "web";
  go.client_id = "abc";
  const auto third = (*db)->save_client_game(go);
  ASSERT_TRUE(third);
  EXPECT_TRUE(third->created);
  const auto games = (*db)->games("2048");
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ((*games)[0].score, 300);
  EXPECT_EQ((*games)[0].moves, "LURD");
  EXPECT_EQ((*games)[0].client_id, "abc");
  EXPECT_EQ((*games)[0].start_board, "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
  EXPECT_EQ((*games)[0].start_score, 8);
  // Games without a client id never collide.
  ASSERT_TRUE((*db)->add_game(a_2048_game(5)));
  ASSERT_TRUE((*db)->add_game(a_2048_game(6)));
  const auto s = (*db)->summary();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->g2048.games, 3);
  ASSERT_EQ(s->g2048.max_tiles.size(), 1u);  // every test game ended on 256
  EXPECT_EQ(s->g2048.max_tiles[0], std::make_pair(std::int64_t{256}, std::int64_t{3}));
}

TEST(Store, MigratesAnOlderSchemaForward) {
  TempDir dir("store");
  const auto path = (dir.path / "old.db").string();
  {
    // A version-1 database written by an older tilestone: games only.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw,
                           "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, started_at "
                           "INTEGER NOT NULL, ended_at INTEGER NOT NULL, moves TEXT NOT NULL, result TEXT NOT NULL, score "
                           "INTEGER NOT NULL DEFAULT 0, max_tile INTEGER NOT NULL DEFAULT 0, rule TEXT, size INTEGER, "
                           "settings TEXT NOT NULL DEFAULT '{}', seed INTEGER NOT NULL DEFAULT 0, source TEXT NOT NULL);"
                           "INSERT INTO games (game, started_at, ended_at, moves, result, source) VALUES "
                           "('2048', 1, 2, 'L', 'over', 'cli'); PRAGMA user_version = 1;",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  auto db = store::Database::open(path);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ((*db)->schema_version(), store::current_schema_version());
  EXPECT_EQ((*db)->games()->size(), 1u);
  EXPECT_TRUE((*db)->learned_counts());  // the learned table exists now
}

// Several processes (here: connections on threads) opening the same new file at once: each
// used to run the migrations it had seen missing, and all but one failed ("table games already
// exists"), as the CLI fuzzer's parallel runs showed.
TEST(Store, ConcurrentFirstOpensAllSucceed) {
  for (int round = 0; round < 5; ++round) {
    TempDir dir("store");
    const auto path = (dir.path / "new.db").string();
    std::vector<std::string> errors(8);
    {
      std::vector<std::jthread> threads;
      for (std::size_t i = 0; i < errors.size(); ++i)
        threads.emplace_back([&, i] {
          const auto db = store::Database::open(path);
          if (!db) errors[i] = db.error();
          else if ((*db)->schema_version() != store::Database::open(path).value()->schema_version()) errors[i] = "version";
        });
    }
    for (const auto& e : errors) EXPECT_EQ(e, "") << "round " << round;
  }
}

TEST(Store, CorruptFileGivesAClearError) {
  TempDir dir("store");
  const auto path = (dir.path / "bad.db").string();
  std::ofstream(path) << std::string(8192, 'x');
  const auto db = store::Database::open(path);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find(path), std::string::npos) << db.error();
  EXPECT_NE(db.error().find("not a database"), std::string::npos) << db.error();
}

TEST(Store, UncreatableFolderGivesAClearError) {
  TempDir dir("store");
  std::ofstream(dir.path / "file") << "x";
  const auto db = store::Database::open((dir.path / "file" / "t.db").string());
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("t.db"), std::string::npos) << db.error();
}

TEST(Store, ReadOnlyFolderGivesAClearError) {
  if (geteuid() == 0) GTEST_SKIP() << "root writes anywhere";
  TempDir dir("store");
  fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec);
  const auto db = store::Database::open((dir.path / "t.db").string());
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("t.db"), std::string::npos) << db.error();
}

TEST(Store, NewerSchemaIsRefused) {
  TempDir dir("store");
  const auto path = (dir.path / "new.db").string();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_exec(raw, "PRAGMA user_version = 999", nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  const auto db = store::Database::open(path);
  ASSERT_FALSE(db);
  EXPECT_NE(db.error().find("newer"), std::string::npos);
}

TEST(Learn, SymmetriesAreInvertibleAndCanonical) {
  using namespace gomoku;
  for (int s = 0; s < 8; ++s)
    for (int y = 0; y < 7; ++y)
      for (int x = 0; x < 7; ++x) EXPECT_EQ(inverse_transform(transform({x, y}, s, 7), s, 7), (Point{x, y}));
  Board a(9, Rule::FREESTYLE), b(9, Rule::FREESTYLE);
  a.play({1, 2});
  a.play({4, 4});
  b.play({7, 2});  // the mirror image of (1, 2)
  b.play({4, 4});
  EXPECT_EQ(canonical(a).key, canonical(b).key);
}

// The learning loop: black plays a fixed winning line against the scorer; the loss is learnt
// (proved by the threat search), and the same line played again no longer wins.
TEST(Learn, TheLearntLosingMoveIsNotPlayedAgain) {
  using namespace gomoku;
  TempDir dir("store");
  auto db = store::Database::open((dir.path / "learn.db").string());
  ASSERT_TRUE(db) << db.error();
  const int size = 9;
  const Rule rule = Rule::FREESTYLE;
  Limits fixed;
  fixed.time_ms = 0;
  fixed.depth = 4;

  // Game 1: black (strong, fixed depth) against white (scorer); keep black's moves as the line.
  auto black = make_engine(Level::STRONG);
  auto white = make_engine(Level::SCORER);
  Board board(size, rule);
  std::vector<Point> line;
  Outcome o = Outcome::NONE;
  while (o == Outcome::NONE) {
    const bool black_moves = board.to_move() == Color::BLACK;
    const Point p = (black_moves ? black : white)->search(board, fixed).move;
    if (black_moves) line.push_back(p);
    o = play_and_judge(board, p);
  }
  ASSERT_EQ(o, Outcome::BLACK_WINS);
  const auto game1 = board.moves();
  const auto learnt = learn_from_game(**db, game1, size, rule, Color::WHITE);
  ASSERT_TRUE(learnt) << learnt.error();
  ASSERT_TRUE(*learnt) << "no losing move proved";
  EXPECT_EQ((*learnt)->ply % 2, 1);  // one of white's moves

  // Game 2: the same black moves; white consults the store.
  Board again(size, rule);
  o = Outcome::NONE;
  std::size_t next = 0;
  bool deviated = false;
  while (o == Outcome::NONE && next < line.size()) {
    Point p;
    if (again.to_move() == Color::BLACK) {
      p = line[next++];
      if (!again.empty_at(p)) break;  // the line cannot even be played
    } else {
      Limits l = fixed;
      const auto avoid = learned_avoid(**db, again);
      ASSERT_TRUE(avoid);
      l.avoid = *avoid;
      p = white->search(again, l).move;
      if (p != game1[static_cast<std::size_t>(again.move_count())]) deviated = true;
      // At the learnt ply white plays anything but the move that lost game 1. (Whether the rest
      // of black's line still wins depends on the position: the learnt move is the earliest one
      // the threat search proved lost, and its alternatives may be lost too.)
      if (again.move_count() == (*learnt)->ply) {
        EXPECT_NE(p, (*learnt)->move);
        break;
      }
    }
    o = play_and_judge(again, p);
  }
  EXPECT_TRUE(deviated);
}
