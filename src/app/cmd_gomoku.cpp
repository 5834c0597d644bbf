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
#include "app/stop_signals.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "lab/core/stats.h"
#include "gomoku/ai.h"
#include "gomoku/notation.h"
#include "gomoku/winprob.h"
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

// The value in human terms ("+M6: win in 6 moves (11 plies)", "62% to win"), then the raw number.
std::string value_text(int value) {
  if (auto plies = plies_to_win(value))
    return fmt::format("{}: {} ({} plies; raw {})", format_value(value), gomoku::describe_value(value), *plies, value);
  return fmt::format("{} (raw {})", gomoku::describe_value(value), value);
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
    // Ctrl-C ends the search with the best move so far, which is printed as usual.
    const SignalStop interrupt;
    limits.stop = interrupt.token();
    const auto r = make_engine(level)->search(board, limits);
    const bool stopped = interrupt.stopped();
    std::string pv;
    for (Point p : r.pv) pv += (pv.empty() ? "" : " ") + format_point(p, board.size());
    if (*json) {
      std::string pv_json;
      for (Point p : r.pv) pv_json += (pv_json.empty() ? "\"" : ",\"") + format_point(p, board.size()) + "\"";
      const auto mate = mate_moves(r.value);
      fmt::print("{{\"move\":\"{}\",\"x\":{},\"y\":{},\"value\":{},\"win_probability\":{:.4f},\"score_text\":\"{}\","
                 "\"mate\":{},\"depth\":{},\"nodes\":{},\"helper_nodes\":{},\"time_ms\":{:.1f},\"pv\":[{}],\"stopped\":{}}}\n",
                 format_point(r.move, board.size()), r.move.x, r.move.y, r.value, win_probability(r.value), format_value(r.value),
                 mate ? std::to_string(*mate) : "null", r.depth, r.nodes, r.helper_nodes, r.elapsed_ms, pv_json, stopped);
    } else {
      const std::string helpers = limits.threads > 1 ? fmt::format(" ({} by the other threads)", r.helper_nodes) : "";
      fmt::print("move  {}\nvalue {}\ndepth {}\nnodes {}{}\ntime  {:.1f} ms{}\npv    {}\n", format_point(r.move, board.size()),
                 value_text(r.value), r.depth, r.nodes, helpers, r.elapsed_ms, stopped ? " (stopped: the best move so far)" : "", pv);
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
        std::cout << "hint: " << format_point(r.move, board.size()) << " (" << value_text(r.value) << ")\n";
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

}  // namespace

void add_gomoku_commands(CLI::App& root) {
  auto* g = root.add_subcommand("gomoku", "Gomoku / Renju: play, hint, forbidden points, matches");
  g->require_subcommand(1);
  add_play(*g);
  add_hint(*g);
  add_forbidden(*g);
  add_gomoku_match_command(*g);
  add_gomoku_tune_command(*g);
  add_gomoku_learn_command(*g);
  add_gomoku_review_command(*g);
  add_gomoku_winprob_command(*g);
  add_gomoku_openings_command(*g);
  add_gomoku_selfplay_command(*g);
  add_gomoku_netcheck_command(*g);
}

}  // namespace tilestone::app
