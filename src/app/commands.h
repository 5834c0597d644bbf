#pragma once
// The tilestone subcommands. Each add_* registers one command tree on the root CLI11 app; the
// handlers parse, call the engine, and format. A wrong command line throws UsageError (exit
// status 2); a well-formed command that fails throws RunError (exit status 1).

#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

namespace tilestone::app {

/// A wrong command line (a bad value, options that contradict each other): main prints
/// "tilestone: <message>" and exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A well-formed command that failed (a file or database that cannot be read or written, a file
/// whose contents are wrong, a recorded game that is not there): main prints "tilestone:
/// <message>" and exits with status 1.
struct RunError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A long command that a signal stopped before its end, after it saved or wrote what it had done:
/// main prints "tilestone: <message>" and exits with status 130, so that a script running it
/// does not take the run for finished.
struct Stopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void add_2048_commands(CLI::App& root);
/// `tilestone 2048 train`, under the 2048 command.
void add_2048_train_command(CLI::App& g2048);
void add_bench_command(CLI::App& root);
void add_serve_command(CLI::App& root);
void add_gomoku_commands(CLI::App& root);
/// `tilestone history [export]`: the recorded games and their aggregates.
void add_history_command(CLI::App& root);
/// `tilestone gomoku learn --stats | --forget`, under the gomoku command.
void add_gomoku_learn_command(CLI::App& gomoku);
/// `tilestone gomoku match`, under the gomoku command.
void add_gomoku_match_command(CLI::App& gomoku);
/// `tilestone gomoku review`, under the gomoku command.
void add_gomoku_review_command(CLI::App& gomoku);
/// `tilestone 2048 prune` and `2048 join`, under the 2048 command.
void add_2048_network_commands(CLI::App& g2048);
/// `tilestone 2048 suite make|run`, under the 2048 command.
void add_2048_suite_command(CLI::App& g2048);
/// `tilestone 2048 review`, under the 2048 command.
void add_2048_review_command(CLI::App& g2048);
/// `tilestone gomoku winprob fit`, under the gomoku command.
void add_gomoku_winprob_command(CLI::App& gomoku);
/// `tilestone gomoku tune generate|fit`, under the gomoku command.
void add_gomoku_tune_command(CLI::App& gomoku);
/// `tilestone gomoku openings`, under the gomoku command.
void add_gomoku_openings_command(CLI::App& gomoku);
void add_gomoku_selfplay_command(CLI::App& gomoku);
/// `tilestone gomoku netcheck`, under the gomoku command.
void add_gomoku_netcheck_command(CLI::App& gomoku);
/// `tilestone gomoku classical`, under the gomoku command.
void add_gomoku_classical_command(CLI::App& gomoku);

}  // namespace tilestone::app
