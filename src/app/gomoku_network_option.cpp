#include "app/gomoku_network_option.h"

#include "app/commands.h"
#include "app/options.h"
#include "gomoku/shipped_network.h"

namespace tilestone::app {

void add_gomoku_eval(CLI::App* cmd, std::string& eval, std::string& network) {
  add_choice(cmd, "--eval", eval, "EVAL", {"classical", "network"},
             "the strong level's evaluation (default classical; network: the rule's shipped network, or --network's)");
  add_text(cmd, "--network", network, "FILE", "evaluate with this network file of the rule (implies --eval network)");
}

std::shared_ptr<const gomoku::Network> load_gomoku_network(const std::string& path, gomoku::Rule rule) {
  if (path.empty()) return nullptr;
  auto net = gomoku::load_network_for(path, rule);
  if (!net) throw UsageError("--network: " + net.error());
  return *net;
}

std::shared_ptr<const gomoku::Network> gomoku_network_of(const std::string& eval, const std::string& path,
                                                         gomoku::Rule rule) {
  // `eval` is empty when --eval was not given.
  if (!path.empty()) {
    if (eval == "classical") throw UsageError("--eval classical and --network FILE: a network file evaluates with the network");
    return load_gomoku_network(path, rule);
  }
  if (eval != "network") return nullptr;
  auto shipped = gomoku::shipped_network(rule);
  if (!shipped) throw UsageError("--eval network: " + shipped.error() + " with --network FILE");
  return *shipped;
}

}  // namespace tilestone::app
