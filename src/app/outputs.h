#pragma once
// What the long-running commands share: their output files, the command line written into
// result documents, and `tilestone merge`, which joins the shards of a run.

#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "lab/core/shard.h"
#include "lab/match/report.h"
#include "lab/match/runner.h"

namespace tilestone::app {

/// Writes `content` to `path` (replacing it); RunError when it can't.
void write_file(const std::string& path, const std::string& content);
/// Fails with a RunError at once when `path` can't be written (before a long run, not after).
void check_writable(const std::string& path);
/// A file's contents; a RunError naming the file when it can't be read.
std::string read_file(const std::string& path);

/// A JSON file's contents; a RunError naming the file when it can't be read or parsed.
nlohmann::json read_json_file(const std::string& path);

/// What every --json prints on standard output: the document, indented by two spaces, and a
/// line end.
void print_json(const nlohmann::json& doc);

/// The games of one result file of `gomoku tune generate` or `gomoku match`.
struct ResultFile {
  std::string command;  ///< the command that wrote it
  match::MatchSettings settings;
  std::vector<match::GameResult> games;  ///< without games already read from an earlier file
};
/// Reads result files for fitting (`tune fit`, `winprob fit`): each must be a match result; a
/// game met twice (the same file given twice) counts once; at most `max_games` per file when > 0.
/// A RunError naming the file for anything wrong.
std::vector<ResultFile> read_result_files(const std::vector<std::string>& paths, int max_games = 0);

/// The command line of this process, for result documents (main sets it).
void set_command_line(int argc, const char* const* argv);
const std::string& command_line();

/// The output files `tilestone merge` can write; each kind of run writes the ones it has.
struct MergeOutputs {
  std::string json, tsv, pgn, psq, csv, svg;  ///< json: the --json-out file
};
/// The report and files of a merged run, as the whole run would have printed and written them.
void print_merged_match(const core::MergedRun& run, const MergeOutputs& out);
void print_merged_bench(const core::MergedRun& run, const MergeOutputs& out);
/// A merged `gomoku selfplay` run; false when `run` is of another kind.
bool print_merged_selfplay(const core::MergedRun& run, const MergeOutputs& out);

/// `tilestone merge FILE...`.
void add_merge_command(CLI::App& root);

}  // namespace tilestone::app
