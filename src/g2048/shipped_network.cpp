#include "g2048/shipped_network.h"

#include <atomic>
#include <cstdlib>
#include <mutex>

#include "core/paths.h"
#include "g2048/weights_file.h"

#ifndef TILESTONE_DATA_DIR
#define TILESTONE_DATA_DIR "data"
#endif

namespace tilestone::g2048 {

namespace {

// A shipped file: in share/tilestone beside an installed program's bin folder, else in the
// data/ of the source tree this program was built from.
std::string shipped_file(const char* name) {
  if (const auto installed = core::installed_data_folder(); !installed.empty()) return (installed / name).string();
  return std::string(TILESTONE_DATA_DIR) + "/" + name;
}

}  // namespace

std::string shipped_network_path() {
  if (const char* env = std::getenv("TILESTONE_NTUPLE"); env && *env) return env;
  return shipped_file("ntuple.tsn");
}

std::string shipped_log_path() { return shipped_file("ntuple-train.csv"); }

namespace {
// Set once the load has finished (well or not), so a caller that must not wait can ask.
std::atomic<bool> load_done{false};
}  // namespace

core::Result<std::shared_ptr<const NTupleNetwork>> shipped_network() {
  // Loaded once: the file is large, and every AI of the process shares it read-only.
  static std::once_flag once;
  static core::Result<std::shared_ptr<const NTupleNetwork>> cached{core::fail("not loaded")};
  std::call_once(once, [] {
    auto net = load_network(shipped_network_path(), NTupleNetwork::Storage::INT16);
    if (net)
      cached = std::shared_ptr<const NTupleNetwork>(std::make_shared<NTupleNetwork>(std::move(net).value()));
    else
      cached = core::fail(net.error() + " (train one with `tilestone 2048 train`, or set TILESTONE_NTUPLE)");
    load_done.store(true, std::memory_order_release);
  });
  return cached;
}

std::optional<core::Result<std::shared_ptr<const NTupleNetwork>>> shipped_network_if_loaded() {
  if (!load_done.load(std::memory_order_acquire)) return std::nullopt;
  return shipped_network();
}

}  // namespace tilestone::g2048
