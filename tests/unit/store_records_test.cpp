// Records a user can trust: where a game started (a fresh game or a loaded / edited position) and
// how many of its moves the AI played decide whether it counts in the statistics; schema
// version 4 derives both for rows written before it existed.

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "store/database.h"
#include "temp_dir.h"

namespace fs = std::filesystem;
using namespace tilestone;

using tilestone::test_support::TempDir;

namespace {


store::GameRecord game_2048(std::int64_t score, std::int64_t max_tile, std::string origin = "new",
                            std::int64_t auto_moves = 0) {
  store::GameRecord g;
  g.game = "2048";
  g.moves = "LURDLURD";
  g.result = "over";
  g.score = score;
  g.max_tile = max_tile;
  g.origin = std::move(origin);
  g.auto_moves = auto_moves;
  return g;
}

store::GameRecord game_gomoku(std::string result, std::string origin = "new") {
  store::GameRecord g;
  g.game = "gomoku";
  g.moves = "h8i9h9i10h10i11h11i12h12";
  g.result = std::move(result);
  g.rule = "freestyle";
  g.size = 15;
  g.settings = R"({"level":"scorer","ai_color":"white"})";
  g.origin = std::move(origin);
  return g;
}

void exec(sqlite3* db, const char* sql) {
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
}

}  // namespace

TEST(StoreRecords, OriginAndAutoMovesRoundTrip) {
  TempDir dir("records");
  auto db = store::Database::open((dir.path / "t.db").string());
  ASSERT_TRUE(db) << db.error();
  const auto id = (*db)->add_game(game_2048(5000, 512, "position", 7));
  ASSERT_TRUE(id) << id.error();
  const auto g = (*db)->game(*id);
  ASSERT_TRUE(g && *g);
  EXPECT_EQ((*g)->origin, "position");
  EXPECT_EQ((*g)->auto_moves, 7);

  // Saving the same browser game again replaces both fields too.
  auto web = game_2048(100, 16);
  web.client_id = "abc";
  ASSERT_TRUE((*db)->save_client_game(web));
  web.auto_moves = 3;
  web.origin = "position";
  const auto saved = (*db)->save_client_game(web);
  ASSERT_TRUE(saved);
  EXPECT_FALSE(saved->created);
  const auto again = (*db)->game(saved->id);
  EXPECT_EQ((*again)->auto_moves, 3);
  EXPECT_EQ((*again)->origin, "position");
}

TEST(StoreRecords, SummaryCountsOnlyThePlayersOwnGamesFromAFreshStart) {
  TempDir dir("records");
  auto db = store::Database::open((dir.path / "t.db").string());
  ASSERT_TRUE(db) << db.error();
  ASSERT_TRUE((*db)->add_game(game_2048(1000, 128)));
  ASSERT_TRUE((*db)->add_game(game_2048(3000, 256)));
  // An edited board with 1024 + 1024, an auto-played game and an auto-played edited board:
  // none of them is the player's own result.
  ASSERT_TRUE((*db)->add_game(game_2048(25000, 2048, "position")));
  ASSERT_TRUE((*db)->add_game(game_2048(60000, 4096, "new", 900)));
  ASSERT_TRUE((*db)->add_game(game_2048(70000, 4096, "position", 10)));
  ASSERT_TRUE((*db)->add_game(game_gomoku("black")));
  ASSERT_TRUE((*db)->add_game(game_gomoku("white")));
  ASSERT_TRUE((*db)->add_game(game_gomoku("black", "position")));

  const auto s = (*db)->summary();
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->g2048.games, 2);
  EXPECT_EQ(s->g2048.best_score, 3000);
  EXPECT_DOUBLE_EQ(s->g2048.mean_score, 2000);
  EXPECT_EQ(s->g2048.best_tile, 256);
  EXPECT_EQ(s->g2048.auto_games, 2);
  EXPECT_EQ(s->g2048.position_games, 1);
  ASSERT_EQ(s->g2048.reached.size(), 1u);
  EXPECT_EQ(s->g2048.reached[0], std::make_pair(std::int64_t{2048}, std::int64_t{0}));
  ASSERT_EQ(s->g2048.max_tiles.size(), 2u);
  EXPECT_EQ(s->g2048.max_tiles[1], std::make_pair(std::int64_t{256}, std::int64_t{1}));

  ASSERT_EQ(s->gomoku.size(), 1u);
  EXPECT_EQ(s->gomoku[0].wins, 1);    // the player is black
  EXPECT_EQ(s->gomoku[0].losses, 1);  // the AI (white) won
  EXPECT_EQ(s->gomoku_position_games, 1);

  // The list still holds every game.
  EXPECT_EQ((*db)->games()->size(), 8u);
}

