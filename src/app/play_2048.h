#pragma once
// The terminal 2048 game.

#include <cstdint>

#include "g2048/ai.h"

namespace tilestone::app {

/// Runs an interactive game until the player quits (or input ends).
void play_2048(const g2048::AiConfig& cfg, const g2048::Limits& limits, std::uint64_t seed);

}  // namespace tilestone::app
