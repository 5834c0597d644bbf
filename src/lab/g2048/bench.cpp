#include "lab/g2048/bench.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "core/clock.h"
#include "core/parallel.h"
#include "g2048/game.h"
#include "lab/core/stats.h"

namespace tilestone::g2048 {

namespace {

struct PlayedGame {
  GameRecord record;
  bool cut_short = false;  ///< the run's deadline ended it
};

// Plays the AI's move, or the first legal direction of the exact grid when the move is missing or
// illegal there (past 32768 the AI's board is a clamped image of the grid).
void play_or_first_legal(Game& game, std::optional<Dir> best) {
  bool played = best && game.play(*best);
  for (Dir d : ALL_DIRS) {
    if (played) break;
    played = game.play(d).has_value();
  }
}

// Plays a game with an AI that answers without a search (the n-tuple AI's one ply): the moves of
// the timed loop below, at the speed of the player itself. The clock is read once per game, not
// twice per move (the per-move times stay empty), and while no tile is 32768 the game runs on the
// 64-bit board, whose moves are then exact and whose spawns (spawn_random) are the game's own:
// the same generator, the same draws. From 32768 on the exact game takes over.
PlayedGame play_quick(const BenchConfig& cfg, PlayedGame out, Ai& ai) {
  const auto t0 = core::now_us();
  core::Rng rng(out.record.seed);
  Board b = spawn_random(spawn_random(Board{}, rng), rng);
  std::uint64_t score = 0;
  int moves = 0;
  bool over = false;
  // Every 256 moves: a cancelled run or a spent deadline ends the game here.
  auto should_stop = [&](int played) {
    if ((played & 255) != 0 || played == 0) return false;
    if (cfg.cancelled && cfg.cancelled()) return true;
    if (cfg.deadline.expired()) return out.record.stopped = out.cut_short = true;
    return false;
  };
  auto reached_stop_tile = [&](int max_exponent) {
    return cfg.stop_at_exponent > 0 && max_exponent >= cfg.stop_at_exponent && (out.record.stopped = true);
  };
  while (!b.holds_at_least(MAX_BOARD_EXPONENT)) {
    if (should_stop(moves) || reached_stop_tile(b.max_exponent())) {
      over = true;
      break;
    }
    const std::optional<Dir> best = ai.quick_move(b);
    if (!best) {
      over = true;
      break;
    }
    score += b.gain(*best);
    b = spawn_random(b.after(*best), rng);
    ++moves;
    if (cfg.on_move) cfg.on_move({out.record.index, moves, score, b.max_exponent()});
  }
  if (!over) {
    Game game(Grid::from_board(b), score, moves, rng);
    while (!game.over()) {
      if (should_stop(game.moves()) || reached_stop_tile(game.grid().max_exponent())) break;
      const std::optional<Dir> best = ai.quick_move(game.grid().to_board());
      play_or_first_legal(game, best);
      if (cfg.on_move) cfg.on_move({out.record.index, game.moves(), game.score(), game.grid().max_exponent()});
    }
    score = game.score();
    moves = game.moves();
    b = game.grid().to_board();
    out.record.max_exponent = game.grid().max_exponent();
  } else {
    out.record.max_exponent = b.max_exponent();
  }
  out.record.think_ms = static_cast<double>(core::now_us() - t0) / 1000.0;
  out.record.score = score;
  out.record.moves = moves;
  return out;
}

PlayedGame play_one(const BenchConfig& cfg, int index, Ai& ai) {
  PlayedGame out;
  out.record.index = index;
  out.record.seed = core::derive_seed(cfg.seed, static_cast<std::uint64_t>(index));
  if (ai.has_quick_move()) return play_quick(cfg, std::move(out), ai);
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
    const auto cpu0 = core::thread_cpu_us();
    const Analysis a = ai.analyze(game.grid().to_board(), limits);
    if (limits.threads <= 1) {
      const double cpu_ms = static_cast<double>(core::thread_cpu_us() - cpu0) / 1000.0;
      out.record.move_cpu.add(cpu_ms);
      out.record.max_move_cpu_ms = std::max(out.record.max_move_cpu_ms, cpu_ms);
    }
    out.record.move_times.add(a.time_ms);
    out.record.think_ms += a.time_ms;
    out.record.max_move_ms = std::max(out.record.max_move_ms, a.time_ms);
    out.record.max_stall_ms = std::max(out.record.max_stall_ms, a.stall_ms);
    if (limits.time_ms > 0 && a.time_ms > limits.time_ms + LATE_SLACK_MS) {
      ++out.record.late_moves;
      if (a.stall_ms >= LATE_SLACK_MS) ++out.record.late_stalled;
    }
    // Past 32768 the AI's board is a clamped image of the grid, so its choice may be illegal
    // there (or missing); then the first legal direction of the exact grid is played.
    play_or_first_legal(game, a.best);
    if (cfg.on_move) cfg.on_move({index, game.moves(), game.score(), game.grid().max_exponent()});
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
  std::vector<int> mine;
  for (int k = 0; k < cfg.games; ++k)
    if (cfg.shard.owns(k)) mine.push_back(k);
  std::vector<std::optional<PlayedGame>> played(mine.size());
  std::mutex mu;
  int done = 0;
  core::parallel_for(played.size(), std::max(1u, cfg.jobs), [&](std::size_t i) {
    if (i > 0 && cfg.deadline.expired()) return;
    auto ai = make_ai(cfg.ai);
    played[i] = play_one(cfg, mine[i], *ai.value());
    std::lock_guard lock(mu);
    ++done;
    if (progress) progress(done, static_cast<int>(mine.size()), played[i]->record);
  });
  if (cfg.cancelled && cfg.cancelled()) return core::fail("the benchmark was cancelled");
  for (auto& p : played) {
    if (!p) {
      report.cut_short = true;
      continue;
    }
    report.cut_short |= p->cut_short;
    report.games.push_back(std::move(p->record));
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
  core::LogHistogram times, cpu;
  for (const auto& g : r.games) {
    times.merge(g.move_times);
    cpu.merge(g.move_cpu);
    s.ms_max = std::max(s.ms_max, g.max_move_ms);
    s.cpu_max = std::max(s.cpu_max, g.max_move_cpu_ms);
    s.late_moves += g.late_moves;
    s.late_stalled += g.late_stalled;
    s.stall_max = std::max(s.stall_max, g.max_stall_ms);
  }
  s.ms_p50 = times.quantile(0.5);
  s.ms_p99 = times.quantile(0.99);
  if (s.cpu_max > 0) {
    s.cpu_p50 = cpu.quantile(0.5);
    s.cpu_p99 = cpu.quantile(0.99);
  }
  return s;
}

std::string report_text(const std::string& setup, const BenchSummary& s) {
  std::string out = "tilestone 2048 bench: " + setup + "\n\n";
  out += fmt::format("{:>8}  {:>8}  {:>7}\n", "tile", "reached", "games");
  for (const auto& [e, frac] : s.reach)
    out += fmt::format("{:>8}  {:>7.1f}%  {:>7}\n", std::uint64_t{1} << e, 100.0 * frac,
                       static_cast<int>(std::lround(frac * s.games)));
  out += fmt::format("\nscore     mean {:.0f}  median {:.0f}  max {:.0f}\n", s.score_mean, s.score_median, s.score_max);
  out += fmt::format("moves     {} in all, {:.1f} moves/s per job\n", s.total_moves, s.moves_per_s);
  if (s.ms_max > 0 || s.total_moves == 0)
    out += fmt::format("ms/move   p50 {:.2f}  p99 {:.2f}  max {:.2f}\n", s.ms_p50, s.ms_p99, s.ms_max);
  else
    out += fmt::format("ms/move   mean {:.5f}  (timed per game: the AI answers without a search)\n",
                       s.moves_per_s > 0 ? 1000.0 / s.moves_per_s : 0.0);
  if (s.cpu_max > 0)
    out += fmt::format("cpu ms    p50 {:.2f}  p99 {:.2f}  max {:.2f}  (of each move's time, the part its thread ran)\n",
                       s.cpu_p50, s.cpu_p99, s.cpu_max);
  if (s.stall_max > 0)
    out += fmt::format("late      {} moves over the budget + {:.0f} ms; in {} of them the machine held the search "
                       "{:.0f} ms or more between two looks at the clock (longest {:.2f} ms)\n",
                       s.late_moves, LATE_SLACK_MS, s.late_stalled, LATE_SLACK_MS, s.stall_max);
  return out;
}

nlohmann::json game_to_json(const GameRecord& g) {
  const auto buckets = [](const core::LogHistogram& h) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [b, n] : h.buckets()) out.push_back({b, n});
    return out;
  };
  // The CPU times travel too, so that a merge of shards prints the same "cpu ms" line.
  return {{"index", g.index},         {"seed", g.seed},       {"score", g.score},
          {"max_tile", std::uint64_t{1} << g.max_exponent}, {"moves", g.moves},
          {"think_ms", g.think_ms},   {"max_move_ms", g.max_move_ms}, {"stopped", g.stopped},
          {"move_ms_log_buckets", buckets(g.move_times)}, {"max_move_cpu_ms", g.max_move_cpu_ms},
          {"move_cpu_ms_log_buckets", buckets(g.move_cpu)}, {"late_moves", g.late_moves},
          {"late_stalled", g.late_stalled},  {"max_stall_ms", g.max_stall_ms}};
}

core::Result<GameRecord> game_from_json(const nlohmann::json& j) {
  GameRecord g;
  try {
    g.index = j.at("index").get<int>();
    g.seed = j.at("seed").get<std::uint64_t>();
    g.score = j.at("score").get<std::uint64_t>();
    const auto tile = j.at("max_tile").get<std::uint64_t>();
    if (tile < 2 || (tile & (tile - 1)) != 0) return core::fail("a game's max_tile is not a tile");
    while ((std::uint64_t{1} << g.max_exponent) < tile) ++g.max_exponent;
    g.moves = j.at("moves").get<int>();
    g.think_ms = j.at("think_ms").get<double>();
    g.max_move_ms = j.at("max_move_ms").get<double>();
    g.stopped = j.at("stopped").get<bool>();
    for (const auto& b : j.at("move_ms_log_buckets")) g.move_times.add_bucket(b.at(0).get<int>(), b.at(1).get<std::uint64_t>());
    // Optional: results written before CPU times were measured have none.
    g.max_move_cpu_ms = j.value("max_move_cpu_ms", 0.0);
    g.late_moves = j.value("late_moves", 0);
    g.late_stalled = j.value("late_stalled", 0);
    g.max_stall_ms = j.value("max_stall_ms", 0.0);
    if (j.contains("move_cpu_ms_log_buckets"))
      for (const auto& b : j.at("move_cpu_ms_log_buckets"))
        g.move_cpu.add_bucket(b.at(0).get<int>(), b.at(1).get<std::uint64_t>());
  } catch (const nlohmann::json::exception&) {
    return core::fail("a game record is incomplete or malformed");
  }
  return g;
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

}  // namespace tilestone::g2048
