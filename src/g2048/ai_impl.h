#pragma once
// Shared pieces of the AI implementations (not part of the public interface).

#include <memory>

#include "core/clock.h"
#include "g2048/ai.h"

namespace tilestone::g2048 {

/// An Analysis with `legal` filled in and values at their floor.
Analysis legal_moves(Board b);
/// Stamps the elapsed time since `t0_us` and returns the analysis.
Analysis finish(Analysis a, std::int64_t t0_us);

std::unique_ptr<Ai> make_expectimax();
/// Expectimax over the n-tuple network's values, downgrading from the tile exponent `downgrade_from`
/// (0: never; nullopt: the network's own threshold).
std::unique_ptr<Ai> make_expectimax(std::shared_ptr<const NTupleNetwork> network, std::optional<int> downgrade_from = std::nullopt);
/// One ply over the network, downgrading as make_expectimax's.
std::unique_ptr<Ai> make_ntuple(std::shared_ptr<const NTupleNetwork> network, std::optional<int> downgrade_from = std::nullopt);
std::unique_ptr<Ai> make_minimax(std::optional<Seed004Weights> weights);
std::unique_ptr<Ai> make_montecarlo();
std::unique_ptr<Ai> make_greedy();
std::unique_ptr<Ai> make_random();

}  // namespace tilestone::g2048
