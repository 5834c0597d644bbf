#include "lab/match/runner.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <thread>

#include "core/clock.h"
#include "core/rng.h"
#include "gomoku/rules.h"

namespace tilestone::match {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Outcome;
using gomoku::Point;

constexpr std::array<std::string_view, 10> TERMINATION_NAMES = {
    "five", "forbidden", "off-board", "occupied", "timeout", "late", "crash", "malformed", "no-start", "full-board"};

constexpr std::int64_t HANG_GRACE_MIN_MS = 500, HANG_GRACE_MAX_MS = 2000;

struct Seat {
  Player* player;
  double max_ms = 0, total_ms = 0;
  int turn_ms = 0;               // this engine's time control
  std::int64_t match_ms = 0;
  std::int64_t time_left_ms = 0;
};

// Plays game k between `first` and `second` and judges it.
GameResult play_one(const MatchSettings& s, int k, Player& first, Player& second) {
  GameResult g;
  g.index = k;
  g.first_is_black = k % 2 == 0;
  Board board(s.size, s.rule);
  for (Point p : opening_of(s, k)) {
    board.play(p);
    g.moves.push_back(p);
  }
  g.opening_moves = static_cast<int>(g.moves.size());
  std::array<Seat, 2> seats{Seat{g.first_is_black ? &first : &second}, Seat{g.first_is_black ? &second : &first}};
  const auto lose = [&](Color loser, Termination t, std::string detail) {
    g.outcome = loser == Color::BLACK ? Outcome::WHITE_WINS : Outcome::BLACK_WINS;
    g.termination = t;
    g.detail = std::move(detail);
  };
  const auto finish = [&] {
    g.black_max_ms = seats[0].max_ms;
    g.white_max_ms = seats[1].max_ms;
    g.black_ms = seats[0].total_ms;
    g.white_ms = seats[1].total_ms;
    return g;
  };

  GameConfig config;
  config.size = s.size;
  config.rule = s.rule;
  config.memory_bytes = s.memory_bytes;
  config.depth = s.depth;
  for (int c = 0; c < 2; ++c) {
    const bool is_first = seats[c].player == &first;
    seats[c].turn_ms = is_first ? s.turn_ms : s.second_turn_ms;
    seats[c].match_ms = is_first ? s.match_ms : s.second_match_ms;
    seats[c].time_left_ms = seats[c].match_ms;
    config.turn_ms = seats[c].turn_ms;
    config.match_ms = seats[c].match_ms;
    config.threads = is_first ? s.threads : s.second_threads;
    if (auto error = seats[c].player->new_game(config)) {
      lose(c == 0 ? Color::BLACK : Color::WHITE, Termination::NO_START, *error);
      return finish();
    }
  }

  while (true) {
    const Color side = board.to_move();
    Seat& seat = seats[side == Color::BLACK ? 0 : 1];
    std::int64_t limit_ms = seat.turn_ms;
    if (seat.match_ms > 0) limit_ms = std::min(limit_ms, std::max<std::int64_t>(0, seat.time_left_ms));
    const std::int64_t t0 = core::now_us();
    // A late answer loses, but a brain is waited for a little longer than its limit, so that a
    // late one is told from one that hangs (and the report says which).
    const std::int64_t grace_ms = std::clamp<std::int64_t>(limit_ms, HANG_GRACE_MIN_MS, HANG_GRACE_MAX_MS);
    const std::int64_t deadline = t0 + (limit_ms + s.tolerance_ms + grace_ms) * 1000;
    const std::uint64_t seed = core::derive_seed(core::derive_seed(s.seed, static_cast<std::uint64_t>(k)),
                                                 static_cast<std::uint64_t>(board.move_count()));
    const Answer a = seat.player->move(board, seat.time_left_ms, seed, deadline);
    const double ms = static_cast<double>(core::now_us() - t0) / 1000.0;
    seat.max_ms = std::max(seat.max_ms, ms);
    seat.total_ms += ms;
    if (seat.match_ms > 0) seat.time_left_ms -= static_cast<std::int64_t>(ms);
    switch (a.kind) {
      case Answer::Kind::CRASHED: lose(side, Termination::CRASH, a.detail); return finish();
      case Answer::Kind::TIMED_OUT: lose(side, Termination::TIMEOUT, a.detail); return finish();
      case Answer::Kind::MALFORMED: lose(side, Termination::MALFORMED, a.detail); return finish();
      case Answer::Kind::MOVE: break;
    }
    if (ms > static_cast<double>(seat.turn_ms + s.tolerance_ms)) {
      lose(side, Termination::LATE, "answered after " + std::to_string(static_cast<long long>(ms)) + " ms");
      return finish();
    }
    if (seat.match_ms > 0 && seat.time_left_ms < -s.tolerance_ms) {
      lose(side, Termination::LATE, "ran out of game time");
      return finish();
    }
    const Point p = a.move;
    const std::string where = std::to_string(p.x) + "," + std::to_string(p.y);
    if (!board.inside(p)) {
      lose(side, Termination::OFF_BOARD, "played " + where);
      return finish();
    }
    if (!board.empty_at(p)) {
      lose(side, Termination::OCCUPIED, "played " + where);
      return finish();
    }
    const gomoku::Verdict v = gomoku::judge_move(board, p);
    board.play(p);
    g.moves.push_back(p);
    if (v == gomoku::Verdict::FORBIDDEN) {
      lose(side, Termination::FORBIDDEN, "played " + where);
      return finish();
    }
    if (v == gomoku::Verdict::WINS) {
      g.outcome = side == Color::BLACK ? Outcome::BLACK_WINS : Outcome::WHITE_WINS;
      g.termination = Termination::FIVE;
      return finish();
    }
    if (board.full()) {
      g.outcome = Outcome::DRAW;
      g.termination = Termination::FULL_BOARD;
      return finish();
    }
  }
}

}  // namespace

