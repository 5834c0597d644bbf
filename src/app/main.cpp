// tilestone: the command-line front end of the engine.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "app/help.h"
#include "app/outputs.h"

#ifndef TILESTONE_VERSION
#define TILESTONE_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  using namespace tilestone::app;
  CLI::App app{"tilestone: game-AI engine for 2048 and Gomoku / Renju", "tilestone"};
  app.require_subcommand(1);
  // Set before the commands are added: they take the help flag and the formatter from here.
  app.set_help_flag("-h,--help", "print this help and exit");
  app.set_version_flag("--version", "tilestone " TILESTONE_VERSION, "print the version and exit");
  app.group("Commands");  // the heading of the commands in every help
  const auto format = app.get_formatter();
  format->label("Subcommands", "Commands");
  format->label("SUBCOMMAND", "COMMAND");
  format->label("SUBCOMMANDS", "COMMANDS");
  format->label("Positionals", "Arguments");
  // Every option's help shows its default (options.h gives each a value name).
  app.option_defaults()->always_capture_default();
  add_2048_commands(app);
  add_gomoku_commands(app);
  add_bench_command(app);
  add_serve_command(app);
  add_history_command(app);
  add_merge_command(app);
  add_help_command(app);
  tidy_help(app);
  // After the commands: a command's help does not repeat the footer.
  app.footer(help_footer());
  app.failure_message(failure_message);
  set_command_line(argc, argv);
  if (const auto wrong = command_error(app, argc, argv); !wrong.empty()) {
    std::fprintf(stderr, "tilestone: %s\n", wrong.c_str());
    return EXIT_USAGE;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? EXIT_OK : EXIT_USAGE;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "tilestone: %s\n", e.what());
    return EXIT_USAGE;
  } catch (const Stopped& e) {
    std::fprintf(stderr, "tilestone: %s\n", e.what());
    return EXIT_STOPPED;
  } catch (const RunError& e) {
    std::fprintf(stderr, "tilestone: %s\n", e.what());
    return EXIT_FAILED;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tilestone: internal error: %s\n", e.what());
    return EXIT_FAILED;
  }
  return EXIT_OK;
}
