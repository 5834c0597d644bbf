#pragma once
// The n-tuple weights file. A fixed little-endian header, then the weights compressed by zstd:
//
//   magic "TSNTUPLE" | u32 version | u32 encoding | u32 header bytes | u32 tuples
//   | per tuple: u8 cells, the cells | f64 scale | u64 games trained | u64 weights | u64 payload bytes
//   | (version 2) u32 TC accumulators present | u64 restart boards | u64 restart ring slot
//   | (version 3) u32 stages | per stage after the first, u8 threshold exponent
//   | (version 4) u8 the tile exponent tile downgrading starts from (0: none)
//   | u64 checksum (FNV-1a over the header with this field zeroed, then the uncompressed payload)
//   | zstd payload: the weights, then (version 2, training checkpoints only) the TC accumulators
//     E and A as float32 per weight, then the restart pool's boards as u64.
//
// Version 1 (no training state), 2 (one stage) and 3 (tile downgrading from 16384) files still
// load; this build writes version 4.
//
// Encodings: float32 (exact; training checkpoints) and int16 (weight = q * scale, with scale =
// largest |weight| / 32767; the shipped network). In int16 the tables of every stage after the
// first hold q minus the first stage's q for the same entry (modulo 2^16): a later stage starts as
// a copy of the first and changes only the entries its boards reach, so most of it is zeros that
// zstd stores in almost nothing. A wrong, truncated, corrupt or foreign file is
// refused with a message that says which.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "g2048/ntuple.h"
#include "g2048/train_state.h"

namespace tilestone::g2048 {

inline constexpr char WEIGHTS_MAGIC[9] = "TSNTUPLE";
inline constexpr std::uint32_t WEIGHTS_VERSION = 5;
/// The oldest version this build reads.
inline constexpr std::uint32_t WEIGHTS_OLDEST_VERSION = 1;

enum class WeightEncoding : std::uint32_t { Float32 = 0, Int16 = 1 };

/// "float32" | "int16".
std::string_view to_string(WeightEncoding e);

struct SaveOptions {
  WeightEncoding encoding = WeightEncoding::Float32;
  int zstd_level = 3;
  /// int16 only: q is rounded to a multiple of this (1: none). Coarser steps leave the low bits
  /// zero, which zstd stores in far fewer bytes; the error per weight is at most step / 2 * scale.
  int int16_step = 1;
  /// WEIGHTS_VERSION, or 1 to 3 for older builds (1: no training state; a network with several
  /// stages, or another threshold of tile downgrading than the default, is always written in
  /// WEIGHTS_VERSION).
  std::uint32_t version = WEIGHTS_VERSION;
};

/// The file's bytes; `state` (a training checkpoint's TC accumulators and restart pool) is stored
/// too when given.
std::string encode_network(const NTupleNetwork& net, const SaveOptions& options = {}, const TrainState* state = nullptr);
/// The network a file's bytes hold. INT16 storage keeps an int16 file's weights as they are (for
/// play: half the memory); a float32 file always loads as FLOAT32.
core::Result<NTupleNetwork> decode_network(std::string_view bytes, NTupleNetwork::Storage storage = NTupleNetwork::Storage::FLOAT32);

/// A network with the training state stored beside it (empty when the file has none).
struct Checkpoint {
  NTupleNetwork net;
  TrainState state;
};
core::Result<Checkpoint> decode_checkpoint(std::string_view bytes, NTupleNetwork::Storage storage = NTupleNetwork::Storage::FLOAT32);

/// Writes the file through a temporary and a rename, so an interrupted save leaves the old file.
/// Returns the bytes written.
core::Result<std::uint64_t> save_network(const NTupleNetwork& net, const std::string& path, const SaveOptions& options = {},
                                         const TrainState* state = nullptr);
core::Result<NTupleNetwork> load_network(const std::string& path, NTupleNetwork::Storage storage = NTupleNetwork::Storage::FLOAT32);
core::Result<Checkpoint> load_checkpoint(const std::string& path, NTupleNetwork::Storage storage = NTupleNetwork::Storage::FLOAT32);

/// What a file's header says, without decompressing the weights.
struct WeightsInfo {
  std::uint32_t version = 0;
  WeightEncoding encoding = WeightEncoding::Float32;
  std::string layout;
  std::string stages;                ///< stage thresholds as tiles ("" for one stage)
  double scale = 0;
  std::uint64_t games_trained = 0;
  std::uint64_t weights = 0;
  std::uint64_t payload_bytes = 0;
  bool tc = false;                   ///< TC accumulators stored
  std::uint64_t restart_boards = 0;  ///< restart pool boards stored
  /// Tile downgrading's threshold, an exponent (0: none); params::DOWNGRADE_FROM_EXPONENT before version 4.
  int downgrade_from = params::DOWNGRADE_FROM_EXPONENT;
  /// Version 5: a downgraded board reads the stage of the board before downgrading
  /// (NTupleNetwork::stage_before_downgrading); false for older versions.
  bool stage_before_downgrading = false;
  /// Version 5: int16 later stages stored whole, not as differences from the first (set with
  /// stage_before_downgrading).
  bool later_stages_whole = false;
};
core::Result<WeightsInfo> read_weights_info(std::string_view bytes);

}  // namespace tilestone::g2048
