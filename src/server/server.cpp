#include "server/server.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <exception>

#include <fmt/format.h>

#include "g2048/ai.h"
#include "server/assets.h"
#include "server/connection_pool.h"
#include "server/http_util.h"
#include "server/routes.h"

namespace tilestone::server {

std::shared_ptr<SearchSlots::Slot> take_search_slot(Context& ctx) {
  auto slot = std::make_shared<SearchSlots::Slot>(ctx.searches, ctx.search_wait());
  if (!*slot) throw TooBusy("every search slot is taken: try again in a moment");
  return slot;
}

httplib::Server::Handler guarded(httplib::Server::Handler handler) {
  return [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const BadRequest& e) {
      send_error(res, e.what(), 400);
    } catch (const NotFound& e) {
      send_error(res, e.what(), 404);
    } catch (const TooBusy& e) {
      res.set_header("Retry-After", "1");
      send_error(res, e.what(), 429);
    } catch (const Unavailable& e) {
      send_error(res, e.what(), 503);
    } catch (const std::exception& e) {
      send_error(res, fmt::format("internal error: {}", e.what()), 500);
    }
  };
}

void Routes::get(const std::string& pattern, httplib::Server::Handler handler) {
  svr_.Get(pattern, guarded(std::move(handler)));
  methods_.emplace_back(std::regex(pattern), "GET, HEAD");
}

void Routes::post(const std::string& pattern, httplib::Server::Handler handler) {
  svr_.Post(pattern, guarded(std::move(handler)));
  methods_.emplace_back(std::regex(pattern), "POST");
}

std::string Routes::allowed(const std::string& path) const {
  std::string out;
  for (const auto& [re, method] : methods_) {
    if (!std::regex_match(path, re) || out.find(method) != std::string::npos) continue;
    out += (out.empty() ? "" : ", ") + method;
  }
  return out;
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

const std::string_view* find_asset(std::string path) {
  if (path == "/") path = "/index.html";
  const auto& assets = embedded_assets();
  auto it = assets.find(path);
  if (it == assets.end()) it = assets.find(path + ".html");
  return it == assets.end() ? nullptr : &it->first;
}

// "/" is the 2048 page; "/gomoku", "/lab" and "/history" name their pages without the extension.
void serve_asset(const httplib::Request& req, httplib::Response& res) {
  const std::string_view* name = find_asset(req.path);
  if (!name) return send_error(res, "no such page", 404);
  res.set_header("Cache-Control", "no-cache");
  res.set_content(std::string(embedded_assets().at(*name)), mime_type(*name));
}

// What the error handler says for a status that no handler explained (the library's own
// answers: a malformed request line or headers, a body over the cap, an unrouted method).
std::string status_text(int status) {
  switch (status) {
    case 400: return "malformed request";
    case 404: return "no such endpoint";
    case 405: return "method not allowed";
    case 413: return "request body too large";
    case 411: return "a request body needs a Content-Length";
    case 414: return "request URI too long";
    case 416: return "range not satisfiable";
    case 431: return "request headers too large";
    default: return fmt::format("HTTP {}", status);
  }
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
  Impl(ServerLimits limits, Recording recording, GomokuNetworks networks)
      : ctx(limits, std::move(recording), std::move(networks)), routes(http) {}
  httplib::Server http;
  Context ctx;
  Routes routes;
};

namespace {

// Paths without a route for the request's method: a 405 naming the methods the path takes, or a
// 404. OPTIONS answers the methods.
void unrouted(const Routes& routes, const httplib::Request& req, httplib::Response& res) {
  std::string allow = routes.allowed(req.path);
  if (allow.empty() && req.path.rfind("/api/", 0) != 0 && find_asset(req.path)) allow = "GET, HEAD";
  if (allow.empty()) return send_error(res, "no such endpoint", 404);
  res.set_header("Allow", allow);
  if (req.method == "OPTIONS") {
    res.status = 204;
    return;
  }
  send_error(res, fmt::format("{} is not allowed on {}: use {}", req.method, req.path, allow), 405);
}

// Connections: a thread each up to the cap, short timeouts, and no body read without a length.
void configure_connections(httplib::Server& svr, const ServerLimits& limits) {
  const auto connections = static_cast<std::size_t>(std::max(1, limits.max_connections));
  svr.new_task_queue = [connections] { return new ConnectionPool(connections); };
  svr.set_payload_max_length(limits.max_body_bytes);
  // Slow or idle clients are let go soon, so that they hold a connection thread only briefly.
  svr.set_read_timeout(limits.read_timeout_s, 0);
  svr.set_write_timeout(limits.write_timeout_s, 0);
  svr.set_keep_alive_timeout(limits.keep_alive_s);
  svr.set_keep_alive_max_count(100);
  // The library's default also sets SO_REUSEPORT, which lets a second `tilestone serve` bind the
  // same port and silently take half of the connections; only SO_REUSEADDR here.
  svr.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // The library caps a body by its Content-Length, but reads a chunked body, or a POST without
  // a length, to the end of the connection however long it is. No client of ours sends either,
  // so both are refused before the body is read.
  svr.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    const bool has_body = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
    if (!req.has_header("Transfer-Encoding") && (req.has_header("Content-Length") || !has_body))
      return httplib::Server::HandlerResponse::Unhandled;
    send_error(res, "a request body needs a Content-Length (chunked bodies are not accepted)", 411);
    return httplib::Server::HandlerResponse::Handled;
  });
}

