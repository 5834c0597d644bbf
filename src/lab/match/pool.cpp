#include "lab/match/pool.h"

#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

#include "lab/match/report.h"

namespace tilestone::match {
namespace {

using nlohmann::json;

// The settings in which the runs of one experiment may differ.
constexpr std::array<std::string_view, 5> FREE = {"seed", "games", "openings", "openings_source", "sprt"};
bool free_key(const std::string& key) { return std::find(FREE.begin(), FREE.end(), key) != FREE.end(); }

// The first setting (other than the free ones) in which `a` and `b` differ, "" when none.
std::string differing_setting(const json& a, const json& b) {
  for (const auto& [key, value] : a.items())
    if (!free_key(key) && (!b.contains(key) || b[key] != value)) return key;
  for (const auto& [key, value] : b.items())
    if (!free_key(key) && !a.contains(key)) return key;
  return "";
}

}  // namespace

core::Result<core::MergedRun> pool_runs(const std::vector<core::MergedRun>& runs, const std::vector<std::string>& names) {
  if (runs.size() < 2) return core::fail("pooling needs two runs or more (the shards of one run merge without --pool)");
  const json& first = runs[0].settings;
  core::MergedRun out;
  out.kind = runs[0].kind;
  out.command = runs[0].command;
  out.settings = first;
  out.settings["openings"] = json::array();
  out.settings.erase("sprt");
  out.games = json::array();
  std::vector<std::string> sources;
  long long offset = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const auto& run = runs[r];
    const auto& s = run.settings;
    const std::string& name = names[r];
    if (run.kind != RESULT_KIND) return core::fail(name + ": a " + run.kind + " run; only gomoku match results pool");
    if (const std::string key = differing_setting(first, s); !key.empty())
      return core::fail(name + ": its setting '" + key + "' differs from " + names[0] + "'s (runs of different experiments)");
    if (!s.contains("games") || !s["games"].is_number_integer() || !s.contains("openings") || !s["openings"].is_array() ||
        s["openings"].empty())
      return core::fail(name + ": the match settings have no games or no openings");
    const long long games = s["games"].get<long long>();
    if (games < 1) return core::fail(name + ": a run of no games");
    if (offset + games > core::MAX_RUN_GAMES)
      return core::fail(name + ": more than " + std::to_string(core::MAX_RUN_GAMES) + " games pooled");
    if (games % 2 != 0 && r + 1 < runs.size())
      return core::fail(name + ": an odd number of games leaves its last opening half played; give that run last");
    // Game 2k and 2k+1 of a run play its openings[k % count]: written out, pair by pair.
    const auto& openings = s["openings"];
    for (long long p = 0; p < (games + 1) / 2; ++p) out.settings["openings"].push_back(openings[static_cast<std::size_t>(p) % openings.size()]);
    const std::string source = s.value("openings_source", std::string("generated"));
    if (std::find(sources.begin(), sources.end(), source) == sources.end()) sources.push_back(source);
    if (!out.settings.contains("sprt") && s.contains("sprt")) out.settings["sprt"] = s["sprt"];
    for (const auto& g : run.games) {
      json copy = g;
      copy["index"] = g["index"].get<long long>() + offset;
      out.games.push_back(std::move(copy));
    }
    out.stopped_early = out.stopped_early || run.stopped_early;
    out.pooled.push_back(fmt::format("seed {}, {} of {} games: {}", s.value("seed", json()).dump(), run.games.size(), games,
                                     run.command));
    offset += games;
  }
  out.settings["games"] = offset;
  std::string joined;
  for (const auto& s : sources) joined += (joined.empty() ? "" : " + ") + s;
  out.settings["openings_source"] = joined;
  return out;
}

}  // namespace tilestone::match
