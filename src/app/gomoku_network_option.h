#pragma once
// The `--eval classical|network` and `--network FILE` options of the Gomoku commands: the strong
// level evaluates with a trained network (docs/gomoku.md) instead of the classical evaluation,
// the shipped one of the rule (gomoku/shipped_network.h) or a file. One loader for every command,
// so a file of the wrong rule or a damaged one is refused the same way everywhere.

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "gomoku/network.h"

namespace tilestone::app {

/// Adds `--eval classical|network` (`eval` holds "classical" or "network"; default classical) and
/// `--network FILE` to `cmd`.
void add_gomoku_eval(CLI::App* cmd, std::string& eval, std::string& network);

/// The network in `path`, which must be of `rule`'s family (a freestyle network for freestyle
/// boards, ...). Throws UsageError, naming the file and what is wrong. An empty path gives null:
/// the classical evaluation.
std::shared_ptr<const gomoku::Network> load_gomoku_network(const std::string& path, gomoku::Rule rule);

/// The network of `--eval` and `--network`: the file when one is given (`--eval network` or no
/// --eval; `--eval classical` with a file is refused), the shipped network of `rule` for
/// `--eval network` alone (refused, with a message, where none is shipped), null for classical.
std::shared_ptr<const gomoku::Network> gomoku_network_of(const std::string& eval, const std::string& path,
                                                         gomoku::Rule rule);

}  // namespace tilestone::app
