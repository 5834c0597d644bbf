// tilestone: the command-line front end of the engine.

#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "app/outputs.h"

int main(int argc, char** argv) {
  CLI::App app{"tilestone: game-AI engine for 2048 and Gomoku / Renju", "tilestone"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tilestone 0.1.0");
  tilestone::app::add_2048_commands(app);
  tilestone::app::add_bench_command(app);
  tilestone::app::add_serve_command(app);
  tilestone::app::add_gomoku_commands(app);
  tilestone::app::add_history_command(app);
  tilestone::app::add_merge_command(app);
  tilestone::app::set_command_line(argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const tilestone::app::UsageError& e) {
    std::fprintf(stderr, "tilestone: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tilestone: internal error: %s\n", e.what());
    return 1;
  }
  return 0;
}
