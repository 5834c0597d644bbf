#include "server/review_json.h"

#include <map>

#include "g2048/grid.h"
#include "g2048/shipped_network.h"
#include "gomoku/notation.h"
#include "gomoku/winprob.h"

namespace tilestone::server {

namespace {

json points_json(const std::vector<gomoku::Point>& pts, int size) {
  json a = json::array();
  for (auto p : pts) a.push_back(gomoku::format_point(p, size));
  return a;
}

std::string_view color_name(gomoku::Color c) { return c == gomoku::Color::BLACK ? "black" : "white"; }

// How many moves of each grade, per player.
json grade_counts(const std::vector<core::Grade>& grades) {
  json out = json::object();
  for (auto g : core::ALL_GRADES) out[std::string(core::grade_name(g))] = 0;
  for (auto g : grades) out[std::string(core::grade_name(g))] = out[std::string(core::grade_name(g))].get<int>() + 1;
  return out;
}

}  // namespace

json gomoku_review_json(const gomoku::Review& r, std::optional<gomoku::Color> human, const gomoku::ReviewOptions& o) {
  json moves = json::array();
  std::map<gomoku::Color, std::vector<core::Grade>> grades;
  for (const auto& m : r.moves) {
    grades[m.color].push_back(m.grade);
    moves.push_back({{"number", m.ply + 1},
                     {"color", color_name(m.color)},
                     {"human", !human || *human == m.color},
                     {"played", gomoku::format_point(m.played, r.size)},
                     {"best", gomoku::format_point(m.best, r.size)},
                     {"best_line", points_json(m.best_line, r.size)},
                     {"best_value", m.best_value},
                     {"played_value", m.played_value},
                     {"best_text", gomoku::format_value(m.best_value)},
                     {"played_text", gomoku::format_value(m.played_value)},
                     {"best_winprob", m.best_winprob},
                     {"played_winprob", m.played_winprob},
                     {"loss", m.loss},
                     {"grade", core::grade_name(m.grade)}});
  }
  json decisive = json::array();
  for (int ply : r.decisive) decisive.push_back(ply + 1);
  return {{"game", "gomoku"},
          {"version", REVIEW_VERSION},
          {"size", r.size},
          {"rule", gomoku::rule_name(r.rule)},
          {"result", gomoku::outcome_name(r.outcome)},
          {"human", human ? json(color_name(*human)) : json(nullptr)},
          {"settings", {{"time_ms", o.time_ms}, {"depth", o.depth}}},
          {"thresholds", {{"best", gomoku::params::REVIEW_BEST_LOSS}, {"good", gomoku::params::REVIEW_GOOD_LOSS},
                          {"inaccuracy", gomoku::params::REVIEW_INACCURACY_LOSS}, {"mistake", gomoku::params::REVIEW_MISTAKE_LOSS}}},
          {"complete", r.complete},
          {"moves", moves},
          {"black_winprob", r.black_winprob},
          {"decisive", decisive},
          {"summary", {{"black", grade_counts(grades[gomoku::Color::BLACK])}, {"white", grade_counts(grades[gomoku::Color::WHITE])}}}};
}

json g2048_review_json(const g2048::Review2048& r, int depth) {
  using namespace tilestone::g2048;
  json moves = json::array();
  std::vector<core::Grade> grades;
  for (const auto& m : r.moves) {
    grades.push_back(m.grade);
    json cells = json::array();
    for (auto e : m.before.cells) cells.push_back(e == 0 ? 0 : std::uint64_t{1} << e);
    json expected = json::object(), value = json::object();
    for (Dir d : ALL_DIRS) {
      const auto k = static_cast<std::size_t>(index(d));
      const std::string name(to_string(d));
      expected[name] = m.outlook.legal[k] ? json(m.outlook.expected_score[k]) : json(nullptr);
      value[name] = m.outlook.legal[k] ? json(m.outlook.value[k]) : json(nullptr);
    }
    moves.push_back({{"number", m.index + 1},
                     {"cells", cells},
                     {"score", m.score_before},
                     {"played", to_string(m.played)},
                     {"best", m.best ? json(to_string(*m.best)) : json(nullptr)},
                     {"expected_score", expected},
                     {"value", value},
                     {"loss", m.loss},
                     {"grade", core::grade_name(m.grade)}});
  }
  json decisive = json::array();
  for (int i : r.decisive) decisive.push_back(i + 1);
  return {{"game", "2048"},
          {"version", REVIEW_VERSION},
          {"settings", {{"depth", depth}, {"eval", "ntuple"}}},
          {"thresholds", {{"best", params::REVIEW_BEST_LOSS}, {"good", params::REVIEW_GOOD_LOSS},
                          {"inaccuracy", params::REVIEW_INACCURACY_LOSS}, {"mistake", params::REVIEW_MISTAKE_LOSS}}},
          {"complete", r.complete},
          {"final_score", r.final_score},
          {"moves", moves},
          {"expected", r.expected},
          {"scores", r.scores},
          {"decisive", decisive},
          {"summary", grade_counts(grades)}};
}

g2048::Replay replay_record(const store::GameRecord& g) {
  if (g.start_board.empty()) return g2048::replay_seeded_game(g.seed, g.moves);
  const auto start = g2048::parse_grid(g.start_board);
  if (!start) {
    g2048::Replay bad;
    bad.error = "bad start board: " + start.error();
    return bad;
  }
  return g2048::replay_client_game(*start, static_cast<std::uint64_t>(g.start_score), g.seed, g.moves);
}

std::optional<gomoku::Color> human_color(const store::GameRecord& g) {
  const json s = json::parse(g.settings, nullptr, false);
  if (!s.is_object() || !s.contains("ai_color") || !s["ai_color"].is_string()) return std::nullopt;
  const std::string ai = s["ai_color"].get<std::string>();
  if (ai == "black") return gomoku::Color::WHITE;
  if (ai == "white") return gomoku::Color::BLACK;
  return std::nullopt;
}

core::Result<json> review_record(store::Database* db, const store::GameRecord& g, const gomoku::ReviewOptions& options,
                                 const ReviewProgress& progress, const std::atomic<bool>* stop) {
  const json settings = g.game == "gomoku" ? json{{"version", REVIEW_VERSION}, {"time_ms", options.time_ms}, {"depth", options.depth}}
                                           : json{{"version", REVIEW_VERSION}, {"depth", g2048::params::OUTLOOK_DEPTH}};
  // Step 1. A stored review of the same moves and settings is the answer.
  if (db) {
    auto stored = db->review(g.id);
    if (stored && *stored && (*stored)->moves == g.moves && (*stored)->settings == settings.dump()) {
      json out = json::parse((*stored)->review, nullptr, false);
      if (out.is_object()) {
        out["cached"] = true;
        out["game_id"] = g.id;
        return out;
      }
    }
  }
  // Step 2. Compute it.
  json out;
  if (g.game == "gomoku") {
    const auto rule = gomoku::parse_rule(g.rule);
    if (!rule) return core::fail("game " + std::to_string(g.id) + " has an unknown rule '" + g.rule + "'");
    auto moves = gomoku::parse_moves(g.moves, g.size);
    if (!moves) return core::fail("game " + std::to_string(g.id) + ": " + moves.error());
    auto r = gomoku::review_game(*moves, g.size, *rule, options, progress, stop);
    if (!r) return core::fail("game " + std::to_string(g.id) + ": " + r.error());
    out = gomoku_review_json(*r, human_color(g), options);
  } else {
    const auto replay = replay_record(g);
    if (!replay.complete()) return core::fail("game " + std::to_string(g.id) + " does not replay: " + replay.error);
    auto net = g2048::shipped_network();
    if (!net) return core::fail("a 2048 review needs the n-tuple network: " + net.error());
    out = g2048_review_json(g2048::review_game(replay, *net, g2048::params::OUTLOOK_DEPTH, progress, stop), g2048::params::OUTLOOK_DEPTH);
  }
  // Step 3. Keep a complete review with the game (a failed write only costs a later recomputation).
  if (db && out.value("complete", false))
    (void)db->save_review({g.id, g.moves, settings.dump(), out.dump(), store::now_seconds()});
  out["cached"] = false;
  out["game_id"] = g.id;
  return out;
}

}  // namespace tilestone::server