// A version-3 database (before origin and auto_moves): the migration to 4 finds the auto-played
// games in their settings and the edited boards by their start, and keeps every row.
TEST(StoreRecords, MigrationFourFixesExistingRows) {
  TempDir dir("records");
  const auto path = (dir.path / "v3.db").string();
  {
    // Version 3's shape, written by hand as migrations 1-3 left it.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
    exec(raw,
         "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, started_at INTEGER NOT NULL, "
         "ended_at INTEGER NOT NULL, moves TEXT NOT NULL, result TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0, "
         "max_tile INTEGER NOT NULL DEFAULT 0, rule TEXT, size INTEGER, settings TEXT NOT NULL DEFAULT '{}', "
         "seed INTEGER NOT NULL DEFAULT 0, source TEXT NOT NULL, client_id TEXT, start_board TEXT NOT NULL DEFAULT '', "
         "start_score INTEGER NOT NULL DEFAULT 0);"
         "CREATE TABLE learned (id INTEGER PRIMARY KEY AUTOINCREMENT, rule TEXT NOT NULL, size INTEGER NOT NULL, "
         "position TEXT NOT NULL, move_x INTEGER NOT NULL, move_y INTEGER NOT NULL, created_at INTEGER NOT NULL, "
         "game_id INTEGER, UNIQUE (rule, size, position, move_x, move_y));"
         "CREATE UNIQUE INDEX games_by_client ON games (game, client_id);"
         // 1: a terminal game (no start board). 2: a web game from a fresh start.
         "INSERT INTO games (game, started_at, ended_at, moves, result, score, max_tile, settings, source) VALUES "
         "('2048', 1, 2, 'LURD', 'over', 1500, 128, '{\"ai\":\"expectimax\"}', 'cli');"
         "INSERT INTO games (game, started_at, ended_at, moves, result, score, max_tile, settings, source, client_id, "
         "start_board, start_score) VALUES "
         "('2048', 1, 2, 'LURD', 'over', 2500, 256, '{\"auto_moves\":0}', 'web', 'a', '2,0,0,0/0,0,0,0/0,0,4,0/0,0,0,0', 0),"
         // 3: auto-played from a fresh start. 4: the editor's 1024 + 1024, score carried over.
         "('2048', 1, 2, 'LURD', 'over', 90000, 4096, '{\"auto_moves\":3}', 'web', 'b', '0,2,0,0/0,0,0,0/0,0,0,2/0,0,0,0', 0),"
         "('2048', 1, 2, 'LR', 'quit', 52000, 2048, '{\"auto_moves\":0}', 'web', 'c', '1024,1024,0,0/0,0,0,0/0,0,0,0/0,0,0,0', 30000),"
         // 5: an edited board with score 0 but three tiles. 6: a malformed settings text.
         "('2048', 1, 2, 'L', 'quit', 8, 8, '{\"auto_moves\":0}', 'web', 'd', '2,2,2,0/0,0,0,0/0,0,0,0/0,0,0,0', 0),"
         "('2048', 1, 2, 'L', 'quit', 4, 4, 'not json', 'web', 'e', '2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0', 0);"
         "INSERT INTO games (game, started_at, ended_at, moves, result, rule, size, settings, source) VALUES "
         "('gomoku', 1, 2, 'h8i9', 'unfinished', 'freestyle', 15, '{\"level\":\"scorer\",\"ai_color\":\"white\"}', 'web');"
         "PRAGMA user_version = 3;");
    sqlite3_close(raw);
  }
  auto db = store::Database::open(path);
  ASSERT_TRUE(db) << db.error();
  EXPECT_EQ((*db)->schema_version(), store::current_schema_version());
  const auto games = (*db)->games();
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 7u);
  auto row = [&](std::int64_t id) {
    for (const auto& g : *games)
      if (g.id == id) return g;
    ADD_FAILURE() << "no row " << id;
    return store::GameRecord{};
  };
  EXPECT_EQ(row(1).origin, "new");
  EXPECT_EQ(row(1).auto_moves, 0);
  EXPECT_EQ(row(2).origin, "new");
  EXPECT_EQ(row(3).origin, "new");
  EXPECT_EQ(row(3).auto_moves, 3);
  EXPECT_EQ(row(4).origin, "position");
  EXPECT_EQ(row(5).origin, "position");
  EXPECT_EQ(row(6).origin, "new");
  EXPECT_EQ(row(6).auto_moves, 0);
  EXPECT_EQ(row(7).origin, "new");

  const auto s = (*db)->summary();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->g2048.games, 3);  // rows 1, 2 and 6
  EXPECT_EQ(s->g2048.best_score, 2500);
  EXPECT_EQ(s->g2048.best_tile, 256);
  EXPECT_EQ(s->g2048.auto_games, 1);
  EXPECT_EQ(s->g2048.position_games, 2);
}
