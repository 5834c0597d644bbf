#include "app/network_file_options_2048.h"

#include "app/commands.h"
#include "app/options.h"

namespace tilestone::app {

void NetworkFileOptions::add(CLI::App* cmd, const std::string& default_encoding, int default_zstd_level,
                             const std::string& what) {
  encoding = default_encoding;
  zstd_level = default_zstd_level;
  add_choice(cmd, "--encoding", encoding, "ENCODING", {"float32", "int16"},
             what + "'s weights, exact or quantised (a smaller file)");
  add_int(cmd, "--int16-step", int16_step, "N", 1, 256,
          "int16: round each quantised weight to a multiple of this; a smaller file, an error of at most step/2 "
          "quantisation units a weight");
  add_int(cmd, "--zstd-level", zstd_level, "N", 1, 19, "compression level of " + what);
}

void NetworkFileOptions::check() const {
  if (int16_step > 1 && encoding != "int16") throw UsageError("--int16-step applies to --encoding int16");
}

g2048::SaveOptions NetworkFileOptions::options() const {
  g2048::SaveOptions s;
  s.encoding = encoding == "int16" ? g2048::WeightEncoding::Int16 : g2048::WeightEncoding::Float32;
  s.int16_step = int16_step;
  s.zstd_level = zstd_level;
  return s;
}

}  // namespace tilestone::app
