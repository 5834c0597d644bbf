// tilestone 2048 train: parse, run the TD trainer, report progress, save checkpoints and the log.

#include <algorithm>
#include <atomic>
#include <bit>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/network_file_options_2048.h"
#include "app/options.h"
#include "app/progress.h"
#include "app/stop_signals.h"
#include "core/replace_file.h"
#include "g2048/limits.h"
#include "g2048/weights_file.h"
#include "lab/g2048/td_train.h"
#include "lab/g2048/train_log.h"

namespace tilestone::app {

using namespace tilestone::g2048;

namespace {

// The one piece of state a signal handler may touch.
std::atomic<bool> g_interrupted{false};
extern "C" void on_sigint(int) { g_interrupted.store(true); }

struct TrainOptions {
  std::string out, resume, log, svg, layout, stages;
  bool stages_given = false;
  std::int64_t games = 100000;
  std::int64_t checkpoint_every = 10000;
  double checkpoint_minutes = 0;
  int threads = 1;
  std::uint64_t seed = limits::DEFAULT_SEED;
  double alpha = params::TD_ALPHA;
  double restart_share = 0;
  double optimistic = 0;
  double lambda = 0;
  int n_step = 1;
  double fine_tune_start = params::TD_FINE_TUNE_START;
  NetworkFileOptions file;
  bool tc = false;
  bool forward = false;
  bool quiet = false;
  int restart_min_tile = 0;
  int downgrade_tile = 0;
  bool downgrade_given = false;
};

std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// Replaces the file through a temporary and a rename: a failed write leaves the old file.
void write_file_atomically(const std::string& path, const std::string& text) {
  if (auto r = core::replace_file(path, text); !r) throw RunError(r.error());
}

void write_curve(const std::string& log_path, const std::string& svg_path) {
  auto log = parse_train_log(read_text(log_path));
  if (!log) throw RunError(log.error());
  std::ofstream f(svg_path, std::ios::binary);
  f << core::render_svg(learning_curve(*log, "n-tuple network: TD learning curve"));
  if (!f.flush()) throw RunError(fmt::format("cannot write {}", svg_path));
}

void run_train(const TrainOptions& o) {
  // Step 1. Validate and build (or resume) the network.
  int restart_min_exponent = 0;
  if (o.restart_min_tile != 0) {
    const bool power = o.restart_min_tile >= 4 && o.restart_min_tile <= 32768 &&
                       (o.restart_min_tile & (o.restart_min_tile - 1)) == 0;
    if (!power) throw UsageError("--restart-min-tile must be a power of two from 4 to 32768 (or 0: any board)");
    if (o.restart_share <= 0) throw UsageError("--restart-min-tile applies to --restart-share: give both");
    restart_min_exponent = std::countr_zero(static_cast<unsigned>(o.restart_min_tile));
  }
  std::optional<int> downgrade_from;
  if (o.downgrade_given) {
    auto e = downgrade_exponent_of(o.downgrade_tile);
    if (!e) throw UsageError("--downgrade-from: " + e.error());
    downgrade_from = *e;
  }
  o.file.check();
  // Before any game is played: a checkpoint that cannot be saved would lose them.
  if (auto r = core::check_replaceable(o.out); !r) throw RunError("--out " + r.error());
  if (!o.svg.empty() && o.log.empty()) throw UsageError("--svg draws the curve from --log: give both");
  if (o.optimistic > 0 && !o.resume.empty())
    throw UsageError("--optimistic sets the weights of a new network: it does not go with --resume");
  if (o.forward && o.lambda > 0) throw UsageError("--forward is TD(0): it does not go with --lambda");
  if (o.n_step > 1 && o.forward) throw UsageError("--n-step learns backward from each game's end: it does not go with --forward");
  if (o.n_step > 1 && o.lambda > 0) throw UsageError("--n-step and --lambda are two targets: give one");
  std::unique_ptr<NTupleNetwork> net;
  TrainState state;
  if (!o.resume.empty()) {
    auto loaded = load_checkpoint(o.resume);
    if (!loaded) throw RunError(loaded.error());
    net = std::make_unique<NTupleNetwork>(std::move(loaded->net));
    state = std::move(loaded->state);
    if (o.tc && !state.has_tc()) std::fprintf(stderr, "TC accumulators start from zero (%s has none)\n", o.resume.c_str());
    if (!o.tc && state.has_tc()) {
      std::fprintf(stderr, "plain TD: the TC accumulators of %s are dropped (give --tc to keep them)\n", o.resume.c_str());
      state.tc.clear();
    }
  } else {
    auto layout = o.layout.empty() ? core::Result<std::vector<Tuple>>(default_layout()) : parse_layout(o.layout);
    if (!layout) throw UsageError(layout.error());
    net = std::make_unique<NTupleNetwork>(*layout);
    // Optimistic initialisation: every board starts out worth --optimistic, more than any game
    // scores early on, so the player tries each move until its value has come down to the truth.
    if (o.optimistic > 0) net->fill(static_cast<float>(o.optimistic / net->features()));
  }
  if (o.stages_given) {
    // More stages for a resumed network: each new stage starts as a copy of the last one it had.
    auto stages = parse_stages(o.stages);
    if (!stages) throw UsageError("--stages: " + stages.error());
    const StageThresholds& have = net->stage_thresholds();
    if (*stages != have) {
      if (!net->extended_by(*stages))
        throw RunError(fmt::format("--stages {} does not extend the stages of {} ({})", o.stages, o.resume,
                                     have.empty() ? "one stage" : format_stages(have)));
      net = std::make_unique<NTupleNetwork>(net->with_stages(*stages));
      if (state.has_tc()) {
        std::fprintf(stderr, "new stages: the TC accumulators of %s start again from zero\n", o.resume.c_str());
        state.tc.clear();
      }
    }
  }
  // Play's threshold of tile downgrading travels in the file (training itself values boards as they are).
  if (downgrade_from) net->set_downgrade_from(*downgrade_from);
  std::unique_ptr<std::ofstream> log;
  if (!o.log.empty()) {
    const std::string before = o.resume.empty() ? std::string() : read_text(o.log);
    const bool fresh = before.empty();
    if (!fresh) {
      // The blocks the checkpoint does not hold are played again: their old lines go.
      int dropped = 0;
      const std::string kept = train_log_until(before, net->games_trained, dropped);
      if (dropped > 0) {
        write_file_atomically(o.log, kept);
        std::fprintf(stderr, "%s: %d line%s past game %llu (the checkpoint's) left out: those games are played again\n",
                     o.log.c_str(), dropped, dropped == 1 ? "" : "s", static_cast<unsigned long long>(net->games_trained));
      }
    }
    log = std::make_unique<std::ofstream>(o.log, fresh ? std::ios::trunc : std::ios::app);
    if (!*log) throw RunError(fmt::format("cannot write {}", o.log));
    if (fresh) *log << train_log_header();
  }
  const std::string method = o.forward        ? std::string("forward TD(0)")
                             : o.n_step > 1   ? fmt::format("{}-step TD, backward", o.n_step)
                             : o.lambda > 0   ? fmt::format("TD(lambda {}), backward", o.lambda)
                                              : std::string("TD(0), backward");
  std::fprintf(stderr,
               "training %s (%d features, %s) from game %llu to %llu, %s, %d thread%s, seed %llu, alpha %g%s, restart share %g "
               "(%zu pool boards%s)\n",
               format_layout(net->layout()).c_str(), net->features(),
               net->stages() == 1 ? "one stage" : fmt::format("stages from {}", format_stages(net->stage_thresholds())).c_str(),
               static_cast<unsigned long long>(net->games_trained), static_cast<unsigned long long>(o.games), method.c_str(), o.threads,
               o.threads == 1 ? "" : "s", static_cast<unsigned long long>(o.seed), o.alpha, o.tc ? " (TC meta step)" : "",
               o.restart_share, state.restart_pool.size(),
               o.restart_min_tile > 0 ? fmt::format(", from {} on", o.restart_min_tile).c_str() : "");

  // Step 2. Train, reporting every block and saving a float32 checkpoint every K games.
  TrainConfig cfg;
  cfg.games = static_cast<std::uint64_t>(o.games);
  cfg.threads = static_cast<unsigned>(o.threads);
  cfg.seed = o.seed;
  cfg.alpha = o.alpha;
  cfg.fine_tune_start = o.fine_tune_start;
  cfg.tc = o.tc;
  cfg.restart_share = o.restart_share;
  cfg.restart_min_exponent = restart_min_exponent;
  cfg.lambda = o.lambda;
  cfg.n_step = o.n_step;
  cfg.forward = o.forward;
  TrainHooks hooks;
  hooks.stop = &g_interrupted;
  hooks.checkpoint_games = static_cast<std::uint64_t>(o.checkpoint_every);
  hooks.checkpoint_seconds = o.checkpoint_minutes * 60;
  ProgressBar bar({.label = "", .unit = "games", .log_every = 1});
  hooks.on_progress = [&](const TrainProgress& p) {
    if (log) {
      *log << train_log_line(p);
      log->flush();
    }
    if (o.quiet) return;
    std::string detail = fmt::format("{:.0f} games/s  {:.0f} moves/s  mean {:.0f}  2048 {:.0f}% 8192 {:.0f}% 16384 {:.0f}%",
                                     p.games_per_s, p.moves_per_s, p.mean_score, 100 * p.rates[0], 100 * p.rates[2],
                                     100 * p.rates[3]);
    if (p.restarted != 0)
      detail += fmt::format("  restarted {}: 16384 {:.0f}% 32768 {:.1f}%", p.restarted, 100 * p.restarted_rates[3],
                            100 * p.restarted_rates[4]);
    bar.update(static_cast<std::int64_t>(p.games), static_cast<std::int64_t>(p.target), detail);
  };
  hooks.on_checkpoint = [&](const NTupleNetwork& n, const TrainState& s) {
    if (auto r = save_network(n, o.out, {}, &s); !r) std::fprintf(stderr, "\ncheckpoint failed: %s\n", r.error().c_str());
  };
  g_interrupted.store(false);
  {
    const StopSignals signals(on_sigint);
    train(*net, cfg, hooks, &state);
  }
  bar.finish();

  // Step 3. The final file and the curve. An interrupted run saves exact weights and the training
  // state (a checkpoint to resume from); a finished one the requested encoding (float32 keeps the
  // state too; int16 is a network to play with, not to resume).
  const bool interrupted = g_interrupted.load() && net->games_trained < static_cast<std::uint64_t>(o.games);
  SaveOptions save = o.file.options();
  if (interrupted) save.encoding = WeightEncoding::Float32;
  auto written = save_network(*net, o.out, save, save.encoding == WeightEncoding::Float32 ? &state : nullptr);
  if (!written) throw RunError(written.error());
  if (log) log->close();
  if (!o.svg.empty()) write_curve(o.log, o.svg);
  const int from = net->downgrade_from();
  std::printf("%s %s after %llu games (%s, %.1f MB; the AIs downgrade %s)\n", interrupted ? "interrupted: saved" : "saved",
              o.out.c_str(), static_cast<unsigned long long>(net->games_trained), std::string(to_string(save.encoding)).c_str(),
              static_cast<double>(*written) / 1e6, from == 0 ? "no tile" : fmt::format("from {}", 1 << from).c_str());
  if (interrupted)
    throw Stopped(fmt::format("stopped after {} of {} games: --resume {} goes on from there",
                              static_cast<unsigned long long>(net->games_trained), o.games, o.out));
}

}  // namespace

void add_2048_train_command(CLI::App& g2048) {
  auto* cmd = g2048.add_subcommand("train", "train the n-tuple network by TD learning (Ctrl-C saves and stops)");
  auto o = std::make_shared<TrainOptions>();
  add_out(cmd, o->out, "the network file to write (checkpoints go there too)")->required();
  add_int(cmd, "--games", o->games, "N", 1, 100000000, "train until the network has seen this many games");
  add_threads(cmd, o->threads, limits::MAX_THREADS, "threads updating the network (1 is reproducible)");
  add_seed(cmd, o->seed, "seed of the training games");
  add_number(cmd, "--alpha", o->alpha, "STEP", 1e-9, 1, "TD step size", "(0-1]");
  add_number(cmd, "--fine-tune-start", o->fine_tune_start, "SHARE", 0, 1,
             fmt::format("share of --games after which the step is alpha x {} (1: never)", params::TD_FINE_TUNE_FACTOR));
  add_number(cmd, "--optimistic", o->optimistic, "VALUE", 0, 1e7,
             "optimistic TD (OTD): a new network values every board at this (each weight VALUE / features; 0: zero "
             "weights); e.g. 320000");
  add_number(cmd, "--lambda", o->lambda, "LAMBDA", 0, 0.99,
             "TD(lambda): learn toward the lambda-return of the rest of the game (0: TD(0))");
  add_int(cmd, "--n-step", o->n_step, "N", 1, 10000,
          "n-step TD: learn toward the rewards of the next N moves plus the value N moves ahead (1: TD(0))");
  cmd->add_flag("--forward", o->forward,
                "forward TD(0): learn each move as the next is chosen (faster: the weights are still in the caches) "
                "instead of backward from the end of each game");
  add_text(cmd, "--resume", o->resume, "FILE", "continue from this network file (and its TC accumulators and restart pool)");
  cmd->add_flag("--tc", o->tc, "temporal coherence: a step size per weight, |sum of errors| / sum of |errors|, times --alpha");
  add_number(cmd, "--restart-share", o->restart_share, "SHARE", 0, params::RESTART_SHARE_MAX,
             "share of games that start from a board of the later part of an earlier game");
  add_int(cmd, "--restart-min-tile", o->restart_min_tile, "TILE", 0, 32768,
          "with --restart-share: only boards holding this tile (a power of two) join the pool, so the restarted games "
          "train the late game (0: any board)");
  add_text(cmd, "--log", o->log, "FILE", "append one CSV line per 1,000 games (the learning curve; a resume drops the lines past its checkpoint)");
  add_text(cmd, "--svg", o->svg, "FILE", "draw the learning curve from --log into this SVG file");
  add_int(cmd, "--checkpoint-every", o->checkpoint_every, "N", 1, 100000000, "save --out every this many games");
  add_number(cmd, "--checkpoint-minutes", o->checkpoint_minutes, "MIN", 0, 10000,
             "save --out also once this many minutes have passed since the last save (0: by games only)");
  add_text(cmd, "--layout", o->layout, "TUPLES",
           "tuples as hex cells, e.g. 012345,456789,012456,45689a (default: the shipped network's)");
  add_text(cmd, "--stages", o->stages, "TILES",
           "tiles that start a new stage of weights, ascending, e.g. 8192,16384 (default: one stage); with --resume, new "
           "stages start as copies of the network's last")
      ->each([o](const std::string&) { o->stages_given = true; });
  add_int_unset(cmd, "--downgrade-from", o->downgrade_tile, o->downgrade_given, "TILE", 0, 32768,
                "the tile from which the AIs value this network's boards downgraded (tile downgrading; a power of two, "
                "0: never), kept in the file; training is not changed (default: the resumed file's, else 16384)");
  o->file.add(cmd, "float32", 3, "the final file");
  cmd->add_flag("--quiet", o->quiet, "no progress output");
  cmd->callback([=] { run_train(*o); });
}

}  // namespace tilestone::app
