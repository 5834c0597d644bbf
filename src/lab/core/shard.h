#pragma once
// Sharded runs: one mechanism for every long command (2048 bench, gomoku match, tuning data).
// Game k of a run belongs to shard k mod N, and every game's seed and opening depend only on the
// run's seed and k, so N machines playing shards 0..N-1 play exactly the unsharded run's games.
// Each shard writes a self-describing JSON document; merge_results() checks that a set of them
// is one whole run and puts its games back in order.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace tilestone::core {

struct Shard {
  int index = 0, count = 1;
  bool owns(long long game) const { return game % count == index; }
  bool whole() const { return count == 1; }
};

/// "I/N" with 0 <= I < N <= MAX_SHARDS.
Result<Shard> parse_shard(std::string_view text);
inline constexpr int MAX_SHARDS = 100000;
/// The most games a result document (a run, or runs pooled) may claim: the reports hold a slot
/// per game, so a file claiming billions is refused rather than exhausting memory.
inline constexpr long long MAX_RUN_GAMES = 10'000'000;

/// A run's result document: what ran (kind, tilestone's version, command line, settings), which
/// shard, every game (each an object with an "index"), and whether the run stopped before its
/// last game.
nlohmann::json results_document(std::string_view kind, const std::string& command, const nlohmann::json& settings,
                                 const Shard& shard, const nlohmann::json& games, bool stopped_early = false);

/// The games of a whole run put back together from its shards' documents.
struct MergedRun {
  std::string kind;
  nlohmann::json settings;
  nlohmann::json games;  ///< ordered by index
  std::string command;   ///< the first shard's command line
  bool stopped_early = false;
  std::vector<std::string> pooled;  ///< pooled runs (match::pool_runs): each run's seed, games and command
};

/// Checks that `docs` are the shards of one run (same kind, version and settings, every shard
/// 0..N-1 present once, each holding exactly its games, no game twice) and merges them. A whole
/// (unsharded) run merges with itself; `names` name the documents in errors.
Result<MergedRun> merge_results(const std::vector<nlohmann::json>& docs, const std::vector<std::string>& names);

/// The command line as one string (for result documents).
std::string command_line(int argc, const char* const* argv);

}  // namespace tilestone::core
