// The 2048 API: new game, move (with the tile motions and the spawn for the animation),
// analyze (best move and every move's value), and the Lab benchmark streamed as SSE.

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "core/clock.h"
#include "lab/core/svg.h"
#include "g2048/ai.h"
#include "lab/g2048/bench.h"
#include "g2048/game.h"
#include "g2048/limits.h"
#include "g2048/params.h"
#include "g2048/review.h"
#include "g2048/shipped_network.h"
#include "server/http_util.h"
#include "server/routes.h"

namespace tilestone::server {

using namespace tilestone::g2048;

namespace {

// The shortest interval between two "move" events of a Lab benchmark.
constexpr int MOVE_EVENT_MS = 200;

json cells_json(const Grid& g) {
  json cells = json::array();
  for (auto e : g.cells) cells.push_back(e == 0 ? 0 : (std::uint64_t{1} << e));
  return cells;
}

json state_json(const Grid& g, std::uint64_t score, std::uint64_t seed) {
  return {{"board", format_grid(g)},
          {"cells", cells_json(g)},
          {"score", score},
          {"seed", std::to_string(seed)},
          {"won", g.max_exponent() >= WIN_EXPONENT},
          {"over", !has_move(g)}};
}

Grid get_grid(const json& body) {
  auto g = parse_grid(get_string(body, "board"));
  if (!g) throw BadRequest("bad 'board': " + g.error());
  return *g;
}

Dir get_dir(const json& body) {
  const auto d = parse_dir(get_string(body, "dir"));
  if (!d) throw BadRequest("'dir' must be up, down, left or right");
  return *d;
}

// The AI and its limits from a request. The think time is capped by the server's limits; a
// depth is only a maximum, and a request with a depth and no time gets the cap as its time. The
// shipped network serves the ntuple AI and expectimax (unless "eval" is "heuristic"); without it,
// expectimax falls back to the heuristic and the ntuple AI is unavailable.
std::pair<AiConfig, Limits> get_ai(const json& body, double max_time_ms) {
  AiConfig cfg{get_string(body, "ai", std::string("expectimax")), std::nullopt, get_string(body, "eval", std::string())};
  const auto& names = ai_names();
  if (std::find(names.begin(), names.end(), cfg.name) == names.end())
    throw BadRequest(make_ai(cfg).error());  // the message that lists the AIs
  const bool default_ntuple = cfg.eval.empty() && params::NTUPLE_IS_DEFAULT_EVAL;
  if (cfg.name == "ntuple" || (cfg.name == "expectimax" && (cfg.eval == "ntuple" || default_ntuple))) {
    auto net = shipped_network();
    if (net) cfg.network = *net;
    else if (cfg.name == "ntuple" || cfg.eval == "ntuple") throw Unavailable(net.error());
  }
  Limits l;
  l.depth = get_int(body, "depth", 0, limits::max_depth(cfg.name == "minimax"), 0);
  l.time_ms = get_number(body, "time_ms", 1, max_time_ms, l.depth > 0 ? max_time_ms : std::min(DEFAULT_TIME_MS, max_time_ms));
  l.playouts = get_int(body, "playouts", 1, limits::MAX_PLAYOUTS, limits::DEFAULT_PLAYOUTS);
  l.seed = get_seed(body, "seed", limits::DEFAULT_SEED);
  l.threads = 1;  // many clients share the cores: one thread per request
  return {cfg, l};
}

void new_game(const httplib::Request& req, httplib::Response& res) {
  const json body = req.body.empty() ? json::object() : parse_body(req);
  const std::uint64_t seed = get_seed(body, "seed", static_cast<std::uint64_t>(core::now_us()));
  const ClientMove m = client_new_game(seed);
  send_json(res, state_json(m.grid, 0, m.next_seed));
}

void move(const httplib::Request& req, httplib::Response& res) {
  const json body = parse_body(req);
  const Grid grid = get_grid(body);
  const auto score = static_cast<std::uint64_t>(get_number(body, "score", 0, 1e15, 0));
  const Dir d = get_dir(body);
  const std::uint64_t seed = get_seed(body, "seed", 1);
  const ClientMove m = client_move(grid, score, d, seed);
  json out = state_json(m.grid, m.score, m.next_seed);
  out["moved"] = m.step.has_value();
  out["gain"] = m.step ? m.step->gain : 0;
  json motions = json::array();
  if (m.step) {
    for (const auto& t : m.step->motions)
      motions.push_back({{"from", t.from}, {"to", t.to}, {"value", std::uint64_t{1} << t.exponent}, {"merged", t.merged}});
    if (m.step->spawn)
      out["spawn"] = {{"cell", m.step->spawn->cell}, {"value", std::uint64_t{1} << m.step->spawn->exponent}};
  }
  out["motions"] = motions;
  send_json(res, out);
}

void analyze(const httplib::Request& req, httplib::Response& res, Context& ctx) {
  const json body = parse_body(req);
  const Grid grid = get_grid(body);
  const auto [cfg, limits] = get_ai(body, ctx.limits.max_time_ms);
  const SearchSlots::Slot slot(ctx.searches, ctx.search_wait());
  if (!slot) throw TooBusy("every search slot is taken: try again in a moment");
  auto lease = ctx.ais.lend(cfg);
  if (!lease) throw BadRequest(lease.error());
  Ai* ai = &*lease.value();
  const Analysis a = ai->analyze(grid.to_board(), limits);
  // In human terms: each move's expected final score (g2048/review.h), from the score so far.
  // The network loads in the background when the server starts; until it is there, a hint
  // goes without expected scores rather than wait for it.
  const auto score = static_cast<std::uint64_t>(get_number(body, "score", 0, static_cast<double>(limits::MAX_SCORE), 0));
  const auto net = shipped_network_if_loaded();
  std::optional<Outlook> outlook;
  if (net && *net) {
    // A pooled expectimax over the network: its tables are not allocated again per request.
    auto over_net = ctx.ais.lend(AiConfig{"expectimax", std::nullopt, "ntuple", **net});
    if (!over_net) throw std::runtime_error(over_net.error());
    outlook = g2048::outlook(*over_net.value(), grid, score);
  }
  json moves = json::array();
  for (Dir d : ALL_DIRS) {
    const SlideResult s = slide(grid, d);
    const auto k = static_cast<std::size_t>(index(d));
    const bool known = outlook && outlook->legal[k];
    moves.push_back({{"dir", to_string(d)},
                     {"legal", s.moved},
                     {"value", s.moved ? json(a.values[index(d)]) : json(nullptr)},
                     {"expected_score", known ? json(outlook->expected_score[k]) : json(nullptr)},
                     {"gain", s.gain},
                     {"board", format_grid(s.grid)}});
  }
  json out = {{"best", a.best ? json(to_string(*a.best)) : json(nullptr)},
              {"ai", cfg.name},
              {"eval", cfg.name != "expectimax" ? json(nullptr) : json(cfg.network ? "ntuple" : "heuristic")},
              {"depth", a.depth},
              {"nodes", a.nodes},
              {"time_ms", a.time_ms},
              {"score", score},
              {"expected_best", outlook && outlook->best ? json(to_string(*outlook->best)) : json(nullptr)},
              {"moves", moves}};
  if (!net) out["expected_score_unavailable"] = "the n-tuple network is still loading";
  else if (!*net) out["expected_score_unavailable"] = net->error();
  send_json(res, out);
}

json summary_json(const BenchReport& r, const std::string& title) {
  const BenchSummary s = summarize(r);
  json reach = json::object();
  for (const auto& [e, frac] : s.reach) reach[std::to_string(std::uint64_t{1} << e)] = frac;
  // How many games ended on each max tile, smallest first: the page draws its own histogram.
  std::map<int, int> ended;
  for (const auto& g : r.games) ++ended[g.max_exponent];
  json max_tiles = json::array();
  for (const auto& [e, n] : ended) max_tiles.push_back({{"tile", std::uint64_t{1} << e}, {"games", n}});
  return {{"reach", reach},
          {"max_tiles", max_tiles},
          {"games", s.games},
          {"score", {{"mean", s.score_mean}, {"median", s.score_median}, {"max", s.score_max}}},
          {"moves", s.total_moves},
          {"moves_per_s", s.moves_per_s},
          {"ms_per_move", {{"p50", s.ms_p50}, {"p99", s.ms_p99}, {"max", s.ms_max}}},
          {"wall_s", r.wall_s},
          {"cut_short", r.cut_short},
          {"svg", core::render_svg(max_tile_chart(r, title))}};
}

// The Lab benchmark as Server-Sent Events: "move" within a game (its moves and score so far, at
// most every MOVE_EVENT_MS), "progress" after each game, then "result" (or "error"). A client
// that goes away cancels the run.
void bench_stream(const httplib::Request& req, httplib::Response& res, Context& ctx) {
  const json q = query_object(req);
  BenchConfig cfg;
  std::tie(cfg.ai, cfg.limits) = get_ai(q, ctx.limits.max_bench_time_ms);
  // A Lab benchmark plays many moves: fewer playouts a move than one decision may have.
  cfg.limits.playouts = get_int(q, "playouts", 1, 400, 100);
  cfg.games = get_int(q, "games", 1, ctx.limits.max_games, 10);
  cfg.seed = get_seed(q, "seed", limits::DEFAULT_SEED);
  cfg.jobs = 1;
  if (ctx.running_benches.fetch_add(1) >= ctx.limits.max_running_benches) {
    ctx.running_benches.fetch_sub(1);
    throw TooBusy(fmt::format("{} benchmarks are running already: try again when one ends",
                              ctx.limits.max_running_benches));
  }
  const std::string title = fmt::format("{}, {} games", cfg.ai.name, cfg.games);
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider(
      "text/event-stream",
      [&ctx, cfg, title](std::size_t, httplib::DataSink& sink) mutable {
        // However many games it asks for, a run stops at the server's wall-time cap.
        cfg.deadline = core::Deadline::in_ms(ctx.limits.max_bench_s * 1000.0);
        std::mutex mu;
        bool gone = false;
        cfg.cancelled = [&] {
          std::lock_guard lock(mu);
          return gone;
        };
        // Within a game, the moves and score so far; a few per second, so a slow game still shows
        // its progress and a fast one does not flood the stream.
        auto last_move_event = std::chrono::steady_clock::now() - std::chrono::milliseconds(MOVE_EVENT_MS);
        cfg.on_move = [&](const BenchMoveInfo& m) {
          const auto now = std::chrono::steady_clock::now();
          if (now - last_move_event < std::chrono::milliseconds(MOVE_EVENT_MS)) return;
          last_move_event = now;
          const std::string ev = sse_event("move", {{"game", m.index + 1},
                                                    {"total", cfg.games},
                                                    {"moves", m.moves},
                                                    {"score", m.score},
                                                    {"max_tile", std::uint64_t{1} << m.max_exponent}});
          std::lock_guard lock(mu);
          if (!gone && !sink.write(ev.data(), ev.size())) gone = true;
        };
        const auto report = run_bench_games(cfg, [&](int done, int total, const GameRecord& g) {
          const std::string ev = sse_event(
              "progress", {{"done", done},
                           {"total", total},
                           {"last", {{"score", g.score}, {"max_tile", std::uint64_t{1} << g.max_exponent}, {"moves", g.moves}}}});
          std::lock_guard lock(mu);
          if (!gone && !sink.write(ev.data(), ev.size())) gone = true;
        });
        if (!gone) {
          const std::string ev = report ? sse_event("result", summary_json(*report, title))
                                        : sse_event("error", {{"error", report.error()}});
          sink.write(ev.data(), ev.size());
        }
        sink.done();
        return true;
      },
      [&ctx](bool) { ctx.running_benches.fetch_sub(1); });
}

}  // namespace

void add_2048_routes(Routes& routes, Context& ctx) {
  routes.post("/api/2048/new", new_game);
  routes.post("/api/2048/move", move);
  routes.post("/api/2048/analyze", [&ctx](const auto& req, auto& res) { analyze(req, res, ctx); });
  routes.get("/api/2048/bench/stream", [&ctx](const auto& req, auto& res) { bench_stream(req, res, ctx); });
}

}  // namespace tilestone::server
