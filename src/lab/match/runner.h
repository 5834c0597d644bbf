#pragma once
// The match runner: plays the games of a match (or of one shard of it) between two players,
// judging every answer as the Gomocup judge does, several games at a time, and stops early when
// an SPRT has decided.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gomoku/types.h"
#include "lab/core/shard.h"
#include "lab/match/openings.h"
#include "lab/match/player.h"
#include "lab/match/sprt.h"

namespace tilestone::match {

struct MatchSettings {
  std::string first, second;  ///< player descriptions; `first` is black in even games
  int games = 10;
  int size = gomoku::params::DEFAULT_SIZE;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  int turn_ms = 1000;          ///< time per move of the first engine
  std::int64_t match_ms = 0;   ///< its clock for a whole game, 0 = none
  int second_turn_ms = 1000;          ///< the same for the second engine (time odds when they differ)
  std::int64_t second_match_ms = 0;
  int tolerance_ms = 100;      ///< an answer later than its limit by more than this loses
  int depth = 0;               ///< our levels only: fixed depth
  int threads = 1;             ///< search threads of the first engine (INFO thread_num)
  int second_threads = 1;      ///< ... and of the second
  std::int64_t memory_bytes = 0;
  std::uint64_t seed = 1;
  std::string openings_source = "generated";  ///< "generated" or the openings file's name
  std::vector<Opening> openings;             ///< game 2k and 2k+1 play openings[k % size]
  std::optional<SprtConfig> sprt;
};

/// How a game ended.
enum class Termination { FIVE, FORBIDDEN, OFF_BOARD, OCCUPIED, TIMEOUT, LATE, CRASH, MALFORMED, NO_START, FULL_BOARD };
std::string_view termination_name(Termination t);
std::optional<Termination> parse_termination(std::string_view name);

struct GameResult {
  int index = 0;
  bool first_is_black = true;
  gomoku::Outcome outcome = gomoku::Outcome::NONE;
  Termination termination = Termination::FIVE;
  std::string detail;              ///< what the loser did wrong, for forfeits
  int opening_moves = 0;           ///< the first moves of `moves` were the opening
  std::vector<gomoku::Point> moves;
  double black_max_ms = 0, white_max_ms = 0;
  double black_ms = 0, white_ms = 0;  ///< total thinking time of each side
  /// The first player's score: 1, 0.5 or 0.
  double first_score() const;
};

/// Game k's opening, colours and seed follow from the settings and k alone.
const Opening& opening_of(const MatchSettings& s, int game);

/// Whether the two engines play with the same time control.
bool even_time(const MatchSettings& s);

struct Progress {
  int done = 0, total = 0;
  Tally tally;
  double llr = 0;
  const GameResult* last = nullptr;
};
using ProgressFn = std::function<void(const Progress&)>;

struct MatchRun {
  std::vector<GameResult> games;  ///< in game order, only the games played
  bool stopped_early = false;     ///< the SPRT decided before every game was played
};

/// Plays the games of `shard` on `jobs` threads, each thread with its own two players. With an
/// SPRT in the settings and a whole run, no new game starts once the test has decided; nor once
/// `stop` is set (a user's Ctrl-C): the games under way finish and count, the rest are not
/// played (stopped_early).
/// Player errors that stop a game (a brain that cannot start) lose that game, not the run; a
/// description that names no player is an error before any game.
core::Result<MatchRun> run_match(const MatchSettings& settings, const core::Shard& shard, int jobs,
                                 const ProgressFn& progress = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace tilestone::match