// What no route answers: the UI for GET, 404 or 405 as JSON, and a JSON body for the library's
// own errors and for an exception that escaped a handler.
void add_fallbacks(httplib::Server& svr, const Routes& routes) {
  const auto fallback = [&routes](const httplib::Request& req, httplib::Response& res) { unrouted(routes, req, res); };
  svr.Get(R"(/api/.*)", fallback);
  svr.Get(R"(/.*)", serve_asset);
  svr.Post(R"(.*)", fallback);
  svr.Put(R"(.*)", fallback);
  svr.Patch(R"(.*)", fallback);
  svr.Delete(R"(.*)", fallback);
  svr.Options(R"(.*)", fallback);
  // A JSON 500, without the library's EXCEPTION_WHAT header.
  svr.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    fmt::print(stderr, "tilestone: internal error on {} {}: {}\n", req.method, req.path, what);
    res.headers.erase("EXCEPTION_WHAT");
    send_error(res, "internal error", 500);
  });
  // Malformed requests, bodies over the cap, a missing length.
  svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) send_error(res, status_text(res.status), res.status);
  });
}

}  // namespace

core::Result<std::shared_ptr<const gomoku::Network>> GomokuNetworks::for_request(gomoku::Rule rule,
                                                                               const std::string& eval) const {
  auto net = networks.get(rule);
  if (eval.empty()) return by_default[static_cast<std::size_t>(rule)] ? net : nullptr;
  if (eval == "classical") return std::shared_ptr<const gomoku::Network>();
  if (eval != "network") return core::fail("unknown eval '" + eval + "': choose classical or network");
  if (!net) return core::fail("this server has no network for " + std::string(gomoku::rule_name(rule)) + ": choose eval classical");
  return net;
}

const char* GomokuNetworks::default_eval(gomoku::Rule rule) const {
  return by_default[static_cast<std::size_t>(rule)] && networks.get(rule) ? "network" : "classical";
}

Server::Server(ServerLimits limits, Recording recording, GomokuNetworks networks)
    : impl_(std::make_unique<Impl>(limits, std::move(recording), std::move(networks))) {
  auto& routes = impl_->routes;
  configure_connections(impl_->http, limits);
  routes.get("/api/info", [this](const auto&, auto& res) {
    const auto& l = impl_->ctx.limits;
    const auto& rec = impl_->ctx.recording;
    json gomoku_eval = json::object(), gomoku_networks = json::object();
    for (gomoku::Rule rule : gomoku::ALL_RULES) {
      const std::string name(gomoku::rule_name(rule));
      gomoku_eval[name] = impl_->ctx.gomoku_networks.default_eval(rule);
      gomoku_networks[name] = impl_->ctx.gomoku_networks.networks.get(rule) != nullptr;
    }
    send_json(res, {{"version", "0.1.0"},
                    {"gomoku_eval", gomoku_eval},
                    {"gomoku_networks", gomoku_networks},
                    {"recording", rec.db ? json{{"enabled", true}, {"database", rec.db->path()}}
                                         : json{{"enabled", false}, {"problem", rec.problem}}},
                    {"ais2048", g2048::ai_names()},
                    {"levels", {"strong", "minimax", "scorer", "montecarlo"}},
                    {"rules", {"freestyle", "standard", "renju"}},
                    {"limits", {{"max_time_ms", l.max_time_ms}, {"max_games", l.max_games},
                                {"max_bench_time_ms", l.max_bench_time_ms}, {"max_bench_s", l.max_bench_s}}}});
  });
  add_2048_routes(routes, impl_->ctx);
  add_gomoku_routes(routes, impl_->ctx);
  add_train_routes(routes, impl_->ctx);
  add_history_routes(routes, impl_->ctx);
  add_review_routes(routes, impl_->ctx);
  add_fallbacks(impl_->http, routes);
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
