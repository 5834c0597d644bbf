#include "app/ai_options_2048.h"

#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "app/cli_values.h"
#include "app/commands.h"
#include "app/options.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"
#include "g2048/shipped_network.h"
#include "g2048/weights_file.h"

namespace tilestone::app {

using namespace tilestone::g2048;

void add_ai_options(CLI::App* cmd, AiOptions& o) {
  o.cmd = cmd;
  add_choice(cmd, "--ai", o.ai, "AI", {"expectimax", "ntuple", "minimax", "montecarlo", "greedy", "random"}, "the AI");
  cmd->add_option("--eval", o.eval,
                  fmt::format("expectimax's evaluation: ntuple (the learned network) or heuristic (default: {})",
                              params::NTUPLE_IS_DEFAULT_EVAL ? "ntuple" : "heuristic"))
      ->type_name("EVAL")
      ->check(one_of({"ntuple", "heuristic"}));
  add_text(cmd, "--network", o.network, "FILE", "the n-tuple network to load (default: the shipped ntuple.tsn)");
  add_int_unset(cmd, "--downgrade-from", o.downgrade_tile, o.downgrade_given, "TILE", 0, 32768,
                "the network's values: a board holding this tile or more, with a smaller tile missing, is valued as "
                "the board one tile lower (tile downgrading; a power of two, 0: never; default: the network file's "
                "own, 16384 for the shipped network)");
  add_time_ms(cmd, o.time_ms, limits::MAX_TIME_MS,
              TIME_WITH_DEPTH_HELP);
  add_depth(cmd, o.depth, 0, limits::MAX_DEPTH_MINIMAX,
            fmt::format("search to this depth (0: by time; expectimax at most {})", limits::MAX_DEPTH));
  add_int(cmd, "--playouts", o.playouts, "N", 1, limits::MAX_PLAYOUTS, "Monte Carlo playouts per legal move");
  add_threads(cmd, o.threads, limits::MAX_THREADS, "search threads of one decision");
  add_text(cmd, "--weights", o.weights, "W1,...,W6", "minimax: seed-004 evaluation weights");
  add_seed(cmd, o.seed);
}

std::shared_ptr<const NTupleNetwork> resolve_network(const AiOptions& o) {
  const bool needed = o.ai == "ntuple" || (o.ai == "expectimax" && o.eval == "ntuple");
  const bool wanted = needed || (o.ai == "expectimax" && o.eval.empty() && params::NTUPLE_IS_DEFAULT_EVAL);
  if (!wanted) return nullptr;
  if (!o.network.empty()) {
    auto loaded = load_network(o.network, NTupleNetwork::Storage::INT16);
    if (!loaded) throw RunError(loaded.error());
    return std::make_shared<NTupleNetwork>(std::move(loaded).value());
  }
  const auto net = shipped_network();
  if (net) return *net;
  if (needed) throw RunError(net.error());
  std::fprintf(stderr, "tilestone: %s; expectimax uses the heuristic evaluation\n", net.error().c_str());
  return nullptr;
}

std::pair<AiConfig, Limits> resolve(const AiOptions& o) {
  std::optional<int> downgrade_from;
  if (o.downgrade_given) {
    auto e = downgrade_exponent_of(o.downgrade_tile);
    if (!e) throw UsageError("--downgrade-from: " + e.error());
    downgrade_from = *e;  // make_ai refuses it for an AI that does not play with the network
  }
  AiConfig cfg{o.ai, std::nullopt, o.eval, resolve_network(o)};
  cfg.downgrade_from = downgrade_from;
  if (!o.weights.empty()) {
    auto w = parse_weights(o.weights);
    if (!w) throw UsageError(w.error());
    cfg.weights = *w;
  }
  if (auto probe = make_ai(cfg); !probe) throw UsageError(probe.error());
  const int max_depth = limits::max_depth(o.ai == "minimax");
  if (o.depth > max_depth) throw UsageError(fmt::format("--depth must be between 0 and {} for {}", max_depth, o.ai));
  Limits l;
  l.time_ms = o.cmd ? think_time(o.cmd, o.time_ms, o.depth) : o.time_ms;
  l.depth = o.depth;
  l.playouts = o.playouts;
  l.threads = static_cast<unsigned>(o.threads);
  l.seed = o.seed;
  return {cfg, l};
}

}  // namespace tilestone::app
