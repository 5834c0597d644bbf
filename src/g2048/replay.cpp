#include "g2048/replay.h"

namespace tilestone::g2048 {
namespace {

std::optional<Dir> letter_dir(char c) {
  switch (c) {
    case 'U': return Dir::Up;
    case 'D': return Dir::Down;
    case 'L': return Dir::Left;
    case 'R': return Dir::Right;
    default: return std::nullopt;
  }
}

// Checks move i's letter; the error for the replay when it is not a direction.
std::optional<Dir> checked_dir(std::string_view moves, std::size_t i, Replay& r) {
  const auto d = letter_dir(moves[i]);
  if (!d) r.error = "move " + std::to_string(i + 1) + " is '" + std::string(1, moves[i]) + "', not U, D, L or R";
  return d;
}

std::string no_change(std::size_t i, Dir d) {
  return "move " + std::to_string(i + 1) + " (" + std::string(to_string(d)) + ") does not change the board";
}

}  // namespace

char move_letter(Dir d) { return "UDLR"[index(d)]; }

Replay replay_client_game(const Grid& start, std::uint64_t score, std::uint64_t seed, std::string_view moves) {
  Replay r;
  r.frames.reserve(moves.size() + 1);
  r.frames.push_back({start, score, std::nullopt});
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto d = checked_dir(moves, i, r);
    if (!d) break;
    const ClientMove m = client_move(r.last().grid, r.last().score, *d, seed);
    if (!m.step) {
      r.error = no_change(i, *d);
      break;
    }
    seed = m.next_seed;
    r.frames.push_back({m.grid, m.score, d});
  }
  return r;
}

Replay replay_seeded_game(std::uint64_t seed, std::string_view moves) {
  Game game(seed);
  Replay r;
  r.frames.reserve(moves.size() + 1);
  r.frames.push_back({game.grid(), 0, std::nullopt});
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto d = checked_dir(moves, i, r);
    if (!d) break;
    if (!game.play(*d)) {
      r.error = no_change(i, *d);
      break;
    }
    r.frames.push_back({game.grid(), game.score(), d});
  }
  return r;
}

}  // namespace tilestone::g2048
