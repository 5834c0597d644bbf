// The SQLite store: a thin layer of prepared statements under a mutex, so one Database can be
// shared by the server's request threads.

#include "store/database.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <thread>
#include <utility>

namespace tilestone::store {
namespace {

constexpr int BUSY_TIMEOUT_MS = 5000;

// Forward migrations: entry i takes the schema from version i to i + 1. Never edit one that has
// shipped; append a new one.
constexpr const char* MIGRATIONS[] = {
    // 1: game records.
    R"sql(
CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game TEXT NOT NULL CHECK (game IN ('2048', 'gomoku')),
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  moves TEXT NOT NULL,
  result TEXT NOT NULL,
  score INTEGER NOT NULL DEFAULT 0,
  max_tile INTEGER NOT NULL DEFAULT 0,
  rule TEXT,
  size INTEGER,
  settings TEXT NOT NULL DEFAULT '{}',
  seed INTEGER NOT NULL DEFAULT 0,
  source TEXT NOT NULL CHECK (source IN ('cli', 'web', 'match'))
);
CREATE INDEX games_by_kind ON games (game, id);
)sql",
    // 2: positions where the Gomoku AI's move lost by force.
    R"sql(
CREATE TABLE learned (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  rule TEXT NOT NULL,
  size INTEGER NOT NULL,
  position TEXT NOT NULL,
  move_x INTEGER NOT NULL,
  move_y INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  game_id INTEGER,
  UNIQUE (rule, size, position, move_x, move_y)
);
)sql",
    // 3: games played in the web app: the browser's game id (one row per game, updated when the
    // game is sent again) and the 2048 position the moves start from.
    R"sql(
ALTER TABLE games ADD COLUMN client_id TEXT;
ALTER TABLE games ADD COLUMN start_board TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN start_score INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX games_by_client ON games (game, client_id);
)sql",
    // 4: where a game started (a fresh game, or a loaded, pasted or edited position) and how many
    // of a 2048 game's moves the AI played, so statistics count only the player's own games.
    // Existing rows: the AI's moves come from the settings that noted them; a 2048 web game
    // whose start board is not a fresh game's (two tiles of 2 or 4, score 0) came from the
    // board editor. Gomoku rows do not say whether their first moves were loaded: they stay "new".
    R"sql(
ALTER TABLE games ADD COLUMN origin TEXT NOT NULL DEFAULT 'new' CHECK (origin IN ('new', 'position'));
ALTER TABLE games ADD COLUMN auto_moves INTEGER NOT NULL DEFAULT 0;
UPDATE games SET auto_moves = json_extract(settings, '$.auto_moves')
  WHERE game = '2048' AND json_valid(settings) AND json_type(settings, '$.auto_moves') = 'integer';
UPDATE games SET origin = 'position'
  WHERE game = '2048' AND start_board <> '' AND (start_score <> 0
    OR (SELECT COUNT(*) FROM json_each('[' || replace(start_board, '/', ',') || ']') WHERE value <> 0) <> 2
    OR (SELECT MAX(value) FROM json_each('[' || replace(start_board, '/', ',') || ']')) > 4);
)sql",
    // 5: game reviews, computed once per game: the moves reviewed (a browser game sent again
    // with more moves is reviewed again), the review's settings and the review as JSON.
    R"sql(
