#include "server/server.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <fmt/format.h>

#include "g2048/ai.h"
#include "server/assets.h"
#include "server/http_util.h"
#include "server/routes.h"

namespace tilestone::server {

httplib::Server::Handler guarded(httplib::Server::Handler handler) {
  return [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const BadRequest& e) {
      send_error(res, e.what(), 400);
    } catch (const NotFound& e) {
      send_error(res, e.what(), 404);
    } catch (const Unavailable& e) {
      send_error(res, e.what(), 503);
    } catch (const std::exception& e) {
      send_error(res, fmt::format("internal error: {}", e.what()), 500);
    }
  };
}

namespace {

std::string mime_type(std::string_view path) {
  auto ends = [&](std::string_view ext) { return path.size() >= ext.size() && path.substr(path.size() - ext.size()) == ext; };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".json")) return "application/json";
  return "application/octet-stream";
}

// "/" is the 2048 page; "/gomoku", "/lab" and "/history" name their pages without the extension.
void serve_asset(const httplib::Request& req, httplib::Response& res) {
  std::string path = req.path;
  if (path == "/") path = "/index.html";
  const auto& assets = embedded_assets();
  auto it = assets.find(path);
  if (it == assets.end()) it = assets.find(path + ".html");
  if (it == assets.end()) {
    res.status = 404;
    res.set_content("not found\n", "text/plain");
    return;
  }
  res.set_header("Cache-Control", "no-cache");
  res.set_content(std::string(it->second), mime_type(it->first));
}

}  // namespace

namespace {

constexpr int LISTEN_BACKLOG = 256;
constexpr int MAX_FD_SCAN = 4096;

// Debian's cpp-httplib is a compiled library that listens with a backlog of 5. When the cores are
// busy with searches and many clients connect at once, the accept queue overflows and a dropped
// connection waits a second for its retry; calling listen() again on the bound socket (which
// Linux allows) raises the backlog. The socket is found as this process's listening socket
// bound to `port`.
void raise_listen_backlog(int port) {
  for (int fd = 0; fd < MAX_FD_SCAN; ++fd) {
    int listening = 0;
    socklen_t len = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || !listening) continue;
    sockaddr_storage addr{};
    socklen_t addr_len = sizeof addr;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &addr_len) != 0) continue;
    int bound = -1;
    if (addr.ss_family == AF_INET) bound = ntohs(reinterpret_cast<const sockaddr_in*>(&addr)->sin_port);
    if (addr.ss_family == AF_INET6) bound = ntohs(reinterpret_cast<const sockaddr_in6*>(&addr)->sin6_port);
    if (bound == port) ::listen(fd, LISTEN_BACKLOG);
  }
}

}  // namespace

struct Server::Impl {
  httplib::Server http;
  Context ctx;
};

Server::Server(ServerLimits limits, Recording recording) : impl_(std::make_unique<Impl>()) {
  impl_->ctx.limits = limits;
  impl_->ctx.recording = std::move(recording);
  auto& svr = impl_->http;
  const int threads = limits.threads;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  svr.set_payload_max_length(limits.max_body_bytes);
  svr.set_read_timeout(10, 0);
  svr.set_write_timeout(10, 0);
  svr.set_keep_alive_max_count(100);

  svr.Get("/api/info", guarded([this](const auto&, auto& res) {
            const auto& l = impl_->ctx.limits;
            const auto& rec = impl_->ctx.recording;
            send_json(res, {{"version", "0.1.0"},
                            {"recording", rec.db ? json{{"enabled", true}, {"database", rec.db->path()}}
                                                 : json{{"enabled", false}, {"problem", rec.problem}}},
                            {"ais2048", g2048::ai_names()},
                            {"levels", {"strong", "minimax", "scorer", "montecarlo"}},
                            {"rules", {"freestyle", "standard", "renju"}},
                            {"limits", {{"max_time_ms", l.max_time_ms}, {"max_games", l.max_games},
                                        {"max_bench_time_ms", l.max_bench_time_ms}}}});
          }));
  add_2048_routes(svr, impl_->ctx);
  add_gomoku_routes(svr, impl_->ctx);
  add_train_routes(svr, impl_->ctx);
  add_history_routes(svr, impl_->ctx);
  // Unknown API paths are JSON errors; everything else is the UI.
  svr.Get(R"(/api/.*)", [](const auto&, auto& res) { send_error(res, "no such endpoint", 404); });
  svr.Post(R"(/api/.*)", [](const auto&, auto& res) { send_error(res, "no such endpoint", 404); });
  svr.Get(R"(/.*)", serve_asset);
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.status == 413) send_error(res, "request body too large", 413);
    else if (res.body.empty() && req.path.rfind("/api/", 0) == 0) send_error(res, fmt::format("HTTP {}", res.status), res.status);
  });
}

Server::~Server() { stop(); }

core::Result<int> Server::bind(const std::string& host, int port) {
  if (port < 0 || port > 65535) return core::fail(fmt::format("port {} is out of range", port));
  if (port == 0) {
    const int p = impl_->http.bind_to_any_port(host);
    if (p <= 0) return core::fail(fmt::format("cannot bind {}", host));
    raise_listen_backlog(p);
    return p;
  }
  if (!impl_->http.bind_to_port(host, port))
    return core::fail(fmt::format("cannot bind {}:{} (in use, or not an address of this machine)", host, port));
  raise_listen_backlog(port);
  return port;
}

void Server::listen() { impl_->http.listen_after_bind(); }

void Server::stop() {
  if (impl_->http.is_running()) impl_->http.stop();
}

}  // namespace tilestone::server
