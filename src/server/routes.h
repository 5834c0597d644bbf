#pragma once
// Route registration, one function per API area.

#include <atomic>

#include <httplib.h>

#include "server/ai_pool.h"
#include "server/server.h"

namespace tilestone::server {

/// Shared by the handlers: the limits, the count of running Lab benchmarks, the game store.
struct Context {
  ServerLimits limits;
  std::atomic<int> running_benches{0};
  std::atomic<int> running_trainings{0};  ///< Lab training runs (one at a time)
  Recording recording;
  AiPool ais;  ///< 2048 AIs lent to analyze requests
};

/// Wraps a handler so that BadRequest becomes HTTP 400, NotFound 404, Unavailable 503 and
/// anything else HTTP 500, as JSON.
httplib::Server::Handler guarded(httplib::Server::Handler handler);

void add_2048_routes(httplib::Server& svr, Context& ctx);
void add_gomoku_routes(httplib::Server& svr, Context& ctx);
/// The Lab's n-tuple training: a live run and the shipped network's curve.
void add_train_routes(httplib::Server& svr, Context& ctx);
void add_history_routes(httplib::Server& svr, Context& ctx);

}  // namespace tilestone::server
