#pragma once
// The AI options the 2048 commands share (hint, play, bench, suite): their parsing, their bounds
// (g2048/limits.h), and their resolution into an AI configuration and limits.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "g2048/ai.h"
#include "g2048/limits.h"

namespace tilestone::app {

struct AiOptions {
  std::string ai = "expectimax";
  int time_ms = g2048::limits::DEFAULT_TIME_MS;
  int depth = 0;
  int playouts = g2048::limits::DEFAULT_PLAYOUTS;
  int threads = g2048::limits::DEFAULT_THREADS;
  std::string weights;
  std::string eval;
  std::string network;
  std::uint64_t seed = g2048::limits::DEFAULT_SEED;
  /// --downgrade-from: a tile, or 0 for none; unset (the network's own threshold) unless given.
  int downgrade_tile = 0;
  bool downgrade_given = false;
  /// The command the options belong to: --time-ms and --depth follow think_time() (options.h).
  const CLI::App* cmd = nullptr;
};

/// Registers --ai, --eval, --network, --downgrade-from, --time-ms, --depth, --playouts, --threads,
/// --weights, --seed.
void add_ai_options(CLI::App* cmd, AiOptions& o);
/// The network the options ask for: --network, or the shipped one. An AI that needs it and cannot
/// have it is an error; expectimax without --eval falls back to the heuristic, and says so.
std::shared_ptr<const g2048::NTupleNetwork> resolve_network(const AiOptions& o);
/// Validates the options and turns them into an AI configuration and limits (UsageError if bad,
/// RunError when a network cannot be loaded).
std::pair<g2048::AiConfig, g2048::Limits> resolve(const AiOptions& o);

}  // namespace tilestone::app
