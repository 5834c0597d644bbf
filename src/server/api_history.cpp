// The history API: the web app records its finished games here (the server replays them with the
// engine's rules and decides the result itself), and the History page reads the aggregates, the
// recent games and one game's positions for the replay.

#include <algorithm>

#include <fmt/format.h>

#include "g2048/ai.h"
#include "g2048/replay.h"
#include "gomoku/ai.h"
#include "gomoku/game.h"
#include "store/learned.h"
#include "gomoku/notation.h"
#include "server/http_util.h"
#include "server/routes.h"
#include "store/record_json.h"

namespace tilestone::server {
namespace {

// A 2048 game reaching 131072 takes well under 60,000 moves; one letter each fits the body cap.
constexpr std::size_t MAX_2048_MOVES = 60000;
constexpr std::size_t MAX_CLIENT_ID = 64;
constexpr int MAX_LIST = 500;
constexpr double EARLIEST_TIME = 946684800;  // 2000-01-01, Unix seconds
// The think time a record notes (not spent here, so not capped by --max-time-ms).
constexpr int MAX_NOTED_TIME_MS = 600000;

store::Database& database(const Context& ctx) {
  if (!ctx.recording.db) throw Unavailable("games are not recorded: " + ctx.recording.problem);
  return *ctx.recording.db;
}

// The browser's id for one game: letters, digits, '-' and '_'.
std::string get_client_id(const json& body) {
  const std::string id = get_string(body, "client_id");
  if (id.empty() || id.size() > MAX_CLIENT_ID ||
      id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != std::string::npos)
    throw BadRequest(fmt::format("'client_id' must be 1 to {} letters, digits, '-' or '_'", MAX_CLIENT_ID));
  return id;
}

// When the game started (Unix seconds; now when absent), and now as its end.
std::pair<std::int64_t, std::int64_t> get_times(const json& body) {
  const auto now = store::now_seconds();
  const auto started = static_cast<std::int64_t>(
      get_number(body, "started_at", EARLIEST_TIME, static_cast<double>(now), static_cast<double>(now)));
  return {started, now};
}

// The part of a recorded web game that both games share: which game, from the web, and the
// page's client id (one row however often the page sends the game).
store::GameRecord web_record(const json& body, std::string game) {
  store::GameRecord g;
  g.game = std::move(game);
  g.source = "web";
  g.client_id = get_client_id(body);
  return g;
}

// Where a game started: "new" (a fresh game) or "position" (loaded, pasted or edited); absent
// means "new" unless the game itself shows otherwise.
std::string get_origin(const json& body) {
  const std::string origin = get_string(body, "origin", std::string("new"));
  if (origin != "new" && origin != "position") throw BadRequest("'origin' must be new or position");
  return origin;
}

// A fresh 2048 game's start: two tiles, each a 2 or a 4, and no score.
bool fresh_2048_start(const g2048::Grid& grid, std::int64_t score) {
  int tiles = 0;
  for (auto e : grid.cells) {
    if (e > 2) return false;
    tiles += e != 0;
  }
  return tiles == 2 && score == 0;
}

// POST /api/history/2048: {client_id, start_board, start_score, seed, moves: "LURD...", ai,
// time_ms, auto_moves, origin, started_at}. The moves are replayed from the start board through
// the same spawn chain as /api/2048/move, so the record holds what was really played.
void record_2048(const httplib::Request& req, httplib::Response& res, const Context& ctx) {
  const json body = parse_body(req);
  store::GameRecord g = web_record(body, "2048");
  const auto start = g2048::parse_grid(get_string(body, "start_board"));
  if (!start) throw BadRequest("bad 'start_board': " + start.error());
  g.start_board = g2048::format_grid(*start);
  g.start_score = static_cast<std::int64_t>(get_number(body, "start_score", 0, 1e12, 0));
  if (!body.contains("seed")) throw BadRequest("'seed' is required");
  g.seed = get_seed(body, "seed", 0);
  g.moves = get_string(body, "moves");
  if (g.moves.empty()) throw BadRequest("'moves' is empty: there is no game to record");
  if (g.moves.size() > MAX_2048_MOVES) throw BadRequest(fmt::format("'moves' holds more than {} moves", MAX_2048_MOVES));
  const std::string ai = get_string(body, "ai", std::string("expectimax"));
  const auto names = g2048::ai_names();
  if (std::find(names.begin(), names.end(), ai) == names.end()) throw BadRequest(fmt::format("unknown AI '{}'", ai));
  g.auto_moves = get_int(body, "auto_moves", 0, static_cast<int>(MAX_2048_MOVES), 0);
  if (g.auto_moves > static_cast<std::int64_t>(g.moves.size()))
    throw BadRequest(fmt::format("'auto_moves' ({}) is more than the game's {} moves", g.auto_moves, g.moves.size()));
  g.settings = json{{"ai", ai}, {"time_ms", get_int(body, "time_ms", 1, MAX_NOTED_TIME_MS, 100)}, {"auto_moves", g.auto_moves}}
                   .dump();
  // An edited board is a position whatever the page says: it never counts as a fresh game.
  const std::string claimed = get_origin(body);
  g.origin = fresh_2048_start(*start, g.start_score) ? claimed : "position";
  std::tie(g.started_at, g.ended_at) = get_times(body);

  const g2048::Replay replay =
      g2048::replay_client_game(*start, static_cast<std::uint64_t>(g.start_score), g.seed, g.moves);
  if (!replay.complete()) throw BadRequest("bad 'moves': " + replay.error);
  const auto& end = replay.last();
  g.score = static_cast<std::int64_t>(end.score);
  g.max_tile = static_cast<std::int64_t>(end.grid.max_tile());
  g.result = g2048::has_move(end.grid) ? "quit" : "over";
  const auto saved = database(ctx).save_client_game(g);
  if (!saved) throw Unavailable(saved.error());
  send_json(res, {{"id", saved->id}, {"created", saved->created}, {"result", g.result}, {"score", g.score},
                  {"max_tile", g.max_tile}, {"moves", g.moves.size()}});
}

// POST /api/history/gomoku: {client_id, size, rule, moves: "h8i9...", start_moves, level, ai_color,
// time_ms, started_at}. `start_moves`: how many of the moves were loaded or pasted rather than
// played (such a game is a "position" game). The result comes from replaying the moves; when the
// AI lost, it learns from it.
void record_gomoku(const httplib::Request& req, httplib::Response& res, const Context& ctx) {
  const json body = parse_body(req);
  store::GameRecord g = web_record(body, "gomoku");
  g.size = get_int(body, "size", gomoku::params::MIN_SIZE, gomoku::params::MAX_SIZE);
  const std::string rule_text = get_string(body, "rule");
  const auto rule = gomoku::parse_rule(rule_text);
  if (!rule) throw BadRequest(fmt::format("unknown rule '{}': choose freestyle, standard or renju", rule_text));
  g.rule = std::string(gomoku::rule_name(*rule));
  const std::string moves = get_string(body, "moves");
  if (moves.size() > 4 * static_cast<std::size_t>(g.size * g.size)) throw BadRequest("'moves' is too long");
  const std::string level = get_string(body, "level");
  if (!gomoku::parse_level(level))
    throw BadRequest(fmt::format("unknown level '{}': choose strong, minimax, scorer or montecarlo", level));
  const std::string ai_color = get_string(body, "ai_color");
  if (ai_color != "black" && ai_color != "white") throw BadRequest("'ai_color' must be black or white");
  const int time_ms = get_int(body, "time_ms", 1, MAX_NOTED_TIME_MS, 1000);
  std::tie(g.started_at, g.ended_at) = get_times(body);

  auto state = gomoku::replay_game(moves, g.size, *rule);
  if (!state) throw BadRequest("bad 'moves': " + state.error());
  if (state->moves.empty()) throw BadRequest("'moves' is empty: there is no game to record");
  const int played = static_cast<int>(state->moves.size());
  const int start_moves = get_int(body, "start_moves", 0, g.size * g.size, 0);
  if (start_moves >= played)
    throw BadRequest(fmt::format("'start_moves' ({}) leaves no move played after the loaded position ({} moves)",
                                 start_moves, played));
  g.origin = start_moves > 0 ? "position" : "new";
  g.moves = gomoku::format_moves(state->moves, g.size);
  g.result = std::string(gomoku::outcome_name(state->outcome));
  g.settings = json{{"level", level}, {"ai_color", ai_color}, {"time_ms", time_ms}, {"depth", 0}, {"start_moves", start_moves}}
                   .dump();
  auto& db = database(ctx);
  const auto saved = db.save_client_game(g);
  if (!saved) throw Unavailable(saved.error());
  json out = {{"id", saved->id}, {"created", saved->created}, {"result", g.result}, {"learned", nullptr}};
  const auto ai = ai_color == "black" ? gomoku::Color::BLACK : gomoku::Color::WHITE;
  if (gomoku::lost(state->outcome, ai)) {
    // The same learning as `gomoku play`: the AI's move that let the opponent force the win.
    const auto learnt = gomoku::learn_from_game(db, state->moves, g.size, *rule, ai, saved->id);
    if (!learnt) out["learn_error"] = learnt.error();
    else if (*learnt)
      out["learned"] = {{"move", gomoku::format_point((*learnt)->move, g.size)}, {"ply", (*learnt)->ply + 1}};
  }
  send_json(res, out);
}

// GET /api/history?game=2048|gomoku&limit=N: the aggregates and the recent games (without their
// moves). Without a store: recording false and why, so the page can say so.
void list(const httplib::Request& req, httplib::Response& res, const Context& ctx) {
  const json q = query_object(req);
  const std::string game = get_string(q, "game", std::string());
  if (!game.empty() && game != "2048" && game != "gomoku") throw BadRequest("'game' must be 2048 or gomoku");
  const int limit = get_int(q, "limit", 1, MAX_LIST, 50);
  if (!ctx.recording.db) {
    send_json(res, {{"recording", false}, {"problem", ctx.recording.problem}, {"summary", nullptr}, {"games", json::array()}});
    return;
  }
  auto& db = *ctx.recording.db;
  const auto games = db.games(game, limit);
  if (!games) throw Unavailable(games.error());
  const auto summary = db.summary();
  if (!summary) throw Unavailable(summary.error());
  const auto learned = db.learned_counts();
  if (!learned) throw Unavailable(learned.error());
  json s = store::summary_json(*summary);
  std::int64_t total = 0;
  for (const auto& c : *learned) total += c.count;
  s["learned"] = total;
  json list = json::array();
  for (const auto& g : *games) list.push_back(store::game_json(g, false));
  send_json(res, {{"recording", true}, {"database", db.path()}, {"summary", s}, {"games", list}});
}

// Every position of a 2048 game, for the replay: cells, score and the move that led there.
void add_2048_frames(json& out, const store::GameRecord& g) {
  g2048::Replay replay;
  if (g.start_board.empty()) {
    replay = g2048::replay_seeded_game(g.seed, g.moves);
  } else {
    const auto start = g2048::parse_grid(g.start_board);
    if (!start) {
      out["frames"] = json::array();
      out["replay_error"] = "bad start board: " + start.error();
      return;
    }
    replay = g2048::replay_client_game(*start, static_cast<std::uint64_t>(g.start_score), g.seed, g.moves);
  }
  json frames = json::array();
  for (const auto& f : replay.frames) {
    json cells = json::array();
    for (auto e : f.grid.cells) cells.push_back(e == 0 ? 0 : std::uint64_t{1} << e);
    frames.push_back({{"cells", cells}, {"score", f.score}, {"dir", f.dir ? json(g2048::to_string(*f.dir)) : json(nullptr)}});
  }
  out["frames"] = frames;
  if (!replay.complete()) out["replay_error"] = replay.error;
}

// The moves of a Gomoku game as points, and how it ended (winning line, forbidden loss).
void add_gomoku_points(json& out, const store::GameRecord& g) {
  json points = json::array(), line = json::array();
  const auto rule = gomoku::parse_rule(g.rule);
  auto state = rule ? gomoku::replay_game(g.moves, g.size, *rule) : core::fail("unknown rule '" + g.rule + "'");
  if (state) {
    for (auto p : state->moves) points.push_back(gomoku::format_point(p, g.size));
    for (auto p : state->winning_line) line.push_back(gomoku::format_point(p, g.size));
    out["forbidden_loss"] = state->forbidden_loss;
  } else {
    out["replay_error"] = state.error();
  }
  out["points"] = points;
  out["winning_line"] = line;
}

// GET /api/history/game/{id}: one game with its moves and what the replay needs.
void one_game(const httplib::Request& req, httplib::Response& res, const Context& ctx) {
  const std::string text = req.matches[1];
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos ||
      std::stoll(text) <= 0)
    throw BadRequest(fmt::format("game id '{}' is not a positive integer", text.substr(0, 40)));
  const std::int64_t id = std::stoll(text);
  const auto g = database(ctx).game(id);
  if (!g) throw Unavailable(g.error());
  if (!*g) throw NotFound(fmt::format("no game with id {}", id));
  json out = store::game_json(**g, true);
  if ((*g)->game == "2048") add_2048_frames(out, **g);
  else add_gomoku_points(out, **g);
  send_json(res, out);
}

}  // namespace

void add_history_routes(Routes& routes, Context& ctx) {
  routes.post("/api/history/2048", [&ctx](const auto& req, auto& res) { record_2048(req, res, ctx); });
  routes.post("/api/history/gomoku", [&ctx](const auto& req, auto& res) { record_gomoku(req, res, ctx); });
  routes.get("/api/history", [&ctx](const auto& req, auto& res) { list(req, res, ctx); });
  routes.get(R"(/api/history/game/([^/]*))", [&ctx](const auto& req, auto& res) { one_game(req, res, ctx); });
}

}  // namespace tilestone::server
