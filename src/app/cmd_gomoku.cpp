// `tilestone gomoku play|hint|forbidden|match`: parse, call the engine, format.

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/cli_values.h"
#include "app/commands.h"
#include "app/gomoku_record.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "core/stats.h"
#include "gomoku/ai.h"
#include "gomoku/match.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"

namespace tilestone::app {
namespace {

using namespace gomoku;

constexpr int MAX_TIME_MS = 600000;
constexpr int MAX_DEPTH = 60;
constexpr int MAX_GAMES = 100000;
constexpr int MAX_JOBS = 64;
constexpr int MAX_THREADS = 64;

struct Common {
  std::string rule = "freestyle";
  int size = params::DEFAULT_SIZE;
  std::string level = "strong";
  int time_ms = 1000;
  int depth = 0;
  int threads = 1;
  std::uint64_t seed = 0;
};

CLI::Validator size_value() { return integer_in(params::MIN_SIZE, params::MAX_SIZE); }

Rule rule_or_throw(const std::string& name) {
  const auto r = parse_rule(name);
  if (!r) throw UsageError("unknown rule '" + name + "' (freestyle, standard, renju)");
  return *r;
}

Level level_or_throw(const std::string& name) {
  const auto l = parse_level(name);
  if (!l) throw UsageError("unknown level '" + name + "' (scorer, minimax, montecarlo, strong)");
  return *l;
}

void check_common(const Common& c) {
  if (c.size < params::MIN_SIZE || c.size > params::MAX_SIZE) {
    throw UsageError(fmt::format("board size {} is outside {}..{}", c.size, params::MIN_SIZE, params::MAX_SIZE));
  }
  if (c.time_ms < 1 || c.time_ms > MAX_TIME_MS) throw UsageError(fmt::format("--time-ms must lie in 1..{}", MAX_TIME_MS));
  if (c.depth < 0 || c.depth > MAX_DEPTH) throw UsageError(fmt::format("--depth must lie in 0..{}", MAX_DEPTH));
  if (c.threads < 1 || c.threads > MAX_THREADS) throw UsageError(fmt::format("--threads must lie in 1..{}", MAX_THREADS));
}

Board board_or_throw(const std::string& moves, int size, Rule rule) {
  const auto parsed = parse_moves(moves, size);
  if (!parsed) throw UsageError("bad --moves: " + parsed.error());
  auto board = board_from_moves(*parsed, size, rule);
  if (!board) throw UsageError("bad --moves: " + board.error());
  return std::move(board).value();
}

bool game_over(const Board& b) {
  if (b.full()) return true;
  const auto last = b.last_move();
  if (!last) return false;
  if (winning_line(b, *last)) return true;
  // Black's last move on a forbidden point ended a renju game.
  if (b.rule() == Rule::RENJU && b.to_move() == Color::WHITE) {
    Board before = b;
    before.undo();
    return is_forbidden(before, *last);
  }
  return false;
}

std::string describe_value(int value) {
  if (auto plies = plies_to_win(value)) return fmt::format("{} in {} plies", value > 0 ? "win" : "loss", *plies);
  return std::to_string(value);
}

Limits limits_of(const Common& c) {
  Limits l;
  l.time_ms = c.time_ms;
  l.depth = c.depth;
  l.threads = c.threads;
  l.seed = c.seed;
  return l;
}

// ---- hint ----------------------------------------------------------------------------------

void add_hint(CLI::App& g) {
  auto opt = std::make_shared<Common>();
  auto moves = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* cmd = g.add_subcommand("hint", "Suggest a move for the side to move");
  cmd->add_option("--rule", opt->rule, "freestyle | standard | renju")->required();
  cmd->add_option("--moves", *moves, "the game so far, e.g. h8i9h9")->required();
  cmd->add_option("--size", opt->size, "board size (5-22)")->check(size_value());
  cmd->add_option("--level", opt->level, "scorer | minimax | montecarlo | strong");
  auto* t = cmd->add_option("--time-ms", opt->time_ms, "time budget in milliseconds")->check(integer_in(1, MAX_TIME_MS));
  auto* d = cmd->add_option("--depth", opt->depth, "fixed depth instead of a time budget")->check(integer_in(0, MAX_DEPTH));
  t->excludes(d);
  cmd->add_option("--threads", opt->threads, "search threads")->check(integer_in(1, MAX_THREADS));
  cmd->add_option("--seed", opt->seed, "seed of random choices")->check(seed_value());
  cmd->add_flag("--json", *json, "print JSON");
  cmd->callback([opt, moves, json, d] {
    check_common(*opt);
    const Rule rule = rule_or_throw(opt->rule);
    const Level level = level_or_throw(opt->level);
    const Board board = board_or_throw(*moves, opt->size, rule);
    if (game_over(board)) throw UsageError("the game in --moves is already over");
    Limits limits = limits_of(*opt);
    if (d->count() > 0) limits.time_ms = 0;
    if (limits.time_ms == 0 && limits.depth == 0) throw UsageError("--depth must be positive");
    const auto r = make_engine(level)->search(board, limits);
    std::string pv;
    for (Point p : r.pv) pv += (pv.empty() ? "" : " ") + format_point(p, board.size());
    if (*json) {
      std::string pv_json;
      for (Point p : r.pv) pv_json += (pv_json.empty() ? "\"" : ",\"") + format_point(p, board.size()) + "\"";
      fmt::print("{{\"move\":\"{}\",\"x\":{},\"y\":{},\"value\":{},\"depth\":{},\"nodes\":{},\"time_ms\":{:.1f},\"pv\":[{}]}}\n",
                 format_point(r.move, board.size()), r.move.x, r.move.y, r.value, r.depth, r.nodes, r.elapsed_ms, pv_json);
    } else {
      fmt::print("move  {}\nvalue {}\ndepth {}\nnodes {}\ntime  {:.1f} ms\npv    {}\n", format_point(r.move, board.size()),
                 describe_value(r.value), r.depth, r.nodes, r.elapsed_ms, pv);
    }
  });
}

// ---- forbidden -----------------------------------------------------------------------------

void add_forbidden(CLI::App& g) {
  auto size = std::make_shared<int>(params::DEFAULT_SIZE);
  auto moves = std::make_shared<std::string>();
  auto* cmd = g.add_subcommand("forbidden", "List renju forbidden points for black");
  cmd->add_option("--moves", *moves, "the game so far, e.g. h8i9h9")->required();
  cmd->add_option("--size", *size, "board size (5-22)")->check(size_value());
  cmd->callback([size, moves] {
    Common c;
    c.size = *size;
    check_common(c);
    const Board board = board_or_throw(*moves, *size, Rule::RENJU);
    std::string out;
    for (Point p : forbidden_points(board)) out += (out.empty() ? "" : " ") + format_point(p, *size);
    fmt::print("{}\n", out.empty() ? "none" : out);
  });
}

// ---- play ----------------------------------------------------------------------------------

void add_play(CLI::App& g) {
  auto opt = std::make_shared<Common>();
  auto ai_first = std::make_shared<bool>(false);
  auto db = std::make_shared<DbOptions>();
  auto* cmd = g.add_subcommand("play", "Play a game against the AI in the terminal");
  add_db_options(cmd, *db);
  cmd->add_option("--rule", opt->rule, "freestyle | standard | renju");
  cmd->add_option("--size", opt->size, "board size (5-22)")->check(size_value());
  cmd->add_option("--level", opt->level, "scorer | minimax | montecarlo | strong");
  cmd->add_option("--time-ms", opt->time_ms, "AI time per move in milliseconds")->check(integer_in(1, MAX_TIME_MS));
  cmd->add_option("--seed", opt->seed, "seed of random choices")->check(seed_value());
  cmd->add_flag("--ai-first", *ai_first, "the AI plays black");
  cmd->callback([opt, ai_first, db] {
    check_common(*opt);
    const Rule rule = rule_or_throw(opt->rule);
    auto engine = make_engine(level_or_throw(opt->level));
    Board board(opt->size, rule);
    const Color ai = *ai_first ? Color::BLACK : Color::WHITE;
    const Limits limits = limits_of(*opt);
    GomokuRecorder recorder(*db, opt->level, ai, limits);
    auto show = [&] {
      const bool black_to_move = board.to_move() == Color::BLACK;
      std::cout << '\n' << render_board(board, black_to_move ? forbidden_points(board) : std::vector<Point>{});
      if (rule == Rule::RENJU && black_to_move) std::cout << "(x = forbidden for black)\n";
    };
    auto finish = [&](Outcome o) {
      show();
      std::cout << (o == Outcome::DRAW ? "Draw: the board is full.\n"
                    : (o == Outcome::BLACK_WINS) == (ai == Color::BLACK) ? "The AI wins.\n" : "You win!\n");
      std::cout << recorder.finish(board, o);
    };
    std::cout << "You play " << (ai == Color::BLACK ? "white (O)" : "black (X)")
              << ". Type a move like h8, h for a hint, u to undo, q to quit.\n";
    while (true) {
      if (board.to_move() == ai) {
        const auto r = engine->search(board, recorder.limits_for(board));
        std::cout << "AI plays " << format_point(r.move, board.size()) << '\n';
        const Outcome o = play_and_judge(board, r.move);
        if (o != Outcome::NONE) return finish(o);
        continue;
      }
      show();
      std::cout << "your move> " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line)) return (void)recorder.finish(board, Outcome::NONE);
      line.erase(0, line.find_first_not_of(" \t\r"));
      line.erase(line.find_last_not_of(" \t\r") + 1);
      if (line.empty()) continue;
      if (line == "q") return (void)recorder.finish(board, Outcome::NONE);
      if (line == "h") {
        const auto r = engine->search(board, recorder.limits_for(board));
        std::cout << "hint: " << format_point(r.move, board.size()) << " (" << describe_value(r.value) << ")\n";
        continue;
      }
      if (line == "u") {
        if (board.move_count() < 2) {
          std::cout << "nothing to undo\n";
          continue;
        }
        board.undo();
        board.undo();
        continue;
      }
      const auto p = parse_point(line, board.size());
      if (!p) {
        std::cout << p.error() << '\n';
        continue;
      }
      const Verdict v = judge_move(board, *p);
      if (v == Verdict::ILLEGAL) {
        std::cout << line << " is occupied\n";
        continue;
      }
      if (v == Verdict::FORBIDDEN) {
        std::cout << line << " is forbidden for black under renju\n";
        continue;
      }
      const Outcome o = play_and_judge(board, *p);
      if (o != Outcome::NONE) return finish(o);
    }
  });
}

