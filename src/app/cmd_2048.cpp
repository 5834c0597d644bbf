// tilestone 2048 hint | play | bench: parse, call the engine, format.


#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/ai_options_2048.h"
#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/play_2048.h"
#include "app/progress.h"
#include "app/stop_signals.h"
#include "core/parallel.h"
#include "lab/core/svg.h"
#include "lab/g2048/bench.h"
#include "g2048/grid.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"
#include "g2048/review.h"
#include "g2048/shipped_network.h"
#include "g2048/weights_file.h"

namespace tilestone::app {

using namespace tilestone::g2048;
using json = nlohmann::json;

namespace {

std::string value_text(double v) { return std::fabs(v) >= 1e5 ? fmt::format("{:.0f}", v) : fmt::format("{:.2f}", v); }

// ---------------------------------------------------------------------------------------------
// hint

void run_hint(const std::string& board_text, const AiOptions& o, std::uint64_t score, bool as_json) {
  auto grid = parse_grid(board_text);
  if (!grid) throw UsageError("bad --board: " + grid.error());
  auto [cfg, limits] = resolve(o);
  auto ai = std::move(make_ai(cfg).value());
  // Ctrl-C ends the search with the best move of its deepest finished iteration.
  const SignalStop interrupt;
  limits.stop = interrupt.token();
  const Analysis a = ai->analyze(grid->to_board(), limits);
  const bool stopped = interrupt.stopped();
  // In human terms: each move's expected final score, by expectimax over the shipped network.
  const auto net = shipped_network();
  std::optional<Outlook> outlook;
  if (net) outlook = OutlookAnalyzer(*net)(*grid, score);
  auto expected = [&](Dir d) -> std::optional<double> {
    const auto k = static_cast<std::size_t>(index(d));
    if (outlook && outlook->legal[k]) return outlook->expected_score[k];
    return std::nullopt;
  };

  if (as_json) {
    json moves = json::array();
    for (Dir d : ALL_DIRS) {
      const SlideResult s = slide(*grid, d);
      json m = {{"dir", to_string(d)}, {"legal", s.moved}, {"gain", s.gain}, {"board", format_grid(s.grid)}};
      m["value"] = s.moved ? json(a.values[index(d)]) : json(nullptr);
      const auto e = expected(d);
      m["expected_score"] = e ? json(*e) : json(nullptr);
      moves.push_back(m);
    }
    json out = {{"move", a.best ? json(to_string(*a.best)) : json(nullptr)},
                {"board", format_grid(*grid)},
                {"ai", cfg.name},
                {"depth", a.depth},
                {"nodes", a.nodes},
                {"time_ms", a.time_ms},
                {"stopped", stopped},
                {"score", score},
                {"moves", moves}};
    if (!net) out["expected_score_unavailable"] = net.error();
    print_json(out);
    return;
  }
  std::cout << render_grid(*grid);
  if (!a.best) {
    std::cout << "no legal move: the game is over\n";
    return;
  }
  std::cout << fmt::format("best: {}   ({}, depth {}, {} nodes, {:.1f} ms{})\n", to_string(*a.best), cfg.name, a.depth,
                           a.nodes, a.time_ms, stopped ? "; stopped: the best move so far" : "");
  std::cout << fmt::format("{:<6} {:<6} {:>7} {:>14} {:>14}  {}\n", "move", "legal", "gain", "exp. score", "value", "board after");
  for (Dir d : ALL_DIRS) {
    const SlideResult s = slide(*grid, d);
    const auto e = expected(d);
    std::cout << fmt::format("{:<6} {:<6} {:>7} {:>14} {:>14}  {}\n", to_string(d), s.moved ? "yes" : "no", s.gain,
                             e ? fmt::format("{:.0f}", *e) : "-", s.moved ? value_text(a.values[index(d)]) : "-", format_grid(s.grid));
  }
  if (net) std::cout << fmt::format("exp. score: the expected final score from {} points now (expectimax over the n-tuple network, depth {})\n", score, params::OUTLOOK_DEPTH);
  else std::cout << "exp. score: unavailable (" << net.error() << ")\n";
}

// ---------------------------------------------------------------------------------------------
// bench

struct BenchOptions {
  AiOptions ai;
  int games = 100;
  int jobs = 1;
  std::uint64_t stop_at = 0;
  std::string csv, json_path, svg, shard;
};

int exponent_of_tile(std::uint64_t tile) {
  if (tile < 2 || (tile & (tile - 1)) != 0 || tile > (std::uint64_t{1} << MAX_GRID_EXPONENT))
    throw UsageError(fmt::format("--stop-at must be a tile value (a power of two from 2) or 0, got {}", tile));
  int e = 0;
  while ((std::uint64_t{1} << e) < tile) ++e;
  return e;
}

std::string limits_text(const AiConfig& cfg, const Limits& l) {
  if (cfg.name == "ntuple") return "1 ply";
  if (cfg.name == "montecarlo") return fmt::format("{} playouts/move", l.playouts);
  if (cfg.name == "greedy" || cfg.name == "random") return "no search";
  if (l.depth > 0 && l.time_ms > 0) return fmt::format("depth {} within {} ms/move", l.depth, l.time_ms);
  if (l.depth > 0) return fmt::format("depth {}", l.depth);
  return fmt::format("{} ms/move", l.time_ms > 0 ? l.time_ms : DEFAULT_TIME_MS);
}

// The files a bench writes, from its setup line and games (the same for a live run and for the
// merged shards of one).
// `command` is the command line that played the games (a merged run keeps its shards' one).
void write_bench_files(const std::string& setup, const json& settings, const std::vector<GameRecord>& games,
                       const core::Shard& shard, const MergeOutputs& out, const std::string& command) {
  BenchReport report;
  report.games = games;
  const BenchSummary s = summarize(report);
  if (!out.csv.empty()) {
    std::string csv = "game,seed,score,max_tile,moves,think_ms,max_move_ms,stopped\n";
    for (const auto& g : games)
      csv += fmt::format("{},{},{},{},{},{:.3f},{:.3f},{}\n", g.index, g.seed, g.score, std::uint64_t{1} << g.max_exponent,
                         g.moves, g.think_ms, g.max_move_ms, g.stopped ? 1 : 0);
    write_file(out.csv, csv);
  }
  if (!out.json.empty()) {
    json reach = json::object();
    for (const auto& [e, frac] : s.reach) reach[std::to_string(std::uint64_t{1} << e)] = frac;
    json list = json::array();
    for (const auto& g : games) list.push_back(game_to_json(g));
    json doc = core::results_document("2048-bench", command, settings, shard, list);
    doc["summary"] = {{"setup", setup},
                      {"reach", reach},
                      {"score", {{"mean", s.score_mean}, {"median", s.score_median}, {"max", s.score_max}}},
                      {"moves", s.total_moves},
                      {"moves_per_s", s.moves_per_s},
                      {"ms_per_move", {{"p50", s.ms_p50}, {"p99", s.ms_p99}, {"max", s.ms_max}}},
                      {"cpu_ms_per_move", {{"p50", s.cpu_p50}, {"p99", s.cpu_p99}, {"max", s.cpu_max}}},
                      {"late", {{"moves", s.late_moves}, {"stalled", s.late_stalled}, {"longest_stall_ms", s.stall_max}}}};
    write_file(out.json, doc.dump(1) + "\n");
  }
  if (!out.svg.empty()) write_file(out.svg, core::render_svg(max_tile_chart(report, "2048 " + setup)));
}

void run_bench(const BenchOptions& o) {
  const auto [cfg, limits] = resolve(o.ai);
  BenchConfig bc;
  bc.ai = cfg;
  bc.limits = limits;
  bc.games = o.games;
  bc.jobs = static_cast<unsigned>(o.jobs);
  bc.seed = o.ai.seed;
  bc.stop_at_exponent = o.stop_at ? exponent_of_tile(o.stop_at) : 0;
  if (!o.shard.empty()) {
    auto shard = core::parse_shard(o.shard);
    if (!shard) throw UsageError(shard.error());
    bc.shard = *shard;
  }
  const MergeOutputs out{o.json_path, "", "", "", o.csv, o.svg};
  for (const auto* path : {&out.json, &out.csv, &out.svg})
    if (!path->empty()) check_writable(*path);

  ProgressBar bar({.label = "", .unit = "games", .log_every = 1});
  const auto report = run_bench_games(bc, [&](int done, int total, const GameRecord& g) {
    bar.update(done, total, fmt::format("last: {} max tile, {} points, {} moves", std::uint64_t{1} << g.max_exponent, g.score, g.moves));
  });
  bar.finish();
  if (!report) throw RunError(report.error());

  // The setup line names what decides the games, not how they were spread over jobs or
  // machines, so a merged run prints the same line.
  const bool network_eval = plays_with_network(cfg);
  // Tile downgrading's threshold, named in the setup line only where it is not the default.
  const int from = network_eval ? cfg.downgrade_from.value_or(cfg.network->downgrade_from()) : -1;
  const std::string downgrading = !network_eval || from == params::DOWNGRADE_FROM_EXPONENT ? ""
                                  : from == 0 ? ", no tile downgrading"
                                              : fmt::format(", downgrading from {}", 1 << from);
  const std::string setup = fmt::format(
      "{}{}, {}{}, {} games, seed {}{}", cfg.name,
      cfg.weights                    ? " (seed-004 weights)"
      : cfg.name != "expectimax"     ? ""
      : network_eval                 ? " (ntuple eval)"
                                     : " (heuristic eval)",
      limits_text(cfg, limits), downgrading, o.games, o.ai.seed, o.stop_at ? fmt::format(", stop at {}", o.stop_at) : "");
  json settings = {{"setup", setup},          {"ai", cfg.name},         {"weights", cfg.weights.has_value()}, {"eval", cfg.eval},
                   {"time_ms", limits.time_ms}, {"depth", limits.depth}, {"playouts", limits.playouts},
                   {"games", o.games},        {"seed", o.ai.seed},      {"stop_at", o.stop_at}};
  settings["downgrade_from"] = network_eval ? json(from == 0 ? 0 : 1 << from) : json(nullptr);
  std::cout << report_text(setup, summarize(*report));
  std::cout << fmt::format("wall      {:.1f} s on {} job{}{}\n", report->wall_s, o.jobs, o.jobs == 1 ? "" : "s",
                           bc.shard.whole() ? "" : fmt::format(", shard {}/{}", bc.shard.index, bc.shard.count));
  write_bench_files(setup, settings, report->games, bc.shard, out, command_line());
}

}  // namespace

void add_2048_commands(CLI::App& root) {
  auto* g = root.add_subcommand("2048", "play 2048, ask the AI for a hint, run experiments");
  g->require_subcommand(1);

  // hint
  {
    auto* cmd = g->add_subcommand("hint", "the best move for a board, and every move's value");
    auto board = std::make_shared<std::string>();
    auto o = std::make_shared<AiOptions>();
    auto as_json = std::make_shared<bool>(false);
    add_text(cmd, "--board", *board, "BOARD", "16 tile values (rows may be split by '/') or 0x and 16 hex exponents")
        ->required();
    add_ai_options(cmd, *o);
    auto score = std::make_shared<std::int64_t>(0);
    add_int(cmd, "--score", *score, "POINTS", 0, limits::MAX_SCORE, "the score so far (for the expected final score)");
    add_json_flag(cmd, *as_json);
    cmd->callback([=] { run_hint(*board, *o, static_cast<std::uint64_t>(*score), *as_json); });
  }
  // play
  {
    auto* cmd = g->add_subcommand("play", "play in the terminal (arrows/WASD, h hint, a auto, u undo, n new, q quit)");
    auto o = std::make_shared<AiOptions>();
    auto db = std::make_shared<DbOptions>();
    add_ai_options(cmd, *o);
    add_db_options(cmd, *db);
    cmd->callback([=] {
      check_db_options(*db);
      const auto [cfg, limits] = resolve(*o);
      play_2048(cfg, limits, o->seed, *db);
    });
  }
  // bench
  {
    auto* cmd = g->add_subcommand("bench", "play many games and report tile rates, scores and speed");
    auto o = std::make_shared<BenchOptions>();
    add_ai_options(cmd, o->ai);
    add_games(cmd, o->games, limits::MAX_GAMES);
    add_jobs(cmd, o->jobs, limits::MAX_JOBS);
    add_int(cmd, "--stop-at", o->stop_at, "TILE", 0, std::int64_t{1} << MAX_GRID_EXPONENT,
            "end each game when this tile appears, e.g. 2048 (0: play to the end)");
    add_text(cmd, "--csv", o->csv, "FILE", "also write one row per game to this CSV file");
    add_json_out(cmd, o->json_path);
    add_text(cmd, "--svg", o->svg, "FILE", "also write the histogram of final max tiles to this SVG file");
    add_shard(cmd, o->shard);
    cmd->callback([=] { run_bench(*o); });
  }
  add_2048_train_command(*g);
  add_2048_network_commands(*g);
  add_2048_review_command(*g);
  add_2048_suite_command(*g);
}

void print_merged_bench(const core::MergedRun& run, const MergeOutputs& out) {
  std::vector<GameRecord> games;
  for (const auto& j : run.games) {
    auto g = game_from_json(j);
    if (!g) throw RunError("merge: " + g.error());
    games.push_back(std::move(g.value()));
  }
  const std::string setup = run.settings.value("setup", "");
  if (setup.empty()) throw RunError("merge: the bench settings have no setup line");
  for (const auto* path : {&out.json, &out.csv, &out.svg})
    if (!path->empty()) check_writable(*path);
  BenchReport report;
  report.games = games;
  std::cout << report_text(setup, summarize(report));
  write_bench_files(setup, run.settings, games, core::Shard{}, out, run.command);
}

}  // namespace tilestone::app
