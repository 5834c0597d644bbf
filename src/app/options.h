#pragma once
// The options several commands share, each written once: its name, its value name in the help,
// its range (from the game's limits header, g2048/limits.h or gomoku/limits.h) and its default
// (the value the variable holds when the option is added). A command adds them here, never by
// hand, so `--threads` or `--time-ms` read the same in every command.
//
// The conventions every command follows:
//   --json           print JSON on standard output (a flag; nothing else is printed there)
//   --out FILE       the file the command makes (its main output)
//   --json-out FILE  a command that prints a report also writes its self-describing JSON result
//   --csv/--svg/--pgn/--tsv FILE, --psq DIR: further outputs, named by their format
//   input files      positional arguments (merge, tune fit, tune order, winprob fit, suite run)
//   --id ID          a recorded game (history export, review)

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace tilestone::app {

/// A whole-number option: value name `value` ("MS", "N"), checked to lie in [lo, hi]; the help
/// shows the range after `help`.
CLI::Option* add_int(CLI::App* cmd, const std::string& name, int& v, const std::string& value, int lo, int hi,
                     const std::string& help);
CLI::Option* add_int(CLI::App* cmd, const std::string& name, std::int64_t& v, const std::string& value,
                     std::int64_t lo, std::int64_t hi, const std::string& help);
CLI::Option* add_int(CLI::App* cmd, const std::string& name, std::uint64_t& v, const std::string& value,
                     std::int64_t lo, std::int64_t hi, const std::string& help);
/// A whole-number option with no default of its own (its help says what applies without it):
/// checked to lie in [lo, hi] as add_int's; `given` becomes true when the command line has it.
CLI::Option* add_int_unset(CLI::App* cmd, const std::string& name, int& v, bool& given, const std::string& value, int lo,
                           int hi, const std::string& help);
/// A decimal-number option in [lo, hi]; `range` is how the help shows it when "[lo-hi]" would not
/// do (a lower bound that stands for "above 0").
CLI::Option* add_number(CLI::App* cmd, const std::string& name, double& v, const std::string& value, double lo,
                        double hi, const std::string& help, const std::string& range = "");
/// A text option (a file, a name): never empty.
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::string& v, const std::string& value,
                      const std::string& help);
/// A text option that takes one of `names`; the help lists them.
CLI::Option* add_choice(CLI::App* cmd, const std::string& name, std::string& v, const std::string& value,
                        const std::vector<std::string>& names, const std::string& help);

/// --seed SEED: 0 to 2^64 - 1.
CLI::Option* add_seed(CLI::App* cmd, std::uint64_t& seed, const std::string& help = "seed of the random choices");
/// --threads N: search threads of one engine, 1 to `max`.
CLI::Option* add_threads(CLI::App* cmd, int& threads, int max, const std::string& help = "search threads");
/// --jobs N: games (or positions) worked on at once, 1 to `max`.
CLI::Option* add_jobs(CLI::App* cmd, int& jobs, int max, const std::string& help = "games played at once");
/// --time-ms MS: think time per move, 1 to `max`.
CLI::Option* add_time_ms(CLI::App* cmd, int& ms, int max, const std::string& help = "think time per move in milliseconds");
/// --depth N: search depth, `lo` to `max` (0: by time).
CLI::Option* add_depth(CLI::App* cmd, int& depth, int lo, int max, const std::string& help);
/// --games N: 1 to `max`.
CLI::Option* add_games(CLI::App* cmd, int& games, int max, const std::string& help = "games to play");
/// --json: print JSON on standard output instead of text.
CLI::Option* add_json_flag(CLI::App* cmd, bool& json, const std::string& help = "print JSON on standard output");
/// --out FILE: the file the command makes.
CLI::Option* add_out(CLI::App* cmd, std::string& path, const std::string& help);
/// --json-out FILE: the self-describing result of a command that prints a report.
CLI::Option* add_json_out(CLI::App* cmd, std::string& path,
                          const std::string& help = "also write the self-describing result (settings, every game) to this JSON file");
/// --held-out-every K: every k-th game (or position) kept out of a fit to check it; 0 (none) or
/// 2 or more. tune fit, tune order and winprob fit.
CLI::Option* add_held_out_every(CLI::App* cmd, int& every, const std::string& help);
/// --shard I/N: play only shard I of N.
CLI::Option* add_shard(CLI::App* cmd, std::string& shard);

/// --size N, --rule RULE and --level LEVEL of the Gomoku commands.
CLI::Option* add_gomoku_size(CLI::App* cmd, int& size);
CLI::Option* add_gomoku_rule(CLI::App* cmd, std::string& rule);
CLI::Option* add_gomoku_level(CLI::App* cmd, std::string& level, const std::string& name = "--level",
                              const std::string& help = "the AI");

/// The help of a --time-ms that think_time() reads.
inline constexpr const char* TIME_WITH_DEPTH_HELP =
    "think time per move in milliseconds (with --depth both hold; --depth alone: no clock)";

/// The rule both games' hints follow for --time-ms and --depth: --depth alone searches to that
/// depth with no clock (the same move on every machine); --time-ms alone searches by time; both:
/// both hold (no deeper than the depth, and no longer than the time); neither: the game's default
/// time. `ms` and `depth` hold the options' values (or defaults); this returns the think time to
/// use (0: no clock). (--depth 0 is "by time", as if not given.)
int think_time(const CLI::App* cmd, int ms, int depth);

}  // namespace tilestone::app
