// `tilestone gomoku selfplay`: training positions for the Gomoku network from the engine playing
// itself. Parse, call lab/gomoku/selfplay.h, write the data file and the run's summary.

#include <atomic>
#include <iostream>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/gomoku_network_option.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "app/stop_signals.h"
#include "lab/core/shard.h"
#include "gomoku/limits.h"
#include "gomoku/shipped_network.h"
#include "gomoku/types.h"
#include "lab/gomoku/training_data.h"
#include "lab/gomoku/selfplay.h"
#include "lab/match/openings.h"

namespace tilestone::app {
namespace {

constexpr std::string_view SELFPLAY_KIND = "gomoku-selfplay";

struct SelfplayCli {
  std::string rule = "freestyle", out, json, openings, shard, eval, network;
  int size = gomoku::limits::DEFAULT_SIZE, games = 100, depth = 0, time_ms = 0, jobs = 1, siblings = 0, sibling_plies = 1;
  std::int64_t nodes = 0, sibling_nodes = 0;
  std::uint64_t seed = gomoku::limits::DEFAULT_SEED;
  double sample = 0.5;
};

std::atomic<bool> g_stop{false};
extern "C" void on_selfplay_signal(int) { g_stop.store(true); }

// The evaluation the run played with: the network file given, the shipped one's path, or "classical".
std::string eval_of(const SelfplayCli& c) {
  if (!c.network.empty()) return c.network;
  const auto rule = gomoku::parse_rule(c.rule);
  if (c.eval != "network" || !rule) return "classical";
  return gomoku::shipped_network_path(*rule);
}

nlohmann::json settings_json(const SelfplayCli& c) {
  return {{"size", c.size},   {"rule", c.rule},     {"games", c.games}, {"depth", c.depth}, {"nodes", c.nodes},
          {"time_ms", c.time_ms}, {"sample", c.sample}, {"siblings", c.siblings}, {"sibling_nodes", c.sibling_nodes}, {"sibling_plies", c.sibling_plies}, {"seed", c.seed}, {"openings", c.openings.empty() ? "random" : c.openings},
          {"network", eval_of(c)}};
}

nlohmann::json game_json(const gomoku::SelfplayGame& g) {
  return {{"index", g.index},         {"outcome", std::string(gomoku::outcome_name(g.outcome))},
          {"moves", g.moves},         {"searched", g.searched},
          {"kept", g.kept},           {"off_path", g.off_path},   {"duplicates", g.duplicates},
          {"adjudicated", g.adjudicated}, {"nodes", g.nodes}};
}

// The totals of a run's games (from the run itself or from its merged shards).
std::string report(const nlohmann::json& games, double seconds) {
  long long kept = 0, dup = 0, searched = 0, moves = 0, adjudicated = 0, off_path = 0;
  int black = 0, white = 0, draws = 0;
  for (const auto& g : games) {
    kept += g.value("kept", 0);
    off_path += g.value("off_path", 0);
    dup += g.value("duplicates", 0);
    searched += g.value("searched", 0);
    moves += g.value("moves", 0);
    adjudicated += g.value("adjudicated", false) ? 1 : 0;
    const std::string o = g.value("outcome", "");
    black += o == gomoku::outcome_name(gomoku::Outcome::BLACK_WINS);
    white += o == gomoku::outcome_name(gomoku::Outcome::WHITE_WINS);
    draws += o == gomoku::outcome_name(gomoku::Outcome::DRAW);
  }
  const double n = std::max<double>(1, static_cast<double>(games.size()));
  std::string s = fmt::format("{} games: black wins {:.1f} %, white wins {:.1f} %, draws {:.1f} %; {:.1f} stones a game, {} ended by a proven result\n",
                              games.size(), 100 * black / n, 100 * white / n, 100 * draws / n, static_cast<double>(moves) / n, adjudicated);
  s += fmt::format("{} positions searched, {} kept, {} repeats dropped\n", searched, kept, dup);
  if (off_path > 0) s += fmt::format("{} of the kept positions are off the game's path (after another move, searched on their own)\n", off_path);
  if (seconds > 0)
    s += fmt::format("{:.1f} s: {:.2f} games/s, {:.1f} positions searched/s, {:.1f} kept/s\n", seconds, static_cast<double>(games.size()) / seconds,
                     static_cast<double>(searched) / seconds, static_cast<double>(kept) / seconds);
  return s;
}

void run(const SelfplayCli& c) {
  const auto rule = gomoku::parse_rule(c.rule);
  if (!rule) throw UsageError("unknown rule '" + c.rule + "' (freestyle, standard, renju)");
  if ((c.depth > 0) + (c.nodes > 0) + (c.time_ms > 0) != 1) throw UsageError("give one of --depth, --nodes or --time-ms");
  if (!(c.sample > 0 && c.sample <= 1)) throw UsageError("--sample must be in (0, 1]");
  gomoku::SelfplayOptions o;
  o.size = c.size;
  o.rule = *rule;
  o.games = c.games;
  o.depth = c.depth;
  o.nodes = static_cast<std::uint64_t>(c.nodes);
  o.time_ms = c.time_ms;
  o.sample = c.sample;
  o.siblings = c.siblings;
  o.sibling_nodes = static_cast<std::uint64_t>(c.sibling_nodes);
  o.sibling_plies = c.sibling_plies;
  o.seed = c.seed;
  o.jobs = static_cast<unsigned>(c.jobs);
  o.network = gomoku_network_of(c.eval, c.network, *rule);
  if (!c.shard.empty()) {
    auto s = core::parse_shard(c.shard);
    if (!s) throw UsageError("--shard: " + s.error());
    o.shard = *s;
  }
  if (!c.openings.empty()) {
    auto ops = match::load_openings(c.openings, c.size, *rule);
    if (!ops) throw RunError(ops.error());
    if (ops->empty()) throw RunError(c.openings + " holds no opening");
    o.openings = std::move(*ops);
  }
  if (!c.json.empty()) check_writable(c.json);
  auto writer = gomoku::DataWriter::create(c.out);
  if (!writer) throw RunError(writer.error());

  ProgressBar bar({"self-play", "games", 1});
  auto progress = [&](const gomoku::SelfplayProgress& p) {
    const double secs = std::max(p.elapsed_s, 1e-3);
    const double n = std::max(1, p.games_done);
    bar.update(p.games_done, p.games_total,
               fmt::format("{:.2f} games/s, {:.1f} positions/s, {} kept ({} off path, {} repeats); black {:.0f} % white {:.0f} % draw {:.0f} %",
                           p.games_done / secs, static_cast<double>(p.searched) / secs, p.records, p.off_path, p.duplicates,
                           100 * p.black_wins / n, 100 * p.white_wins / n, 100 * p.draws / n));
  };
  g_stop.store(false);
  const auto summary = [&] {
    const StopSignals signals(on_selfplay_signal);  // Ctrl-C: the games under way finish, and are written
    return gomoku::run_selfplay(o, [&](const gomoku::TrainingRecord& r) { return (*writer)->write(r); }, progress, &g_stop);
  }();
  bar.finish();
  if (auto ok = (*writer)->close(); !ok) throw RunError(ok.error());
  nlohmann::json games = nlohmann::json::array();
  for (const auto& g : summary.games) games.push_back(game_json(g));
  std::cout << report(games, summary.elapsed_s);
  std::cout << fmt::format("{} records written to {}{}\n", (*writer)->records(), c.out, summary.stopped ? " (stopped early: the games played so far)" : "");
  if (!c.json.empty()) {
    auto doc = core::results_document(SELFPLAY_KIND, command_line(), settings_json(c), o.shard, games, summary.stopped);
    doc["data"] = c.out;
    doc["elapsed_s"] = summary.elapsed_s;
    write_file(c.json, doc.dump(1) + "\n");
  }
  if (!o.shard.whole())
    std::cout << fmt::format("shard {}/{}: merge the shards' --json-out files with `tilestone merge`; the trainer reads the data files together\n",
                             o.shard.index, o.shard.count);
  if (summary.stopped) throw Stopped(fmt::format("stopped early: {} games played and written", summary.games.size()));
}

}  // namespace

bool print_merged_selfplay(const core::MergedRun& run, const MergeOutputs& out) {
  if (run.kind != SELFPLAY_KIND) return false;
  std::cout << "gomoku self-play: " << run.command << "\n" << report(run.games, 0);
  if (!out.json.empty()) {
    nlohmann::json doc = {{"kind", run.kind}, {"command", run.command}, {"settings", run.settings}, {"games", run.games},
                          {"stopped_early", run.stopped_early}};
    write_file(out.json, doc.dump(1) + "\n");
  }
  return true;
}

void add_gomoku_selfplay_command(CLI::App& gomoku) {
  namespace limits = gomoku::limits;
  auto c = std::make_shared<SelfplayCli>();
  auto* cmd = gomoku.add_subcommand("selfplay", "play the strong engine against itself and write training positions for the network");
  add_out(cmd, c->out, "the data file to write (zstd-compressed records, docs/file-formats.md)")->required();
  add_gomoku_rule(cmd, c->rule);
  add_gomoku_size(cmd, c->size);
  add_games(cmd, c->games, limits::MAX_GAMES);
  // Exactly one of the three: no default to show.
  auto* d = add_depth(cmd, c->depth, 1, limits::MAX_DEPTH, "search depth per move (deterministic)")->default_str("");
  auto* n = add_int(cmd, "--nodes", c->nodes, "N", 1, 1000000000, "nodes per move (deterministic)")->default_str("");
  auto* t = add_time_ms(cmd, c->time_ms, limits::MAX_TIME_MS, "think time per move in milliseconds (not deterministic)")->default_str("");
  d->excludes(n)->excludes(t);
  n->excludes(t);
  add_number(cmd, "--sample", c->sample, "P", 0.001, 1, "chance that a searched position is kept (proven ones always are)");
  add_int(cmd, "--siblings", c->siblings, "K", 0, 16,
          "for each kept position, also search the positions after K other nearby moves and keep them (off the game's path, no result)");
  add_int(cmd, "--sibling-nodes", c->sibling_nodes, "N", 1, 1000000000,
          "nodes of each of those searches (default: a quarter of --nodes, --depth minus one, or a quarter of --time-ms)")
      ->default_str("");
  add_int(cmd, "--sibling-plies", c->sibling_plies, "P", 1, 8,
          "each of those lines is 1 to P plies long: the other move, then moves drawn from the engine's first four candidates");
  add_text(cmd, "--openings", c->openings, "FILE", "start game k from line k of this openings file (default: random balanced openings)");
  add_seed(cmd, c->seed, "seed of the openings and the sampling");
  add_shard(cmd, c->shard);
  add_gomoku_eval(cmd, c->eval, c->network);
  add_jobs(cmd, c->jobs, limits::MAX_JOBS, "games played at once (the data does not change)");
  add_json_out(cmd, c->json, "also write the run's summary (settings, every game) to this JSON file");
  cmd->callback([c] { run(*c); });
}

}  // namespace tilestone::app
