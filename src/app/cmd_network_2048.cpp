// tilestone 2048 prune and join: network files for play, made from trained ones. Parse, call
// lab/g2048/prune or late_stage, save.

#include <cstdio>
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
#include "lab/g2048/late_stage.h"
#include "lab/g2048/prune.h"

namespace tilestone::app {
namespace {

using namespace tilestone::g2048;

constexpr int MAX_PRUNE_GAMES = 1000000;

// Saves `net` to `path` as `file` says and says so.
void save(const NTupleNetwork& net, const std::string& path, const NetworkFileOptions& file) {
  const SaveOptions how = file.options();
  auto written = save_network(net, path, how);
  if (!written) throw RunError(written.error());
  std::printf("saved %s (%s%s, %llu bytes)\n", path.c_str(), std::string(to_string(how.encoding)).c_str(),
              how.encoding == WeightEncoding::Int16 ? fmt::format(", step {}", how.int16_step).c_str() : "",
              static_cast<unsigned long long>(*written));
}

NTupleNetwork load(const std::string& path) {
  auto loaded = load_network(path);
  if (!loaded) throw RunError(loaded.error());
  return std::move(*loaded);
}

// A tile given on the command line as an exponent: a power of two from 4 to 32768.
int tile_exponent(const std::string& option, int tile) {
  auto e = downgrade_exponent_of(tile);
  if (!e) throw UsageError(option + ": " + e.error());
  return *e;
}

struct PruneCommand {
  std::string in, out;
  PruneOptions prune;
  NetworkFileOptions file;
  int downgrade_tile = 0;
  bool downgrade_given = false;
  bool quiet = false;
};

void run_prune(PruneCommand o) {
  o.file.check();
  std::optional<int> downgrade_from;
  if (o.downgrade_given) downgrade_from = tile_exponent("--downgrade-from", o.downgrade_tile);
  // Before the games: a file that cannot be written would lose them.
  if (auto r = core::check_replaceable(o.out); !r) throw RunError("--out " + r.error());
  NTupleNetwork net = load(o.in);
  // The file keeps the threshold the games were played with.
  if (downgrade_from) net.set_downgrade_from(*downgrade_from);

  PruneReport report;
  {
    ProgressBar bar({.label = "pruning", .unit = "games", .log_every = 0});
    const SignalStop stop;
    report = prune_unread(net, o.prune, stop.token(), [&](int done) {
      if (!o.quiet) bar.update(done, o.prune.games);
    });
  }
  if (report.stopped)
    throw Stopped(fmt::format("stopped after {} of {} games: nothing written", report.games, o.prune.games));

  std::printf("%d one-ply games (%llu moves, seed %llu)%s read %llu of %llu weights (%.1f %%); %llu unread weights reset to %g\n",
              report.games, static_cast<unsigned long long>(report.moves), static_cast<unsigned long long>(o.prune.seed),
              o.prune.lookahead > 0 ? " and a spawn and a move beyond" : "",
              static_cast<unsigned long long>(report.read), static_cast<unsigned long long>(report.weights),
              report.weights ? 100.0 * static_cast<double>(report.read) / static_cast<double>(report.weights) : 0.0,
              static_cast<unsigned long long>(report.reset), static_cast<double>(report.reset_value));
  save(net, o.out, o.file);
}

struct JoinCommand {
  std::string first, late, out;
  int tile = 16384;
  int late_stage = -1;  // -1: the stage the late network's own play reads there
  NetworkFileOptions file;
};

void run_join(const JoinCommand& o) {
  o.file.check();
  const int exponent = tile_exponent("--from", o.tile);
  if (auto r = core::check_replaceable(o.out); !r) throw RunError("--out " + r.error());
  const NTupleNetwork first = load(o.first);
  const NTupleNetwork late = load(o.late);
  const int stage = o.late_stage >= 0 ? o.late_stage : late_stage_of(late, exponent);
  auto joined = join_late_stage(first, late, stage, exponent);
  if (!joined) throw RunError(joined.error());
  std::printf("joined %s below %d and stage %d of %s (of %d) from %d on, downgrading from %d\n", o.first.c_str(), o.tile, stage,
              o.late.c_str(), late.stages(), o.tile, o.tile);
  save(*joined, o.out, o.file);
}

}  // namespace

void add_2048_network_commands(CLI::App& g2048) {
  auto* cmd = g2048.add_subcommand(
      "prune",
      "a smaller network file for play: one-ply games mark every weight the player reads, and each weight none of them "
      "read is reset to the most common value (Ctrl-C stops, writing nothing)");
  auto o = std::make_shared<PruneCommand>();
  cmd->add_option("network", o->in, "the network file to prune")->required()->type_name("FILE");
  add_out(cmd, o->out, "the pruned network file to write")->required();
  add_int(cmd, "--games", o->prune.games, "N", 1, MAX_PRUNE_GAMES,
          "one-ply games whose reads are kept (boards they never reach may be valued differently)");
  add_seed(cmd, o->prune.seed, "seed of the games (another than the bench's, to measure the pruned file fairly)");
  add_int(cmd, "--lookahead", o->prune.lookahead, "N", 0, 1,
          "1: also keep the weights of the boards one spawn and one move beyond every afterstate of the games, which a "
          "search reads (a file for expectimax); 0: those the one-ply player reads");
  add_jobs(cmd, o->prune.jobs, limits::MAX_JOBS, "games played at once (the same games and file on any number)");
  add_int_unset(cmd, "--downgrade-from", o->downgrade_tile, o->downgrade_given, "TILE", 0, 32768,
                "the tile from which the player values boards downgraded, in the games and in the file written (a "
                "power of two, 0: never; default: the file's)");
  o->file.add(cmd, "int16", 19, "the file");
  cmd->add_flag("--quiet", o->quiet, "no progress output");
  cmd->callback([o] { run_prune(*o); });

  auto* join = g2048.add_subcommand(
      "join",
      "a network of two stages from two networks: the first one's first stage for the boards below a tile, a stage of "
      "the late one from that tile on, each board holding it valued downgraded, in the late stage");
  auto j = std::make_shared<JoinCommand>();
  join->add_option("first", j->first, "the network for the boards below the tile")->required()->type_name("FILE");
  join->add_option("late", j->late, "the network whose weights value the boards holding it")->required()->type_name("FILE");
  add_out(join, j->out, "the joined network file to write")->required();
  add_int(join, "--from", j->tile, "TILE", 4, 32768,
          "the tile from which the late stage values the boards, and tile downgrading starts (a power of two)");
  add_int(join, "--late-stage", j->late_stage, "K", -1, MAX_STAGES - 1,
          "the late network's stage to take (0 is the first; -1: the stage its own play values a board holding the "
          "tile with a smaller tile missing)");
  j->file.add(join, "float32", 19, "the file");
  join->callback([j] { run_join(*j); });
}

}  // namespace tilestone::app
