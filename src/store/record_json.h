#pragma once
// The JSON forms of game records and their aggregates, shared by `tilestone history --json`,
// `history export` and the web app's history API, so both speak the same fields.

#include <nlohmann/json.hpp>

#include "store/database.h"

namespace tilestone::store {

/// One game: id, game, times, result, seed, source, settings (an object), move_count; 2048:
/// score and max_tile (and start_board, start_score for games that start from a given board);
/// Gomoku: rule and size. `with_moves` adds the move string.
nlohmann::json game_json(const GameRecord& g, bool with_moves = true);

/// The aggregates: "2048" (games, best and mean score, best tile, tile_rates from 2048 up,
/// max_tiles: games by final max tile) and "gomoku" (results by level, rule and size).
nlohmann::json summary_json(const Summary& s);

/// The number of moves in a record's move string (2048: one letter each; Gomoku: one letter
/// and a number each).
std::int64_t move_count(const GameRecord& g);

}  // namespace tilestone::store
