#include "g2048/bench.h"

#include "core/clock.h"
#include "g2048/ai.h"
#include "g2048/board.h"

namespace tilestone::g2048 {

SearchBench run_search_bench() {
  // Positions from the opening, the middle game and a crowded late game.
  static constexpr std::uint64_t POSITIONS[] = {
      0x0000000000100010ULL, 0x0001001200230134ULL, 0x1122012300340568ULL, 0x0012123423456789ULL,
      0x01230021234539abULL, 0x2100321243215432ULL, 0x0000100121225678ULL, 0x11002341456789abULL,
  };
  struct Run {
    const char* ai;
    Limits limits;
  };
  Limits ex;
  ex.depth = 3;
  Limits mm;
  mm.depth = 4;
  Limits mc;
  mc.depth = 1;
  mc.playouts = 40;
  mc.seed = 2048;
  const Run runs[] = {{"expectimax", ex}, {"minimax", mm}, {"montecarlo", mc}};

  SearchBench out;
  const auto t0 = core::now_us();
  std::uint64_t sig = 0xcbf29ce484222325ULL;
  auto mix = [&](std::uint64_t v) {
    for (int i = 0; i < 8; ++i) sig = (sig ^ ((v >> (8 * i)) & 0xFF)) * 0x100000001b3ULL;
  };
  for (const auto& run : runs) {
    auto ai = make_ai(AiConfig{run.ai, std::nullopt});
    for (std::uint64_t pos : POSITIONS) {
      const Analysis a = (*ai)->analyze(Board(pos), run.limits);
      out.nodes += a.nodes;
      mix(a.nodes);
      mix(a.best ? static_cast<std::uint64_t>(index(*a.best)) : 9);
    }
  }
  out.signature = sig;
  out.seconds = static_cast<double>(core::now_us() - t0) / 1e6;
  return out;
}

}  // namespace tilestone::g2048
