#include "app/ai_options_2048.h"

#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "app/cli_values.h"
#include "app/commands.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"
#include "g2048/shipped_network.h"
#include "g2048/weights_file.h"

namespace tilestone::app {

using namespace tilestone::g2048;

void add_ai_options(CLI::App* cmd, AiOptions& o, unsigned default_threads) {
  o.threads = default_threads;
  cmd->add_option("--ai", o.ai, "AI: expectimax (default), ntuple, minimax, montecarlo, greedy, random")->check(non_empty());
  cmd->add_option("--eval", o.eval, fmt::format("expectimax's evaluation: ntuple (the learned network) or heuristic (default {})",
                              params::NTUPLE_IS_DEFAULT_EVAL ? "ntuple" : "heuristic"));
  cmd->add_option("--network", o.network, "n-tuple weights file (default: the shipped data/ntuple.tsn)")->check(non_empty());
  cmd->add_option("--time-ms", o.time_ms, "think time per move in milliseconds (default 100)")
      ->check(number_in(0, MAX_TIME_MS));
  cmd->add_option("--depth", o.depth, "fixed search depth instead of a time budget (deterministic)")
      ->check(integer_in(0, MAX_DEPTH_MINIMAX));
  cmd->add_option("--playouts", o.playouts, "Monte Carlo playouts per legal move (default 400)")
      ->check(integer_in(1, MAX_PLAYOUTS));
  cmd->add_option("--threads", o.threads, "search threads per decision")->check(integer_in(1, MAX_THREADS));
  cmd->add_option("--weights", o.weights, "minimax: seed-004 evaluation weights w1,...,w6");
  cmd->add_option("--seed", o.seed, "seed for the random choices")->check(seed_value());
}

std::shared_ptr<const NTupleNetwork> resolve_network(const AiOptions& o) {
  const bool needed = o.ai == "ntuple" || (o.ai == "expectimax" && o.eval == "ntuple");
  const bool wanted = needed || (o.ai == "expectimax" && o.eval.empty() && params::NTUPLE_IS_DEFAULT_EVAL);
  if (!wanted) return nullptr;
  core::Result<std::shared_ptr<const NTupleNetwork>> net = core::fail("");
  if (!o.network.empty()) {
    auto loaded = load_network(o.network, NTupleNetwork::Storage::INT16);
    if (!loaded) throw UsageError(loaded.error());
    return std::make_shared<NTupleNetwork>(std::move(loaded).value());
  }
  net = shipped_network();
  if (net) return *net;
  if (needed) throw UsageError(net.error());
  std::fprintf(stderr, "tilestone: %s; expectimax uses the heuristic evaluation\n", net.error().c_str());
  return nullptr;
}

std::pair<AiConfig, Limits> resolve(const AiOptions& o) {
  AiConfig cfg{o.ai, std::nullopt, o.eval, resolve_network(o)};
  if (!o.weights.empty()) {
    auto w = parse_weights(o.weights);
    if (!w) throw UsageError(w.error());
    cfg.weights = *w;
  }
  if (auto probe = make_ai(cfg); !probe) throw UsageError(probe.error());
  if (o.time_ms != 0 && o.depth != 0) throw UsageError("give --time-ms or --depth, not both");
  if (!(o.time_ms >= 0) || o.time_ms > MAX_TIME_MS || std::isnan(o.time_ms))
    throw UsageError(fmt::format("--time-ms must be between 0 and {}", MAX_TIME_MS));
  const int max_depth = o.ai == "minimax" ? MAX_DEPTH_MINIMAX : MAX_DEPTH_EXPECTIMAX;
  if (o.depth < 0 || o.depth > max_depth) throw UsageError(fmt::format("--depth must be between 0 and {} for {}", max_depth, o.ai));
  if (o.playouts < 1 || o.playouts > MAX_PLAYOUTS)
    throw UsageError(fmt::format("--playouts must be between 1 and {}", MAX_PLAYOUTS));
  if (o.threads < 1 || o.threads > MAX_THREADS) throw UsageError(fmt::format("--threads must be between 1 and {}", MAX_THREADS));
  Limits l;
  l.time_ms = o.time_ms;
  l.depth = o.depth;
  l.playouts = o.playouts;
  l.threads = o.threads;
  l.seed = o.seed;
  return {cfg, l};
}

}  // namespace tilestone::app
