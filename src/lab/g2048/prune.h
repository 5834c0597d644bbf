#pragma once
// Pruning an n-tuple network for play: most of a long-trained network's weights are never read
// by its own one-ply play (the 10-million-game network of docs/results/2048.md: 11 million of
// 67 million in 10,000 games), yet each costs bytes in the file. Games of the network's one-ply
// player mark every weight it reads (all four afterstates of every move, downgraded as it values
// them); every weight no game read is then reset to one value, which the file's compressor
// stores in almost nothing. The boards of those games are valued exactly as before.

#include <cstdint>
#include <functional>
#include <stop_token>

#include "g2048/ntuple.h"

namespace tilestone::g2048 {

struct PruneOptions {
  int games = 10000;
  std::uint64_t seed = 1;
  int jobs = 1;
  /// 1: also the afterstates one spawn (a 2 or a 4 in every empty cell) and one move beyond each
  /// afterstate of the games, as a depth-2 search reads them; 0: what the one-ply player reads.
  int lookahead = 0;
};

struct PruneReport {
  int games = 0;                ///< games played (fewer when stopped)
  std::uint64_t moves = 0;
  std::uint64_t weights = 0;    ///< weights in all
  std::uint64_t read = 0;       ///< weights some game read
  std::uint64_t reset = 0;      ///< unread weights whose value changed
  float reset_value = 0;        ///< what an unread weight of the first stage now holds
  bool stopped = false;         ///< the stop token ended the games early; the network is unchanged
};

/// Plays `options.games` one-ply games with `net` (game g seeded by derive_seed(seed, g), the
/// same games on any number of jobs), marks the weights of the afterstates it values (and with
/// a lookahead those a search would value beyond them), then resets each weight none marked: in the first
/// stage to the most common value among those weights, in a later stage to the first stage's
/// weight at the same index (so an int16 file, which stores later stages as differences from the
/// first, holds a zero there) or, in a network joined from two (stage_before_downgrading, whose
/// stages the file keeps whole), to the most common of that stage's own unread weights.
/// FLOAT32 storage. `on_game(done)` reports progress from any job.
/// When `stop` is requested the games end and nothing is changed.
PruneReport prune_unread(NTupleNetwork& net, const PruneOptions& options, std::stop_token stop = {},
                         const std::function<void(int)>& on_game = {});

}  // namespace tilestone::g2048