// ---- match ---------------------------------------------------------------------------------

struct MatchOptions {
  std::string black = "strong", white = "minimax", rule = "freestyle", openings, record;
  int games = 10, time_ms = 200, size = params::DEFAULT_SIZE, jobs = 1, threads = 1;
  std::uint64_t seed = 1;
};

std::vector<std::vector<Point>> load_openings(const std::string& path, int size, Rule rule) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read openings file '" + path + "'");
  std::vector<std::vector<Point>> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    line.erase(0, line.find_first_not_of(" \t\r"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (line.empty() || line[0] == '#') continue;
    const auto moves = parse_moves(line, size);
    if (!moves) throw UsageError(fmt::format("{}:{}: {}", path, number, moves.error()));
    const auto board = board_from_moves(*moves, size, rule);
    if (!board || game_over(*board)) throw UsageError(fmt::format("{}:{}: not a playable opening", path, number));
    out.push_back(*moves);
  }
  if (out.empty()) throw UsageError("openings file '" + path + "' has no openings");
  return out;
}

void run_match(const MatchOptions& m) {
  Common c;
  c.size = m.size;
  c.time_ms = m.time_ms;
  c.threads = m.threads;
  check_common(c);
  if (m.games < 1 || m.games > MAX_GAMES) throw UsageError(fmt::format("--games must lie in 1..{}", MAX_GAMES));
  if (m.jobs < 1 || m.jobs > MAX_JOBS) throw UsageError(fmt::format("--jobs must lie in 1..{}", MAX_JOBS));
  const Rule rule = rule_or_throw(m.rule);
  const Level first = level_or_throw(m.black), second = level_or_throw(m.white);
  const int pairs = (m.games + 1) / 2;
  const auto openings = m.openings.empty() ? match_openings(m.size, rule, pairs, core::derive_seed(m.seed, 1000003))
                                           : load_openings(m.openings, m.size, rule);
  // Opened before the games, so a bad path fails at once rather than after the match.
  std::ofstream record;
  if (!m.record.empty()) {
    record.open(m.record);
    if (!record) throw UsageError("cannot write the record file '" + m.record + "'");
  }

  // Game 2k and 2k+1 share an opening with the colours swapped.
  std::vector<GameRecord> records(static_cast<std::size_t>(m.games));
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  const bool tty = isatty(STDERR_FILENO) != 0;
  core::parallel_for(records.size(), static_cast<unsigned>(m.jobs), [&](std::size_t i) {
    const std::size_t pair = i / 2;
    GameSetup s;
    s.size = m.size;
    s.rule = rule;
    s.time_ms = m.time_ms;
    s.threads = m.threads;
    s.seed = core::derive_seed(m.seed, i);
    s.opening = openings[pair % openings.size()];
    const bool first_is_black = i % 2 == 0;
    s.black = first_is_black ? first : second;
    s.white = first_is_black ? second : first;
    records[i] = play_game(s);
    const int n = ++done;
    if (tty) {
      std::lock_guard lock(progress_mutex);
      const int width = 30, filled = n * width / m.games;
      fmt::print(stderr, "\r[{}{}] {}/{} games", std::string(static_cast<std::size_t>(filled), '#'),
                 std::string(static_cast<std::size_t>(width - filled), '.'), n, m.games);
      if (n == m.games) fmt::print(stderr, "\n");
    }
  });

  int wins = 0, draws = 0, losses = 0, moves = 0;
  double max_ms = 0;
  std::vector<double> scores;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    const bool first_is_black = i % 2 == 0;
    double s = 0.5;
    if (r.outcome == Outcome::BLACK_WINS) s = first_is_black ? 1.0 : 0.0;
    if (r.outcome == Outcome::WHITE_WINS) s = first_is_black ? 0.0 : 1.0;
    wins += s == 1.0;
    losses += s == 0.0;
    draws += s == 0.5;
    scores.push_back(s);
    max_ms = std::max(max_ms, r.max_move_ms);
    moves += static_cast<int>(r.moves.size());
  }
  if (record.is_open()) {
    record << "# game\tblack\twhite\tresult\tmoves\n";
    for (std::size_t i = 0; i < records.size(); ++i) {
      const bool first_is_black = i % 2 == 0;
      record << fmt::format("{}\t{}\t{}\t{}\t{}\n", i + 1, first_is_black ? m.black : m.white, first_is_black ? m.white : m.black,
                            outcome_name(records[i].outcome), format_moves(records[i].moves, m.size));
    }
    record.flush();
    if (!record) throw UsageError("could not write the record file '" + m.record + "'");
  }
  const auto summary = core::summarize(scores);
  const double se = scores.size() > 1 ? summary.stddev / std::sqrt(static_cast<double>(scores.size())) : 0.5;
  const double elo = core::elo_from_score(summary.mean);
  const double lo = core::elo_from_score(std::max(0.0, summary.mean - 1.96 * se));
  const double hi = core::elo_from_score(std::min(1.0, summary.mean + 1.96 * se));
  fmt::print("{} vs {}: {} games, {} {}x{}, {} ms/move\n", m.black, m.white, m.games, m.rule, m.size, m.size, m.time_ms);
  fmt::print("score of {}: W {} / D {} / L {}  ({:.1f}%)\n", m.black, wins, draws, losses, 100.0 * summary.mean);
  fmt::print("elo difference: {:+.0f} (95% interval {:+.0f} .. {:+.0f})\n", elo, lo, hi);
  fmt::print("mean game length: {:.1f} moves\n", static_cast<double>(moves) / m.games);
  fmt::print("max move time: {:.1f} ms (budget {} ms, {:.1f}%)\n", max_ms, m.time_ms, 100.0 * max_ms / m.time_ms);
}

