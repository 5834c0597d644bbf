#pragma once
// Game reviews as JSON, shared by `tilestone gomoku|2048 review` and the review API, and the
// review of a recorded game: computed once, then read back from the database.

#include <atomic>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "g2048/replay.h"
#include "g2048/review.h"
#include "gomoku/review.h"
#include "store/database.h"

namespace tilestone::server {

using json = nlohmann::json;

/// Bumped when the review's JSON or its method changes: stored reviews of older versions are
/// computed again.
inline constexpr int REVIEW_VERSION = 1;

/// A Gomoku review; `human` marks the moves of that colour as the player's (nullopt: both).
json gomoku_review_json(const gomoku::Review& r, std::optional<gomoku::Color> human, const gomoku::ReviewOptions& o);
json g2048_review_json(const g2048::Review2048& r, int depth);

/// The positions of a recorded 2048 game (from its start board, or from its seed).
g2048::Replay replay_record(const store::GameRecord& g);
/// The colour the person played in a recorded Gomoku game (the other side of `ai_color`).
std::optional<gomoku::Color> human_color(const store::GameRecord& g);

using ReviewProgress = std::function<void(int done, int total)>;

/// The review of a recorded game: the stored one when it is of these moves and settings, else
/// computed (and stored when `db` is given). The answer has "cached" and "game_id". Errors: a
/// record that does not replay, a 2048 review without the network.
core::Result<json> review_record(store::Database* db, const store::GameRecord& g, const gomoku::ReviewOptions& options,
                                 const ReviewProgress& progress = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace tilestone::server
