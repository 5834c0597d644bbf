#pragma once
// The embedded SQLite database: finished games of 2048 and Gomoku, and the positions the Gomoku
// AI learnt to avoid. One file, WAL mode, a busy timeout, every write a transaction; the schema
// is versioned by PRAGMA user_version and migrated forward on open. Errors come back as
// core::Result with a message that names the file, so callers can play on without recording.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tilestone::store {

/// One finished game. Times are Unix seconds (UTC).
struct GameRecord {
  std::int64_t id = 0;         ///< assigned by the database
  std::string game;            ///< "2048" or "gomoku"
  std::int64_t started_at = 0;
  std::int64_t ended_at = 0;
  std::string moves;           ///< 2048: one letter per move (U D L R); Gomoku: "h8i9h9..."
  std::string result;          ///< 2048: "over" or "quit"; Gomoku: "black", "white", "draw" or "unfinished"
  std::int64_t score = 0;      ///< 2048 only
  std::int64_t max_tile = 0;   ///< 2048 only
  std::string rule;            ///< Gomoku only: freestyle | standard | renju
  int size = 0;                ///< Gomoku only: board size
  std::string settings = "{}"; ///< AI settings as a JSON object (Gomoku: level and ai_color)
  std::uint64_t seed = 0;
  std::string source = "cli";  ///< "cli", "web" or "match"
  /// Web games: the browser's id for the game, so sending it again updates its one row.
  std::string client_id;
  /// 2048 web games: the board (and score) the moves start from, with `seed` the seed of the
  /// first move's spawn (see g2048::client_move). Empty: the moves start from Game(seed).
  std::string start_board;
  std::int64_t start_score = 0;
  /// "new": played from a fresh game (2048: the two tiles of a new game, score 0; Gomoku: the
  /// empty board). "position": played on from a loaded, pasted or edited position. Only "new"
  /// games count in the statistics.
  std::string origin = "new";
  /// 2048: how many of the moves the AI played (auto-play). A game with any is kept out of the
  /// player's own statistics.
  std::int64_t auto_moves = 0;
};

/// What save_client_game did.
struct SavedGame {
  std::int64_t id = 0;
  bool created = false;  ///< false: an earlier row of the same game was updated
};

/// A move the Gomoku AI must not play: position and move in canonical coordinates (see
/// gomoku/learn.h), under a rule and board size.
struct LearnedMove {
  std::string rule;
  int size = 0;
  std::string position;  ///< size*size characters row-major: '.' empty, 'x' black, 'o' white
  int x = 0, y = 0;
  std::int64_t created_at = 0;
  std::int64_t game_id = 0;  ///< the game it was learnt from; 0 when unknown
};

struct LearnedCount {
  std::string rule;
  int size = 0;
  std::int64_t count = 0;
};

/// Aggregates of the recorded games (what `tilestone history` and the web's History show).
/// 2048's are the player's own games: from a fresh start, every move by the player.
struct Summary2048 {
  std::int64_t games = 0;
  std::int64_t auto_games = 0;      ///< games in which the AI played (not counted above)
  std::int64_t position_games = 0;  ///< games from an edited board (not counted above)
  std::int64_t best_score = 0;
  double mean_score = 0;
  std::int64_t best_tile = 0;
  /// For each tile from 2048 up to the best reached: how many games reached it.
  std::vector<std::pair<std::int64_t, std::int64_t>> reached;
  /// For each final max tile, smallest first: how many games ended with it.
  std::vector<std::pair<std::int64_t, std::int64_t>> max_tiles;
};
/// Gomoku results from the player's view against one AI level, rule and board size.
struct SummaryGomoku {
  std::string level, rule;
  int size = 0;
  std::int64_t wins = 0, losses = 0, draws = 0, unfinished = 0;
};
struct Summary {
  Summary2048 g2048;
  /// Games played from the empty board only.
  std::vector<SummaryGomoku> gomoku;
  std::int64_t gomoku_position_games = 0;  ///< games from a loaded or pasted position
};

/// A game's review (gomoku/review.h, g2048/review.h) as JSON, kept so it is computed once.
struct StoredReview {
  std::int64_t game_id = 0;
  std::string moves;     ///< the moves that were reviewed: a game recorded again with others is stale
  std::string settings;  ///< the review's settings as a JSON object
  std::string review;    ///< the review as JSON
  std::int64_t created_at = 0;
};

/// The schema version a freshly opened database has after its migrations.
int current_schema_version();

/// Where the database lives: `cli_path` when given, else $TILESTONE_DB, else
/// $XDG_DATA_HOME/tilestone/tilestone.db, else ~/.local/share/tilestone/tilestone.db.
std::string default_path(std::string_view cli_path = {});
/// Whether default_path(cli_path) is a path the user named (`cli_path` or $TILESTONE_DB) rather
/// than the default location. Database::open makes the folder of any path it is given; a front
/// end refuses a named path whose folder is missing (a typing slip) before it opens it.
bool path_is_named(std::string_view cli_path = {});

/// Seconds since the Unix epoch, now.
std::int64_t now_seconds();

class Database {
 public:
  /// Opens (creating it and its folder when missing) and migrates the database at `path`.
  static core::Result<std::shared_ptr<Database>> open(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::string& path() const { return path_; }
  /// PRAGMA user_version.
  int schema_version();

  /// Inserts a finished game in one transaction; its new id once committed.
  core::Result<std::int64_t> add_game(const GameRecord& g);
  /// Inserts a game that has a client_id (precondition: not empty), or, when a game of the same
  /// kind with that client_id exists, replaces its row (same id); one transaction.
  core::Result<SavedGame> save_client_game(const GameRecord& g);
  /// Games newest first, of one kind ("2048", "gomoku") or all (empty); limit 0 = all.
  core::Result<std::vector<GameRecord>> games(std::string_view game = {}, int limit = 0);
  core::Result<std::optional<GameRecord>> game(std::int64_t id);
  /// The game of one kind that the browser recorded under `client_id`, if any.
  core::Result<std::optional<GameRecord>> game_by_client(std::string_view game, std::string_view client_id);
  core::Result<Summary> summary();

  /// Stores (or replaces) the review of a game; one transaction.
  core::Result<bool> save_review(const StoredReview& r);
  /// The stored review of a game, if any.
  core::Result<std::optional<StoredReview>> review(std::int64_t game_id);

  /// Records a losing move; true when it was new.
  core::Result<bool> add_learned(const LearnedMove& m);
  /// Moves learnt for one canonical position.
  core::Result<std::vector<LearnedMove>> learned(std::string_view rule, int size, std::string_view position);
  core::Result<std::vector<LearnedCount>> learned_counts();
  /// Deletes every learnt move; how many there were.
  core::Result<std::int64_t> forget_learned();

  /// PRAGMA integrity_check: "ok" or the first problem.
  core::Result<std::string> integrity_check();

  struct Impl;

 private:
  Database(std::string path, std::unique_ptr<Impl> impl);
  std::string path_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tilestone::store
