// `tilestone history [export]` and `tilestone gomoku learn`: read the store, format.

#include <ctime>
#include <fstream>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/recorder.h"
#include "gomoku/notation.h"
#include "store/database.h"
#include "store/record_json.h"

namespace tilestone::app {
namespace {

using nlohmann::json;
using store::game_json;
using store::summary_json;

std::string utc_time(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

struct HistoryOptions {
  DbOptions db;
  std::string game;
  bool json = false;
  int limit = 20;
};

void run_history(const HistoryOptions& o) {
  const auto db = open_store_or_throw(o.db);
  const auto games = db->games(o.game, o.limit);
  if (!games) throw RunError(games.error());
  const auto summary = db->summary();
  if (!summary) throw RunError(summary.error());
  if (o.json) {
    json list = json::array();
    for (const auto& g : *games) list.push_back(game_json(g));
    print_json({{"database", db->path()}, {"summary", summary_json(*summary)}, {"games", list}});
    return;
  }
  fmt::print("database {}\n", db->path());
  const auto& s = summary->g2048;
  if (o.game != "gomoku") {
    fmt::print("\n2048: {} games, best score {}, mean score {:.0f}, best tile {} (your own games from a new start)\n",
               s.games, s.best_score, s.mean_score, s.best_tile);
    if (s.auto_games || s.position_games)
      fmt::print("  not counted: {} auto-played, {} from an edited board\n", s.auto_games, s.position_games);
    for (auto [tile, n] : s.reached)
      fmt::print("  reached {:>6}: {:>5} games ({:.1f}%)\n", tile, n,
                 s.games ? 100.0 * static_cast<double>(n) / static_cast<double>(s.games) : 0.0);
  }
  if (o.game != "2048") {
    if (summary->gomoku_position_games)
      fmt::print("\nGomoku: {} games from a loaded position, not counted below\n", summary->gomoku_position_games);
    fmt::print("\nGomoku (your results against the AI, from the empty board):\n");
    if (summary->gomoku.empty()) fmt::print("  no games yet\n");
    else fmt::print("  {:<11} {:<10} {:>4}  {:>5} {:>6} {:>5} {:>10}\n", "level", "rule", "size", "wins", "losses", "draws", "unfinished");
    for (const auto& g : summary->gomoku)
      fmt::print("  {:<11} {:<10} {:>4}  {:>5} {:>6} {:>5} {:>10}\n", g.level, g.rule, g.size, g.wins, g.losses, g.draws,
                 g.unfinished);
  }
  fmt::print("\nrecent games:\n");
  if (games->empty()) fmt::print("  none\n");
  for (const auto& g : *games) {
    if (g.game == "2048")
      fmt::print("  #{:<5} {}  2048    score {:>7}  max tile {:>5}  {} moves  {}{}{}\n", g.id, utc_time(g.ended_at), g.score,
                 g.max_tile, g.moves.size(), g.result,
                 g.auto_moves ? fmt::format("  auto-played ({} by the AI)", g.auto_moves) : std::string(),
                 g.origin == "position" ? "  from an edited board" : "");
    else
      fmt::print("  #{:<5} {}  gomoku  {} {}x{}  {}  {} moves  {}\n", g.id, utc_time(g.ended_at), g.rule, g.size, g.size,
                 g.result == "unfinished" ? "unfinished" : g.result + (g.result == "draw" ? "" : " won"),
                 g.moves.size() / 2, g.settings + (g.origin == "position" ? "  from a loaded position" : ""));
  }
}

struct ExportOptions {
  DbOptions db;
  std::string format = "json", game, out;
  std::int64_t id = 0;
};

// Piskvork's PSQ: a header, then one `x,y,time` line per move, 1-based from the top-left, then -1.
std::string to_psq(const store::GameRecord& g) {
  const auto moves = gomoku::parse_moves(g.moves, g.size);
  if (!moves) return {};
  std::string out = fmt::format("Piskvorky {}x{}, 11:11, 0\n", g.size, g.size);
  for (gomoku::Point p : *moves) out += fmt::format("{},{},0\n", p.x + 1, p.y + 1);
  return out + "-1\n";
}

void run_export(const ExportOptions& o) {
  const std::string game = o.format == "psq" ? "gomoku" : o.game;
  if (o.format == "psq" && o.game == "2048") throw UsageError("PSQ holds Gomoku games only");
  const auto db = open_store_or_throw(o.db);
  std::vector<store::GameRecord> games;
  if (o.id > 0) {
    const auto g = db->game(o.id);
    if (!g) throw RunError(g.error());
    if (!*g) throw RunError(fmt::format("no game {} in {}", o.id, db->path()));
    if (!game.empty() && (*g)->game != game) throw RunError(fmt::format("game {} is not a {} game", o.id, game));
    games.push_back(**g);
  } else {
    auto all = db->games(game, 0);
    if (!all) throw RunError(all.error());
    games.assign(all->rbegin(), all->rend());  // oldest first
  }
  std::string text;
  if (o.format == "json") {
    json list = json::array();
    for (const auto& g : games) list.push_back(game_json(g));
    text = list.dump(2) + "\n";
  } else {
    // Several games: one PSQ after the other, each ending in its -1 line.
    for (const auto& g : games) text += to_psq(g);
  }
  if (o.out.empty()) {
    fmt::print("{}", text);
    return;
  }
  write_file(o.out, text);
}

}  // namespace

void add_history_command(CLI::App& root) {
  auto* cmd = root.add_subcommand("history", "the recorded games: recent games and aggregates; export");
  auto o = std::make_shared<HistoryOptions>();
  add_db_options(cmd, o->db);
  add_choice(cmd, "--game", o->game, "GAME", {"2048", "gomoku"}, "only the games of one game (default: both)");
  add_json_flag(cmd, o->json);
  add_int(cmd, "--limit", o->limit, "N", 0, 1000000000, "recent games to list (0: all)");
  cmd->require_subcommand(0, 1);

  auto* ex = cmd->add_subcommand("export", "write recorded games as JSON or PSQ (Piskvork)");
  auto e = std::make_shared<ExportOptions>();
  add_db_options(ex, e->db);
  add_choice(ex, "--format", e->format, "FORMAT", {"json", "psq"}, "the format");
  add_choice(ex, "--game", e->game, "GAME", {"2048", "gomoku"}, "only the games of one game (default: both)");
  add_int(ex, "--id", e->id, "ID", 1, INT64_MAX, "only the recorded game with this id (default: all)")->default_str("");
  add_out(ex, e->out, "write to this file instead of standard output");
  ex->callback([o, e] {
    if (e->db.path.empty()) e->db.path = o->db.path;  // `history --db F export` works too
    e->db.no_db = e->db.no_db || o->db.no_db;
    if (e->game.empty()) e->game = o->game;
    run_export(*e);
  });
  cmd->callback([o, ex] {
    if (ex->parsed()) return;
    run_history(*o);
  });
}

void add_gomoku_learn_command(CLI::App& gomoku) {
  auto* cmd = gomoku.add_subcommand("learn", "what the AI learnt from lost games: --stats or --forget");
  auto db = std::make_shared<DbOptions>();
  auto stats = std::make_shared<bool>(false), forget = std::make_shared<bool>(false);
  add_db_options(cmd, *db);
  auto* s = cmd->add_flag("--stats", *stats, "count the learnt losing moves by rule and size");
  auto* f = cmd->add_flag("--forget", *forget, "delete every learnt move");
  s->excludes(f);
  cmd->callback([db, stats, forget] {
    if (!*stats && !*forget) throw UsageError("gomoku learn needs --stats or --forget");
    const auto store = open_store_or_throw(*db);
    if (*forget) {
      const auto n = store->forget_learned();
      if (!n) throw RunError(n.error());
      fmt::print("forgot {} learnt moves\n", *n);
      return;
    }
    const auto counts = store->learned_counts();
    if (!counts) throw RunError(counts.error());
    std::int64_t total = 0;
    for (const auto& c : *counts) {
      fmt::print("{:<10} {:>2}x{:<2}  {} learnt moves\n", c.rule, c.size, c.size, c.count);
      total += c.count;
    }
    fmt::print("total: {} learnt moves in {}\n", total, store->path());
  });
}

}  // namespace tilestone::app
