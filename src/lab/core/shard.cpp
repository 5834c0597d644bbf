#include "lab/core/shard.h"

#include <charconv>
#include <map>
#include <optional>
#include <set>

// The build sets the version from the project's (CMakeLists.txt).
#ifndef TILESTONE_VERSION
#define TILESTONE_VERSION "0.0.0"
#endif

namespace tilestone::core {
namespace {

constexpr int FORMAT_VERSION = 1;
constexpr std::string_view FORMAT_NAME = "tilestone-results";

std::optional<long long> to_number(std::string_view s) {
  long long v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return fail("--shard takes I/N (shard I of N, counted from 0), got '" + std::string(text) + "'");
  const auto i = to_number(text.substr(0, slash)), n = to_number(text.substr(slash + 1));
  if (!i || !n) return fail("--shard takes I/N with whole numbers, got '" + std::string(text) + "'");
  if (*n < 1 || *n > MAX_SHARDS) return fail("--shard: N must lie in 1.." + std::to_string(MAX_SHARDS));
  if (*i < 0 || *i >= *n) return fail("--shard: I must lie in 0..N-1, got " + std::string(text));
  return Shard{static_cast<int>(*i), static_cast<int>(*n)};
}

nlohmann::json results_document(std::string_view kind, const std::string& command, const nlohmann::json& settings,
                                 const Shard& shard, const nlohmann::json& games, bool stopped_early) {
  return {{"format", FORMAT_NAME},
          {"format_version", FORMAT_VERSION},
          {"kind", kind},
          {"tilestone", TILESTONE_VERSION},
          {"command", command},
          {"settings", settings},
          {"shard", {{"index", shard.index}, {"count", shard.count}}},
          {"stopped_early", stopped_early},
          {"games", games}};
}

Result<MergedRun> merge_results(const std::vector<nlohmann::json>& docs, const std::vector<std::string>& names) {
  if (docs.empty()) return fail("merge needs at least one result file");
  MergedRun run;
  std::set<int> shards_seen;
  std::map<long long, nlohmann::json> games;
  int count = 0;
  std::string version;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    const auto& doc = docs[d];
    const std::string& name = names[d];
    if (!doc.is_object() || doc.value("format", "") != FORMAT_NAME || !doc.contains("shard") ||
        !doc.contains("settings") || !doc.contains("games") || !doc["games"].is_array())
      return fail(name + ": not a tilestone result file");
    if (doc.value("format_version", 0) != FORMAT_VERSION)
      return fail(name + ": result format version " + doc.value("format_version", nlohmann::json(0)).dump() + " (this tilestone reads " + std::to_string(FORMAT_VERSION) + ")");
    const auto& shard = doc["shard"];
    if (!shard.is_object() || !shard.value("index", nlohmann::json()).is_number_integer() || !shard.value("count", nlohmann::json()).is_number_integer())
      return fail(name + ": the shard field is malformed");
    const int index = shard["index"].get<int>(), n = shard["count"].get<int>();
    if (n < 1 || index < 0 || index >= n) return fail(name + ": shard " + std::to_string(index) + "/" + std::to_string(n) + " is not a shard");
    if (d == 0) {
      run.kind = doc.value("kind", "");
      run.settings = doc["settings"];
      run.command = doc.value("command", "");
      version = doc.value("tilestone", "");
      count = n;
    } else {
      if (doc.value("kind", "") != run.kind) return fail(name + ": a " + doc.value("kind", std::string("?")) + " run, not " + run.kind + " like " + names[0]);
      if (doc["settings"] != run.settings) return fail(name + ": the settings differ from " + names[0] + " (shards of different runs)");
      if (doc.value("tilestone", "") != version) return fail(name + ": written by tilestone " + doc.value("tilestone", std::string("?")) + ", " + names[0] + " by " + version);
      if (n != count) return fail(name + ": shard of " + std::to_string(n) + ", " + names[0] + " is a shard of " + std::to_string(count));
    }
    if (!shards_seen.insert(index).second) return fail(name + ": shard " + std::to_string(index) + "/" + std::to_string(n) + " given twice");
    const bool early = doc.value("stopped_early", false);
    run.stopped_early |= early;
    const Shard s{index, n};
    const long long total = run.settings.value("games", 0LL);
    if (total < 1 || total > MAX_RUN_GAMES)
      return fail(name + ": the settings claim " + std::to_string(total) + " games (1.." + std::to_string(MAX_RUN_GAMES) + ")");
    std::set<long long> own;
    for (const auto& g : doc["games"]) {
      if (!g.is_object() || !g.value("index", nlohmann::json()).is_number_integer()) return fail(name + ": a game without an index");
      const long long k = g["index"].get<long long>();
      if (k < 0 || k >= total || !s.owns(k)) return fail(name + ": game " + std::to_string(k) + " does not belong to shard " + std::to_string(index) + "/" + std::to_string(n));
      if (!games.emplace(k, g).second) return fail(name + ": game " + std::to_string(k) + " appears twice");
      own.insert(k);
    }
    if (!early)
      for (long long k = index; k < total; k += n)
        if (!own.count(k)) return fail(name + ": game " + std::to_string(k) + " of shard " + std::to_string(index) + "/" + std::to_string(n) + " is missing");
  }
  for (int i = 0; i < count; ++i)
    if (!shards_seen.count(i)) return fail("shard " + std::to_string(i) + "/" + std::to_string(count) + " is missing");
  run.games = nlohmann::json::array();
  for (auto& [k, g] : games) run.games.push_back(std::move(g));
  return run;
}

std::string command_line(int argc, const char* const* argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    if (i) out += ' ';
    const std::string a = argv[i];
    const bool plain = !a.empty() && a.find_first_of(" \t\"'\\$`") == std::string::npos;
    out += plain ? a : "'" + a + "'";
  }
  return out;
}

}  // namespace tilestone::core
