#pragma once
// What a match produces: its result document (JSON, the same for a whole run and for a shard,
// so that shards merge into what the whole run would have written), the summary table, and the
// game records (our TSV record, PGN, and Piskvork's PSQ files).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "lab/match/runner.h"

namespace tilestone::match {

inline constexpr std::string_view RESULT_KIND = "gomoku-match";

nlohmann::json settings_to_json(const MatchSettings& s);
core::Result<MatchSettings> settings_from_json(const nlohmann::json& j);

nlohmann::json game_to_json(const GameResult& g, int size);
core::Result<GameResult> game_from_json(const nlohmann::json& j, int size);

/// The summary: players and settings, W/D/L, pairs, Elo with its interval, SPRT state, game
/// length, forfeits by cause, and the slowest answers against the budget.
std::string report_text(const MatchSettings& s, const std::vector<GameResult>& games, bool stopped_early);

/// One line per game: number, black, white, result, moves, how it ended.
std::string record_text(const MatchSettings& s, const std::vector<GameResult>& games);

/// Every game as PGN (tags, then the moves in our notation), one after another.
std::string pgn_text(const MatchSettings& s, const std::vector<GameResult>& games);

/// One game as a Piskvork PSQ file (1-based x,y per move, the engines' names at the end).
std::string psq_text(const MatchSettings& s, const GameResult& g);

/// The names the players are shown by (their descriptions' names).
std::string black_name(const MatchSettings& s, const GameResult& g);
std::string white_name(const MatchSettings& s, const GameResult& g);

}  // namespace tilestone::match
