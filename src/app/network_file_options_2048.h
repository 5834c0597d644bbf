#pragma once
// --encoding, --int16-step and --zstd-level: how a 2048 command writes an n-tuple network file
// (2048 train, prune and join), declared and checked once.

#include <string>

#include <CLI/CLI.hpp>

#include "g2048/weights_file.h"

namespace tilestone::app {

struct NetworkFileOptions {
  std::string encoding = "float32";
  int int16_step = 1;
  int zstd_level = 19;

  /// Adds the three options to `cmd` with these defaults; `what` names the file in their help
  /// ("the file", "the final file").
  void add(CLI::App* cmd, const std::string& default_encoding, int default_zstd_level, const std::string& what);
  /// Throws UsageError for a combination the options do not allow (a step without int16).
  void check() const;
  g2048::SaveOptions options() const;
};

}  // namespace tilestone::app
