// The Lab's training API: a short TD training run streamed as Server-Sent Events (one "progress"
// event per block of games, then "result"), and the shipped network's learning curve from its log.

#include <fstream>
#include <iterator>
#include <mutex>

#include <fmt/format.h>

#include "lab/core/svg.h"
#include "g2048/shipped_network.h"
#include "lab/g2048/td_train.h"
#include "lab/g2048/train_log.h"
#include "server/http_util.h"
#include "server/routes.h"

namespace tilestone::server {

using namespace tilestone::g2048;

namespace {

json progress_json(const TrainProgress& p) {
  json rates = json::object();
  for (std::size_t k = 0; k < REPORTED_EXPONENTS.size(); ++k)
    rates[std::to_string(1 << REPORTED_EXPONENTS[k])] = p.rates[k];
  return {{"games", p.games},       {"target", p.target},           {"elapsed_s", p.elapsed_s},
          {"games_per_s", p.games_per_s}, {"moves_per_s", p.moves_per_s}, {"alpha", p.alpha},
          {"mean_score", p.mean_score}, {"max_score", p.max_score},   {"rates", rates}};
}

void shipped_curve(const httplib::Request&, httplib::Response& res) {
  std::ifstream f(shipped_log_path(), std::ios::binary);
  if (!f) throw NotFound(fmt::format("no training log at {}", shipped_log_path()));
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const auto log = parse_train_log(text);
  if (!log) throw Unavailable(log.error());
  json points = json::array();
  for (const auto& p : *log) points.push_back(progress_json(p));
  send_json(res, {{"points", points},
                  {"svg", core::render_svg(learning_curve(*log, "the shipped network: TD learning curve"))}});
}

// A run trains a fresh network with the default layout and throws it away: the point is to
// watch it learn. One run at a time (each holds a few hundred megabytes of weights).
void train_stream(const httplib::Request& req, httplib::Response& res, Context& ctx) {
  const json q = query_object(req);
  TrainConfig cfg;
  cfg.games = static_cast<std::uint64_t>(get_int(q, "games", 100, ctx.limits.max_train_games, 10000));
  cfg.seed = get_seed(q, "seed", 1);
  cfg.alpha = get_number(q, "alpha", 0.001, 1.0, cfg.alpha);
  cfg.report_games = static_cast<std::uint64_t>(get_int(q, "every", 100, 10000, 1000));
  cfg.threads = 1;
  if (ctx.running_trainings.fetch_add(1) >= 1) {
    ctx.running_trainings.fetch_sub(1);
    throw BadRequest("a training run is going already: try again when it ends");
  }
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider(
      "text/event-stream",
      [cfg](std::size_t, httplib::DataSink& sink) {
        std::atomic<bool> gone{false};
        auto net = std::make_unique<NTupleNetwork>();
        TrainHooks hooks;
        hooks.stop = &gone;
        hooks.on_progress = [&](const TrainProgress& p) {
          const std::string ev = sse_event("progress", progress_json(p));
          if (!gone && !sink.write(ev.data(), ev.size())) gone = true;
        };
        train(*net, cfg, hooks);
        if (!gone) {
          const std::string ev = sse_event("result", {{"games", net->games_trained}});
          sink.write(ev.data(), ev.size());
        }
        sink.done();
        return true;
      },
      [&ctx](bool) { ctx.running_trainings.fetch_sub(1); });
}

}  // namespace

void add_train_routes(Routes& routes, Context& ctx) {
  routes.get("/api/2048/train/shipped", shipped_curve);
  routes.get("/api/2048/train/stream", [&ctx](const auto& req, auto& res) { train_stream(req, res, ctx); });
}

}  // namespace tilestone::server
