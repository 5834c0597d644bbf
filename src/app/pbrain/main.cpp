// pbrain-tilestone: the Gomocup brain. All protocol work is in protocol::run; this file reads
// the settings the protocol has no word for (the command line, then the config file beside the
// program) and answers the options a person may try first.

#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include "core/paths.h"
#include "protocol/brain_config.h"
#include "protocol/gomocup.h"

#ifndef TILESTONE_VERSION
#define TILESTONE_VERSION "0.0.0"
#endif

namespace {

constexpr const char* HELP =
    "Usage: pbrain-tilestone [--network FILE]... [--eval classical|network] | --help | --version\n"
    "\n"
    "The tilestone Gomoku engine as a Gomocup brain: it speaks the Gomocup (Piskvork) protocol\n"
    "on standard input and output, with the Yixin-Board extensions (YXBOARD, YXNBEST,\n"
    "YXSHOWFORBID, YXHASHCLEAR, YXSTOP). Load it in Piskvork, Yixin-Board, c-gomoku-cli or any\n"
    "Gomocup manager; typed by hand, start with `START 15`, then `BEGIN` or `TURN x,y`, and `END`.\n"
    "\n"
    "  --network FILE   evaluate with this trained network under its rule (one file per rule)\n"
    "  --eval E         classical: the classical evaluation even where a network is given;\n"
    "                   network: the network given, else the ones shipped beside the program\n"
    "                   (gomoku-RULE.tsnet; rules with none play classically; an error if none)\n"
    "\n"
    "A manager that starts the brain without arguments: the same settings as `network = FILE`\n"
    "and `eval = classical|network` lines in pbrain-tilestone.cfg beside the program (relative\n"
    "paths from its folder; `#` starts a comment). Options on the command line come after it.\n"
    "\n"
    "Rules (INFO rule): 0 freestyle, 1 standard, 4 renju. Board sizes 5 to 22.\n"
    "Exit status: 0 after END or the end of input; 2 for a bad option or config (said on\n"
    "standard error and as an ERROR line).\n"
    "Documentation: docs/gomocup-engine.md in the tilestone sources.\n";

// A bad setting: said where a person (stderr) and a manager (an ERROR line) will see it.
int refuse(const std::string& why) {
  std::cerr << "pbrain-tilestone: " << why << "\n";
  std::cout << "ERROR pbrain-tilestone: " << why << std::endl;
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tilestone;
  protocol::BrainOptions options;
  // Step 1. The config file beside the program, when there is one.
  const auto folder = core::program_folder();
  if (!folder.empty()) {
    const auto path = folder / std::string(protocol::CONFIG_FILE);
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
      std::ifstream in(path, std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (!in && !in.eof()) return refuse("cannot read " + path.string());
      if (auto ok = protocol::apply_config_text(options.config, text, folder, path.string()); !ok) return refuse(ok.error());
    }
  }
  // Step 2. The command line.
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << HELP;
      return 0;
    }
    if (arg == "--version" || arg == "-V") {
      std::cout << "pbrain-tilestone " TILESTONE_VERSION "\n";
      return 0;
    }
    if (arg == "--network" || arg == "--eval") {
      if (i + 1 >= argc) return refuse(std::string(arg) + " needs a value (see --help)");
      const std::string_view value = argv[++i];
      if (auto ok = protocol::apply_setting(options.config, arg.substr(2), value, {}); !ok) return refuse(ok.error());
      continue;
    }
    return refuse("unknown option '" + std::string(arg) + "' (see --help)");
  }
  // Step 3. Together: `eval = network` with no file from either takes the shipped networks.
  if (auto ok = protocol::finish(options.config); !ok) return refuse(ok.error());
  std::ios::sync_with_stdio(false);
  return protocol::run(std::cin, std::cout, options);
}
