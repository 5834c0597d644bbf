// `tilestone gomoku winprob fit`: the logistic curve that turns a search value into the side to
// move's chance to win (params::WINPROB_SCALE), fitted on positions of self-play games and checked
// on held-out games. Parse, call lab/gomoku/winprob_fit.h, print the fit and its calibration.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "gomoku/limits.h"
#include "gomoku/winprob.h"
#include "lab/gomoku/winprob_fit.h"
#include "lab/match/report.h"
#include "lab/match/runner.h"

namespace tilestone::app {
namespace {

struct WinprobFitOptions {
  std::vector<std::string> data;
  int depth = gomoku::params::WINPROB_FIT_DEPTH;
  int per_game = gomoku::params::WINPROB_FIT_POSITIONS_PER_GAME;
  int held_out_every = 10;
  int max_games = 0;
  int jobs = 1;
  std::uint64_t seed = gomoku::limits::DEFAULT_SEED;
};

struct FitGame {
  std::vector<gomoku::Point> moves;
  int size = 15;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  gomoku::Outcome outcome = gomoku::Outcome::NONE;
  int opening = 0;
};

std::vector<FitGame> read_games(const WinprobFitOptions& o) {
  std::vector<FitGame> out;
  for (const auto& file : read_result_files(o.data, o.max_games))
    for (const auto& g : file.games)
      out.push_back({g.moves, file.settings.size, file.settings.rule, g.outcome, g.opening_moves});
  return out;
}

void run_fit(const WinprobFitOptions& o) {
  const auto games = read_games(o);
  if (games.size() < 10) throw RunError(fmt::format("only {} games: give more data", games.size()));
  // Step 1. Value sampled positions by a fixed-depth search (the same on every machine); game i
  // draws its positions with a seed derived from --seed and i, so --jobs changes nothing.
  std::vector<std::vector<gomoku::ValueSample>> per_game(games.size());
  std::atomic<std::size_t> done{0};
  const auto t0 = std::chrono::steady_clock::now();
  ProgressBar bar({.label = "valuing", .unit = "games", .log_every = 100});
  core::parallel_for(games.size(), static_cast<unsigned>(o.jobs), [&](std::size_t i) {
    const auto& g = games[i];
    per_game[i] = gomoku::value_samples(g.moves, g.size, g.rule, g.outcome, g.opening, o.per_game, o.depth, core::derive_seed(o.seed, i));
    const std::size_t n = ++done;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    bar.update(static_cast<std::int64_t>(n), static_cast<std::int64_t>(games.size()), fmt::format("{:.0f} s", secs));
  });
  bar.finish();
  // Step 2. Whole games are held out (every k-th), so no held-out position shares a game with a
  // fitted one.
  std::vector<gomoku::ValueSample> fit, held;
  for (std::size_t i = 0; i < games.size(); ++i) {
    auto& dst = o.held_out_every > 0 && i % static_cast<std::size_t>(o.held_out_every) == static_cast<std::size_t>(o.held_out_every - 1) ? held : fit;
    dst.insert(dst.end(), per_game[i].begin(), per_game[i].end());
  }
  if (fit.size() < 50) throw RunError(fmt::format("only {} positions to fit: give more games", fit.size()));
  const double scale = gomoku::fit_winprob_scale(fit);
  fmt::print("{} games, {} positions valued at depth {} ({} fitted, {} held out: every {}th game)\n", games.size(),
             fit.size() + held.size(), o.depth, fit.size(), held.size(), o.held_out_every);
  fmt::print("fitted scale: {:.1f} evaluation points per unit of logit (params.h has {:.1f})\n", scale, gomoku::params::WINPROB_SCALE);
  fmt::print("log loss  fitted {:.4f}   held out {:.4f}   (held out with params.h: {:.4f}, a coin: 0.6931)\n",
             gomoku::winprob_log_loss(fit, scale), gomoku::winprob_log_loss(held, scale),
             gomoku::winprob_log_loss(held, gomoku::params::WINPROB_SCALE));
  const auto& check = held.empty() ? fit : held;
  fmt::print("calibration on {} positions (predicted chance of the side to move against its results):\n",
             held.empty() ? "the fitted" : "held-out");
  fmt::print("| predicted | positions | mean predicted | observed |\n|---|---|---|---|\n");
  for (const auto& b : gomoku::calibration(check, scale, 10))
    fmt::print("| {:>3.0f}-{:<3.0f}% | {:>5} | {:>5.1f} % | {:>5.1f} % |\n", 100 * b.lo, 100 * b.hi, b.count, 100 * b.predicted, 100 * b.observed);
}

}  // namespace

void add_gomoku_winprob_command(CLI::App& gomoku) {
  namespace limits = gomoku::limits;
  auto* wp = gomoku.add_subcommand("winprob", "the curve from search value to win probability");
  wp->require_subcommand(1);
  auto o = std::make_shared<WinprobFitOptions>();
  auto* cmd = wp->add_subcommand("fit", "fit the curve on self-play games and print its calibration on held-out games");
  cmd->add_option("data", o->data, "self-play results (`tilestone gomoku tune generate`, e.g. data/selfplay/*.json)")->type_name("FILE")->default_str("")->required();
  add_depth(cmd, o->depth, 1, limits::MAX_DEPTH, "search depth that values a position");
  add_int(cmd, "--per-game", o->per_game, "N", 1, 50, "positions sampled per game");
  add_held_out_every(cmd, o->held_out_every, "keep every k-th game out of the fit to check it");
  add_int(cmd, "--max-games", o->max_games, "N", 0, limits::MAX_GAMES, "use at most this many games of each file (0: all)");
  add_jobs(cmd, o->jobs, limits::MAX_JOBS, "games valued at once");
  add_seed(cmd, o->seed, "seed of the sampled positions");
  cmd->callback([o] { run_fit(*o); });
}

}  // namespace tilestone::app
