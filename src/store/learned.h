#pragma once
// The Gomoku learner's memory in the database: gomoku/learn.h proves which move of a lost game
// lost it; these keep that move under the position's canonical form and give back, for a
// position, the moves learnt for it and its symmetric images. In namespace gomoku with the rest
// of learning; in the store library because they need SQLite, which the engine does without.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"
#include "gomoku/learn.h"
#include "gomoku/types.h"
#include "store/database.h"

namespace tilestone::gomoku {

/// find_losing_move, then records it in `db`; the move found (nullopt when none).
core::Result<std::optional<LosingMove>> learn_from_game(store::Database& db, const std::vector<Point>& moves,
                                                        int size, Rule rule, Color ai, std::int64_t game_id = 0,
                                                        const LearnBudget& budget = {});

/// The learnt losing moves of the side to move on `board`, in board coordinates: what callers
/// put in Limits::avoid.
core::Result<std::vector<Point>> learned_avoid(store::Database& db, const Board& board);

}  // namespace tilestone::gomoku