std::string_view termination_name(Termination t) { return TERMINATION_NAMES[static_cast<std::size_t>(t)]; }

std::optional<Termination> parse_termination(std::string_view name) {
  for (std::size_t i = 0; i < TERMINATION_NAMES.size(); ++i)
    if (TERMINATION_NAMES[i] == name) return static_cast<Termination>(i);
  return std::nullopt;
}

double GameResult::first_score() const {
  if (outcome == Outcome::DRAW || outcome == Outcome::NONE) return 0.5;
  const bool black_won = outcome == Outcome::BLACK_WINS;
  return black_won == first_is_black ? 1.0 : 0.0;
}

bool even_time(const MatchSettings& s) { return s.turn_ms == s.second_turn_ms && s.match_ms == s.second_match_ms; }

const Opening& opening_of(const MatchSettings& s, int game) {
  return s.openings[static_cast<std::size_t>(game / 2) % s.openings.size()];
}

core::Result<MatchRun> run_match(const MatchSettings& s, const core::Shard& shard, int jobs, const ProgressFn& progress,
                                 const std::atomic<bool>* stop) {
  if (auto a = player_name(s.first); !a) return core::fail(a.error());
  if (auto b = player_name(s.second); !b) return core::fail(b.error());
  if (s.openings.empty()) return core::fail("the match has no openings");
  std::vector<int> mine;
  for (int k = 0; k < s.games; ++k)
    if (shard.owns(k)) mine.push_back(k);

  std::vector<std::optional<GameResult>> results(static_cast<std::size_t>(s.games));
  std::vector<std::optional<Score>> scores(static_cast<std::size_t>(s.games));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> decided{false};
  std::mutex mu;
  int done = 0;
  std::optional<std::string> failure;  // a player that could not be made
  const bool can_stop = s.sprt.has_value() && shard.whole();

  auto worker = [&] {
    // Each thread keeps its two players (and so its brain processes) from game to game.
    auto first = make_player(s.first, s.rule), second = make_player(s.second, s.rule);
    if (!first || !second) {
      // A description can name a network file that cannot be read: the match stops with why.
      std::lock_guard lock(mu);
      if (!failure) failure = !first ? first.error() : second.error();
      decided = true;
      return;
    }
    for (std::size_t i = next.fetch_add(1); i < mine.size(); i = next.fetch_add(1)) {
      if (decided || (stop != nullptr && stop->load())) break;
      const int k = mine[i];
      GameResult g = play_one(s, k, *first.value(), *second.value());
      std::lock_guard lock(mu);
      scores[static_cast<std::size_t>(k)] = g.first_score();
      results[static_cast<std::size_t>(k)] = std::move(g);
      ++done;
      Progress p;
      p.done = done;
      p.total = static_cast<int>(mine.size());
      p.tally = tally(scores);
      if (s.sprt) p.llr = llr(p.tally, *s.sprt);
      p.last = &*results[static_cast<std::size_t>(k)];
      if (can_stop && sprt_state(p.llr, *s.sprt, p.tally.games()) != SprtState::CONTINUE) decided = true;
      if (progress) progress(p);
    }
  };
  const int threads = std::clamp(jobs, 1, std::max(1, static_cast<int>(mine.size())));
  {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
  }
  if (failure) return core::fail(*failure);
  MatchRun run;
  for (auto& r : results)
    if (r) run.games.push_back(std::move(*r));
  run.stopped_early = static_cast<int>(run.games.size()) < static_cast<int>(mine.size());
  return run;
}

}  // namespace tilestone::match
