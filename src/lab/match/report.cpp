#include "lab/match/report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "gomoku/notation.h"

namespace tilestone::match {
namespace {

using nlohmann::json;

std::string result_tag(gomoku::Outcome o) {
  switch (o) {
    case gomoku::Outcome::BLACK_WINS: return "1-0";
    case gomoku::Outcome::WHITE_WINS: return "0-1";
    case gomoku::Outcome::DRAW: return "1/2-1/2";
    default: return "*";
  }
}

std::optional<gomoku::Outcome> outcome_of_tag(const std::string& tag) {
  if (tag == "1-0") return gomoku::Outcome::BLACK_WINS;
  if (tag == "0-1") return gomoku::Outcome::WHITE_WINS;
  if (tag == "1/2-1/2") return gomoku::Outcome::DRAW;
  return std::nullopt;
}

// "black wins by five", "white wins: black forfeits (timeout: no answer in time)".
std::string ending_text(const GameResult& g) {
  if (g.outcome == gomoku::Outcome::DRAW) return "draw (full board)";
  const bool black_won = g.outcome == gomoku::Outcome::BLACK_WINS;
  const std::string winner = black_won ? "black" : "white", loser = black_won ? "white" : "black";
  if (g.termination == Termination::FIVE) return winner + " wins by five";
  return fmt::format("{} wins: {} {}{}", winner, loser, termination_name(g.termination),
                     g.detail.empty() ? "" : " (" + g.detail + ")");
}

template <class T>
bool read(const json& j, const char* key, T& out) {
  if (!j.contains(key)) return false;
  try {
    out = j.at(key).get<T>();
    return true;
  } catch (const json::exception&) {
    return false;
  }
}

}  // namespace

namespace {
// The name a player description is shown by; the description itself when it names no player.
std::string shown_name(const std::string& spec) {
  const auto name = player_name(spec);
  return name ? *name : spec;
}
}  // namespace

std::string black_name(const MatchSettings& s, const GameResult& g) { return shown_name(g.first_is_black ? s.first : s.second); }
std::string white_name(const MatchSettings& s, const GameResult& g) { return shown_name(g.first_is_black ? s.second : s.first); }

json settings_to_json(const MatchSettings& s) {
  json openings = json::array();
  for (const auto& o : s.openings) openings.push_back(gomoku::format_moves(o, s.size));
  json j = {{"first", s.first},         {"second", s.second},         {"games", s.games},
            {"size", s.size},           {"rule", gomoku::rule_name(s.rule)}, {"time_ms", s.turn_ms},
            {"match_ms", s.match_ms},   {"tolerance_ms", s.tolerance_ms}, {"depth", s.depth},
            {"second_time_ms", s.second_turn_ms}, {"second_match_ms", s.second_match_ms},
            {"threads", s.threads},     {"second_threads", s.second_threads},
            {"memory_bytes", s.memory_bytes}, {"seed", s.seed},
            {"openings_source", s.openings_source}, {"openings", openings}};
  if (s.sprt)
    j["sprt"] = {{"elo0", s.sprt->elo0}, {"elo1", s.sprt->elo1}, {"alpha", s.sprt->alpha}, {"beta", s.sprt->beta}};
  return j;
}

core::Result<MatchSettings> settings_from_json(const json& j) {
  MatchSettings s;
  std::string rule;
  json openings;
  if (!j.is_object() || !read(j, "first", s.first) || !read(j, "second", s.second) || !read(j, "games", s.games) ||
      !read(j, "size", s.size) || !read(j, "rule", rule) || !read(j, "time_ms", s.turn_ms) ||
      !read(j, "match_ms", s.match_ms) || !read(j, "tolerance_ms", s.tolerance_ms) || !read(j, "depth", s.depth) ||
      !read(j, "threads", s.threads) || !read(j, "memory_bytes", s.memory_bytes) || !read(j, "seed", s.seed) ||
      !read(j, "openings_source", s.openings_source) || !read(j, "openings", openings) || !openings.is_array())
    return core::fail("the match settings are incomplete or malformed");
  // Results written before the engines could have their own thread counts or time controls give
  // both the same.
  s.second_threads = s.threads;
  s.second_turn_ms = s.turn_ms;
  s.second_match_ms = s.match_ms;
  if ((j.contains("second_threads") && !read(j, "second_threads", s.second_threads)) ||
      (j.contains("second_time_ms") && !read(j, "second_time_ms", s.second_turn_ms)) ||
      (j.contains("second_match_ms") && !read(j, "second_match_ms", s.second_match_ms)))
    return core::fail("the match settings are incomplete or malformed");
  const auto r = gomoku::parse_rule(rule);
  if (!r) return core::fail("unknown rule '" + rule + "' in the settings");
  s.rule = *r;
  if (s.size < gomoku::params::MIN_SIZE || s.size > gomoku::params::MAX_SIZE || s.games < 1)
    return core::fail("the match settings are out of range");
  for (const auto& o : openings) {
    if (!o.is_string()) return core::fail("an opening in the settings is not a move string");
    auto moves = gomoku::parse_moves(o.get<std::string>(), s.size);
    if (!moves) return core::fail("opening '" + o.get<std::string>() + "': " + moves.error());
    s.openings.push_back(*moves);
  }
  if (s.openings.empty()) return core::fail("the match settings have no openings");
  if (j.contains("sprt")) {
    SprtConfig c;
    if (!read(j["sprt"], "elo0", c.elo0) || !read(j["sprt"], "elo1", c.elo1) || !read(j["sprt"], "alpha", c.alpha) ||
        !read(j["sprt"], "beta", c.beta))
      return core::fail("the SPRT settings are malformed");
    s.sprt = c;
  }
  return s;
}

json game_to_json(const GameResult& g, int size) {
  return {{"index", g.index},
          {"first_is_black", g.first_is_black},
          {"result", result_tag(g.outcome)},
          {"termination", termination_name(g.termination)},
          {"detail", g.detail},
          {"opening_moves", g.opening_moves},
          {"moves", gomoku::format_moves(g.moves, size)},
          {"black_max_ms", g.black_max_ms},
          {"white_max_ms", g.white_max_ms},
          {"black_ms", g.black_ms},
          {"white_ms", g.white_ms}};
}

core::Result<GameResult> game_from_json(const json& j, int size) {
  GameResult g;
  std::string result, termination, moves;
  if (!j.is_object() || !read(j, "index", g.index) || !read(j, "first_is_black", g.first_is_black) ||
      !read(j, "result", result) || !read(j, "termination", termination) || !read(j, "detail", g.detail) ||
      !read(j, "opening_moves", g.opening_moves) || !read(j, "moves", moves) || !read(j, "black_max_ms", g.black_max_ms) ||
      !read(j, "white_max_ms", g.white_max_ms) || !read(j, "black_ms", g.black_ms) || !read(j, "white_ms", g.white_ms))
    return core::fail("a game record is incomplete or malformed");
  const auto o = outcome_of_tag(result);
  const auto t = parse_termination(termination);
  auto m = gomoku::parse_moves(moves, size);
  if (!o || !t || !m) return core::fail("game " + std::to_string(g.index) + ": malformed result, ending or moves");
  g.outcome = *o;
  g.termination = *t;
  g.moves = *m;
  return g;
}

std::string report_text(const MatchSettings& s, const std::vector<GameResult>& games, bool stopped_early) {
  const std::string a = shown_name(s.first), b = shown_name(s.second);
  std::vector<std::optional<Score>> scores(static_cast<std::size_t>(s.games));
  int moves = 0;
  double first_max_ms = 0, second_max_ms = 0;  // each engine's slowest answer
  std::map<std::string, int> forfeits;
  for (const auto& g : games) {
    scores[static_cast<std::size_t>(g.index)] = g.first_score();
    moves += static_cast<int>(g.moves.size());
    first_max_ms = std::max(first_max_ms, g.first_is_black ? g.black_max_ms : g.white_max_ms);
    second_max_ms = std::max(second_max_ms, g.first_is_black ? g.white_max_ms : g.black_max_ms);
    if (g.termination != Termination::FIVE && g.termination != Termination::FULL_BOARD) {
      const bool black_lost = g.outcome == gomoku::Outcome::WHITE_WINS;
      const std::string loser = black_lost ? black_name(s, g) : white_name(s, g);
      ++forfeits[fmt::format("{} {}", loser, termination_name(g.termination))];
    }
  }
  const Tally t = tally(scores);
  const EloEstimate e = elo_estimate(t);
  const int played = static_cast<int>(games.size());
  std::string out;
  const auto clock = [](int turn_ms, std::int64_t match_ms) {
    return match_ms > 0 ? fmt::format("{} ms/move, {} ms/game", turn_ms, match_ms) : fmt::format("{} ms/move", turn_ms);
  };
  std::string limits = fmt::format("depth {}", s.depth);
  if (s.depth == 0) {
    limits = clock(s.turn_ms, s.match_ms);
    if (!even_time(s)) limits += " vs " + clock(s.second_turn_ms, s.second_match_ms);
  }
  const std::string threads =
      s.threads == 1 && s.second_threads == 1 ? "" : fmt::format(", threads {} vs {}", s.threads, s.second_threads);
  out += fmt::format("{} vs {}: {} games, {} {}x{}, {}{}\n", a, b, played, gomoku::rule_name(s.rule), s.size, s.size, limits,
                     threads);
  out += fmt::format("score of {}: W {} / D {} / L {}  ({:.1f}%)\n", a, t.wins, t.draws, t.losses, 100.0 * t.score());
  if (t.pair_count() > 0)
    out += fmt::format("pairs (0, 0.5, 1, 1.5, 2 points): {} {} {} {} {}\n", t.pairs[0], t.pairs[1], t.pairs[2], t.pairs[3],
                       t.pairs[4]);
  out += fmt::format("elo difference: {:+.0f} (95% interval {:+.0f} .. {:+.0f})\n", e.elo, e.lo, e.hi);
  if (s.sprt) {
    const double value = llr(t, *s.sprt);
    const SprtState st = sprt_state(value, *s.sprt, t.games());
    out += fmt::format("sprt elo0={} elo1={} alpha={} beta={}: llr {:.2f} ({:.2f} .. {:.2f}), {}\n", s.sprt->elo0,
                       s.sprt->elo1, s.sprt->alpha, s.sprt->beta, value, s.sprt->lower(), s.sprt->upper(),
                       st == SprtState::ACCEPT_H1   ? "H1 accepted"
                       : st == SprtState::ACCEPT_H0 ? "H0 accepted"
                                                    : "not decided");
  }
  if (stopped_early) out += fmt::format("stopped early: {} of {} games played\n", played, s.games);
  out += fmt::format("mean game length: {:.1f} moves\n", played ? static_cast<double>(moves) / played : 0.0);
  if (forfeits.empty()) {
    out += "forfeits: none\n";
  } else {
    std::string list;
    for (const auto& [what, n] : forfeits) list += fmt::format("{}{} x{}", list.empty() ? "" : ", ", what, n);
    out += "forfeits: " + list + "\n";
  }
  if (s.depth == 0 && even_time(s)) {
    const double max_ms = std::max(first_max_ms, second_max_ms);
    out += fmt::format("max move time: {:.1f} ms (budget {} ms, {:.1f}%)\n", max_ms, s.turn_ms, 100.0 * max_ms / s.turn_ms);
  } else if (s.depth == 0) {
    out += fmt::format("max move time: {} {:.1f} ms (budget {} ms, {:.1f}%), {} {:.1f} ms (budget {} ms, {:.1f}%)\n", a,
                       first_max_ms, s.turn_ms, 100.0 * first_max_ms / s.turn_ms, b, second_max_ms, s.second_turn_ms,
                       100.0 * second_max_ms / s.second_turn_ms);
  }
  return out;
}

std::string record_text(const MatchSettings& s, const std::vector<GameResult>& games) {
  std::string out = "# game\tblack\twhite\tresult\tmoves\tending\n";
  for (const auto& g : games)
    out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\n", g.index + 1, black_name(s, g), white_name(s, g),
                       gomoku::outcome_name(g.outcome), gomoku::format_moves(g.moves, s.size), ending_text(g));
  return out;
}

