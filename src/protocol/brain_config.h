#pragma once
// The brain's settings that the protocol has no word for: which evaluation it plays with and the
// network files of the learned one. They come from the command line (`--network FILE`,
// `--eval classical|network`, for managers that start a brain with arguments) or from the
// config file beside the program (pbrain-tilestone.cfg, for Piskvork and the Gomocup manager,
// which start it bare): `key = value` lines, `#` comments.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "gomoku/network.h"

namespace tilestone::protocol {

/// The config file's name; the brain reads it from its own folder when it is there.
inline constexpr std::string_view CONFIG_FILE = "pbrain-tilestone.cfg";

struct BrainConfig {
  /// The networks given, by rule.
  gomoku::RuleNetworks networks;
  /// `eval = classical`: play with the classical evaluation even where a network is given.
  bool classical = false;
  /// `eval = network` was set: finish() takes the shipped networks when no file is given.
  bool network_asked = false;

  /// The network the engine evaluates with under `rule`; null: the classical evaluation.
  std::shared_ptr<const gomoku::Network> network_for(gomoku::Rule rule) const;
};

/// Applies one setting: `network` (a network file, its rule read from the file; a relative path
/// is taken from `base`; a second file of the same rule is refused) or `eval` (`classical` or
/// `network`). `eval = network` with no network file is settled by finish(), once every
/// setting is in (the command line may give the network the config file asks for).
core::Result<bool> apply_setting(BrainConfig& config, std::string_view key, std::string_view value,
                                 const std::filesystem::path& base);

/// The settings of a config file's text; errors name the file (`where`) and the line. Call
/// finish() once all settings are applied.
core::Result<bool> apply_config_text(BrainConfig& config, std::string_view text, const std::filesystem::path& base,
                                     std::string_view where);

/// Once every setting is in: `eval = network` with no network file takes the networks shipped
/// with the engine (gomoku/shipped_network.h: beside the program, say), for the rules that have
/// one (the others play with the classical evaluation); refused when none is there.
core::Result<bool> finish(BrainConfig& config);

}  // namespace tilestone::protocol
