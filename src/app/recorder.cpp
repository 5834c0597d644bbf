#include "app/recorder.h"

#include <fmt/format.h>

#include "app/cli_values.h"
#include "app/commands.h"

namespace tilestone::app {

void add_db_options(CLI::App* cmd, DbOptions& o) {
  auto* db = cmd->add_option("--db", o.path, "game database (default $TILESTONE_DB or $XDG_DATA_HOME/tilestone/tilestone.db)")
                 ->check(non_empty());
  auto* no = cmd->add_flag("--no-db", o.no_db, "do not use the game database");
  db->excludes(no);
}

std::shared_ptr<store::Database> open_store_or_throw(const DbOptions& o) {
  if (o.no_db) throw UsageError("this command needs the game database (drop --no-db)");
  auto db = store::Database::open(store::default_path(o.path));
  if (!db) throw UsageError(db.error());
  return std::move(db).value();
}

Recorder::Recorder(const DbOptions& o) {
  if (o.no_db) return;
  auto db = store::Database::open(store::default_path(o.path));
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
