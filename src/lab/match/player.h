#pragma once
// A player of a match: one of our AI levels in this process, or any Gomocup brain started as a
// child process and spoken to through the protocol. The runner judges what both answer alike.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/result.h"
#include "gomoku/ai.h"
#include "gomoku/board.h"

namespace tilestone::match {

/// What a player is told before a game, the same for both sides.
struct GameConfig {
  int size = gomoku::params::DEFAULT_SIZE;
  gomoku::Rule rule = gomoku::Rule::FREESTYLE;
  int turn_ms = 1000;          ///< timeout_turn
  std::int64_t match_ms = 0;   ///< timeout_match: the whole game's clock per side, 0 = none
  int threads = 1;
  std::int64_t memory_bytes = 0;  ///< max_memory sent to brains, 0 = no limit
  int depth = 0;               ///< our levels only: a fixed depth (deterministic runs)
};

/// A player's answer to "your move".
struct Answer {
  enum class Kind { MOVE, CRASHED, TIMED_OUT, MALFORMED };
  Kind kind = Kind::MOVE;
  gomoku::Point move{};
  std::string detail;  ///< what was wrong (the junk line, the exit), for the report
};

class Player {
 public:
  virtual ~Player() = default;
  virtual const std::string& name() const = 0;
  /// Gets ready for a new game; an error text when the player can't (it forfeits the game).
  virtual std::optional<std::string> new_game(const GameConfig& config) = 0;
  /// The move for the side to move on `board`, whose moves are the game so far. `time_left_ms`
  /// is what remains of the player's game clock (or of an unlimited one); the answer must come
  /// before `deadline_us` (core::now_us() units), after which the player is abandoned.
  virtual Answer move(const gomoku::Board& board, std::int64_t time_left_ms, std::uint64_t seed,
                      std::int64_t deadline_us) = 0;
};

/// A player from its description: a level name (`strong`, `minimax`, ...), `strong:eval=network`
/// (the strong level evaluating with the rule's shipped network; `strong:eval=classical` is
/// `strong`), `strong:network=FILE` (with that network file), or `pbrain:PATH` or `pbrain:PATH:NAME` for
/// a Gomocup brain, for games of `rule` (a network must be of that rule). Errors name what is wrong.
core::Result<std::unique_ptr<Player>> make_player(const std::string& spec, gomoku::Rule rule);

/// The display name of a player description, without starting it.
core::Result<std::string> player_name(const std::string& spec);

}  // namespace tilestone::match
