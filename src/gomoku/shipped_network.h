#pragma once
// The networks that come with tilestone (data/gomoku-RULE.tsnet; docs/results/gomoku-network.md
// says how each was made): what `--eval network`, `strong:eval=network`, the brain's
// `eval = network` and `serve --gomoku-eval network` evaluate with when no file is given.

#include <memory>
#include <string>

#include "core/result.h"
#include "gomoku/network.h"
#include "gomoku/types.h"

namespace tilestone::gomoku {

/// The shipped file's name for `rule`: gomoku-freestyle.tsnet, gomoku-standard.tsnet, gomoku-renju.tsnet.
std::string shipped_network_name(Rule rule);

/// Where the shipped network of `rule` is looked for, the first that applies: the folder named by
/// TILESTONE_GOMOKU_NETWORKS; the program's own folder when the file is there (the Gomocup engine,
/// unzipped with its network beside it); share/tilestone of an installed program; the data/ of
/// the source tree the program was built from.
std::string shipped_network_path(Rule rule);

/// The shipped network of `rule`, loaded once per rule and shared. An error names the file and
/// says that a network file can be given instead (a rule may have none shipped).
core::Result<std::shared_ptr<const Network>> shipped_network(Rule rule);

/// Adds to `nets` the shipped network of each rule that has none there yet and has a shipped
/// file; a damaged shipped file is an error naming it. Returns the paths looked at, ", "-joined.
core::Result<std::string> add_shipped_networks(RuleNetworks& nets);

}  // namespace tilestone::gomoku
