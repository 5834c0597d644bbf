// pbrain-tilestone: the Gomocup brain. All protocol work is in protocol::run; this file answers
// the two options a person may try first.

#include <cstring>
#include <iostream>

#include "protocol/gomocup.h"

#ifndef TILESTONE_VERSION
#define TILESTONE_VERSION "0.0.0"
#endif

namespace {

constexpr const char* HELP =
    "Usage: pbrain-tilestone [--help | --version]\n"
    "\n"
    "The tilestone Gomoku engine as a Gomocup brain: it speaks the Gomocup (Piskvork) protocol\n"
    "on standard input and output, with the Yixin-Board extensions (YXBOARD, YXNBEST,\n"
    "YXSHOWFORBID, YXHASHCLEAR, YXSTOP). Load it in Piskvork, Yixin-Board, c-gomoku-cli or any\n"
    "Gomocup manager; typed by hand, start with `START 15`, then `BEGIN` or `TURN x,y`, and `END`.\n"
    "\n"
    "Rules (INFO rule): 0 freestyle, 1 standard, 4 renju. Board sizes 5 to 22.\n"
    "Exit status: 0 after END or the end of input; 2 for an unknown option.\n"
    "Documentation: docs/gomocup-engine.md in the tilestone sources.\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) {
    if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
      std::cout << HELP;
      return 0;
    }
    if (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-V") == 0) {
      std::cout << "pbrain-tilestone " TILESTONE_VERSION "\n";
      return 0;
    }
    std::cerr << "pbrain-tilestone: unknown option '" << argv[1] << "' (it takes none: the protocol comes on standard input; see --help)\n";
    return 2;
  }
  std::ios::sync_with_stdio(false);
  return tilestone::protocol::run(std::cin, std::cout);
}