CREATE TABLE reviews (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  moves TEXT NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}',
  review TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
)sql",
};
constexpr int SCHEMA_VERSION = static_cast<int>(std::size(MIGRATIONS));

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) { rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return rc_ == SQLITE_OK; }
  Statement& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }
  Statement& bind(int i, std::string_view v) {
    // An empty view may have no data pointer, which SQLite would bind as NULL.
    return check(sqlite3_bind_text(stmt_, i, v.empty() ? "" : v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  /// SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return ok() ? sqlite3_step(stmt_) : rc_; }
  std::int64_t integer(int col) { return sqlite3_column_int64(stmt_, col); }
  sqlite3_stmt* raw() { return stmt_; }
  std::string text(int col) {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }

 private:
  Statement& check(int rc) {
    if (rc_ == SQLITE_OK && rc != SQLITE_OK) rc_ = rc;
    return *this;
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_;
};

}  // namespace

struct Database::Impl {
  sqlite3* db = nullptr;
  std::mutex mutex;

  ~Impl() { sqlite3_close_v2(db); }

  std::string failed;  // the message of a failed transaction, kept across its ROLLBACK

  core::Error error(const std::string& path, const std::string& what) {
    std::string why = !failed.empty() ? failed : db ? sqlite3_errmsg(db) : "out of memory";
    failed.clear();
    return core::fail("database " + path + ": " + what + ": " + why);
  }

  bool exec(const char* sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK; }

  // Runs fn inside BEGIN IMMEDIATE ... COMMIT; rolls back when fn or the commit fails.
  template <class Fn>
  bool transaction(Fn&& fn) {
    failed.clear();
    if (!exec("BEGIN IMMEDIATE")) return false;
    if (!fn() || !exec("COMMIT")) {
      failed = sqlite3_errmsg(db);
      exec("ROLLBACK");
      return false;
    }
    return true;
  }
};

int current_schema_version() { return SCHEMA_VERSION; }

std::string default_path(std::string_view cli_path) {
  if (!cli_path.empty()) return std::string(cli_path);
  if (const char* env = std::getenv("TILESTONE_DB"); env && *env) return env;
  namespace fs = std::filesystem;
  fs::path base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home) base = fs::path(home) / ".local" / "share";
  else base = ".";
  return (base / "tilestone" / "tilestone.db").string();
}

bool path_is_named(std::string_view cli_path) {
  if (!cli_path.empty()) return true;
  const char* env = std::getenv("TILESTONE_DB");
  return env && *env;
}

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

Database::Database(std::string path, std::unique_ptr<Impl> impl) : path_(std::move(path)), impl_(std::move(impl)) {}
Database::~Database() = default;

core::Result<std::shared_ptr<Database>> Database::open(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::exists(parent, ec)) {
    fs::create_directories(parent, ec);
    if (ec) return core::fail("database " + path + ": cannot create folder " + parent.string() + ": " + ec.message());
  }
  auto impl = std::make_unique<Impl>();
  if (sqlite3_open_v2(path.c_str(), &impl->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK)
    return impl->error(path, "cannot open");
  sqlite3_busy_timeout(impl->db, BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes(impl->db, 1);

  // Step 1. Read the version: this is where a file that is not a database shows.
  int version = 0;
  {
    Statement s(impl->db, "PRAGMA user_version");
    if (s.step() != SQLITE_ROW) return impl->error(path, "cannot read (corrupt or not a database?)");
    version = static_cast<int>(s.integer(0));
  }
  if (version > SCHEMA_VERSION)
    return core::fail("database " + path + ": schema version " + std::to_string(version) +
                      " is newer than this tilestone understands (" + std::to_string(SCHEMA_VERSION) + ")");
  // Step 2. WAL, so readers never block the writer and a killed writer loses only its open
  // transaction; NORMAL sync is durable across process crashes in WAL mode.
  // Switching a new file to WAL needs a moment alone with it, and SQLite answers "locked" at
  // once, without its busy handler, when another connection opening the same file holds a read
  // lock meanwhile; so the switch is retried here, up to the busy timeout.
  {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(BUSY_TIMEOUT_MS);
    for (int attempt = 0;; ++attempt) {
      Statement s(impl->db, "PRAGMA journal_mode=WAL");
      const int rc = s.step();
      if (rc == SQLITE_ROW) {
        const std::string mode = s.text(0);
        if (mode == "wal" || mode == "memory") break;  // an in-memory database has no WAL
        return core::fail("database " + path + ": cannot switch to WAL mode: journal mode stays " + mode);
      }
      const bool busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
      if (!busy || std::chrono::steady_clock::now() >= deadline)
        return impl->error(path, "cannot switch to WAL mode");
      std::this_thread::sleep_for(std::chrono::milliseconds(std::min(1 + attempt, 20)));
    }
  }
  if (!impl->exec("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON"))
    return impl->error(path, "cannot configure");
  // Step 3. Forward migrations, each in its own transaction with its version bump. The version
  // is read again under the write lock: another process that opened the same new file at the
  // same moment may have migrated it meanwhile (both would otherwise create the same tables).
  for (int v = version; v < SCHEMA_VERSION; ++v) {
    const std::string bump = "PRAGMA user_version = " + std::to_string(v + 1);
    const bool ok = impl->transaction([&] {
      int now = -1;
      {
        Statement s(impl->db, "PRAGMA user_version");
        if (s.step() == SQLITE_ROW) now = static_cast<int>(s.integer(0));
      }
      if (now > v) return true;
      return now == v && impl->exec(MIGRATIONS[v]) && impl->exec(bump.c_str());
    });
    if (!ok) return impl->error(path, "cannot migrate to schema version " + std::to_string(v + 1));
  }
  return std::shared_ptr<Database>(new Database(path, std::move(impl)));
}

int Database::schema_version() {
  std::lock_guard lock(impl_->mutex);
  Statement s(impl_->db, "PRAGMA user_version");
  return s.step() == SQLITE_ROW ? static_cast<int>(s.integer(0)) : -1;
}

namespace {

constexpr const char* INSERT_GAME =
    "INSERT INTO games (game, started_at, ended_at, moves, result, score, max_tile, rule, size, settings, seed, source, "
    "client_id, start_board, start_score, origin, auto_moves) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
    "NULLIF(?13, ''), ?14, ?15, ?16, ?17)";
constexpr const char* UPDATE_GAME =
    "UPDATE games SET game = ?1, started_at = ?2, ended_at = ?3, moves = ?4, result = ?5, score = ?6, max_tile = ?7, "
    "rule = ?8, size = ?9, settings = ?10, seed = ?11, source = ?12, client_id = NULLIF(?13, ''), start_board = ?14, "
    "start_score = ?15, origin = ?16, auto_moves = ?17 WHERE id = ?18";

// Binds a record to the parameters ?1..?17 of INSERT_GAME / UPDATE_GAME.
void bind_game(Statement& s, const GameRecord& g) {
  s.bind(1, g.game).bind(2, g.started_at).bind(3, g.ended_at).bind(4, g.moves).bind(5, g.result);
  s.bind(6, g.score).bind(7, g.max_tile).bind(8, g.rule).bind(9, std::int64_t{g.size}).bind(10, g.settings);
  s.bind(11, static_cast<std::int64_t>(g.seed)).bind(12, g.source).bind(13, g.client_id).bind(14, g.start_board);
  s.bind(15, g.start_score).bind(16, g.origin).bind(17, g.auto_moves);
}

}  // namespace

core::Result<std::int64_t> Database::add_game(const GameRecord& g) {
  std::lock_guard lock(impl_->mutex);
  std::int64_t id = 0;
  const bool ok = impl_->transaction([&] {
    Statement s(impl_->db, INSERT_GAME);
    bind_game(s, g);
    if (s.step() != SQLITE_DONE) return false;
    id = sqlite3_last_insert_rowid(impl_->db);
    return true;
  });
  if (!ok) return impl_->error(path_, "cannot record the game");
  return id;
}

core::Result<SavedGame> Database::save_client_game(const GameRecord& g) {
  std::lock_guard lock(impl_->mutex);
  SavedGame out;
  const bool ok = impl_->transaction([&] {
    {
      Statement find(impl_->db, "SELECT id FROM games WHERE game = ?1 AND client_id = ?2");
      find.bind(1, g.game).bind(2, g.client_id);
      const int rc = find.step();
      if (rc == SQLITE_ROW) out.id = find.integer(0);
      else if (rc != SQLITE_DONE) return false;
    }
    out.created = out.id == 0;
    Statement s(impl_->db, out.created ? INSERT_GAME : UPDATE_GAME);
    bind_game(s, g);
    if (!out.created) s.bind(18, out.id);
    if (s.step() != SQLITE_DONE) return false;
    if (out.created) out.id = sqlite3_last_insert_rowid(impl_->db);
    return true;
  });
  if (!ok) return impl_->error(path_, "cannot record the game");
  return out;
}

namespace {

constexpr const char* GAME_COLUMNS =
    "SELECT id, game, started_at, ended_at, moves, result, score, max_tile, COALESCE(rule, ''), COALESCE(size, 0), "
    "settings, seed, source, COALESCE(client_id, ''), start_board, start_score, origin, auto_moves FROM games ";

GameRecord read_game(Statement& s) {
  GameRecord g;
  g.id = s.integer(0);
  g.game = s.text(1);
  g.started_at = s.integer(2);
  g.ended_at = s.integer(3);
  g.moves = s.text(4);
  g.result = s.text(5);
  g.score = s.integer(6);
  g.max_tile = s.integer(7);
  g.rule = s.text(8);
  g.size = static_cast<int>(s.integer(9));
  g.settings = s.text(10);
  g.seed = static_cast<std::uint64_t>(s.integer(11));
  g.source = s.text(12);
  g.client_id = s.text(13);
  g.start_board = s.text(14);
  g.start_score = s.integer(15);
  g.origin = s.text(16);
  g.auto_moves = s.integer(17);
  return g;
}

}  // namespace

core::Result<std::vector<GameRecord>> Database::games(std::string_view game, int limit) {
  std::lock_guard lock(impl_->mutex);
  const std::string sql = std::string(GAME_COLUMNS) + "WHERE (?1 = '' OR game = ?1) ORDER BY id DESC LIMIT ?2";
  Statement s(impl_->db, sql.c_str());
  s.bind(1, game).bind(2, limit > 0 ? std::int64_t{limit} : std::int64_t{-1});
  std::vector<GameRecord> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out.push_back(read_game(s));
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read games");
  return out;
}

core::Result<std::optional<GameRecord>> Database::game(std::int64_t id) {
  std::lock_guard lock(impl_->mutex);
  const std::string sql = std::string(GAME_COLUMNS) + "WHERE id = ?1";
  Statement s(impl_->db, sql.c_str());
  s.bind(1, id);
  const int rc = s.step();
  if (rc == SQLITE_ROW) return std::optional<GameRecord>(read_game(s));
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read game");
  return std::optional<GameRecord>();
}

core::Result<std::optional<GameRecord>> Database::game_by_client(std::string_view game, std::string_view client_id) {
  std::lock_guard lock(impl_->mutex);
  const std::string sql = std::string(GAME_COLUMNS) + "WHERE game = ?1 AND client_id = ?2";
  Statement s(impl_->db, sql.c_str());
  s.bind(1, game).bind(2, client_id);
  const int rc = s.step();
  if (rc == SQLITE_ROW) return std::optional<GameRecord>(read_game(s));
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read game");
  return std::optional<GameRecord>();
}

core::Result<bool> Database::save_review(const StoredReview& r) {
  std::lock_guard lock(impl_->mutex);
  const bool ok = impl_->transaction([&] {
    Statement s(impl_->db,
                "INSERT INTO reviews (game_id, moves, settings, review, created_at) VALUES (?1, ?2, ?3, ?4, ?5) "
                "ON CONFLICT (game_id) DO UPDATE SET moves = ?2, settings = ?3, review = ?4, created_at = ?5");
    s.bind(1, r.game_id).bind(2, r.moves).bind(3, r.settings).bind(4, r.review).bind(5, r.created_at);
    return s.step() == SQLITE_DONE;
  });
  if (!ok) return impl_->error(path_, "cannot save the review");
  return true;
}

core::Result<std::optional<StoredReview>> Database::review(std::int64_t game_id) {
  std::lock_guard lock(impl_->mutex);
  Statement s(impl_->db, "SELECT game_id, moves, settings, review, created_at FROM reviews WHERE game_id = ?1");
  s.bind(1, game_id);
  const int rc = s.step();
  if (rc == SQLITE_ROW) return std::optional<StoredReview>(StoredReview{s.integer(0), s.text(1), s.text(2), s.text(3), s.integer(4)});
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read the review");
  return std::optional<StoredReview>();
}

namespace {

// The player's own 2048 games: from a fresh start, no move by the AI.
constexpr const char* OWN_2048 = "game = '2048' AND origin = 'new' AND auto_moves = 0";

}  // namespace

core::Result<Summary> Database::summary() {
  std::lock_guard lock(impl_->mutex);
  Summary out;
  const std::string own = OWN_2048;
  {
    const std::string sql = "SELECT COUNT(*), COALESCE(MAX(score), 0), COALESCE(AVG(score), 0), COALESCE(MAX(max_tile), 0) "
                            "FROM games WHERE " + own;
    Statement s(impl_->db, sql.c_str());
    if (s.step() != SQLITE_ROW) return impl_->error(path_, "cannot read games");
    out.g2048.games = s.integer(0);
    out.g2048.best_score = s.integer(1);
    out.g2048.mean_score = sqlite3_column_double(s.raw(), 2);
    out.g2048.best_tile = s.integer(3);
  }
  {
    // Every game the statistics leave out, once: an auto-played game from an edited board
    // counts as auto-played.
    Statement s(impl_->db, "SELECT COALESCE(SUM(game = '2048' AND auto_moves > 0), 0), "
                           "COALESCE(SUM(game = '2048' AND auto_moves = 0 AND origin = 'position'), 0), "
                           "COALESCE(SUM(game = 'gomoku' AND origin = 'position'), 0) FROM games");
    if (s.step() != SQLITE_ROW) return impl_->error(path_, "cannot read games");
    out.g2048.auto_games = s.integer(0);
    out.g2048.position_games = s.integer(1);
    out.gomoku_position_games = s.integer(2);
  }
  for (std::int64_t tile = 2048; tile <= std::max<std::int64_t>(2048, out.g2048.best_tile); tile *= 2) {
    const std::string sql = "SELECT COUNT(*) FROM games WHERE " + own + " AND max_tile >= ?1";
    Statement s(impl_->db, sql.c_str());
    s.bind(1, tile);
    if (s.step() != SQLITE_ROW) return impl_->error(path_, "cannot read games");
    out.g2048.reached.push_back({tile, s.integer(0)});
  }
  {
    const std::string sql = "SELECT max_tile, COUNT(*) FROM games WHERE " + own + " GROUP BY max_tile ORDER BY max_tile";
    Statement s(impl_->db, sql.c_str());
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) out.g2048.max_tiles.push_back({s.integer(0), s.integer(1)});
    if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read games");
  }
  // The player's side is the colour the AI did not play.
  Statement s(impl_->db,
              "SELECT COALESCE(json_extract(settings, '$.level'), '?') AS level, COALESCE(rule, ''), COALESCE(size, 0), "
              "SUM(result <> 'draw' AND result <> 'unfinished' AND result <> COALESCE(json_extract(settings, '$.ai_color'), '')), "
              "SUM(result = COALESCE(json_extract(settings, '$.ai_color'), '')), SUM(result = 'draw'), "
              "SUM(result = 'unfinished') FROM games WHERE game = 'gomoku' AND origin = 'new' "
              "GROUP BY 1, 2, 3 ORDER BY 1, 2, 3");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW)
    out.gomoku.push_back({s.text(0), s.text(1), static_cast<int>(s.integer(2)), s.integer(3), s.integer(4),
                          s.integer(5), s.integer(6)});
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read games");
  return out;
}

