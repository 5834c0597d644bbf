// `tilestone gomoku tune generate|fit|order`: self-play data, the fit of the evaluation's weights
// to the games' results, and the fit of the move order to the moves played. Parse, call
// match::run_match, gomoku::tune and gomoku::order_tune, format.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "core/rng.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "lab/gomoku/order_tune.h"
#include "lab/gomoku/tune.h"
#include "lab/match/openings.h"
#include "lab/match/report.h"
#include "lab/match/runner.h"

namespace tilestone::app {
namespace {

namespace limits = gomoku::limits;

constexpr int MAX_ITERATIONS = 1000000;
/// Tuning data is many quick games: the think time of a move unless --time-ms says otherwise.
constexpr int GENERATE_TIME_MS = 20;

struct GenerateOptions {
  std::string level = "strong", rule = "freestyle", out, shard;
  int games = 1000, size = limits::DEFAULT_SIZE, jobs = 1, depth = 0, time_ms = GENERATE_TIME_MS;
  std::uint64_t seed = limits::DEFAULT_SEED;
};

void run_generate(const GenerateOptions& o) {
  // The numbers were range-checked by the options' validators (cli_values.h).
  if (!gomoku::parse_level(o.level)) throw UsageError("unknown level '" + o.level + "'");
  const auto rule = gomoku::parse_rule(o.rule);
  if (!rule) throw UsageError("unknown rule '" + o.rule + "' (freestyle, standard, renju)");
  core::Shard shard;
  if (!o.shard.empty()) {
    auto parsed = core::parse_shard(o.shard);
    if (!parsed) throw UsageError(parsed.error());
    shard = *parsed;
  }
  check_writable(o.out);
  // The data are the games of a self-play match, so shards merge with `tilestone merge`.
  match::MatchSettings s;
  s.first = s.second = o.level;
  s.games = o.games;
  s.size = o.size;
  s.rule = *rule;
  s.depth = o.depth;
  // --depth alone: no clock but the longest a move may take (think_time).
  s.turn_ms = s.second_turn_ms = o.time_ms > 0 ? o.time_ms : limits::MAX_TIME_MS;
  s.tolerance_ms = limits::MAX_TIME_MS;  // self-play data: a slow move is no forfeit
  s.seed = o.seed;
  s.openings = match::match_openings(o.size, *rule, (o.games + 1) / 2, core::derive_seed(o.seed, 1000003));
  const auto t0 = std::chrono::steady_clock::now();
  ProgressBar bar({.label = "", .unit = "games", .log_every = 50});
  const auto run = match::run_match(s, shard, o.jobs, [&](const match::Progress& p) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    bar.update(p.done, p.total, fmt::format("{:.2f} games/s", secs > 0 ? p.done / secs : 0.0));
  });
  bar.finish();
  if (!run) throw RunError(run.error());
  nlohmann::json list = nlohmann::json::array();
  for (const auto& g : run->games) list.push_back(match::game_to_json(g, s.size));
  write_file(o.out, core::results_document(match::RESULT_KIND, command_line(), match::settings_to_json(s), shard, list).dump() + "\n");
  int plies = 0;
  for (const auto& g : run->games) plies += static_cast<int>(g.moves.size());
  std::cout << fmt::format("{} games, {} positions, written to {}{}\n", run->games.size(), plies, o.out,
                           shard.whole() ? "" : fmt::format(" (shard {}/{})", shard.index, shard.count));
}

/// Every k-th game (or position) is kept out of a fit to check it, unless --held-out-every says
/// otherwise; tune fit, tune order and winprob fit share it.
constexpr int HELD_OUT_EVERY = 10;

struct FitOptionsCli {
  std::vector<std::string> data;
  std::string out;
  int iterations = 3000, search_depth = 0, jobs = 1, held_out_every = HELD_OUT_EVERY;
  double learning_rate = 2.0, lambda = 1.0;
};

// The samples of every game of the data, in the order of the files and games whatever `jobs` is.
// With a search depth, each position is also searched (the games shared out among the jobs, each
// with its own engine), and a line on stderr says how far it got.
std::vector<gomoku::tune::Sample> fit_samples(const FitOptionsCli& o, const std::vector<ResultFile>& files) {
  struct Job {
    const match::GameResult* game;
    const match::MatchSettings* settings;
  };
  std::vector<Job> jobs;
  for (const auto& file : files)
    for (const auto& g : file.games) jobs.push_back({&g, &file.settings});
  std::vector<std::vector<gomoku::tune::Sample>> per_game(jobs.size());
  const bool search = o.search_depth > 0;  // run_fit checked that --lambda comes with it
  std::atomic<std::size_t> next{0}, done{0};
  const auto start = std::chrono::steady_clock::now();
  ProgressBar bar({.label = "searching the positions", .unit = "games", .log_every = 50});
  auto work = [&] {
    const gomoku::tune::Target target = search ? gomoku::tune::search_target(o.search_depth) : gomoku::tune::Target{};
    for (std::size_t i; (i = next++) < jobs.size();) {
      const Job& j = jobs[i];
      per_game[i] = gomoku::tune::samples_of_game(j.game->moves, j.settings->size, j.settings->rule, j.game->outcome,
                                                  j.game->opening_moves, target, o.lambda);
      const std::size_t n = ++done;
      if (search) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        bar.update(static_cast<std::int64_t>(n), static_cast<std::int64_t>(jobs.size()), fmt::format("{:.0f} s", s));
      }
    }
  };
  {
    std::vector<std::jthread> threads;
    for (int t = 1; t < (search ? o.jobs : 1); ++t) threads.emplace_back(work);
    work();
  }
  bar.finish();
  std::vector<gomoku::tune::Sample> samples;
  for (auto& v : per_game) samples.insert(samples.end(), v.begin(), v.end());
  return samples;
}

