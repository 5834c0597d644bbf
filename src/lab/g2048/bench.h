#pragma once
// The 2048 bench (`tilestone 2048 bench`, the Lab page): many games of one AI in parallel, with
// the figures a researcher wants. The deterministic search benchmark behind `tilestone bench` is
// the engine's (g2048/bench.h).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/clock.h"
#include "g2048/ai.h"
#include "lab/core/histogram.h"
#include "lab/core/shard.h"
#include "lab/core/svg.h"

namespace tilestone::g2048 {

/// A game in play: reported after each of its moves (see BenchConfig::on_move).
struct BenchMoveInfo {
  int index = 0;  ///< the game's number in the run
  int moves = 0;  ///< moves played so far
  std::uint64_t score = 0;
  int max_exponent = 0;
};

struct BenchConfig {
  AiConfig ai;
  Limits limits;
  int games = 100;
  unsigned jobs = 1;
  std::uint64_t seed = 1;
  int stop_at_exponent = 0;  ///< end a game once this tile appears (0: play to the end)
  core::Shard shard;         ///< play only the games k with k mod count = index
  std::function<bool()> cancelled;  ///< polled between moves; true abandons the run
  /// When it expires the run stops short: games in play end where they are (marked stopped),
  /// games not begun are left out. The first game always plays at least one move.
  core::Deadline deadline{};
  /// Called after every move of every game, from the thread playing it (not serialised when
  /// jobs > 1); for progress within a game. Keep it cheap: throttle in the caller.
  std::function<void(const BenchMoveInfo&)> on_move;
};

struct GameRecord {
  int index = 0;
  std::uint64_t seed = 0;
  std::uint64_t score = 0;
  int max_exponent = 0;
  int moves = 0;
  double think_ms = 0;      ///< total time the AI spent
  double max_move_ms = 0;   ///< the slowest decision
  bool stopped = false;     ///< ended by stop_at, not by game over
  core::LogHistogram move_times;  ///< every decision's time, in ms
  /// Every decision's CPU time on the game's thread, in ms (searches on one thread only; empty
  /// otherwise). Decision time beyond it is time the machine gave to other work.
  core::LogHistogram move_cpu;
  double max_move_cpu_ms = 0;
  /// With a time budget: decisions later than it by more than LATE_SLACK_MS, those of them in
  /// which the search waited at least LATE_SLACK_MS between two looks at the clock (the machine
  /// held the thread), and the longest such wait of the game.
  int late_moves = 0;
  int late_stalled = 0;
  double max_stall_ms = 0;
};

/// How late a decision may be before the bench counts it as late (a 10 ms budget + 2 ms).
inline constexpr double LATE_SLACK_MS = 2.0;

struct BenchReport {
  std::vector<GameRecord> games;   ///< in game order (a shard's games only; fewer when cut short)
  bool cut_short = false;          ///< the deadline stopped the run
  double wall_s = 0;
};

/// Progress: called after each finished game (from worker threads, serialised by the runner).
using BenchProgress = std::function<void(int done, int total, const GameRecord& game)>;

/// Plays cfg.games games (game i from derive_seed(cfg.seed, i)), or those of cfg.shard, on
/// cfg.jobs threads.
core::Result<BenchReport> run_bench_games(const BenchConfig& cfg, const BenchProgress& progress = {});

/// Tile thresholds reported: 2048 ... 65536 (exponents 11..16).
inline constexpr int REPORT_MIN_EXPONENT = 11, REPORT_MAX_EXPONENT = 16;

struct BenchSummary {
  int games = 0;
  std::vector<std::pair<int, double>> reach;  ///< (exponent, fraction of games that reached it)
  double score_mean = 0, score_median = 0, score_max = 0;
  double moves_per_s = 0;                      ///< total moves / total think time
  double ms_p50 = 0, ms_p99 = 0, ms_max = 0;
  double cpu_p50 = 0, cpu_p99 = 0, cpu_max = 0;  ///< CPU time per decision (0: not measured)
  int late_moves = 0, late_stalled = 0;          ///< see GameRecord
  double stall_max = 0;
  std::uint64_t total_moves = 0;
};
BenchSummary summarize(const BenchReport& r);

/// The report table: tile rates, scores, moves/s and decision times (no wall time, which
/// depends on how the run was split).
std::string report_text(const std::string& setup, const BenchSummary& s);

/// A game as JSON for result documents, and back (with its decision-time histogram).
nlohmann::json game_to_json(const GameRecord& g);
core::Result<GameRecord> game_from_json(const nlohmann::json& j);

/// The seed-004 plot: the distribution of the games' final max tiles.
core::BarChart max_tile_chart(const BenchReport& r, const std::string& title);

}  // namespace tilestone::g2048
