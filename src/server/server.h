#pragma once
// `tilestone serve`: the web UI and a JSON API over the engine, on cpp-httplib. The handlers
// parse, call the engine and format; rules and AIs stay in the engine.

#include <array>
#include <memory>
#include <string>

#include "core/result.h"
#include "gomoku/network.h"
#include "store/database.h"

namespace tilestone::server {

/// What one request may cost, and how many the server takes on at once. Every request's cost is
/// capped whatever mix of depth, playouts, games and time it asks for: a depth is a maximum and
/// never lifts the think time.
struct ServerLimits {
  double max_time_ms = 5000;         ///< think time of one AI decision
  int max_games = 200;               ///< games in one Lab benchmark
  double max_bench_time_ms = 100;    ///< think time per move in a Lab benchmark
  double max_bench_s = 600;          ///< wall time of one Lab benchmark; then it stops short
  std::size_t max_body_bytes = 64 * 1024;
  int max_running_benches = 2;       ///< Lab benchmarks running at once
  int max_connections = 256;         ///< connections served at once, one thread each
  int max_searches = 0;              ///< AI searches at once (0: twice the cores); more wait
  int search_wait_ms = 10000;        ///< how long; then HTTP 429
  int read_timeout_s = 5;            ///< a client silent this long mid-request is dropped
  int write_timeout_s = 5;           ///< a client that takes nothing this long is dropped
  int keep_alive_s = 3;              ///< an idle kept-alive connection is closed after this
  int max_train_games = 20000;       ///< games in one Lab training run
};

/// Where the server records the games played in the web app. A null `db` records nothing, and
/// `problem` says why (the history API and the pages show it).
struct Recording {
  std::shared_ptr<store::Database> db;  ///< shared by the request threads (Database locks itself)
  std::string problem = "recording is off (--no-db)";
};

/// The Gomoku networks the strong level can evaluate with, by rule (`serve --gomoku-network`
/// files, else the shipped ones), and which evaluation a request that names none gets.
struct GomokuNetworks {
  gomoku::RuleNetworks networks;  ///< a rule without one is evaluated classically
  std::array<bool, 3> by_default{};  ///< by rule: a request with no "eval" gets the network

  /// The network of `rule` for a request's `eval` ("classical", "network", or empty: the
  /// default); null: the classical evaluation. "network" where the server has none is refused.
  core::Result<std::shared_ptr<const gomoku::Network>> for_request(gomoku::Rule rule, const std::string& eval) const;
  /// The evaluation a request with no "eval" gets under `rule`: "network" or "classical".
  const char* default_eval(gomoku::Rule rule) const;
};

class Server {
 public:
  explicit Server(ServerLimits limits = {}, Recording recording = {}, GomokuNetworks networks = {});
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
