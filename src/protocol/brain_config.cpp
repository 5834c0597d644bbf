#include "protocol/brain_config.h"

#include "core/concat.h"
#include "gomoku/shipped_network.h"
#include "gomoku/types.h"
#include "protocol/text.h"

namespace tilestone::protocol {

std::shared_ptr<const gomoku::Network> BrainConfig::network_for(gomoku::Rule rule) const {
  return classical ? nullptr : networks.get(rule);
}

core::Result<bool> apply_setting(BrainConfig& config, std::string_view key, std::string_view value,
                                 const std::filesystem::path& base) {
  if (key == "network") {
    if (value.empty()) return core::fail("network needs a file");
    std::filesystem::path path{std::string(value)};
    if (path.is_relative() && !base.empty()) path = base / path;
    return config.networks.add_file(path.string());
  }
  if (key == "eval") {
    if (value == "classical" || value == "network") {
      config.classical = value == "classical";
      config.network_asked = value == "network";
      return true;
    }
    return core::fail(core::concat("eval must be classical or network, not '", value, "'"));
  }
  return core::fail(core::concat("unknown setting '", key, "' (network, eval)"));
}

core::Result<bool> apply_config_text(BrainConfig& config, std::string_view text, const std::filesystem::path& base,
                                     std::string_view where) {
  int number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string_view::npos)
      return core::fail(core::concat(where, " line ", number, ": expected key = value, got '", line, "'"));
    const std::string_view key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
    if (auto ok = apply_setting(config, key, value, base); !ok) return core::fail(core::concat(where, " line ", number, ": ", ok.error()));
  }
  return true;
}

core::Result<bool> finish(BrainConfig& config) {
  if (!config.network_asked || config.networks.any()) return true;
  // eval = network with no file: the networks shipped beside the engine, for the rules that have one.
  const auto looked = gomoku::add_shipped_networks(config.networks);
  if (!looked) return core::fail(looked.error());
  if (!config.networks.any())
    return core::fail(core::concat("eval = network needs a network file (network = FILE): none is shipped (", *looked, ")"));
  return true;
}

}  // namespace tilestone::protocol
