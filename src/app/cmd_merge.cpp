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

#include "app/commands.h"
#include "app/options.h"
#include "app/outputs.h"
#include "lab/match/pool.h"
#include "lab/match/report.h"

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
    if (!run) throw RunError("merge: " + run.error());
    runs.push_back(std::move(run.value()));
    names.push_back(run_names[r][0]);
  }
  auto pooled = match::pool_runs(runs, names);
  if (!pooled) throw RunError("merge --pool: " + pooled.error());
  return std::move(pooled.value());
}

}  // namespace

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw RunError(fmt::format("cannot read {}: it is a folder", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RunError(fmt::format("cannot read {}", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw RunError(fmt::format("cannot read {}", path));
  return text.str();
}

nlohmann::json read_json_file(const std::string& path) {
  auto j = nlohmann::json::parse(read_file(path), nullptr, false);
  if (j.is_discarded()) throw RunError(fmt::format("{} is not JSON", path));
  return j;
}

void print_json(const nlohmann::json& doc) { std::cout << doc.dump(2) << "\n"; }

std::vector<ResultFile> read_result_files(const std::vector<std::string>& paths, int max_games) {
  std::vector<ResultFile> out;
  std::set<std::pair<std::string, int>> seen;  // (settings, game): a file given twice counts once
  for (const auto& path : paths) {
    const auto doc = read_json_file(path);
    if (!doc.is_object() || doc.value("kind", "") != match::RESULT_KIND)
      throw RunError(path + " is not the result of `tilestone gomoku tune generate` (or of a match)");
    auto settings = match::settings_from_json(doc["settings"]);
    if (!settings) throw RunError(path + ": " + settings.error());
    ResultFile file{doc.value("command", std::string("?")), *settings, {}};
    const std::string key = doc["settings"].dump();
    for (const auto& j : doc["games"]) {
      if (max_games > 0 && static_cast<int>(file.games.size()) >= max_games) break;
      auto g = match::game_from_json(j, settings->size);
      if (!g) throw RunError(path + ": " + g.error());
      if (seen.insert({key, g->index}).second) file.games.push_back(std::move(*g));
    }
    out.push_back(std::move(file));
  }
  return out;
}

void write_file(const std::string& path, const std::string& content) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw RunError(fmt::format("cannot write {}", path));
  f << content;
  if (!f.flush()) throw RunError(fmt::format("cannot write {}", path));
}

void check_writable(const std::string& path) {
  std::ofstream f(path, std::ios::binary | std::ios::app);
  if (!f) throw RunError(fmt::format("cannot write {}", path));
}

void set_command_line(int argc, const char* const* argv) { command_line_storage() = core::command_line(argc, argv); }
const std::string& command_line() { return command_line_storage(); }

void add_merge_command(CLI::App& root) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<MergeOutputs>();
  auto pool = std::make_shared<bool>(false);
  auto* cmd = root.add_subcommand(
      "merge", "join the result files of a sharded run and report it as a whole (--pool: several runs of one match experiment)");
  cmd->add_option("files", *files, "the shards' result files (from --shard I/N --json-out FILE)")->type_name("FILE")->default_str("")->required();
  cmd->add_flag("--pool", *pool,
                "gomoku match: the files are runs of one experiment with different seeds or openings (each whole or "
                "as its shards): report all their games together");
  add_json_out(cmd, out->json, "write the merged result to this JSON file");
  add_text(cmd, "--tsv", out->tsv, "FILE", "gomoku match: write every game to this tab-separated file");
  add_text(cmd, "--pgn", out->pgn, "FILE", "gomoku match: write every game as PGN");
  add_text(cmd, "--psq", out->psq, "DIR", "gomoku match: write every game as PSQ into this folder");
  add_text(cmd, "--csv", out->csv, "FILE", "2048 bench: write one row per game");
  add_text(cmd, "--svg", out->svg, "FILE", "2048 bench: write the histogram of final max tiles");
  cmd->callback([files, out, pool] {
    std::vector<nlohmann::json> docs;
    for (const auto& f : *files) docs.push_back(read_json_file(f));
    if (*pool) return print_merged_match(pool_files(docs, *files), *out);
    const auto run = core::merge_results(docs, *files);
    if (!run) throw RunError("merge: " + run.error());
    if (run->kind == match::RESULT_KIND) return print_merged_match(*run, *out);
    if (run->kind == "2048-bench") return print_merged_bench(*run, *out);
    if (print_merged_selfplay(*run, *out)) return;
    throw RunError("merge: unknown kind of run '" + run->kind + "'");
  });
}

}  // namespace tilestone::app
