#pragma once
// Replaying a recorded 2048 game move by move: a terminal game from its seed (Game), a web game
// from its start board through the same client_move chain the web app used, so every spawn comes
// back exactly as it was played.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "g2048/game.h"

namespace tilestone::g2048 {

/// One position of a replay: the grid and score after `dir` (nullopt for the start).
struct ReplayFrame {
  Grid grid;
  std::uint64_t score = 0;
  std::optional<Dir> dir;
};

/// The positions of a game, start first, up to the first move that could not be replayed;
/// `error` says which move that was and why (empty when every move replayed).
struct Replay {
  std::vector<ReplayFrame> frames;
  std::string error;

  bool complete() const { return error.empty(); }
  const ReplayFrame& last() const { return frames.back(); }
};

/// The letter of a direction in a recorded move string: U, D, L or R.
char move_letter(Dir d);

/// A web game: from `start` with `score`, move i spawning from the seed chain that starts at
/// `seed` (client_move's next_seed). Every letter must be U, D, L or R and change the board.
Replay replay_client_game(const Grid& start, std::uint64_t score, std::uint64_t seed, std::string_view moves);

/// A terminal game: Game(seed) and its moves.
Replay replay_seeded_game(std::uint64_t seed, std::string_view moves);

}  // namespace tilestone::g2048
