#pragma once
// The AI options the 2048 commands share (hint, play, bench, suite): their parsing, their bounds,
// and their resolution into an AI configuration and limits.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "g2048/ai.h"

namespace tilestone::app {

// Upper bounds that keep one request from running for hours.
inline constexpr double MAX_TIME_MS = 600000;
inline constexpr int MAX_DEPTH_EXPECTIMAX = 8;
inline constexpr int MAX_DEPTH_MINIMAX = 16;
inline constexpr int MAX_PLAYOUTS = 1000000;
inline constexpr int MAX_THREADS = 256;
inline constexpr int MAX_GAMES = 1000000;

struct AiOptions {
  std::string ai = "expectimax";
  double time_ms = 0;
  int depth = 0;
  int playouts = 400;
  unsigned threads = 0;
  std::string weights;
  std::string eval;
  std::string network;
  std::uint64_t seed = 1;
};

/// Registers --ai, --eval, --network, --time-ms, --depth, --playouts, --threads, --weights, --seed.
void add_ai_options(CLI::App* cmd, AiOptions& o, unsigned default_threads);
/// The network the options ask for: --network, or the shipped one. An AI that needs it and cannot
/// have it is an error; expectimax without --eval falls back to the heuristic, and says so.
std::shared_ptr<const g2048::NTupleNetwork> resolve_network(const AiOptions& o);
/// Validates the options and turns them into an AI configuration and limits (UsageError if bad).
std::pair<g2048::AiConfig, g2048::Limits> resolve(const AiOptions& o);

}  // namespace tilestone::app
