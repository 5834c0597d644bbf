// `tilestone gomoku match`: any two players (our levels or Gomocup brains), judged games,
// openings from a file or generated, SPRT, sharding, and the result files. Parse, call
// match::run_match, format.

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "app/stop_signals.h"
#include "core/rng.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "lab/core/shard.h"
#include "lab/match/openings.h"
#include "lab/match/report.h"
#include "lab/match/runner.h"

namespace tilestone::app {
namespace {

// Set by the first SIGINT or SIGTERM: no new game starts, the games under way finish, and the
// summary and files cover the games played. The handler then gives the signals back their
// default action, so a second Ctrl-C quits at once.
std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  static const char message[] = "\nstopping: the games under way finish first (Ctrl-C again quits at once)\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
}

using namespace gomoku;

constexpr std::int64_t MAX_MATCH_MS = 24LL * 3600 * 1000;
constexpr int MAX_TOLERANCE_MS = 60000;
constexpr std::int64_t MAX_MEMORY_MB = 1 << 20;

struct MatchOptions {
  std::string black, white, rule = "freestyle", openings, tsv, pgn, psq, json, shard;
  std::vector<std::string> sprt;
  int games = 10, time_ms = limits::DEFAULT_TIME_MS, size = limits::DEFAULT_SIZE, jobs = 1, threads = limits::DEFAULT_THREADS,
      depth = 0;
  int black_threads = 0, white_threads = 0;  // 0: --threads
  int black_time_ms = 0, white_time_ms = 0;  // 0: --time-ms
  int tolerance_ms = 100;
  std::int64_t match_ms = 0, memory_mb = 0;
  std::int64_t black_match_ms = -1, white_match_ms = -1;  // -1: --match-ms
  std::uint64_t seed = limits::DEFAULT_SEED;
  bool time_given = true;  ///< false: --depth alone, and the moves have no clock (think_time)
};

match::SprtConfig parse_sprt(const std::vector<std::string>& args) {
  match::SprtConfig c;
  bool have0 = false, have1 = false;
  for (const auto& a : args) {
    const auto eq = a.find('=');
    const std::string key = a.substr(0, eq);
    double v = 0;
    try {
      std::size_t used = 0;
      v = std::stod(eq == std::string::npos ? "" : a.substr(eq + 1), &used);
      if (used != a.size() - eq - 1) throw std::invalid_argument(a);
    } catch (const std::exception&) {
      throw UsageError("--sprt takes elo0=E0 elo1=E1 [alpha=A beta=B], got '" + a + "'");
    }
    if (key == "elo0") c.elo0 = v, have0 = true;
    else if (key == "elo1") c.elo1 = v, have1 = true;
    else if (key == "alpha") c.alpha = v;
    else if (key == "beta") c.beta = v;
    else throw UsageError("--sprt: unknown parameter '" + key + "' (elo0, elo1, alpha, beta)");
  }
  if (!have0 || !have1) throw UsageError("--sprt needs elo0=E0 and elo1=E1");
  if (!(c.elo0 < c.elo1) || c.elo0 < -1000 || c.elo1 > 1000) throw UsageError("--sprt needs -1000 <= elo0 < elo1 <= 1000");
  if (!(c.alpha > 0 && c.alpha < 0.5) || !(c.beta > 0 && c.beta < 0.5)) throw UsageError("--sprt: alpha and beta must lie in (0, 0.5)");
  return c;
}

match::MatchSettings settings_of(const MatchOptions& m) {
  // The numbers were range-checked by the options' validators (cli_values.h).
  match::MatchSettings s;
  s.first = m.black;
  s.second = m.white;
  for (const auto& spec : {m.black, m.white})
    if (auto name = match::player_name(spec); !name) throw UsageError(name.error());
  const auto rule = gomoku::parse_rule(m.rule);
  if (!rule) throw UsageError("unknown rule '" + m.rule + "' (freestyle, standard, renju)");
  s.rule = *rule;
  s.games = m.games;
  s.size = m.size;
  // --depth alone: the moves have no clock but the longest a move may take (think_time).
  const int time_ms = m.time_given ? m.time_ms : limits::MAX_TIME_MS;
  s.turn_ms = m.black_time_ms > 0 ? m.black_time_ms : time_ms;
  s.second_turn_ms = m.white_time_ms > 0 ? m.white_time_ms : time_ms;
  s.match_ms = m.black_match_ms >= 0 ? m.black_match_ms : m.match_ms;
  s.second_match_ms = m.white_match_ms >= 0 ? m.white_match_ms : m.match_ms;
  s.tolerance_ms = m.tolerance_ms;
  s.depth = m.depth;
  s.threads = m.black_threads > 0 ? m.black_threads : m.threads;
  s.second_threads = m.white_threads > 0 ? m.white_threads : m.threads;
  s.memory_bytes = m.memory_mb * (1 << 20);
  s.seed = m.seed;
  if (!m.sprt.empty()) s.sprt = parse_sprt(m.sprt);
  const int pairs = (m.games + 1) / 2;
  if (m.openings.empty()) {
    s.openings = match::match_openings(m.size, *rule, pairs, core::derive_seed(m.seed, 1000003));
  } else {
    auto loaded = match::load_openings(m.openings, m.size, *rule);
    if (!loaded) throw RunError(loaded.error());
    s.openings = std::move(loaded.value());
    // Only the openings the games use are part of the run (and of its result files).
    if (static_cast<int>(s.openings.size()) > pairs) s.openings.resize(static_cast<std::size_t>(pairs));
    s.openings_source = std::filesystem::path(m.openings).filename().string();
  }
  return s;
}

// What the progress bar shows after the count: the score so far and the SPRT's state.
std::string progress_detail(const match::Progress& p, const match::MatchSettings& s) {
  std::string detail = fmt::format("W {} D {} L {}", p.tally.wins, p.tally.draws, p.tally.losses);
  if (s.sprt) detail += fmt::format("  llr {:.2f} ({:.2f} .. {:.2f})", p.llr, s.sprt->lower(), s.sprt->upper());
  return detail;
}

// `command` is the command line that played the games (a merged run keeps its shards' one).
// `pooled` lists the runs of a pooled report (tilestone merge --pool), written into the JSON.
void write_outputs(const MatchOptions& m, const match::MatchSettings& s, const std::vector<match::GameResult>& games,
                   const core::Shard& shard, bool stopped_early, const std::string& command,
                   const std::vector<std::string>& pooled = {}) {
  if (!m.tsv.empty()) write_file(m.tsv, match::record_text(s, games));
  if (!m.pgn.empty()) write_file(m.pgn, match::pgn_text(s, games));
  if (!m.psq.empty()) {
    for (const auto& g : games)
      write_file((std::filesystem::path(m.psq) / fmt::format("game-{:05}.psq", g.index + 1)).string(), match::psq_text(s, g));
  }
  if (!m.json.empty()) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& g : games) list.push_back(match::game_to_json(g, s.size));
    auto doc = core::results_document(match::RESULT_KIND, command, match::settings_to_json(s), shard, list, stopped_early);
    if (!pooled.empty()) doc["pooled"] = pooled;
    write_file(m.json, doc.dump(1) + "\n");
  }
}

