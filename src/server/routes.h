#pragma once
// Route registration, one function per API area.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <httplib.h>

#include "server/ai_pool.h"
#include "server/search_slots.h"
#include "server/server.h"

namespace tilestone::server {

/// Shared by the handlers: the limits, the count of running Lab benchmarks, the game store.
struct Context {
  explicit Context(ServerLimits l, Recording r, GomokuNetworks n = {})
      : limits(resolved(l)), recording(std::move(r)), gomoku_networks(std::move(n)), searches(limits.max_searches) {}

  ServerLimits limits;
  std::atomic<int> running_benches{0};
  std::atomic<int> running_trainings{0};  ///< Lab training runs (one at a time)
  Recording recording;
  GomokuNetworks gomoku_networks;  ///< the strong level's networks by rule, and the default evaluation
  AiPool ais;            ///< 2048 AIs lent to analyze requests
  SearchSlots searches;  ///< AI searches running at once

  /// The limits with their defaults filled in (max_searches 0: twice the hardware threads).
  static ServerLimits resolved(ServerLimits l) {
    if (l.max_searches <= 0) l.max_searches = static_cast<int>(2 * std::max(1u, std::thread::hardware_concurrency()));
    return l;
  }

  /// How long a request waits for a search slot before it is answered 429.
  std::chrono::milliseconds search_wait() const { return std::chrono::milliseconds(limits.search_wait_ms); }
};

/// A search slot for one request, held until its answer is written; TooBusy (HTTP 429) when
/// none comes free within the context's search_wait().
std::shared_ptr<SearchSlots::Slot> take_search_slot(Context& ctx);

/// Wraps a handler so that BadRequest becomes HTTP 400, NotFound 404, TooBusy 429,
/// Unavailable 503 and anything else HTTP 500, as JSON.
httplib::Server::Handler guarded(httplib::Server::Handler handler);

/// The API's routes: each handler is registered guarded, and the methods each path takes are
/// remembered, so that a known path asked with another method is a 405 rather than a 404.
class Routes {
 public:
  explicit Routes(httplib::Server& svr) : svr_(svr) {}

  void get(const std::string& pattern, httplib::Server::Handler handler);
  void post(const std::string& pattern, httplib::Server::Handler handler);

  /// The methods `path` takes ("GET, HEAD", "POST"), or "" when no route matches it.
  std::string allowed(const std::string& path) const;

 private:
  httplib::Server& svr_;
  std::vector<std::pair<std::regex, std::string>> methods_;  ///< pattern, method
};

void add_2048_routes(Routes& routes, Context& ctx);
void add_gomoku_routes(Routes& routes, Context& ctx);
/// The Lab's n-tuple training: a live run and the shipped network's curve.
void add_train_routes(Routes& routes, Context& ctx);
void add_history_routes(Routes& routes, Context& ctx);
/// Game reviews: POST /api/review and GET /api/review/stream (Server-Sent Events).
void add_review_routes(Routes& routes, Context& ctx);

}  // namespace tilestone::server
