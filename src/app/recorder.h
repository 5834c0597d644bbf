#pragma once
// The app's side of the store: the --db / --no-db options, opening the database with a clear
// message, and a Recorder that play commands own (one object, so they stay small). A database
// that cannot be used makes the play commands warn once and play on without recording.

#include <cstdint>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "store/database.h"

namespace tilestone::app {

struct DbOptions {
  std::string path;    ///< --db; empty = $TILESTONE_DB or the XDG default
  bool no_db = false;  ///< --no-db
};

/// Adds --db FILE and --no-db to a command.
void add_db_options(CLI::App* cmd, DbOptions& o);

/// The database file the options name (store::default_path); a RunError when the user named it
/// (--db or $TILESTONE_DB) in a folder that does not exist: only the default location's folder is
/// made. Every command that takes --db calls this (or one of the two below) before its work.
std::string db_path(const DbOptions& o);
/// db_path's check alone, for a command that opens the database later (the terminal games).
inline void check_db_options(const DbOptions& o) {
  if (!o.no_db) (void)db_path(o);
}

/// For commands that need the store (history, learn, review): RunError when it cannot be opened.
std::shared_ptr<store::Database> open_store_or_throw(const DbOptions& o);

class Recorder {
 public:
  /// Opens the store unless --no-db; a RunError for a named path in a missing folder (db_path);
  /// on any other failure prints one warning to stderr and records nothing.
  explicit Recorder(const DbOptions& o);

  bool enabled() const { return db_ != nullptr; }
  store::Database* db() const { return db_.get(); }

  /// Records a finished game (source "cli"; ended_at now when unset); its id, or 0 when not
  /// recorded (disabled, or the write failed: then a warning and recording stops).
  std::int64_t record(store::GameRecord g);

  /// Reports a store error once and stops using the store.
  void disable(const std::string& why);

 private:
  std::shared_ptr<store::Database> db_;
};

}  // namespace tilestone::app
