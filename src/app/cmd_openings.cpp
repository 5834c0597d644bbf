// `tilestone gomoku openings`: a file of search-checked balanced openings in the offset format
// of Piskvork's openings.txt, which `gomoku match --openings` (and other match managers) read.
// Parse, call lab/match/openings.h, write the file.

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/progress.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "gomoku/params.h"
#include "gomoku/rules.h"
#include "lab/match/openings.h"

namespace tilestone::app {
namespace {

struct OpeningsOptions {
  std::string out, rule = "freestyle";
  int count = 50, stones = 5, radius = 3, depth = 6, size = gomoku::limits::DEFAULT_SIZE, jobs = 1;
  double balance = 0.1;
  std::uint64_t seed = gomoku::limits::DEFAULT_SEED;
};

void run_openings(const OpeningsOptions& o) {
  const auto rule = gomoku::parse_rule(o.rule);
  if (!rule) throw UsageError("unknown rule '" + o.rule + "' (freestyle, standard, renju)");
  if (o.radius > o.size / 2) throw UsageError(fmt::format("--radius {} does not fit a {}x{} board", o.radius, o.size, o.size));
  if (o.stones > (2 * o.radius + 1) * (2 * o.radius + 1) / 2)
    throw UsageError(fmt::format("{} stones do not fit within radius {} of the centre", o.stones, o.radius));
  match::BalancedOptions b;
  b.size = o.size;
  b.rule = *rule;
  b.count = o.count;
  b.stones = o.stones;
  b.radius = o.radius;
  b.depth = o.depth;
  b.balance = o.balance;
  b.seed = o.seed;
  b.jobs = static_cast<unsigned>(o.jobs);
  ProgressBar bar({.label = "", .unit = "kept", .log_every = 1});
  const auto openings = match::balanced_openings(b, [&](const match::BalancedProgress& p) {
    bar.update(p.kept, o.count, fmt::format("{} candidates", p.candidates));
  });
  bar.finish();
  if (openings.empty()) throw RunError("no candidate was balanced enough: raise --balance or change --stones");

  // The offsets of Piskvork's openings.txt: x, y of each stone from the centre, black first.
  std::ostringstream text;
  text << fmt::format("# tilestone gomoku openings --count {} --stones {} --radius {} --depth {} --balance {} --rule {} "
                      "--size {} --seed {}\n",
                      o.count, o.stones, o.radius, o.depth, o.balance, o.rule, o.size, o.seed);
  text << "# one opening a line: x, y of each stone from the centre, black first; kept when the side to move's\n"
          "# chance to win after a fixed-depth search lies within the balance of 50 %\n";
  double spread = 0, black = 0;
  const int c = o.size / 2;
  for (const auto& op : openings) {
    std::string line;
    for (const gomoku::Point p : op.moves) line += fmt::format("{}{}, {}", line.empty() ? "" : ", ", p.x - c, p.y - c);
    text << line << '\n';
    spread += std::abs(op.black_chance - 0.5);
    black += op.black_chance;
  }
  if (o.out.empty()) std::fputs(text.str().c_str(), stdout);
  else write_file(o.out, text.str());
  const auto n = static_cast<double>(openings.size());
  fmt::print(stderr, "{} openings{}{}: black's chance {:.1f} % on average, {:.1f} points from 50 % on average\n",
             openings.size(), o.out.empty() ? "" : " written to ", o.out, 100 * black / n, 100 * spread / n);
  if (static_cast<int>(openings.size()) < o.count)
    fmt::print(stderr, "only {} of {} found among the candidates tried: raise --balance or change --stones\n",
               openings.size(), o.count);
}

}  // namespace

void add_gomoku_openings_command(CLI::App& gomoku) {
  namespace limits = gomoku::limits;
  auto o = std::make_shared<OpeningsOptions>();
  auto* cmd = gomoku.add_subcommand("openings", "write balanced openings (checked by search) for gomoku match --openings");
  add_int(cmd, "--count", o->count, "N", 1, 10000, "openings to write");
  add_int(cmd, "--stones", o->stones, "N", 1, 30, "stones in each opening, black first");
  add_int(cmd, "--radius", o->radius, "N", 1, 12, "stones lie within this distance of the centre");
  add_depth(cmd, o->depth, 1, limits::MAX_DEPTH, "depth of the search that values each candidate");
  add_number(cmd, "--balance", o->balance, "P", 0.001, 0.5,
             "keep a candidate when the side to move's chance to win is within this of 50 %");
  add_gomoku_rule(cmd, o->rule);
  add_gomoku_size(cmd, o->size);
  add_seed(cmd, o->seed, "seed of the candidates");
  add_jobs(cmd, o->jobs, limits::MAX_JOBS, "candidates valued at once (the file does not change)");
  add_out(cmd, o->out, "the file to write (default: standard output)");
  cmd->callback([o] { run_openings(*o); });
}

}  // namespace tilestone::app
