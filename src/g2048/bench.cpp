#include "g2048/bench.h"

#include <algorithm>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "core/clock.h"
#include "core/parallel.h"
#include "core/stats.h"
#include "g2048/game.h"

namespace tilestone::g2048 {

namespace {

struct PlayedGame {
  GameRecord record;
  std::vector<float> move_ms;
  bool cut_short = false;  ///< the run's deadline ended it
};

PlayedGame play_one(const BenchConfig& cfg, int index, Ai& ai) {
  PlayedGame out;
  out.record.index = index;
  out.record.seed = core::derive_seed(cfg.seed, static_cast<std::uint64_t>(index));
  Game game(out.record.seed);
  Limits limits = cfg.limits;
  while (!game.over()) {
    if (cfg.cancelled && cfg.cancelled()) break;
    if (game.moves() > 0 && cfg.deadline.expired()) {
      out.record.stopped = out.cut_short = true;
      break;
    }
    if (cfg.stop_at_exponent > 0 && game.grid().max_exponent() >= cfg.stop_at_exponent) {
      out.record.stopped = true;
      break;
    }
    limits.seed = core::derive_seed(out.record.seed, static_cast<std::uint64_t>(game.moves()) + 1);
    const Analysis a = ai.analyze(game.grid().to_board(), limits);
    out.move_ms.push_back(static_cast<float>(a.time_ms));
    out.record.think_ms += a.time_ms;
    out.record.max_move_ms = std::max(out.record.max_move_ms, a.time_ms);
    // Past 32768 the AI's board is a clamped image of the grid, so its choice may be illegal
    // there (or missing); then the first legal direction of the exact grid is played.
    bool played = a.best && game.play(*a.best);
    for (Dir d : ALL_DIRS) {
      if (played) break;
      played = game.play(d).has_value();
    }
  }
  out.record.score = game.score();
  out.record.max_exponent = game.grid().max_exponent();
  out.record.moves = game.moves();
  return out;
}

}  // namespace

core::Result<BenchReport> run_bench_games(const BenchConfig& cfg, const BenchProgress& progress) {
  if (auto probe = make_ai(cfg.ai); !probe) return core::fail(probe.error());
  if (cfg.games < 1) return core::fail("the number of games must be at least 1");
  BenchReport report;
  const auto t0 = core::now_us();
  std::vector<std::optional<PlayedGame>> played(static_cast<std::size_t>(std::max(0, cfg.games)));
  std::mutex mu;
  int done = 0;
  core::parallel_for(played.size(), std::max(1u, cfg.jobs), [&](std::size_t i) {
    if (i > 0 && cfg.deadline.expired()) return;
    auto ai = make_ai(cfg.ai);
    played[i] = play_one(cfg, static_cast<int>(i), *ai.value());
    std::lock_guard lock(mu);
    ++done;
    if (progress) progress(done, cfg.games, played[i]->record);
  });
  if (cfg.cancelled && cfg.cancelled()) return core::fail("the benchmark was cancelled");
  for (auto& p : played) {
    if (!p) {
      report.cut_short = true;
      continue;
    }
    report.cut_short |= p->cut_short;
    report.games.push_back(p->record);
    report.move_ms.insert(report.move_ms.end(), p->move_ms.begin(), p->move_ms.end());
  }
  report.wall_s = static_cast<double>(core::now_us() - t0) / 1e6;
  return report;
}

BenchSummary summarize(const BenchReport& r) {
  BenchSummary s;
  s.games = static_cast<int>(r.games.size());
  std::vector<double> scores;
  double think_ms = 0;
  for (const auto& g : r.games) {
    scores.push_back(static_cast<double>(g.score));
    think_ms += g.think_ms;
    s.total_moves += static_cast<std::uint64_t>(g.moves);
  }
  for (int e = REPORT_MIN_EXPONENT; e <= REPORT_MAX_EXPONENT; ++e) {
    const auto n = std::count_if(r.games.begin(), r.games.end(), [&](const GameRecord& g) { return g.max_exponent >= e; });
    s.reach.emplace_back(e, s.games ? static_cast<double>(n) / s.games : 0.0);
  }
  const auto sc = core::summarize(scores);
  s.score_mean = sc.mean;
  s.score_median = sc.median;
  s.score_max = sc.max;
  s.moves_per_s = think_ms > 0 ? static_cast<double>(s.total_moves) / (think_ms / 1000.0) : 0;
  std::vector<double> ms(r.move_ms.begin(), r.move_ms.end());
  s.ms_p50 = core::quantile(ms, 0.5);
  s.ms_p99 = core::quantile(ms, 0.99);
  s.ms_max = ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end());
  return s;
}

core::BarChart max_tile_chart(const BenchReport& r, const std::string& title) {
  core::BarChart chart;
  chart.title = title;
  chart.x_label = "max tile at the end of the game";
  chart.y_label = "share of games";
  chart.percent = true;
  int lo = 99, hi = 0;
  for (const auto& g : r.games) lo = std::min(lo, g.max_exponent), hi = std::max(hi, g.max_exponent);
  core::BarSeries series{"games", {}};
  for (int e = lo; e <= hi; ++e) {
    chart.categories.push_back(fmt::format("{}", std::uint64_t{1} << e));
    const auto n = std::count_if(r.games.begin(), r.games.end(), [&](const GameRecord& g) { return g.max_exponent == e; });
    series.values.push_back(100.0 * static_cast<double>(n) / static_cast<double>(r.games.size()));
  }
  chart.series.push_back(series);
  return chart;
}

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
