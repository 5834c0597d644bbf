#include "store/record_json.h"

#include <algorithm>
#include <cctype>

namespace tilestone::store {

using nlohmann::json;

std::int64_t move_count(const GameRecord& g) {
  if (g.game == "2048") return static_cast<std::int64_t>(g.moves.size());
  return std::count_if(g.moves.begin(), g.moves.end(), [](unsigned char c) { return std::isalpha(c) != 0; });
}

json game_json(const GameRecord& g, bool with_moves) {
  json j = {{"id", g.id},         {"game", g.game},     {"started_at", g.started_at}, {"ended_at", g.ended_at},
            {"result", g.result}, {"seed", g.seed},     {"source", g.source},         {"move_count", move_count(g)},
            {"settings", json::parse(g.settings, nullptr, false)}, {"origin", g.origin}};
  if (with_moves) j["moves"] = g.moves;
  if (!g.client_id.empty()) j["client_id"] = g.client_id;  // a web game's own id
  if (j["settings"].is_discarded() || !j["settings"].is_object()) j["settings"] = json::object();
  if (g.game == "2048") {
    j["score"] = g.score;
    j["max_tile"] = g.max_tile;
    j["auto_moves"] = g.auto_moves;
    if (!g.start_board.empty()) {
      j["start_board"] = g.start_board;
      j["start_score"] = g.start_score;
    }
  } else {
    j["rule"] = g.rule;
    j["size"] = g.size;
  }
  return j;
}

json summary_json(const Summary& s) {
  json tiles = json::object();
  for (auto [tile, n] : s.g2048.reached)
    tiles[std::to_string(tile)] = s.g2048.games ? static_cast<double>(n) / static_cast<double>(s.g2048.games) : 0.0;
  json max_tiles = json::array();
  for (auto [tile, n] : s.g2048.max_tiles) max_tiles.push_back({{"tile", tile}, {"games", n}});
  json gomoku = json::array();
  for (const auto& g : s.gomoku)
    gomoku.push_back({{"level", g.level}, {"rule", g.rule}, {"size", g.size}, {"wins", g.wins}, {"losses", g.losses},
                      {"draws", g.draws}, {"unfinished", g.unfinished}});
  return {{"2048",
           {{"games", s.g2048.games},
            {"auto_games", s.g2048.auto_games},
            {"position_games", s.g2048.position_games},
            {"best_score", s.g2048.best_score},
            {"mean_score", s.g2048.mean_score},
            {"best_tile", s.g2048.best_tile},
            {"tile_rates", tiles},
            {"max_tiles", max_tiles}}},
          {"gomoku", gomoku},
          {"gomoku_position_games", s.gomoku_position_games}};
}

}  // namespace tilestone::store
