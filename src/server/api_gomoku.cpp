// The Gomoku API: the state of a game given as a move string (turn, result, winning line,
// forbidden points), and the AI's move, plain or streamed as Server-Sent Events. The AI avoids
// the moves it learnt from lost games when the server has a game store.

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

#include <fmt/format.h>

#include "gomoku/ai.h"
#include "gomoku/game.h"
#include "gomoku/limits.h"
#include "store/learned.h"
#include "gomoku/notation.h"
#include "gomoku/winprob.h"
#include "server/http_util.h"
#include "server/routes.h"

namespace tilestone::server {

using namespace tilestone::gomoku;

namespace {

// Each request owns its engine; this keeps the memory of many concurrent searches modest.
constexpr std::size_t REQUEST_TT_MB = 16;
// How often a streamed search writes a comment line (ignored by the browser) to find out whether
// its client is still there: a write fails soon after the client has gone.
constexpr auto HEARTBEAT = std::chrono::milliseconds(100);

json points_json(const std::vector<Point>& pts, int size) {
  json a = json::array();
  for (Point p : pts) a.push_back(format_point(p, size));
  return a;
}

json state_json(const GameState& s) {
  const int size = s.board.size();
  json winner = nullptr;
  if (s.outcome == Outcome::BLACK_WINS) winner = "black";
  if (s.outcome == Outcome::WHITE_WINS) winner = "white";
  if (s.outcome == Outcome::DRAW) winner = "draw";
  json out = {{"size", size},
              {"rule", rule_name(s.board.rule())},
              {"moves", points_json(s.moves, size)},
              {"to_move", s.board.to_move() == Color::BLACK ? "black" : "white"},
              {"winner", winner},
              {"winning_line", points_json(s.winning_line, size)},
              {"forbidden", points_json(s.forbidden, size)},
              {"last", s.moves.empty() ? json(nullptr) : json(format_point(s.moves.back(), size))},
              {"over", s.over()}};
  if (s.forbidden_loss) out["reason"] = "forbidden";
  else if (s.outcome == Outcome::DRAW) out["reason"] = "full";
  else if (s.over()) out["reason"] = "five";
  return out;
}

GameState get_game(const json& body) {
  const int size = get_int(body, "size", limits::MIN_SIZE, limits::MAX_SIZE, limits::DEFAULT_SIZE);
  const std::string rule_text = get_string(body, "rule", std::string("freestyle"));
  const auto rule = parse_rule(rule_text);
  if (!rule) throw BadRequest(fmt::format("unknown rule '{}': choose freestyle, standard or renju", rule_text));
  const std::string moves = get_string(body, "moves", std::string());
  if (moves.size() > 4 * 22 * 22) throw BadRequest("'moves' is too long");
  auto s = replay_game(moves, size, *rule);
  if (!s) throw BadRequest(s.error());
  return std::move(s.value());
}

struct AiRequest {
  Level level;
  gomoku::Limits limits;
  std::shared_ptr<const gomoku::Network> network;  ///< the strong level's, for the game's rule
};

// The AI request for `game`: level and limits from the body, and the losing moves learnt for this
// position (as `gomoku play` does). A store that cannot be read leaves the AI as it is: play
// goes on without what it learnt.
AiRequest get_ai(const json& body, const GameState& game, const Context& ctx) {
  const std::string name = get_string(body, "level", std::string("strong"));
  const auto level = parse_level(name);
  if (!level) throw BadRequest(fmt::format("unknown level '{}': choose strong, minimax, scorer or montecarlo", name));
  AiRequest r{*level, {}, nullptr};
  // The strong level's evaluation: the request's "eval", else the server's default for the rule.
  const std::string eval = get_string(body, "eval", std::string());
  if (!eval.empty() && *level != Level::STRONG && eval != "classical")
    throw BadRequest(fmt::format("eval '{}': only the strong level evaluates with a network", eval));
  if (*level == Level::STRONG) {
    auto net = ctx.gomoku_networks.for_request(game.board.rule(), eval);
    if (!net) throw BadRequest(net.error());
    r.network = *net;
  }
  // The think time always holds (the cap by default): a depth is only a maximum.
  const int max_time_ms = static_cast<int>(ctx.limits.max_time_ms);
  r.limits.time_ms = get_int(body, "time_ms", 1, max_time_ms, std::min(limits::DEFAULT_TIME_MS, max_time_ms));
  r.limits.depth = get_int(body, "depth", 0, limits::MAX_DEPTH, 0);
  r.limits.seed = get_seed(body, "seed", limits::DEFAULT_SEED);
  r.limits.threads = 1;  // concurrent clients share the cores
  r.limits.memory_mb = REQUEST_TT_MB;
  if (const auto& db = ctx.recording.db; db && !game.over()) {
    if (auto avoid = learned_avoid(*db, game.board)) r.limits.avoid = std::move(avoid).value();
  }
  return r;
}

// The value in human terms: the mover's win chance, "+M7" or "62%", the winner's moves to a
// proven five, and the search speed.
void add_human_terms(json& out, int value, std::uint64_t nodes, double ms) {
  out["win_probability"] = win_probability(value);
  out["score_text"] = format_value(value);
  out["value_text"] = describe_value(value);
  const auto mate = mate_moves(value);
  out["mate"] = mate ? json(*mate) : json(nullptr);
  out["nodes_per_s"] = ms > 0 ? static_cast<double>(nodes) * 1000.0 / ms : 0.0;
}

json result_json(const SearchResult& r, int size) {
  json out = {{"move", format_point(r.move, size)},
              {"value", r.value},
              {"depth", r.depth},
              {"nodes", r.nodes},
              {"pv", points_json(r.pv, size)},
              {"time_ms", r.elapsed_ms}};
  if (auto plies = plies_to_win(r.value)) out["win_in"] = *plies;
  add_human_terms(out, r.value, r.nodes, r.elapsed_ms);
  return out;
}

// Searches and plays the AI's move; `progress` sees each finished iteration.
json ai_move(const GameState& s, const AiRequest& req, const ProgressFn& progress) {
  if (s.over()) throw BadRequest("the game is over");
  auto engine = make_engine(req.level, req.network);
  const SearchResult r = engine->search(s.board, req.limits, progress);
  auto next = play_move(s, r.move);
  if (!next) throw std::runtime_error("the engine chose an illegal move: " + next.error());
  json out = result_json(r, s.board.size());
  // The strong level's evaluation: the network or the classical one.
  out["eval"] = req.level == Level::STRONG ? json(req.network ? "network" : "classical") : json(nullptr);
  out["state"] = state_json(*next);
  return out;
}

void move_stream(const httplib::Request& req, httplib::Response& res, Context& ctx) {
  const json q = query_object(req);
  GameState game = get_game(q);
  const AiRequest ai = get_ai(q, game, ctx);
  if (game.over()) throw BadRequest("the game is over");
  auto slot = take_search_slot(ctx);
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider("text/event-stream", [game = std::move(game), ai, slot](std::size_t, httplib::DataSink& sink) {
    std::mutex mu;
    const int size = game.board.size();
    // A client that goes away (the page closed, or asked again and closed this stream) cancels
    // the search: its slot and its core are free at once, not at the end of the budget.
    std::stop_source gone;
    AiRequest request = ai;
    request.limits.stop = gone.get_token();
    auto write = [&](const std::string& ev) {
      std::lock_guard lock(mu);
      if (!gone.stop_requested() && !sink.write(ev.data(), ev.size())) gone.request_stop();
    };
    std::jthread heartbeat([&](std::stop_token done) {
      std::mutex m;
      std::condition_variable_any cv;
      std::unique_lock lock(m);
      while (!cv.wait_for(lock, done, HEARTBEAT, [] { return false; }) && !done.stop_requested()) write(": \n\n");
    });
    try {
      const json result = ai_move(game, request, [&](const SearchInfo& info) {
        json ev = {{"depth", info.depth},          {"partial", info.partial}, {"value", info.value},
                   {"nodes", info.nodes},          {"pv", points_json(info.pv, size)}, {"time_ms", info.elapsed_ms}};
        add_human_terms(ev, info.value, info.nodes, info.elapsed_ms);
        write(sse_event("info", ev));
      });
      heartbeat.request_stop();
      heartbeat.join();
      write(sse_event("result", result));
    } catch (const std::exception& e) {
      heartbeat.request_stop();
      if (heartbeat.joinable()) heartbeat.join();
      write(sse_event("error", {{"error", e.what()}}));
    }
    sink.done();
    return true;
  });
}

}  // namespace

void add_gomoku_routes(Routes& routes, Context& ctx) {
  routes.post("/api/gomoku/state", [](const auto& req, auto& res) { send_json(res, state_json(get_game(parse_body(req)))); });
  routes.post("/api/gomoku/move", [&ctx](const auto& req, auto& res) {
    const json body = parse_body(req);
    const GameState game = get_game(body);
    const AiRequest ai = get_ai(body, game, ctx);
    const auto slot = take_search_slot(ctx);
    send_json(res, ai_move(game, ai, {}));
  });
  routes.get("/api/gomoku/move/stream", [&ctx](const auto& req, auto& res) { move_stream(req, res, ctx); });
}

}  // namespace tilestone::server
