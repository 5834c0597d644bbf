// `tilestone 2048 suite make | run`: a position suite with a deep search's reference values, and
// an AI scored on it by the value its choices give up. Parse, call lab/g2048/suite, format.

#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/ai_options_2048.h"
#include "app/cli_values.h"
#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "core/clock.h"
#include "g2048/grid.h"
#include "lab/g2048/suite.h"

namespace tilestone::app {
namespace {

using namespace tilestone::g2048;

constexpr int MAX_SUITE_POSITIONS = 100000;
/// The reference search of `suite make` when neither --time-ms nor --depth is given.
constexpr int REFERENCE_DEPTH = 5;

// The progress bar of a pass over `total` positions (on a terminal only); the bar lives as long
// as the callback.
std::function<void(std::size_t)> progress(const char* what, std::size_t total) {
  auto bar = std::make_shared<ProgressBar>(ProgressBar::Style{.label = what, .unit = "positions", .log_every = 0});
  return [bar, total](std::size_t i) { bar->update(static_cast<std::int64_t>(i + 1), static_cast<std::int64_t>(total)); };
}

struct MakeOptions {
  AiOptions ai;  ///< the reference search
  std::string out;
  SuiteSampling sampling;
  int min_tile = 4096;
};

void run_make(MakeOptions o) {
  if (o.ai.cmd->count("--time-ms") == 0 && o.ai.cmd->count("--depth") == 0) o.ai.depth = REFERENCE_DEPTH;
  if ((o.min_tile & (o.min_tile - 1)) != 0) throw UsageError("--min-tile must be a power of two");
  check_writable(o.out);
  auto [cfg, limits] = resolve(o.ai);
  limits.prob_cutoff = SUITE_REFERENCE_CUTOFF;
  auto reference = std::move(make_ai(cfg).value());
  // The boards come from the network's one-ply policy (the shipped network, or --network).
  AiOptions player_options = o.ai;
  player_options.ai = "ntuple";
  player_options.time_ms = 0;
  player_options.depth = 0;
  player_options.cmd = nullptr;
  const auto [player_cfg, player_limits] = resolve(player_options);
  auto player = std::move(make_ai(player_cfg).value());
  o.sampling.min_exponent = __builtin_ctz(static_cast<unsigned>(o.min_tile));
  const std::vector<Board> boards = sample_boards(*player, player_limits, o.sampling);
  if (boards.empty()) throw RunError("no board reached --min-tile in --games games");
  const auto t0 = core::now_us();
  const auto positions = reference_positions(*reference, limits, boards, progress("reference", boards.size()));
  std::ofstream f(o.out, std::ios::binary);
  f << fmt::format("# made by: {}\n", command_line()) << format_suite(positions);
  f.close();
  if (!f) throw RunError("cannot write " + o.out);
  fmt::print("{} positions written to {} (reference {}: {:.1f} s)\n", positions.size(), o.out,
             limits.depth > 0 ? fmt::format("depth {}", limits.depth) : fmt::format("{} ms", limits.time_ms),
             static_cast<double>(core::now_us() - t0) / 1e6);
}

struct RunOptions {
  AiOptions ai;
  std::string suite;
  std::string csv;
  bool as_json = false;
};

void run_score(const RunOptions& o) {
  auto suite = parse_suite(read_file(o.suite));
  if (!suite) throw RunError(o.suite + ": " + suite.error());
  if (suite->size() > MAX_SUITE_POSITIONS)
    throw RunError(fmt::format("{}: more than {} positions", o.suite, MAX_SUITE_POSITIONS));
  if (!o.csv.empty()) check_writable(o.csv);
  const auto [cfg, limits] = resolve(o.ai);
  auto ai = std::move(make_ai(cfg).value());
  const SuiteScore s = score_suite(*ai, limits, *suite, progress("positions", suite->size()));
  if (!o.csv.empty()) {
    std::ofstream f(o.csv, std::ios::binary);
    f << "position,board,chosen,best,loss,depth,ms\n";
    for (std::size_t i = 0; i < s.choices.size(); ++i) {
      const SuiteChoice& c = s.choices[i];
      f << fmt::format("{},{},{},{},{:.3f},{},{:.3f}\n", i, format_hex(Grid::from_board((*suite)[i].board)),
                       c.chosen ? to_string(*c.chosen) : "none", to_string(c.best), c.loss, c.depth, c.ms);
    }
    f.close();
    if (!f) throw RunError("cannot write " + o.csv);
  }
  if (o.as_json) {
    nlohmann::json j = {{"positions", s.positions},     {"agreed", s.agreed},       {"mean_loss", s.mean_loss},
                        {"max_loss", s.max_loss},       {"big_losses", s.big_losses}, {"mean_depth", s.mean_depth},
                        {"mean_ms", s.mean_ms}};
    print_json(j);
    return;
  }
  fmt::print("positions {}  agreed {} ({:.1f}%)  mean loss {:.2f}  max loss {:.0f}  losses >= {:.0f}: {}  mean depth {:.2f}  mean {:.2f} ms\n",
             s.positions, s.agreed, 100.0 * s.agreed / s.positions, s.mean_loss, s.max_loss, SUITE_BIG_LOSS, s.big_losses,
             s.mean_depth, s.mean_ms);
}

}  // namespace

void add_2048_suite_command(CLI::App& g2048) {
  auto* suite = g2048.add_subcommand("suite", "a position suite with reference values; an AI scored by the value its choices give up");
  suite->require_subcommand(1);
  {
    auto* cmd = suite->add_subcommand("make", "sample boards from games of the network and value every move with a deep search");
    auto o = std::make_shared<MakeOptions>();
    add_ai_options(cmd, o->ai);
    cmd->get_option("--depth")->description(fmt::format(
        "search to this depth (0: by time; expectimax at most {}; without --time-ms and --depth: {}) [0-{}]", limits::MAX_DEPTH,
        REFERENCE_DEPTH, limits::MAX_DEPTH_MINIMAX));
    add_out(cmd, o->out, "the suite file to write")->required();
    add_games(cmd, o->sampling.games, limits::MAX_GAMES, "games to sample from");
    add_int(cmd, "--positions", o->sampling.positions, "N", 1, MAX_SUITE_POSITIONS, "boards at most");
    add_int(cmd, "--every", o->sampling.every, "N", 1, 100000, "one board in this many moves");
    add_int(cmd, "--last-moves", o->sampling.last_moves, "N", 0, 1000000, "only boards from a lost game's last this many moves (0: anywhere)");
    add_int(cmd, "--min-tile", o->min_tile, "TILE", 2, 32768, "boards whose largest tile is at least this");
    cmd->callback([=] {
      MakeOptions m = *o;
      m.sampling.seed = o->ai.seed;
      run_make(m);
    });
  }
  {
    auto* cmd = suite->add_subcommand("run", "score an AI's choices on a suite");
    auto o = std::make_shared<RunOptions>();
    cmd->add_option("suite", o->suite, "the suite file (from `tilestone 2048 suite make`)")->type_name("FILE")->required()->check(non_empty());
    add_ai_options(cmd, o->ai);
    add_text(cmd, "--csv", o->csv, "FILE", "also write each position's choice, loss, depth and time to this CSV file");
    add_json_flag(cmd, o->as_json);
    cmd->callback([=] { run_score(*o); });
  }
}

}  // namespace tilestone::app