void add_match(CLI::App& g) {
  auto m = std::make_shared<MatchOptions>();
  auto* cmd = g.add_subcommand("match", "Play AI levels against each other");
  cmd->add_option("--black", m->black, "the first level (black in even games)")->required();
  cmd->add_option("--white", m->white, "the second level")->required();
  cmd->add_option("--games", m->games, "number of games (colours alternate)")->required()->check(integer_in(1, MAX_GAMES));
  cmd->add_option("--time-ms", m->time_ms, "time per move in milliseconds")->check(integer_in(1, MAX_TIME_MS));
  cmd->add_option("--rule", m->rule, "freestyle | standard | renju");
  cmd->add_option("--size", m->size, "board size (5-22)")->check(size_value());
  cmd->add_option("--openings", m->openings, "file of openings, one game string per line")->check(non_empty());
  cmd->add_option("--seed", m->seed, "seed of the openings and the engines")->check(seed_value());
  cmd->add_option("--record", m->record, "write every game (colours, result, move string) to this file")->check(non_empty());
  cmd->add_option("--jobs", m->jobs, "games played at the same time")->check(integer_in(1, MAX_JOBS));
  cmd->add_option("--threads", m->threads, "search threads per engine")->check(integer_in(1, MAX_THREADS));
  cmd->callback([m] { run_match(*m); });
}

}  // namespace

void add_gomoku_commands(CLI::App& root) {
  auto* g = root.add_subcommand("gomoku", "Gomoku / Renju: play, hint, forbidden points, matches");
  g->require_subcommand(1);
  add_play(*g);
  add_hint(*g);
  add_forbidden(*g);
  add_match(*g);
  add_gomoku_learn_command(*g);
}

}  // namespace tilestone::app