void run_fit(const FitOptionsCli& o) {
  if ((o.search_depth > 0) != (o.lambda < 1.0))
    throw UsageError("--search-depth and --lambda go together: the label blends the result (lambda) with the search");
  if (!o.out.empty()) check_writable(o.out);
  int games = 0;
  std::string sources;
  const auto files = read_result_files(o.data);
  for (const auto& file : files) {
    games += static_cast<int>(file.games.size());
    sources += fmt::format("\n  {} games: {}", file.games.size(), file.command);
  }
  const std::vector<gomoku::tune::Sample> samples = fit_samples(o, files);
  if (samples.size() < 100) throw RunError(fmt::format("only {} quiet positions: generate more games", samples.size()));
  gomoku::tune::FitOptions fo;
  fo.iterations = o.iterations;
  fo.learning_rate = o.learning_rate;
  fo.held_out = o.held_out_every > 0 ? 1.0 / o.held_out_every : 0.0;
  const auto start = gomoku::tune::Weights::current();
  const auto r = gomoku::tune::fit(samples, start, fo);
  std::cout << fmt::format("{} games, {} quiet positions ({} fitted, {} held out)\n", games, samples.size(), r.train, r.held_out);
  std::cout << fmt::format("scale: {:.1f} evaluation points per unit of logit\n", r.scale);
  std::cout << fmt::format("log loss  fitted {:.5f} -> {:.5f}   held out {:.5f} -> {:.5f}\n", r.train_loss_before,
                           r.train_loss_after, r.held_out_loss_before, r.held_out_loss_after);
  std::cout << "weight           before    after\n";
  static constexpr const char* NAMES[11] = {"none", "overline", "block1", "flex1", "block2", "flex2",
                                            "block3", "flex3", "block4", "flex4", "five"};
  for (int p = gomoku::tune::FIRST_PATTERN; p <= gomoku::tune::LAST_PATTERN; ++p)
    std::cout << fmt::format("{:<14} {:>8.0f} {:>8.1f}\n", NAMES[p], start.pattern[static_cast<std::size_t>(p)],
                             r.weights.pattern[static_cast<std::size_t>(p)]);
  for (int p = gomoku::tune::FIRST_TEMPO; p <= gomoku::tune::LAST_TEMPO; ++p)
    std::cout << fmt::format("tempo {:<8} {:>8.0f} {:>8.1f}\n", NAMES[p], start.tempo[static_cast<std::size_t>(p)],
                             r.weights.tempo[static_cast<std::size_t>(p)]);
  static constexpr const char* KINDS[11] = {"none", "dead two", "live two", "dead three", "double two", "live three",
                                            "dead four", "dead3+live3", "double three", "four-three", "five"};
  for (int k = gomoku::tune::FIRST_KIND; k <= gomoku::tune::LAST_KIND; ++k)
    std::cout << fmt::format("{:<14} {:>8.0f} {:>8.1f}\n", KINDS[k], start.kind[static_cast<std::size_t>(k)],
                             r.weights.kind[static_cast<std::size_t>(k)]);
  for (int k = gomoku::tune::FIRST_KIND_TEMPO; k <= gomoku::tune::LAST_KIND_TEMPO; ++k)
    std::cout << fmt::format("tempo {:<8} {:>8.0f} {:>8.1f}\n", KINDS[k], start.kind_tempo[static_cast<std::size_t>(k)],
                             r.weights.kind_tempo[static_cast<std::size_t>(k)]);
  if (!o.out.empty()) {
    const std::string how = fmt::format(
        "Made by `{}`\nfrom {} games ({} quiet positions, every {}th held out), the data made by:{}\n"
        "Log loss of the {}, fitted {:.5f} -> {:.5f}, held out {:.5f} -> {:.5f} (scale {:.1f}).",
        command_line(), games, samples.size(), o.held_out_every, sources,
        o.search_depth > 0
            ? fmt::format("labels ({:g} x the result + {:g} x the win chance of a depth-{} search)", o.lambda, 1.0 - o.lambda,
                          o.search_depth)
            : std::string("results"),
        r.train_loss_before, r.train_loss_after, r.held_out_loss_before, r.held_out_loss_after, r.scale);
    write_file(o.out, gomoku::tune::weights_header(r.weights, how));
    std::cout << "weights written to " << o.out << "\n";
  }
}

