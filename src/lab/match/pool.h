#pragma once
// Pooled runs: several whole runs of one match experiment (the same engines, rule, board, clocks,
// threads and memory), played with different seeds or openings, perhaps on different days or
// machines, reported as one. A run's pairs stay pairs (game 2k and 2k+1 share an opening): the
// games of each run are numbered on from those of the runs before it, so the pentanomial counts,
// the Elo interval and the SPRT's log-likelihood ratio are those of all the games together.

#include <string>
#include <vector>

#include "core/result.h"
#include "lab/core/shard.h"

namespace tilestone::match {

/// Pools the match runs `runs` (each already merged from its shards; `names` name them in
/// errors). Their settings must agree except for the seed, the number of games, the openings
/// and the SPRT (the pooled report tests the first run's hypotheses that has any). Every run but
/// the last must have an even number of games, so that no opening is left half played. The
/// pooled run keeps the first run's seed and command; `pooled` lists every run.
core::Result<core::MergedRun> pool_runs(const std::vector<core::MergedRun>& runs, const std::vector<std::string>& names);

}  // namespace tilestone::match
