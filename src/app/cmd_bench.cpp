// tilestone bench: a deterministic fixed-depth search over fixed positions of every game, one
// thread, fixed seeds. Prints node counts and signatures; tests/bench.ref holds the expected
// ones, and a commit that changes them says why.

#include <iostream>
#include <vector>

#include <fmt/format.h>

#include "app/commands.h"
#include "g2048/bench.h"
#include "gomoku/bench.h"

namespace tilestone::app {

namespace {

struct Section {
  std::string name;
  std::uint64_t nodes;
  std::uint64_t signature;
  double seconds;
};

std::vector<Section> run_sections() {
  std::vector<Section> out;
  const auto g = g2048::run_search_bench();
  out.push_back({"2048", g.nodes, g.signature, g.seconds});
  const auto k = gomoku::run_bench();
  out.push_back({"gomoku", k.nodes, k.signature, k.seconds});
  const auto n = gomoku::run_bench(true);
  out.push_back({"gomoku-net", n.nodes, n.signature, n.seconds});
  return out;
}

}  // namespace

void add_bench_command(CLI::App& root) {
  auto* cmd = root.add_subcommand("bench", "deterministic search benchmark: node counts and a signature");
  auto quiet = std::make_shared<bool>(false);
  cmd->add_flag("--quiet", *quiet, "print only 'section nodes signature' lines (the tests/bench.ref format)");
  cmd->callback([=] {
    const auto sections = run_sections();
    if (*quiet) {
      for (const auto& s : sections) std::cout << fmt::format("{} {} {:016x}\n", s.name, s.nodes, s.signature);
      return;
    }
    std::cout << fmt::format("{:<10} {:>12} {:>18} {:>9} {:>12}\n", "section", "nodes", "signature", "seconds",
                             "nodes/s");
    std::uint64_t nodes = 0, sig = 0;
    double seconds = 0;
    for (const auto& s : sections) {
      std::cout << fmt::format("{:<10} {:>12} {:>18} {:>9.3f} {:>12.0f}\n", s.name, s.nodes,
                               fmt::format("{:016x}", s.signature), s.seconds,
                               s.seconds > 0 ? static_cast<double>(s.nodes) / s.seconds : 0.0);
      nodes += s.nodes;
      sig = sig * 0x100000001b3ULL ^ s.signature;
      seconds += s.seconds;
    }
    std::cout << fmt::format("{:<10} {:>12} {:>18} {:>9.3f} {:>12.0f}\n", "total", nodes, fmt::format("{:016x}", sig),
                             seconds, seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
  });
}

}  // namespace tilestone::app