// The folder --psq writes into, made before the games (so a bad one fails at once).
void make_psq_folder(const std::string& psq) {
  if (psq.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(psq, ec);
  if (ec || !std::filesystem::is_directory(psq)) throw RunError("cannot make the PSQ folder " + psq);
}

void run(const MatchOptions& m) {
  const match::MatchSettings s = settings_of(m);
  core::Shard shard;
  if (!m.shard.empty()) {
    auto parsed = core::parse_shard(m.shard);
    if (!parsed) throw UsageError(parsed.error());
    shard = *parsed;
  }
  // Output paths are checked before the games, so a bad one fails at once, not after the match.
  for (const auto* path : {&m.tsv, &m.pgn, &m.json})
    if (!path->empty()) check_writable(*path);
  make_psq_folder(m.psq);
  ProgressBar bar({.label = "", .unit = "games", .log_every = 1});
  const auto progress = [&](const match::Progress& p) { bar.update(p.done, p.total, progress_detail(p, s)); };
  g_stop.store(false);
  const auto run = [&] {
    const StopSignals signals(on_stop_signal);  // given back once the games are over
    return match::run_match(s, shard, m.jobs, progress, &g_stop);
  }();
  bar.finish();
  if (!run) throw RunError(run.error());
  std::cout << match::report_text(s, run->games, run->stopped_early);
  if (!shard.whole()) std::cout << fmt::format("shard {}/{}: merge the shards' --json-out files with `tilestone merge`\n", shard.index, shard.count);
  write_outputs(m, s, run->games, shard, run->stopped_early, command_line());
  // Stopped by the signal, not by the SPRT deciding.
  if (run->stopped_early && g_stop.load()) throw Stopped(fmt::format("stopped early: {} games played, reported and written", run->games.size()));
}

}  // namespace

