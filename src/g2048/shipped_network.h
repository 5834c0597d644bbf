#pragma once
// The trained network that ships with tilestone (data/ntuple.tsn; share/tilestone/ntuple.tsn
// once installed), loaded once per process on first use and shared read-only by every AI.
// TILESTONE_NTUPLE names another file.

#include <memory>
#include <optional>
#include <string>

#include "core/result.h"
#include "g2048/ntuple.h"

namespace tilestone::g2048 {

/// $TILESTONE_NTUPLE when set, else ntuple.tsn in share/tilestone beside the program's bin folder
/// (an installed program, core/paths.h), else the data/ntuple.tsn of the source tree this was
/// built from.
std::string shipped_network_path();
/// The training log of the shipped network (ntuple-train.csv, in the shipped network's folder).
std::string shipped_log_path();
/// The network at shipped_network_path(), loaded on the first call (later calls return the same
/// network, or the same error).
core::Result<std::shared_ptr<const NTupleNetwork>> shipped_network();
/// The same without waiting: nullopt until some call of shipped_network() has finished loading.
std::optional<core::Result<std::shared_ptr<const NTupleNetwork>>> shipped_network_if_loaded();

}  // namespace tilestone::g2048
