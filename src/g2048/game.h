#pragma once
// A game of 2048 under the original rules: two tiles at the start, after every move that changes
// the grid one spawn (a 2 with p = 0.9, a 4 with p = 0.1) in a uniformly chosen empty cell, the
// score grows by each merged tile's value, "won" at 2048 with play going on, over when no move
// changes the grid. Spawns come from a seeded generator, so a seed and a move list replay a game.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "g2048/grid.h"

namespace tilestone::g2048 {

inline constexpr int WIN_EXPONENT = 11;  // 2048
inline constexpr double FOUR_PROBABILITY = 0.1;

struct Spawn {
  int cell;
  int exponent;  ///< 1 (a 2) or 2 (a 4)
};

/// What one move did: for the UI's animations and for logs.
struct Step {
  Dir dir;
  std::uint64_t gain;
  std::vector<TileMotion> motions;
  std::optional<Spawn> spawn;  ///< empty only when the grid was full after the move (cannot happen)
};

class Game {
 public:
  /// A new game: two spawned tiles from `seed`.
  explicit Game(std::uint64_t seed);
  /// A game that continues from `grid` with `score`; spawns come from `seed`.
  Game(const Grid& grid, std::uint64_t score, std::uint64_t seed);
  /// A game that continues from `grid` after `moves` moves, its spawns drawn from `rng` as it
  /// stands: how a game played on the 64-bit board (spawn_random draws the same spawns from the
  /// same generator) goes on exactly once a tile grows past what that board holds.
  Game(const Grid& grid, std::uint64_t score, int moves, const core::Rng& rng);

  const Grid& grid() const { return grid_; }
  std::uint64_t score() const { return score_; }
  int moves() const { return moves_; }
  bool won() const { return reached_win_; }
  bool over() const { return !has_move(grid_); }
  bool can_undo() const { return !history_.empty(); }

  /// Slides in `d` and spawns; nullopt (and nothing changes) when the move is illegal.
  std::optional<Step> play(Dir d);
  /// Takes back the last move, spawn included; the same move replays the same spawn.
  bool undo();

 private:
  struct Snapshot {
    Grid grid;
    std::uint64_t score;
    int moves;
    core::Rng rng;
    bool reached_win;
  };
  std::optional<Spawn> spawn();

  Grid grid_;
  std::uint64_t score_ = 0;
  int moves_ = 0;
  bool reached_win_ = false;
  core::Rng rng_;
  std::vector<Snapshot> history_;
};

/// A move for clients that keep the game themselves (the web app): the grid, the score and a
/// seed go in; the grid after the move and its spawn, the new score and the seed for the next
/// move come out. The same inputs always give the same spawn.
struct ClientMove {
  Grid grid;
  std::uint64_t score = 0;
  std::optional<Step> step;  ///< nullopt when the move changes nothing
  std::uint64_t next_seed = 0;
};
ClientMove client_move(const Grid& grid, std::uint64_t score, Dir d, std::uint64_t seed);
/// A new game for such a client: two spawned tiles and the seed for its first move.
ClientMove client_new_game(std::uint64_t seed);

/// Draws a spawn for `b`'s empty cells (the same distribution as the game); for playouts.
inline Board spawn_random(Board b, core::Rng& rng) {
  const std::uint16_t empty = b.empty_mask();
  const int n = __builtin_popcount(empty);
  if (n == 0) return b;
  int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  std::uint32_t m = empty;
  while (k-- > 0) m &= m - 1;
  const int cell = __builtin_ctz(m);
  return b.with(cell, rng.uniform() < FOUR_PROBABILITY ? 2 : 1);
}

}  // namespace tilestone::g2048
