// `tilestone merge FILE...`: checks that result files are the shards of one run and prints (and
// writes) what the whole run would have; with --pool, several runs of one match experiment
// (each whole or as its shards) reported together. The shared output helpers live here too.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/cli_values.h"
#include "app/commands.h"
#include "app/outputs.h"
#include "match/pool.h"
#include "match/report.h"

namespace tilestone::app {
namespace {

std::string& command_line_storage() {
  static std::string line = "tilestone";
  return line;
}

// `merge --pool`: the files of equal settings are the shards of one run, merged first; the runs,
// in the order of their first file, are then pooled.
core::MergedRun pool_files(const std::vector<nlohmann::json>& docs, const std::vector<std::string>& files) {
  std::vector<std::string> keys;  // each run's settings
  std::vector<std::vector<nlohmann::json>> run_docs;
  std::vector<std::vector<std::string>> run_names;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const std::string key = docs[i].is_object() && docs[i].contains("settings") ? docs[i]["settings"].dump() : "";
    const std::size_t r = static_cast<std::size_t>(std::find(keys.begin(), keys.end(), key) - keys.begin());
    if (r == keys.size()) {
      keys.push_back(key);
      run_docs.emplace_back();
      run_names.emplace_back();
    }
    run_docs[r].push_back(docs[i]);
    run_names[r].push_back(files[i]);
  }
  std::vector<core::MergedRun> runs;
  std::vector<std::string> names;
  for (std::size_t r = 0; r < run_docs.size(); ++r) {
    auto run = core::merge_results(run_docs[r], run_names[r]);
    if (!run) throw UsageError("merge: " + run.error());
    runs.push_back(std::move(run.value()));
    names.push_back(run_names[r][0]);
  }
  auto pooled = match::pool_runs(runs, names);
  if (!pooled) throw UsageError("merge --pool: " + pooled.error());
  return std::move(pooled.value());
}

}  // namespace

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  auto j = nlohmann::json::parse(text.str(), nullptr, false);
  if (j.is_discarded()) throw UsageError("'" + path + "' is not JSON");
  return j;
}

std::vector<ResultFile> read_result_files(const std::vector<std::string>& paths, int max_games) {
  std::vector<ResultFile> out;
  std::set<std::pair<std::string, int>> seen;  // (settings, game): a file given twice counts once
  for (const auto& path : paths) {
    const auto doc = read_json_file(path);
    if (!doc.is_object() || doc.value("kind", "") != match::RESULT_KIND)
      throw UsageError("'" + path + "' is not the result of `tilestone gomoku tune generate` (or of a match)");
    auto settings = match::settings_from_json(doc["settings"]);
    if (!settings) throw UsageError(path + ": " + settings.error());
    ResultFile file{doc.value("command", std::string("?")), *settings, {}};
    const std::string key = doc["settings"].dump();
    for (const auto& j : doc["games"]) {
      if (max_games > 0 && static_cast<int>(file.games.size()) >= max_games) break;
      auto g = match::game_from_json(j, settings->size);
      if (!g) throw UsageError(path + ": " + g.error());
      if (seen.insert({key, g->index}).second) file.games.push_back(std::move(*g));
    }
    out.push_back(std::move(file));
  }
  return out;
}

void write_file(const std::string& path, const std::string& content) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw UsageError(fmt::format("cannot write {}", path));
  f << content;
  if (!f.flush()) throw UsageError(fmt::format("cannot write {}", path));
}

void check_writable(const std::string& path) {
  std::ofstream f(path, std::ios::binary | std::ios::app);
  if (!f) throw UsageError(fmt::format("cannot write {}", path));
}

void set_command_line(int argc, const char* const* argv) { command_line_storage() = core::command_line(argc, argv); }
const std::string& command_line() { return command_line_storage(); }

void add_merge_command(CLI::App& root) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<MergeOutputs>();
  auto pool = std::make_shared<bool>(false);
  auto* cmd = root.add_subcommand(
      "merge", "join the --json results of a sharded run and report it as a whole (--pool: several runs of one match experiment)");
  cmd->add_option("files", *files, "the shards' result files (from --shard I/N --json FILE)")->required();
  cmd->add_flag("--pool", *pool,
                "gomoku match: the files are runs of one experiment with different seeds or openings (each whole or "
                "as its shards): report all their games together");
  cmd->add_option("--json", out->json, "write the merged result to this JSON file")->check(non_empty());
  cmd->add_option("--record", out->record, "gomoku match: write every game to this file")->check(non_empty());
  cmd->add_option("--pgn", out->pgn, "gomoku match: write every game as PGN")->check(non_empty());
  cmd->add_option("--psq", out->psq, "gomoku match: write every game as PSQ into this folder")->check(non_empty());
  cmd->add_option("--csv", out->csv, "2048 bench: write one row per game")->check(non_empty());
  cmd->add_option("--svg", out->svg, "2048 bench: write the histogram of final max tiles")->check(non_empty());
  cmd->callback([files, out, pool] {
    std::vector<nlohmann::json> docs;
    for (const auto& f : *files) docs.push_back(read_json_file(f));
    if (*pool) return print_merged_match(pool_files(docs, *files), *out);
    const auto run = core::merge_results(docs, *files);
    if (!run) throw UsageError("merge: " + run.error());
    if (run->kind == match::RESULT_KIND) return print_merged_match(*run, *out);
    if (run->kind == "2048-bench") return print_merged_bench(*run, *out);
    if (print_merged_selfplay(*run, *out)) return;
    throw UsageError("merge: unknown kind of run '" + run->kind + "'");
  });
}

}  // namespace tilestone::app