struct OrderOptionsCli {
  std::vector<std::string> data;
  std::string out;
  int iterations = 300, held_out_every = HELD_OUT_EVERY;
  double learning_rate = 0.05;
};

void run_order(const OrderOptionsCli& o) {
  if (!o.out.empty()) check_writable(o.out);
  std::vector<std::vector<gomoku::order_tune::Position>> games;
  std::size_t positions = 0;
  std::string sources;
  for (const auto& file : read_result_files(o.data)) {
    for (const auto& g : file.games) {
      games.push_back(gomoku::order_tune::positions_of_game(g.moves, file.settings.size, file.settings.rule, g.opening_moves));
      positions += games.back().size();
    }
    sources += fmt::format("\n  {} games: {}", file.games.size(), file.command);
  }
  if (positions < 100) throw RunError(fmt::format("only {} positions to fit: give more games", positions));
  gomoku::order_tune::FitOptions fo;
  fo.iterations = o.iterations;
  fo.learning_rate = o.learning_rate;
  fo.held_out_every = o.held_out_every;
  const auto r = gomoku::order_tune::fit(games, gomoku::order_tune::Weights::current(), fo);
  std::cout << fmt::format("{} games, {} positions ({} games fitted, {} held out); {} weights not shown by the data kept\n",
                           games.size(), positions, r.train_games, r.held_games, r.fixed);
  const auto row = [](const char* name, const gomoku::order_tune::Accuracy& a, bool loss = true) {
    return fmt::format("{:<20} {:>8} {:>6.1f} % {:>6.1f} % {:>6.1f} %{}\n", name, a.positions, 100 * a.top1, 100 * a.top3,
                       100 * a.top10, loss ? fmt::format(" {:>9.4f}", a.log_loss) : "");
  };
  std::cout << "played move ranked    positions   first  top 3  top 10  log loss\n";
  std::cout << row("fitted, before", r.train_before) << row("fitted, after", r.train_after);
  if (r.held_games > 0) {
    std::cout << row("held out, before", r.held_before) << row("held out, after", r.held_after);
    std::cout << row("held out, threats", r.held_threat_order, false);
    std::cout << "(threats: the threat searches' order by point kind, which the search used before)\n";
  }
  if (!o.out.empty()) {
    const auto share = [](const gomoku::order_tune::Accuracy& a) {
      return fmt::format("first {:.1f} %, top 3 {:.1f} %, top 10 {:.1f} %", 100 * a.top1, 100 * a.top3, 100 * a.top10);
    };
    const std::string how = fmt::format(
        "Made by `{}`\nfrom {} games ({} positions, every {}th game held out), the data made by:{}\n"
        "Played move ranked, held out: before {}; after {}\n(the threat searches' order by point kind: {}).",
        command_line(), games.size(), positions, o.held_out_every, sources, share(r.held_before), share(r.held_after),
        share(r.held_threat_order));
    write_file(o.out, gomoku::order_tune::weights_header(r.weights, how));
    std::cout << "weights written to " << o.out << "\n";
  }
}

}  // namespace

