#include "app/recorder.h"

#include <filesystem>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"

namespace tilestone::app {

void add_db_options(CLI::App* cmd, DbOptions& o) {
  auto* db = add_text(cmd, "--db", o.path, "FILE",
                      "the game database (default: $TILESTONE_DB, else $XDG_DATA_HOME/tilestone/tilestone.db)");
  auto* no = cmd->add_flag("--no-db", o.no_db, "do not use the game database");
  db->excludes(no);
}

std::string db_path(const DbOptions& o) {
  namespace fs = std::filesystem;
  const std::string path = store::default_path(o.path);
  if (!store::path_is_named(o.path)) return path;
  const fs::path folder = fs::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty() && !fs::is_directory(folder, ec))
    throw RunError(fmt::format("database {}: the folder {} does not exist", path, folder.string()));
  return path;
}

std::shared_ptr<store::Database> open_store_or_throw(const DbOptions& o) {
  if (o.no_db) throw UsageError("this command needs the game database (drop --no-db)");
  auto db = store::Database::open(db_path(o));
  if (!db) throw RunError(db.error());
  return std::move(db).value();
}

Recorder::Recorder(const DbOptions& o) {
  if (o.no_db) return;
  auto db = store::Database::open(db_path(o));
  if (!db) {
    disable(db.error());
    return;
  }
  db_ = std::move(db).value();
}

void Recorder::disable(const std::string& why) {
  fmt::print(stderr, "tilestone: {}; playing on without recording games\n", why);
  db_.reset();
}

std::int64_t Recorder::record(store::GameRecord g) {
  if (!db_) return 0;
  if (g.ended_at == 0) g.ended_at = store::now_seconds();
  if (g.started_at == 0) g.started_at = g.ended_at;
  const auto id = db_->add_game(g);
  if (!id) {
    disable(id.error());
    return 0;
  }
  return *id;
}

}  // namespace tilestone::app
