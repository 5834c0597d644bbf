// tilestone serve: the web app on http://127.0.0.1:8048 by default.

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"
#include "app/recorder.h"
#include "g2048/limits.h"
#include "g2048/shipped_network.h"
#include "gomoku/shipped_network.h"
#include "gomoku/limits.h"
#include "server/server.h"

namespace tilestone::app {

namespace {

// The store the web app records into; a database that cannot be opened gives one warning and the
// server runs without recording (the History page shows why). A --db in a missing folder is a
// RunError (db_path).
server::Recording open_recording(const DbOptions& o) {
  server::Recording r;
  if (o.no_db) return r;
  auto db = store::Database::open(db_path(o));
  if (!db) {
    std::cerr << fmt::format("tilestone: {}; serving without recording games", db.error()) << std::endl;
    r.problem = db.error();
    return r;
  }
  r.db = std::move(db).value();
  r.problem.clear();
  return r;
}

// Whether `host` only accepts connections from this machine.
bool loopback(const std::string& host) {
  return host == "localhost" || host.rfind("127.", 0) == 0 || host == "::1" || host == "[::1]";
}

// The API has no authentication: on any other address, whoever can reach the port can use it.
std::string exposure_warning(const std::string& host, int port, const server::ServerLimits& l, const std::string& db) {
  return fmt::format(
      "tilestone: WARNING: --host {} exposes the API to the network WITHOUT authentication.\n"
      "  Anyone who can reach port {} can run AI searches on this machine (up to {:.0f} ms each),\n"
      "  start Lab benchmarks, {}, and read every recorded game.\n"
      "  Use the default --host 127.0.0.1 unless every machine on this network is trusted.",
      host, port, l.max_time_ms,
      db.empty() ? "record nothing (--no-db)" : fmt::format("record games into {} (and so teach the Gomoku AI)", db));
}

}  // namespace

void add_serve_command(CLI::App& root) {
  auto* cmd = root.add_subcommand("serve", "start the web app (2048, Gomoku, Lab, History) and the JSON API");
  auto host = std::make_shared<std::string>("127.0.0.1");
  auto port = std::make_shared<int>(8048);
  auto max_time = std::make_shared<double>(5000);
  auto max_bench = std::make_shared<double>(server::ServerLimits{}.max_bench_s);
  auto max_searches = std::make_shared<int>(0);
  auto db = std::make_shared<DbOptions>();
  auto networks = std::make_shared<std::vector<std::string>>();
  auto eval = std::make_shared<std::string>();
  // The longest think time any request may have: the longer of the two games' bounds (the same).
  static_assert(g2048::limits::MAX_TIME_MS == gomoku::limits::MAX_TIME_MS);
  add_text(cmd, "--host", *host, "ADDRESS", "the address to listen on (127.0.0.1: this machine only; any other exposes the unauthenticated API)");
  add_int(cmd, "--port", *port, "PORT", 0, 65535, "the port (0: any free one)");
  add_number(cmd, "--max-time-ms", *max_time, "MS", 1, gomoku::limits::MAX_TIME_MS, "the most think time one request may ask for");
  add_number(cmd, "--max-bench-s", *max_bench, "S", 1, 86400, "the most wall time one Lab benchmark may run");
  add_int(cmd, "--max-searches", *max_searches, "N", 0, 1024, "AI searches run at once; more wait their turn (0: twice the cores)");
  cmd->add_option("--gomoku-network", *networks,
                  "a trained network for the Gomoku strong level under its rule (once per rule; default: the shipped ones); "
                  "the rule's default evaluation unless --gomoku-eval classical")
      ->type_name("FILE");
  add_choice(cmd, "--gomoku-eval", *eval, "EVAL", {"classical", "network"},
             "the Gomoku strong level's evaluation when a request names none (default: network under the rules of "
             "--gomoku-network, else classical); a page can pick either where the server has a network");
  add_db_options(cmd, *db);
  cmd->callback([=] {
    // The networks first: a bad file is refused before anything listens.
    server::GomokuNetworks nets;
    for (const auto& path : *networks)
      if (auto added = nets.networks.add_file(path); !added) throw UsageError("--gomoku-network: " + added.error());
    for (gomoku::Rule rule : gomoku::ALL_RULES)
      nets.by_default[static_cast<std::size_t>(rule)] = *eval == "network" || (eval->empty() && nets.networks.get(rule) != nullptr);
    // The rules with no file given take the shipped network where there is one.
    if (auto added = gomoku::add_shipped_networks(nets.networks); !added) throw RunError("the shipped network: " + added.error());
    if (*eval == "network" && !nets.networks.any())
      throw UsageError("--gomoku-eval network: no network is shipped here and none is given (--gomoku-network FILE)");
    // SIGINT/SIGTERM are blocked before anything else, so that one arriving as soon as the banner
    // is out still stops the server cleanly; the server's threads inherit the mask, and a helper
    // thread waits for the signal.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    server::ServerLimits limits;
    limits.max_time_ms = *max_time;
    limits.max_bench_s = *max_bench;
    limits.max_searches = *max_searches;
    server::Recording recording = open_recording(*db);
    const std::string recorded_in = recording.db ? recording.db->path() : std::string();
    server::Server srv(limits, std::move(recording), nets);
    // Load the n-tuple network now, beside the listening server: every 2048 hint shows expected
    // scores with it, and the first one should not wait for the load. Detached: a server that
    // cannot start exits without waiting for it.
    std::thread([] { (void)g2048::shipped_network(); }).detach();
    const auto bound = srv.bind(*host, *port);
    if (!bound) throw RunError(bound.error());
    if (!loopback(*host)) std::cerr << exposure_warning(*host, *bound, limits, recorded_in) << std::endl;
    std::cout << fmt::format("tilestone serving http://{}:{}/  (Ctrl-C to stop)", *host, *bound) << std::endl;
    if (!recorded_in.empty()) std::cout << fmt::format("games are recorded in {}", recorded_in) << std::endl;
    for (gomoku::Rule rule : gomoku::ALL_RULES)
      if (nets.networks.get(rule))
        std::cout << fmt::format("Gomoku {}: the strong level evaluates with the {} by default (a page can pick either)",
                                 gomoku::rule_name(rule), nets.by_default[static_cast<std::size_t>(rule)] ? "network" : "classical evaluation")
                  << std::endl;

    // A signal that came before listen() got going (one sent as soon as the banner is out)
    // would find nothing to stop: the waiter asks again until listen() has returned.
    std::atomic<bool> listening_done{false};
    std::jthread waiter([&srv, &listening_done, set] {
      int sig = 0;
      sigwait(&set, &sig);
      while (!listening_done) {
        srv.stop();
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    });
    srv.listen();
    listening_done = true;
    // listen() also returns when stop() came from elsewhere: wake the waiter.
    pthread_kill(waiter.native_handle(), SIGTERM);
  });
}

}  // namespace tilestone::app
