#include "g2048/game.h"

namespace tilestone::g2048 {

Game::Game(std::uint64_t seed) : rng_(seed) {
  spawn();
  spawn();
}

Game::Game(const Grid& grid, std::uint64_t score, std::uint64_t seed)
    : grid_(grid), score_(score), reached_win_(grid.max_exponent() >= WIN_EXPONENT), rng_(seed) {}

Game::Game(const Grid& grid, std::uint64_t score, int moves, const core::Rng& rng)
    : grid_(grid), score_(score), moves_(moves), reached_win_(grid.max_exponent() >= WIN_EXPONENT), rng_(rng) {}

std::optional<Spawn> Game::spawn() {
  const int n = grid_.empty_count();
  if (n == 0) return std::nullopt;
  int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
  const int exponent = rng_.uniform() < FOUR_PROBABILITY ? 2 : 1;
  for (int cell = 0; cell < 16; ++cell) {
    if (grid_.cells[cell] != 0) continue;
    if (k-- == 0) {
      grid_.cells[cell] = static_cast<std::uint8_t>(exponent);
      return Spawn{cell, exponent};
    }
  }
  return std::nullopt;
}

std::optional<Step> Game::play(Dir d) {
  SlideResult r = slide(grid_, d);
  if (!r.moved) return std::nullopt;
  history_.push_back({grid_, score_, moves_, rng_, reached_win_});
  grid_ = r.grid;
  score_ += r.gain;
  ++moves_;
  if (grid_.max_exponent() >= WIN_EXPONENT) reached_win_ = true;
  Step step{d, r.gain, std::move(r.motions), spawn()};
  return step;
}

bool Game::undo() {
  if (history_.empty()) return false;
  const Snapshot& s = history_.back();
  grid_ = s.grid;
  score_ = s.score;
  moves_ = s.moves;
  rng_ = s.rng;
  reached_win_ = s.reached_win;
  history_.pop_back();
  return true;
}

ClientMove client_move(const Grid& grid, std::uint64_t score, Dir d, std::uint64_t seed) {
  Game game(grid, score, seed);
  ClientMove out;
  out.step = game.play(d);
  out.grid = game.grid();
  out.score = game.score();
  out.next_seed = out.step ? core::derive_seed(seed, 2048) : seed;
  return out;
}

ClientMove client_new_game(std::uint64_t seed) {
  Game game(seed);
  return ClientMove{game.grid(), 0, std::nullopt, core::derive_seed(seed, 2048)};
}

}  // namespace tilestone::g2048
