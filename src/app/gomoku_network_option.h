#pragma once
// The `--network FILE` option of the Gomoku commands: the strong level evaluates with a trained
// network (docs/gomoku.md) instead of the classical evaluation. One loader for every command, so
// a file of the wrong rule or a damaged one is refused the same way everywhere.

#include <memory>
#include <string>

#include "gomoku/network.h"

namespace tilestone::app {

/// The network in `path`, which must be of `rule`'s family (a freestyle network for freestyle
/// boards, ...). Throws UsageError, naming the file and what is wrong. An empty path gives null:
/// the classical evaluation.
std::shared_ptr<const gomoku::Network> load_gomoku_network(const std::string& path, gomoku::Rule rule);

}  // namespace tilestone::app
