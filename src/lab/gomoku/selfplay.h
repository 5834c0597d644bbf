#pragma once
// Self-play for the Gomoku network's training data: the `strong` engine plays itself from
// balanced openings, and the positions it searched are kept, each with the search's value and
// best move and the game's result. Deterministic at a fixed depth or node count: the same
// options give the same games and records with any number of jobs and on every machine. Game k
// depends only on the seed and k, so the shards of a run play exactly its games.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lab/core/shard.h"
#include "gomoku/ai.h"
#include "lab/gomoku/training_data.h"

namespace tilestone::gomoku {

struct SelfplayOptions {
  int size = 15;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  int games = 100;
  int depth = 0;               ///< fixed depth per move (one of depth, nodes, time_ms)
  std::uint64_t nodes = 0;     ///< nodes per move
  int time_ms = 0;             ///< time per move (not deterministic)
  double sample = 0.5;         ///< chance that a searched position is kept
  /// Off-path positions: for each kept position, this many other moves (empty points within two
  /// of a stone, legal, not the searched move) are each played and the position after it
  /// searched from the opponent's side; kept as off-path records (no game result). A search
  /// evaluates mostly such positions, which the game's own path never shows a value head.
  /// Their searches use a separate engine, so the games are the same with or without them.
  int siblings = 0;
  /// Nodes of an off-path search; 0: a quarter of `nodes`, `depth` - 1 (at least 1), or a
  /// quarter of `time_ms`, whichever limit the games use.
  std::uint64_t sibling_nodes = 0;
  /// Plies from the kept position to an off-path one, drawn from 1 to this: the other move,
  /// then moves drawn from the engine's first candidates in pattern order (the lines a search
  /// walks, whose ends it evaluates).
  int sibling_plies = 1;
  std::uint64_t seed = 1;
  std::vector<std::vector<gomoku::Point>> openings;  ///< game k starts from openings[k % n]; empty: random balanced ones
  core::Shard shard;
  unsigned jobs = 1;
  /// The evaluation of the playing engine: this network (of `rule`) when set, else the classical
  /// one. A generation's network plays the games that train the next.
  std::shared_ptr<const gomoku::Network> network;
};

/// One game's summary.
struct SelfplayGame {
  long long index = 0;
  gomoku::Outcome outcome = gomoku::Outcome::NONE;  ///< DRAW also for a game cut at the move cap
  int moves = 0;               ///< stones at the end, the opening's included
  int searched = 0;            ///< positions searched
  int kept = 0;                ///< of those, records written (off-path ones included)
  int off_path = 0;            ///< of the records written, positions off the game's path
  int duplicates = 0;          ///< positions sampled but already kept earlier in the run
  bool adjudicated = false;    ///< ended by a proven win or loss found by the search
  std::uint64_t nodes = 0;
};

struct SelfplayProgress {
  int games_done = 0, games_total = 0;
  std::uint64_t records = 0, duplicates = 0, searched = 0, off_path = 0;
  int black_wins = 0, white_wins = 0, draws = 0;
  double elapsed_s = 0;
};

struct SelfplaySummary {
  std::vector<SelfplayGame> games;  ///< this shard's games, in index order
  std::uint64_t records = 0, duplicates = 0, searched = 0, off_path = 0;
  bool stopped = false;             ///< `stop` ended the run early (the games written are whole)
  double elapsed_s = 0;
};

/// Plays the shard's games and hands each game's records to `sink` in game order (so the file
/// does not depend on the number of jobs). `progress` is called after each game; `stop` ends
/// the run after the games being played (their records are written).
SelfplaySummary run_selfplay(const SelfplayOptions& options,
                             const std::function<core::Result<bool>(const TrainingRecord&)>& sink,
                             const std::function<void(const SelfplayProgress&)>& progress = {},
                             const std::atomic<bool>* stop = nullptr);

}  // namespace tilestone::gomoku
