#include "app/gomoku_network_option.h"

#include "app/commands.h"

namespace tilestone::app {

std::shared_ptr<const gomoku::Network> load_gomoku_network(const std::string& path, gomoku::Rule rule) {
  if (path.empty()) return nullptr;
  auto net = gomoku::load_network_file(path);
  if (!net) throw UsageError("--network: " + net.error());
  if (net->rule() != rule)
    throw UsageError("--network: " + path + " is a network for " + std::string(gomoku::rule_name(net->rule())) +
                     ", not for " + std::string(gomoku::rule_name(rule)));
  return std::make_shared<const gomoku::Network>(std::move(*net));
}

}  // namespace tilestone::app
