#include "lab/gomoku/selfplay.h"

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_set>

#include "core/clock.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "lab/match/openings.h"
#include "gomoku/move_picker.h"
#include "gomoku/rules.h"

namespace tilestone::gomoku {


namespace {

// A searched position before the game's end is known.
struct Pending {
  TrainingRecord record;
  std::uint64_t key;  // the position's hash, the rule and the size, for counting repeats
};

struct PlayedGame {
  SelfplayGame summary;
  std::vector<Pending> positions;  // the sampled ones
};

std::uint64_t position_key(const Board& b) {
  return b.hash() ^ (static_cast<std::uint64_t>(b.rule()) << 56) ^ (static_cast<std::uint64_t>(b.size()) << 48);
}

std::uint8_t result_for(Outcome o, Color side) {
  if (o == Outcome::BLACK_WINS) return side == Color::BLACK ? 2 : 0;
  if (o == Outcome::WHITE_WINS) return side == Color::WHITE ? 2 : 0;
  return 1;
}

// A later ply of an off-path line is one of the engine's first this many candidates.
constexpr std::size_t SIBLING_CANDIDATES = 4;

// The limits of an off-path search: `sibling_nodes`, else a quarter of the game's.
gomoku::Limits sibling_limits(const SelfplayOptions& o, const gomoku::Limits& game) {
  gomoku::Limits l = game;
  if (o.sibling_nodes > 0) {
    l.nodes = o.sibling_nodes;
    l.depth = 0;
    l.time_ms = 0;
  } else if (game.nodes > 0) {
    l.nodes = std::max<std::uint64_t>(1, game.nodes / 4);
  } else if (game.depth > 0) {
    l.depth = std::max(1, game.depth - 1);
  } else {
    l.time_ms = std::max(1, game.time_ms / 4);
  }
  return l;
}

// Up to `count` other moves than `best`: empty points within two of a stone that the side to
// move may play (renju's forbidden points are not), drawn without repeats.
std::vector<Point> other_moves(const Board& board, Point best, int count, core::Rng& rng) {
  std::vector<Point> options;
  const int n = board.size();
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const Point p{x, y};
      if (!board.empty_at(p) || p == best) continue;
      bool near = false;
      for (int dy = -2; dy <= 2 && !near; ++dy)
        for (int dx = -2; dx <= 2 && !near; ++dx) {
          const Point q{x + dx, y + dy};
          near = board.inside(q) && !board.empty_at(q);
        }
      if (near && !(board.to_move() == Color::BLACK && gomoku::is_forbidden(board, p))) options.push_back(p);
    }
  std::vector<Point> picked;
  for (int i = 0; i < count && !options.empty(); ++i) {
    const std::size_t j = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(options.size())));
    picked.push_back(options[j]);
    options[j] = options.back();
    options.pop_back();
  }
  return picked;
}

// The records off the game's path from a kept position: for each of `siblings` other moves, the
// line that starts with it (1 to `sibling_plies` plies, the later ones among the engine's first
// candidates) and the search at its end. A line that ends the game (or leaves black only
// forbidden points) is dropped.
void add_off_path(const SelfplayOptions& o, const Board& board, Point best, gomoku::Engine& engine, const gomoku::Limits& limits,
                  core::Rng& rng, PlayedGame& g) {
  for (Point p : other_moves(board, best, o.siblings, rng)) {
    Board after = board;
    if (gomoku::play_and_judge(after, p) != Outcome::NONE || after.full()) continue;
    const int plies = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::max(1, o.sibling_plies))));
    bool ended = false;
    for (int ply = 1; ply < plies && !ended; ++ply) {
      const std::vector<int> moves = gomoku::root_moves(after);
      ended = moves.empty();  // black has only forbidden points
      if (ended) break;
      const std::size_t n = std::min<std::size_t>(moves.size(), SIBLING_CANDIDATES);
      const int m = moves[rng.below(static_cast<std::uint32_t>(n))];
      ended = gomoku::play_and_judge(after, after.point(m)) != Outcome::NONE || after.full();
    }
    if (ended) continue;
    const auto s = engine.search(after, limits);
    g.summary.nodes += s.nodes;
    TrainingRecord rec = make_record(after, s.value, s.move, s.depth, gomoku::plies_to_win(s.value).has_value());
    rec.off_path = true;
    g.positions.push_back({rec, position_key(after)});
  }
}