std::string pgn_text(const MatchSettings& s, const std::vector<GameResult>& games) {
  std::string out;
  for (const auto& g : games) {
    out += fmt::format("[Event \"tilestone gomoku match\"]\n[Site \"tilestone\"]\n[Round \"{}\"]\n", g.index + 1);
    out += fmt::format("[Black \"{}\"]\n[White \"{}\"]\n[Result \"{}\"]\n", black_name(s, g), white_name(s, g),
                       result_tag(g.outcome));
    out += fmt::format("[Variant \"{} {}x{}\"]\n[Opening \"{}\"]\n[PlyCount \"{}\"]\n[Termination \"{}\"]\n\n",
                       gomoku::rule_name(s.rule), s.size, s.size,
                       gomoku::format_moves({g.moves.begin(), g.moves.begin() + g.opening_moves}, s.size), g.moves.size(),
                       ending_text(g));
    std::string line;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
      std::string token = (i % 2 == 0 ? fmt::format("{}. ", i / 2 + 1) : "") + gomoku::format_point(g.moves[i], s.size);
      if (line.size() + token.size() + 1 > 79) {
        out += line + "\n";
        line.clear();
      }
      line += (line.empty() ? "" : " ") + token;
    }
    const std::string tag = result_tag(g.outcome);
    out += line + (line.size() + tag.size() + 1 > 79 ? "\n" : " ") + tag + "\n\n";
  }
  return out;
}

std::string psq_text(const MatchSettings& s, const GameResult& g) {
  std::string out = fmt::format("Piskvorky {}x{}, 11:11, 0\n", s.size, s.size);
  for (gomoku::Point p : g.moves) out += fmt::format("{},{},0\n", p.x + 1, p.y + 1);
  out += "-1\n";
  out += black_name(s, g) + "\n" + white_name(s, g) + "\n";
  return out;
}

}  // namespace tilestone::match
