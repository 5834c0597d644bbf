#pragma once
// What the command line says about itself: `tilestone help [COMMAND...]`, the top-level help's
// footer (exit statuses, environment, files), the message for an unknown or missing command
// ("did you mean 'hint'?") and the message of a refused command line.

#include <string>

#include <CLI/CLI.hpp>

namespace tilestone::app {

/// Exit statuses, the same for every command.
inline constexpr int EXIT_OK = 0;
inline constexpr int EXIT_FAILED = 1;  ///< a well-formed command that failed
inline constexpr int EXIT_USAGE = 2;   ///< a command line that is wrong
/// A long command (a training run, a match, self-play) that Ctrl-C or a TERM stopped before its
/// end, after it saved or wrote what it had done: 128 + SIGINT, as a shell reports a Ctrl-C.
inline constexpr int EXIT_STOPPED = 130;

/// `tilestone help [COMMAND [SUBCOMMAND]]`: prints that command's help (the top-level help when
/// none is named). Add after every other command.
void add_help_command(CLI::App& root);

/// After every command is added: a required option's help shows no default (it has none).
void tidy_help(CLI::App& app);

/// The top-level help's footer: exit statuses, environment variables, where files are found.
std::string help_footer();

/// When the words of `argv` name no command where one is needed ("tilestone foo", "tilestone
/// gomoku hnt", "tilestone gomoku"), the message that says so, with the nearest command's name
/// when one is close; empty otherwise (CLI11 then parses the line).
std::string command_error(const CLI::App& root, int argc, const char* const* argv);

/// The message of a refused command line: "tilestone gomoku hint: ..." and where its help is.
std::string failure_message(const CLI::App* root, const CLI::Error& e);

}  // namespace tilestone::app