void add_gomoku_tune_command(CLI::App& gomoku) {
  auto* tune = gomoku.add_subcommand("tune", "tune the engine: self-play data, then the evaluation fitted to the results and the move order to the moves");
  tune->require_subcommand(1);
  {
    auto o = std::make_shared<GenerateOptions>();
    auto* cmd = tune->add_subcommand("generate", "play self-play games for tuning data (a match's result file)");
    add_out(cmd, o->out, "the data file (JSON; shards join with `tilestone merge --json-out`)")->required();
    add_games(cmd, o->games, limits::MAX_GAMES);
    add_gomoku_level(cmd, o->level, "--level", "the level playing both sides");
    add_gomoku_rule(cmd, o->rule);
    add_gomoku_size(cmd, o->size);
    add_time_ms(cmd, o->time_ms, limits::MAX_TIME_MS, TIME_WITH_DEPTH_HELP);
    add_depth(cmd, o->depth, 0, limits::MAX_DEPTH, "search to this depth (0: by time; alone, the same games on every machine)");
    add_seed(cmd, o->seed, "seed of the openings and the engines");
    add_jobs(cmd, o->jobs, limits::MAX_JOBS);
    add_shard(cmd, o->shard);
    cmd->callback([cmd, o] {
      GenerateOptions g = *o;
      g.time_ms = think_time(cmd, o->time_ms, o->depth);
      run_generate(g);
    });
  }
  {
    auto o = std::make_shared<FitOptionsCli>();
    auto* cmd = tune->add_subcommand("fit", "fit the evaluation weights to the results of the data's games");
    cmd->add_option("data", o->data, "data files from `tune generate` (or merged shards, or match results)")->type_name("FILE")->default_str("")->required();
    add_out(cmd, o->out, "write the weights as a generated header (src/gomoku/eval_weights.h)");
    add_int(cmd, "--iterations", o->iterations, "N", 1, MAX_ITERATIONS, "optimiser steps");
    add_number(cmd, "--learning-rate", o->learning_rate, "RATE", 1e-6, 999, "optimiser step in evaluation points", "(0-999]");
    add_held_out_every(cmd, o->held_out_every, "keep every k-th position out of the fit to check it");
    add_int(cmd, "--search-depth", o->search_depth, "N", 0, limits::MAX_DEPTH, "also search each position to this depth (with --lambda below 1; 0: no search)");
    add_number(cmd, "--lambda", o->lambda, "L", 0, 1, "label = lambda x the game's result + (1 - lambda) x the search's win chance");
    add_jobs(cmd, o->jobs, limits::MAX_JOBS, "positions searched at once (with --search-depth)");
    cmd->callback([o] { run_fit(*o); });
  }
  {
    auto o = std::make_shared<OrderOptionsCli>();
    auto* cmd = tune->add_subcommand("order", "fit the move order to the moves played in the data's games");
    cmd->add_option("data", o->data, "game files: `tune generate` data, merged shards or match results")->type_name("FILE")->default_str("")->required();
    add_out(cmd, o->out, "write the weights as a generated header (src/gomoku/order_weights.h)");
    add_int(cmd, "--iterations", o->iterations, "N", 1, MAX_ITERATIONS, "optimiser steps");
    add_number(cmd, "--learning-rate", o->learning_rate, "RATE", 1e-6, 10, "optimiser step in logits", "(0-10]");
    add_held_out_every(cmd, o->held_out_every, "keep every k-th game out of the fit to check it");
    cmd->callback([o] { run_order(*o); });
  }
}

}  // namespace tilestone::app
