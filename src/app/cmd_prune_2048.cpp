// tilestone 2048 prune: parse, call lab/g2048/prune, save the smaller network file.

#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"
#include "app/progress.h"
#include "app/stop_signals.h"
#include "core/replace_file.h"
#include "g2048/limits.h"
#include "g2048/weights_file.h"
#include "lab/g2048/prune.h"

namespace tilestone::app {
namespace {

using namespace tilestone::g2048;

constexpr int MAX_PRUNE_GAMES = 1000000;

struct PruneCommand {
  std::string in, out;
  PruneOptions prune;
  std::string encoding = "int16";
  int int16_step = 1;
  int zstd_level = 19;
  int downgrade_tile = 0;
  bool downgrade_given = false;
  bool quiet = false;
};

void run_prune(PruneCommand o) {
  if (o.int16_step > 1 && o.encoding != "int16") throw UsageError("--int16-step applies to --encoding int16");
  std::optional<int> downgrade_from;
  if (o.downgrade_given) {
    auto e = downgrade_exponent_of(o.downgrade_tile);
    if (!e) throw UsageError("--downgrade-from: " + e.error());
    downgrade_from = *e;
  }
  // Before the games: a file that cannot be written would lose them.
  if (auto r = core::check_replaceable(o.out); !r) throw RunError("--out " + r.error());
  auto loaded = load_network(o.in);
  if (!loaded) throw RunError(loaded.error());
  NTupleNetwork& net = *loaded;
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

  SaveOptions save;
  save.encoding = o.encoding == "int16" ? WeightEncoding::Int16 : WeightEncoding::Float32;
  save.int16_step = o.int16_step;
  save.zstd_level = o.zstd_level;
  auto written = save_network(net, o.out, save);
  if (!written) throw RunError(written.error());
  std::printf("%d one-ply games (%llu moves, seed %llu) read %llu of %llu weights (%.1f %%); %llu unread weights reset to %g\n",
              report.games, static_cast<unsigned long long>(report.moves), static_cast<unsigned long long>(o.prune.seed),
              static_cast<unsigned long long>(report.read), static_cast<unsigned long long>(report.weights),
              report.weights ? 100.0 * static_cast<double>(report.read) / static_cast<double>(report.weights) : 0.0,
              static_cast<unsigned long long>(report.reset), static_cast<double>(report.reset_value));
  std::printf("saved %s (%s%s, %llu bytes)\n", o.out.c_str(), std::string(to_string(save.encoding)).c_str(),
              save.encoding == WeightEncoding::Int16 ? fmt::format(", step {}", o.int16_step).c_str() : "",
              static_cast<unsigned long long>(*written));
}

}  // namespace

void add_2048_prune_command(CLI::App& g2048) {
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
  add_jobs(cmd, o->prune.jobs, limits::MAX_JOBS, "games played at once (the same games and file on any number)");
  add_int_unset(cmd, "--downgrade-from", o->downgrade_tile, o->downgrade_given, "TILE", 0, 32768,
                "the tile from which the player values boards downgraded, in the games and in the file written (a "
                "power of two, 0: never; default: the file's)");
  add_choice(cmd, "--encoding", o->encoding, "ENCODING", {"float32", "int16"}, "the file's weights");
  add_int(cmd, "--int16-step", o->int16_step, "N", 1, 256, "int16: round each quantised weight to a multiple of this");
  add_int(cmd, "--zstd-level", o->zstd_level, "N", 1, 19, "compression level of the file");
  cmd->add_flag("--quiet", o->quiet, "no progress output");
  cmd->callback([o] { run_prune(*o); });
}

}  // namespace tilestone::app
