// `tilestone gomoku review` and `tilestone 2048 review`: a game graded move by move against the
// engine. Parse, call gomoku::review_game / server::review_record, format the table or JSON.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "app/recorder.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "gomoku/review.h"
#include "server/review_json.h"

namespace tilestone::app {
namespace {

using json = nlohmann::json;

// The progress bar of a review (on a terminal only); the bar lives as long as the callback.
server::ReviewProgress progress_bar(const char* what) {
  auto bar = std::make_shared<ProgressBar>(ProgressBar::Style{.label = what, .unit = "positions", .log_every = 0});
  return [bar](int done, int total) { bar->update(done, total); };
}

// " best 20 good 3 inaccuracy 1 mistake 0 blunder 0", in the grades' order.
std::string grade_counts(const json& counts) {
  std::string out;
  for (auto g : core::ALL_GRADES) out += fmt::format(" {} {}", core::grade_name(g), counts[std::string(core::grade_name(g))].get<int>());
  return out;
}

std::string pct(double p) { return fmt::format("{:.0f}%", 100.0 * p); }

void print_gomoku(const json& r, double seconds) {
  fmt::print("{} {}x{}, result {}, {} moves reviewed in {:.1f} s ({} ms a position)\n", r["rule"].get<std::string>(), r["size"].get<int>(),
             r["size"].get<int>(), r["result"].get<std::string>(), r["moves"].size(), seconds, r["settings"]["time_ms"].get<int>());
  fmt::print("{:>4} {:<6} {:<5} {:<11} {:>8} {:<5} {:>8} {:>6}  {}\n", "move", "colour", "play", "grade", "after", "best", "best", "loss", "engine line");
  for (const auto& m : r["moves"]) {
    std::string line;
    for (const auto& p : m["best_line"]) {
      if (!line.empty()) line += ' ';
      line += p.get<std::string>();
    }
    fmt::print("{:>4} {:<6} {:<5} {:<11} {:>8} {:<5} {:>8} {:>6}  {}{}\n", m["number"].get<int>(), m["color"].get<std::string>(),
               m["played"].get<std::string>(), m["grade"].get<std::string>(), m["played_text"].get<std::string>(),
               m["best"].get<std::string>(), m["best_text"].get<std::string>(), pct(m["loss"].get<double>()), line,
               m["human"].get<bool>() ? "" : "  (engine side)");
  }
  std::string decisive;
  for (const auto& d : r["decisive"]) decisive += (decisive.empty() ? "" : ", ") + std::to_string(d.get<int>());
  fmt::print("decided by: {}\n", decisive.empty() ? "no single move (no loss over 5%)" : fmt::format("move {}", decisive));
  for (const char* c : {"black", "white"}) fmt::print("{}:{}\n", c, grade_counts(r["summary"][c]));
}

void print_2048(const json& r, double seconds) {
  fmt::print("{} moves reviewed in {:.1f} s, final score {}\n", r["moves"].size(), seconds, r["final_score"].get<std::uint64_t>());
  fmt::print("{:>5} {:>8} {:<6} {:<11} {:<6} {:>12} {:>12} {:>9}\n", "move", "score", "played", "grade", "best", "expected", "best exp.", "loss");
  for (const auto& m : r["moves"]) {
    // Only the moves that lost something: a long game is mostly best moves.
    if (m["grade"] == "best") continue;
    const std::string played = m["played"], best = m["best"].is_null() ? played : m["best"].get<std::string>();
    fmt::print("{:>5} {:>8} {:<6} {:<11} {:<6} {:>12.0f} {:>12.0f} {:>9.0f}\n", m["number"].get<int>(), m["score"].get<std::uint64_t>(),
               played, m["grade"].get<std::string>(), best, m["expected_score"][played].get<double>(),
               m["expected_score"][best].get<double>(), m["loss"].get<double>());
  }
  std::string decisive;
  for (const auto& d : r["decisive"]) decisive += (decisive.empty() ? "" : ", ") + std::to_string(d.get<int>());
  fmt::print("decided by: {}\n", decisive.empty() ? "no single move (none lost over 500 points)" : fmt::format("move {}", decisive));
  fmt::print("grades:{}\n", grade_counts(r["summary"]));
}

store::GameRecord record_or_throw(const DbOptions& db, std::int64_t id, const char* kind, std::shared_ptr<store::Database>& keep) {
  keep = open_store_or_throw(db);
  auto g = keep->game(id);
  if (!g) throw RunError(g.error());
  if (!*g) throw RunError(fmt::format("no game {} in {}", id, keep->path()));
  if ((*g)->game != kind) throw RunError(fmt::format("game {} is a {} game, not {}", id, (*g)->game, kind));
  return **g;
}

struct GomokuReviewOptions {
  std::string moves, rule = "freestyle", human = "both";
  int size = gomoku::limits::DEFAULT_SIZE, time_ms = gomoku::limits::REVIEW_TIME_MS, depth = 0;
  std::int64_t id = 0;
  bool json = false;
  DbOptions db;
};

void run_gomoku_review(const GomokuReviewOptions& o) {
  if (o.moves.empty() == (o.id == 0)) throw UsageError("give the game as --moves or as --id ID (one of them)");
  gomoku::ReviewOptions ro;
  ro.time_ms = o.time_ms;
  ro.depth = o.depth;
  const auto t0 = std::chrono::steady_clock::now();
  json out;
  if (o.id) {
    std::shared_ptr<store::Database> db;
    const auto g = record_or_throw(o.db, o.id, "gomoku", db);
    auto r = server::review_record(db.get(), g, ro, progress_bar("reviewing"));
    if (!r) throw RunError(r.error());
    out = *r;
  } else {
    const auto rule = gomoku::parse_rule(o.rule);
    if (!rule) throw UsageError("unknown rule '" + o.rule + "' (freestyle, standard, renju)");
    std::optional<gomoku::Color> human;
    if (o.human == "black") human = gomoku::Color::BLACK;
    else if (o.human == "white") human = gomoku::Color::WHITE;
    auto moves = gomoku::parse_moves(o.moves, o.size);
    if (!moves) throw UsageError(moves.error());
    if (moves->empty()) throw UsageError("--moves holds no move to review");
    auto r = gomoku::review_game(*moves, o.size, *rule, ro, progress_bar("reviewing"));
    if (!r) throw UsageError(r.error());
    out = server::gomoku_review_json(*r, human, ro);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.json && out.value("cached", false)) std::cout << "(the stored review of this game)\n";
  if (o.json) print_json(out);
  else print_gomoku(out, secs);
}

}  // namespace

void add_gomoku_review_command(CLI::App& gomoku) {
  namespace limits = gomoku::limits;
  auto o = std::make_shared<GomokuReviewOptions>();
  auto* cmd = gomoku.add_subcommand("review", "grade every move of a game against the engine's best");
  add_text(cmd, "--moves", o->moves, "MOVES", "the game, e.g. h8i9h9...");
  add_int(cmd, "--id", o->id, "ID", 1, INT64_MAX, "a recorded game (see `tilestone history`) instead of --moves")->default_str("");
  add_gomoku_rule(cmd, o->rule);
  add_gomoku_size(cmd, o->size);
  add_choice(cmd, "--human", o->human, "SIDE", {"black", "white", "both"}, "whose moves are the player's (with --moves)");
  add_time_ms(cmd, o->time_ms, limits::MAX_TIME_MS, "think time per position in milliseconds");
  add_depth(cmd, o->depth, 0, limits::MAX_DEPTH, "search each position no deeper than this (0: by time)");
  add_json_flag(cmd, o->json, "print the review as JSON on standard output");
  add_db_options(cmd, o->db);
  cmd->callback([o] { run_gomoku_review(*o); });
}

void add_2048_review_command(CLI::App& g2048) {
  auto id = std::make_shared<std::int64_t>(0);
  auto as_json = std::make_shared<bool>(false);
  auto db = std::make_shared<DbOptions>();
  auto* cmd = g2048.add_subcommand("review", "grade every move of a recorded game by the expected final score it gave up");
  add_int(cmd, "--id", *id, "ID", 1, INT64_MAX, "the recorded game (see `tilestone history --game 2048`)")->required();
  add_json_flag(cmd, *as_json, "print the review as JSON on standard output");
  add_db_options(cmd, *db);
  cmd->callback([id, as_json, db] {
    std::shared_ptr<store::Database> store;
    const auto g = record_or_throw(*db, *id, "2048", store);
    const auto t0 = std::chrono::steady_clock::now();
    auto r = server::review_record(store.get(), g, {}, progress_bar("reviewing"));
    if (!r) throw RunError(r.error());
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!*as_json && r->value("cached", false)) std::cout << "(the stored review of this game)\n";
    if (*as_json) print_json(*r);
    else print_2048(*r, secs);
  });
}

}  // namespace tilestone::app
