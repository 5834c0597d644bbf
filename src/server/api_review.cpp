// The review API: a game graded move by move against the engine. A recorded game (by its id, or
// by the browser's client id) is reviewed once and kept with the game; a Gomoku game given as a
// move string is reviewed without being kept. Plain JSON, or Server-Sent Events with progress.

#include <algorithm>
#include <cctype>
#include <limits>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "gomoku/game.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "server/http_util.h"
#include "server/review_json.h"
#include "server/routes.h"

namespace tilestone::server {

namespace {

// What a request asks to review: a record, or a Gomoku move string.
struct ReviewJob {
  std::optional<store::GameRecord> record;
  std::vector<gomoku::Point> moves;
  int size = 15;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  std::optional<gomoku::Color> human;
  gomoku::ReviewOptions options;
};

store::Database& database(Context& ctx) {
  if (!ctx.recording.db) throw Unavailable("no game database: " + ctx.recording.problem);
  return *ctx.recording.db;
}

std::optional<store::GameRecord> find_record(const json& q, Context& ctx) {
  if (q.contains("id")) {
    const auto id = get_seed(q, "id", 0);
    if (id == 0 || id > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) throw BadRequest("'id' must be a game id from 1");
    auto g = database(ctx).game(static_cast<std::int64_t>(id));
    if (!g) throw Unavailable(g.error());
    if (!*g) throw NotFound(fmt::format("no game {}", id));
    return **g;
  }
  if (q.contains("client")) {
    const std::string game = get_string(q, "game", std::string("gomoku"));
    const std::string client = get_string(q, "client");
    if (game != "2048" && game != "gomoku") throw BadRequest("'game' must be 2048 or gomoku");
    if (client.empty() || client.size() > 64) throw BadRequest("'client' must be a browser game id (1-64 characters)");
    if (!ctx.recording.db) return std::nullopt;
    auto g = ctx.recording.db->game_by_client(game, client);
    if (!g) throw Unavailable(g.error());
    if (*g) return **g;
  }
  return std::nullopt;
}

// The most a Gomoku review may think in all (positions times think time), like every request's
// cost is capped.
constexpr int MAX_REVIEW_THINK_MS = 120000;

void check_cost(const ReviewJob& job, std::size_t moves) {
  const auto positions = static_cast<long long>(moves) + 1;
  if (positions * job.options.time_ms > MAX_REVIEW_THINK_MS)
    throw BadRequest(fmt::format("a review of {} moves may think at most {} ms a position", moves,
                                 std::max<long long>(1, MAX_REVIEW_THINK_MS / positions)));
}

ReviewJob get_job(const json& q, Context& ctx) {
  ReviewJob job;
  const int max_time = static_cast<int>(std::min<double>(ctx.limits.max_time_ms, 5000));
  job.options.time_ms = get_int(q, "time_ms", 1, max_time, std::min(gomoku::limits::REVIEW_TIME_MS, max_time));
  job.options.depth = get_int(q, "depth", 0, gomoku::limits::MAX_DEPTH, 0);
  job.record = find_record(q, ctx);
  // A browser game found by its id is reviewed as recorded, unless the page names other moves
  // (a stale id): then the moves it names are reviewed.
  if (job.record && (!q.contains("moves") || get_string(q, "moves") == job.record->moves)) {
    // A recorded Gomoku game has one letter per move.
    const auto& m = job.record->moves;
    if (job.record->game == "gomoku") check_cost(job, static_cast<std::size_t>(std::count_if(m.begin(), m.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })));
    return job;
  }
  job.record.reset();
  if (q.contains("id")) throw NotFound("no such game");
  const std::string game = get_string(q, "game", std::string("gomoku"));
  if (game == "2048") throw NotFound("this 2048 game is not recorded (yet): a 2048 review needs a recorded game");
  if (game != "gomoku") throw BadRequest("'game' must be 2048 or gomoku");
  if (!q.contains("moves")) throw BadRequest("give 'id' (a recorded game) or a Gomoku game as 'moves'");
  job.size = get_int(q, "size", gomoku::limits::MIN_SIZE, gomoku::limits::MAX_SIZE, gomoku::limits::DEFAULT_SIZE);
  const std::string rule = get_string(q, "rule", std::string("freestyle"));
  const auto r = gomoku::parse_rule(rule);
  if (!r) throw BadRequest(fmt::format("unknown rule '{}': choose freestyle, standard or renju", rule));
  job.rule = *r;
  const std::string moves = get_string(q, "moves");
  if (moves.size() > 4 * 22 * 22) throw BadRequest("'moves' is too long");
  auto state = gomoku::replay_game(moves, job.size, job.rule);
  if (!state) throw BadRequest(state.error());
  if (state->moves.empty()) throw BadRequest("'moves' holds no move to review");
  job.moves = state->moves;
  check_cost(job, job.moves.size());
  const std::string human = get_string(q, "human", std::string("both"));
  if (human == "black") job.human = gomoku::Color::BLACK;
  else if (human == "white") job.human = gomoku::Color::WHITE;
  else if (human != "both") throw BadRequest("'human' must be black, white or both");
  return job;
}

json run_job(const ReviewJob& job, Context& ctx, const ReviewProgress& progress, const std::atomic<bool>* stop) {
  if (job.record) {
    auto out = review_record(ctx.recording.db.get(), *job.record, job.options, progress, stop);
    if (!out) throw BadRequest(out.error());
    return *out;
  }
  auto r = gomoku::review_game(job.moves, job.size, job.rule, job.options, progress, stop);
  if (!r) throw BadRequest(r.error());
  json out = gomoku_review_json(*r, job.human, job.options);
  out["cached"] = false;
  out["game_id"] = nullptr;
  return out;
}

void review_stream(const httplib::Request& req, httplib::Response& res, Context& ctx) {
  const ReviewJob job = get_job(query_object(req), ctx);
  auto slot = take_search_slot(ctx);
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider("text/event-stream", [job, slot, &ctx](std::size_t, httplib::DataSink& sink) {
    std::mutex mu;
    std::atomic<bool> gone{false};
    auto write = [&](const std::string& ev) {
      std::lock_guard lock(mu);
      if (!gone && !sink.write(ev.data(), ev.size())) gone = true;
    };
    try {
      const json result = run_job(job, ctx, [&](int done, int total) {
        write(sse_event("progress", {{"done", done}, {"total", total}}));
      }, &gone);
      write(sse_event("result", result));
    } catch (const std::exception& e) {
      write(sse_event("error", {{"error", e.what()}}));
    }
    sink.done();
    return true;
  });
}

}  // namespace

void add_review_routes(Routes& routes, Context& ctx) {
  routes.post("/api/review", [&ctx](const auto& req, auto& res) {
    const ReviewJob job = get_job(parse_body(req), ctx);
    const auto slot = take_search_slot(ctx);
    send_json(res, run_job(job, ctx, {}, nullptr));
  });
  routes.get("/api/review/stream", [&ctx](const auto& req, auto& res) { review_stream(req, res, ctx); });
}

}  // namespace tilestone::server