core::Result<bool> Database::add_learned(const LearnedMove& m) {
  std::lock_guard lock(impl_->mutex);
  bool added = false;
  const bool ok = impl_->transaction([&] {
    Statement s(impl_->db,
                "INSERT OR IGNORE INTO learned (rule, size, position, move_x, move_y, created_at, game_id) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULLIF(?7, 0))");
    s.bind(1, m.rule).bind(2, std::int64_t{m.size}).bind(3, m.position).bind(4, std::int64_t{m.x});
    s.bind(5, std::int64_t{m.y}).bind(6, m.created_at ? m.created_at : now_seconds()).bind(7, m.game_id);
    if (s.step() != SQLITE_DONE) return false;
    added = sqlite3_changes(impl_->db) > 0;
    return true;
  });
  if (!ok) return impl_->error(path_, "cannot record a learnt move");
  return added;
}

core::Result<std::vector<LearnedMove>> Database::learned(std::string_view rule, int size, std::string_view position) {
  std::lock_guard lock(impl_->mutex);
  Statement s(impl_->db,
              "SELECT move_x, move_y, created_at, COALESCE(game_id, 0) FROM learned "
              "WHERE rule = ?1 AND size = ?2 AND position = ?3 ORDER BY move_y, move_x");
  s.bind(1, rule).bind(2, std::int64_t{size}).bind(3, position);
  std::vector<LearnedMove> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    LearnedMove m{std::string(rule), size, std::string(position)};
    m.x = static_cast<int>(s.integer(0));
    m.y = static_cast<int>(s.integer(1));
    m.created_at = s.integer(2);
    m.game_id = s.integer(3);
    out.push_back(std::move(m));
  }
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read learnt moves");
  return out;
}

core::Result<std::vector<LearnedCount>> Database::learned_counts() {
  std::lock_guard lock(impl_->mutex);
  Statement s(impl_->db, "SELECT rule, size, COUNT(*) FROM learned GROUP BY rule, size ORDER BY rule, size");
  std::vector<LearnedCount> out;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out.push_back({s.text(0), static_cast<int>(s.integer(1)), s.integer(2)});
  if (rc != SQLITE_DONE) return impl_->error(path_, "cannot read learnt moves");
  return out;
}

core::Result<std::int64_t> Database::forget_learned() {
  std::lock_guard lock(impl_->mutex);
  std::int64_t n = 0;
  const bool ok = impl_->transaction([&] {
    if (!impl_->exec("DELETE FROM learned")) return false;
    n = sqlite3_changes(impl_->db);
    return true;
  });
  if (!ok) return impl_->error(path_, "cannot forget learnt moves");
  return n;
}

core::Result<std::string> Database::integrity_check() {
  std::lock_guard lock(impl_->mutex);
  Statement s(impl_->db, "PRAGMA integrity_check");
  if (s.step() != SQLITE_ROW) return impl_->error(path_, "integrity check failed to run");
  return s.text(0);
}

}  // namespace tilestone::store
