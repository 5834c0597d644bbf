#pragma once
// The terminal 2048 game.

#include <cstdint>

#include "app/recorder.h"
#include "g2048/ai.h"

namespace tilestone::app {

/// Runs an interactive game until the player quits (or input ends); every finished game (over,
/// abandoned for a new one, or quit after a move) goes to the store unless --no-db.
void play_2048(const g2048::AiConfig& cfg, const g2048::Limits& limits, std::uint64_t seed, const DbOptions& db);

}  // namespace tilestone::app
