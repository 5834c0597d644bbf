#include "app/gomoku_network_option.h"

#include "app/commands.h"

namespace tilestone::app {

std::shared_ptr<const gomoku::Network> load_gomoku_network(const std::string& path, gomoku::Rule rule) {
  if (path.empty()) return nullptr;
  auto net = gomoku::load_network_for(path, rule);
  if (!net) throw UsageError("--network: " + net.error());
  return *net;
}

}  // namespace tilestone::app
