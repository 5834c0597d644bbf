#pragma once
// `tilestone serve`: the web UI and a JSON API over the engine, on cpp-httplib. The handlers
// parse, call the engine and format; rules and AIs stay in the engine.

#include <memory>
#include <string>

#include "core/result.h"
#include "store/database.h"

namespace tilestone::server {

/// What one request may cost.
struct ServerLimits {
  double max_time_ms = 5000;         ///< think time of one AI decision
  int max_games = 200;               ///< games in one Lab benchmark
  double max_bench_time_ms = 100;    ///< think time per move in a Lab benchmark
  std::size_t max_body_bytes = 64 * 1024;
  int max_running_benches = 2;       ///< Lab benchmarks running at once
  int max_train_games = 20000;       ///< games in one Lab training run
  int threads = 64;                  ///< requests served at once
};

/// Where the server records the games played in the web app. A null `db` records nothing, and
/// `problem` says why (the history API and the pages show it).
struct Recording {
  std::shared_ptr<store::Database> db;  ///< shared by the request threads (Database locks itself)
  std::string problem = "recording is off (--no-db)";
};

class Server {
 public:
  explicit Server(ServerLimits limits = {}, Recording recording = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds host:port (port 0: any free port). Returns the bound port, or why it failed.
  core::Result<int> bind(const std::string& host, int port);
  /// Serves until stop() is called (from another thread or a signal handler's thread).
  void listen();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tilestone::server
