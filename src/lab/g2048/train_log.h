#pragma once
// The training log: one CSV line per block of games (the learning curve), read back for the
// SVG curve and the Lab.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "lab/core/svg.h"
#include "lab/g2048/td_train.h"

namespace tilestone::g2048 {

/// "games,elapsed_s,games_per_s,moves_per_s,alpha,mean_score,max_score,r2048,...,r32768\n".
std::string train_log_header();
/// One line for a progress report, newline included.
std::string train_log_line(const TrainProgress& p);
/// A log as a run resumed from a checkpoint of `games` games continues it: the lines of blocks
/// past the checkpoint (played by a run that stopped before its next checkpoint, and about to be
/// played again) are left out; every other line stays. `dropped` counts the lines left out.
std::string train_log_until(std::string_view text, std::uint64_t games, int& dropped);
/// The reports of a log; blank lines and the header are skipped, a malformed line is an error.
core::Result<std::vector<TrainProgress>> parse_train_log(std::string_view text);
/// Mean score (left axis) and tile rates in percent (right axis) against games trained.
core::LineChart learning_curve(const std::vector<TrainProgress>& log, const std::string& title);

}  // namespace tilestone::g2048
