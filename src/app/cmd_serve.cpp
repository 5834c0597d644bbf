// tilestone serve: the web app on http://127.0.0.1:8048 by default.

#include <csignal>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "app/commands.h"
#include "server/server.h"

namespace tilestone::app {

void add_serve_command(CLI::App& root) {
  auto* cmd = root.add_subcommand("serve", "start the web app (2048, Gomoku, Lab) and the JSON API");
  auto host = std::make_shared<std::string>("127.0.0.1");
  auto port = std::make_shared<int>(8048);
  auto max_time = std::make_shared<double>(5000);
  cmd->add_option("--host", *host, "address to bind (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", *port, "port (default 8048; 0 picks a free one)");
  cmd->add_option("--max-time-ms", *max_time, "the most think time one request may ask for (default 5000)");
  cmd->callback([=] {
    if (*max_time < 1 || *max_time > 600000) throw UsageError("--max-time-ms must be between 1 and 600000");
    server::ServerLimits limits;
    limits.max_time_ms = *max_time;
    server::Server srv(limits);
    const auto bound = srv.bind(*host, *port);
    if (!bound) throw UsageError(bound.error());
    std::cout << fmt::format("tilestone serving http://{}:{}/  (Ctrl-C to stop)", *host, *bound) << std::endl;

    // Stop cleanly on SIGINT/SIGTERM: a helper thread waits for the signal.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::jthread waiter([&srv, set] {
      int sig = 0;
      sigwait(&set, &sig);
      srv.stop();
    });
    srv.listen();
    // listen() also returns when stop() came from elsewhere: wake the waiter.
    pthread_kill(waiter.native_handle(), SIGTERM);
  });
}

}  // namespace tilestone::app
