#include "gomoku/shipped_network.h"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <system_error>

#include "core/concat.h"
#include "core/paths.h"

#ifndef TILESTONE_DATA_DIR
#define TILESTONE_DATA_DIR "data"
#endif

namespace tilestone::gomoku {

std::string shipped_network_name(Rule rule) { return core::concat("gomoku-", rule_name(rule), ".tsnet"); }

std::string shipped_network_path(Rule rule) {
  const std::string name = shipped_network_name(rule);
  if (const char* env = std::getenv("TILESTONE_GOMOKU_NETWORKS"); env && *env)
    return (std::filesystem::path(env) / name).string();
  std::error_code ec;
  if (const auto here = core::program_folder(); !here.empty() && std::filesystem::is_regular_file(here / name, ec))
    return (here / name).string();
  if (const auto installed = core::installed_data_folder(); !installed.empty()) return (installed / name).string();
  return (std::filesystem::path(TILESTONE_DATA_DIR) / name).string();
}

core::Result<std::shared_ptr<const Network>> shipped_network(Rule rule) {
  // Loaded once per rule: every engine of the process shares the weights read-only.
  static std::mutex mutex;
  static std::array<std::shared_ptr<const Network>, 3> loaded;
  const std::lock_guard lock(mutex);
  auto& slot = loaded[static_cast<std::size_t>(rule)];
  if (slot) return slot;
  const std::string path = shipped_network_path(rule);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return core::fail(core::concat("no network is shipped for ", rule_name(rule), " (", path,
                                   " is not there); give a network file of the rule instead"));
  auto net = load_network_for(path, rule);
  if (!net) return core::fail(net.error());
  slot = *net;
  return slot;
}

core::Result<std::string> add_shipped_networks(RuleNetworks& nets) {
  std::string looked;
  for (const Rule rule : ALL_RULES) {
    const std::string path = shipped_network_path(rule);
    looked += (looked.empty() ? "" : ", ") + path;
    std::error_code ec;
    if (nets.get(rule) || !std::filesystem::is_regular_file(path, ec)) continue;
    if (auto added = nets.add_file(path); !added) return core::fail(added.error());
  }
  return looked;
}

}  // namespace tilestone::gomoku