PlayedGame play_game(const SelfplayOptions& o, long long k) {
  PlayedGame g;
  g.summary.index = k;
  const std::uint64_t seed = core::derive_seed(o.seed, static_cast<std::uint64_t>(k));
  const std::vector<Point> opening = o.openings.empty() ? match::random_opening(o.size, o.rule, seed)
                                                        : o.openings[static_cast<std::size_t>(k) % o.openings.size()];
  Board board(o.size, o.rule);
  Outcome outcome = Outcome::NONE;
  for (Point p : opening) {
    outcome = gomoku::play_and_judge(board, p);
    if (outcome != Outcome::NONE) break;
  }
  auto engine = gomoku::make_engine(gomoku::Level::STRONG, o.network);
  core::Rng rng(core::derive_seed(seed, 1));
  gomoku::Limits limits;
  limits.time_ms = o.time_ms;
  limits.depth = o.depth;
  limits.nodes = o.nodes;
  limits.threads = 1;
  limits.seed = seed;
  limits.memory_mb = 16;
  const gomoku::Limits off_limits = sibling_limits(o, limits);
  std::unique_ptr<gomoku::Engine> off_engine = o.siblings > 0 ? gomoku::make_engine(gomoku::Level::STRONG, o.network) : nullptr;
  core::Rng off_rng(core::derive_seed(seed, 2));
  std::optional<Outcome> proven;
  while (outcome == Outcome::NONE && !board.full()) {
    const auto r = engine->search(board, limits);
    ++g.summary.searched;
    g.summary.nodes += r.nodes;
    const bool is_proven = gomoku::plies_to_win(r.value).has_value();
    if (rng.uniform() < o.sample || is_proven) {
      g.positions.push_back({make_record(board, r.value, r.move, r.depth, is_proven), position_key(board)});
      if (off_engine) add_off_path(o, board, r.move, *off_engine, off_limits, off_rng, g);
    }
    // A proven result ends the game: the search has shown how it ends.
    if (is_proven) {
      const Color mover = board.to_move();
      const bool wins = r.value > 0;
      proven = (wins == (mover == Color::BLACK)) ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
      break;
    }
    outcome = gomoku::play_and_judge(board, r.move);
  }
  if (proven) {
    outcome = *proven;
    g.summary.adjudicated = true;
  }
  if (outcome == Outcome::NONE) outcome = Outcome::DRAW;  // a full board
  g.summary.outcome = outcome;
  g.summary.moves = board.move_count();
  for (auto& p : g.positions)
    if (!p.record.off_path) p.record.result = result_for(outcome, p.record.to_move);
  return g;
}

}  // namespace

SelfplaySummary run_selfplay(const SelfplayOptions& o, const std::function<core::Result<bool>(const TrainingRecord&)>& sink,
                             const std::function<void(const SelfplayProgress&)>& progress, const std::atomic<bool>* stop) {
  if ((o.depth > 0) + (o.nodes > 0) + (o.time_ms > 0) != 1) throw std::invalid_argument("self-play needs one of depth, nodes, time");
  const core::Deadline clock = core::Deadline::in_ms(0);
  std::vector<long long> mine;
  for (long long k = 0; k < o.games; ++k)
    if (o.shard.owns(k)) mine.push_back(k);

  SelfplaySummary summary;
  SelfplayProgress shown;
  shown.games_total = static_cast<int>(mine.size());
  std::mutex m;
  std::map<std::size_t, PlayedGame> finished;  // played, waiting for the games before them
  std::size_t next_to_write = 0;
  std::unordered_set<std::uint64_t> seen;
  std::optional<std::string> failure;

  // Records go out in game order, whatever order the jobs finish in; repeats of a position kept
  // earlier in the run are counted and dropped.
  auto write_ready = [&] {
    for (auto it = finished.find(next_to_write); it != finished.end(); it = finished.find(next_to_write)) {
      PlayedGame& g = it->second;
      for (const auto& p : g.positions) {
        if (!seen.insert(p.key).second) {
          ++g.summary.duplicates;
          continue;
        }
        if (!failure) {
          auto ok = sink(p.record);
          if (!ok) failure = ok.error();
        }
        ++g.summary.kept;
        g.summary.off_path += p.record.off_path;
      }
      summary.records += static_cast<std::uint64_t>(g.summary.kept);
      summary.duplicates += static_cast<std::uint64_t>(g.summary.duplicates);
      summary.off_path += static_cast<std::uint64_t>(g.summary.off_path);
      summary.searched += static_cast<std::uint64_t>(g.summary.searched);
      const Outcome out = g.summary.outcome;
      ++shown.games_done;
      shown.black_wins += out == Outcome::BLACK_WINS;
      shown.white_wins += out == Outcome::WHITE_WINS;
      shown.draws += out == Outcome::DRAW;
      summary.games.push_back(g.summary);
      finished.erase(it);
      ++next_to_write;
    }
  };

  core::parallel_for(mine.size(), std::max(1u, o.jobs), [&](std::size_t i) {
    {
      std::lock_guard lock(m);
      if ((stop && stop->load()) || failure) return;
    }
    PlayedGame g = play_game(o, mine[i]);
    std::lock_guard lock(m);
    finished.emplace(i, std::move(g));
    write_ready();
    shown.records = summary.records;
    shown.duplicates = summary.duplicates;
    shown.off_path = summary.off_path;
    shown.searched = summary.searched;
    shown.elapsed_s = static_cast<double>(clock.elapsed_us()) / 1e6;
    if (progress) progress(shown);
  });
  // Games after one skipped by a stop are played but cannot be written in order: drop them.
  summary.stopped = next_to_write < mine.size();
  summary.elapsed_s = static_cast<double>(clock.elapsed_us()) / 1e6;
  if (failure) throw std::runtime_error(*failure);
  return summary;
}

}  // namespace tilestone::gomoku