void add_gomoku_match_command(CLI::App& gomoku) {
  auto m = std::make_shared<MatchOptions>();
  auto* cmd = gomoku.add_subcommand("match", "play two engines against each other: levels or Gomocup brains (pbrain:PATH); Ctrl-C stops after the games under way");
  add_text(cmd, "--black", m->black, "ENGINE", "the first engine (black in even games): a level (strong, minimax, montecarlo, scorer) or pbrain:PATH[:NAME]")->required();
  add_text(cmd, "--white", m->white, "ENGINE", "the second engine")->required();
  add_games(cmd, m->games, limits::MAX_GAMES, "games to play; each opening is played twice, colours swapped")->required();
  add_time_ms(cmd, m->time_ms, limits::MAX_TIME_MS, "time per move in milliseconds, timeout_turn (with --depth both hold; --depth alone: no clock)");
  add_depth(cmd, m->depth, 0, limits::MAX_DEPTH, "our levels search to this depth (0: by time)");
  add_int(cmd, "--match-ms", m->match_ms, "MS", 0, MAX_MATCH_MS, "each side's time for a whole game (timeout_match; 0: none)");
  add_int(cmd, "--black-time-ms", m->black_time_ms, "MS", 0, limits::MAX_TIME_MS, "time per move of the --black engine (0: --time-ms): time odds");
  add_int(cmd, "--white-time-ms", m->white_time_ms, "MS", 0, limits::MAX_TIME_MS, "time per move of the --white engine (0: --time-ms)");
  add_int(cmd, "--black-match-ms", m->black_match_ms, "MS", -1, MAX_MATCH_MS, "game time of the --black engine (-1: --match-ms)");
  add_int(cmd, "--white-match-ms", m->white_match_ms, "MS", -1, MAX_MATCH_MS, "game time of the --white engine (-1: --match-ms)");
  add_int(cmd, "--tolerance-ms", m->tolerance_ms, "MS", 0, MAX_TOLERANCE_MS, "an answer later than its limit by more than this loses");
  add_gomoku_rule(cmd, m->rule);
  add_gomoku_size(cmd, m->size);
  add_text(cmd, "--openings", m->openings, "FILE", "openings: offsets 'x,y, x,y, ...' from the centre, or move strings (default: generated)");
  add_seed(cmd, m->seed, "seed of the generated openings and of the engines");
  cmd->add_option("--sprt", m->sprt, "stop when decided (alpha and beta 0.05 unless given)")
      ->option_text("elo0=E0 elo1=E1 [alpha=A beta=B]")
      ->expected(2, 4);
  add_jobs(cmd, m->jobs, limits::MAX_JOBS);
  add_threads(cmd, m->threads, limits::MAX_THREADS, "search threads per engine (INFO thread_num)");
  add_int(cmd, "--black-threads", m->black_threads, "N", 0, limits::MAX_THREADS, "search threads of the --black engine (0: --threads)");
  add_int(cmd, "--white-threads", m->white_threads, "N", 0, limits::MAX_THREADS, "search threads of the --white engine (0: --threads)");
  add_int(cmd, "--memory-mb", m->memory_mb, "MB", 0, MAX_MEMORY_MB, "memory per engine in MiB (INFO max_memory; 0: no limit)");
  add_shard(cmd, m->shard);
  add_text(cmd, "--tsv", m->tsv, "FILE", "also write every game (colours, result, moves, ending) to this tab-separated file");
  add_text(cmd, "--pgn", m->pgn, "FILE", "also write every game as PGN to this file");
  add_text(cmd, "--psq", m->psq, "DIR", "also write every game as a Piskvork PSQ file into this folder");
  add_json_out(cmd, m->json);
  cmd->callback([cmd, m] {
    m->time_given = think_time(cmd, m->time_ms, m->depth) > 0;
    run(*m);
  });
}

void print_merged_match(const core::MergedRun& run, const MergeOutputs& out) {
  auto settings = match::settings_from_json(run.settings);
  if (!settings) throw RunError("merge: " + settings.error());
  std::vector<match::GameResult> games;
  for (const auto& j : run.games) {
    auto g = match::game_from_json(j, settings->size);
    if (!g) throw RunError("merge: " + g.error());
    games.push_back(std::move(g.value()));
  }
  MatchOptions m;
  m.tsv = out.tsv;
  m.pgn = out.pgn;
  m.json = out.json;
  m.psq = out.psq;
  for (const auto* path : {&m.tsv, &m.pgn, &m.json})
    if (!path->empty()) check_writable(*path);
  make_psq_folder(m.psq);
  if (!run.pooled.empty()) {
    std::cout << fmt::format("pooled {} runs of one experiment:\n", run.pooled.size());
    for (const auto& r : run.pooled) std::cout << "  " << r << "\n";
  }
  std::cout << match::report_text(*settings, games, run.stopped_early);
  write_outputs(m, *settings, games, core::Shard{}, run.stopped_early, run.command, run.pooled);
}

}  // namespace tilestone::app
