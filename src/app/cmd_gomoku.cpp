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
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/gomoku_network_option.h"
#include "app/gomoku_record.h"
#include "app/options.h"
#include "app/outputs.h"
#include "app/stop_signals.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "lab/core/stats.h"
#include "gomoku/ai.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "gomoku/winprob.h"
#include "gomoku/rules.h"

namespace tilestone::app {
namespace {

using namespace gomoku;

// What hint and play share: the game, the AI, and its limits.
struct Common {
  std::string rule = "freestyle";
  int size = limits::DEFAULT_SIZE;
  std::string level = "strong";
  int time_ms = limits::DEFAULT_TIME_MS;
  int depth = 0;
  int threads = limits::DEFAULT_THREADS;
  std::uint64_t seed = limits::DEFAULT_SEED;
  std::string eval;  // "classical", "network" or not given
  std::string network;
};

void add_common(CLI::App* cmd, Common& c) {
  add_gomoku_rule(cmd, c.rule);
  add_gomoku_size(cmd, c.size);
  add_gomoku_level(cmd, c.level);
  add_time_ms(cmd, c.time_ms, limits::MAX_TIME_MS, TIME_WITH_DEPTH_HELP);
  add_depth(cmd, c.depth, 0, limits::MAX_DEPTH, "search to this depth (0: by time)");
  add_threads(cmd, c.threads, limits::MAX_THREADS);
  add_seed(cmd, c.seed);
  add_gomoku_eval(cmd, c.eval, c.network);
}


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

// The engine of --level, with the network of --eval and --network (strong only; checked against
// the rule), and which evaluation that is.
struct EngineOf {
  std::unique_ptr<Engine> engine;
  const char* eval;  // "classical" or "network"
};

EngineOf engine_of(const Common& c, Rule rule) {
  const Level level = level_or_throw(c.level);
  if ((!c.network.empty() || c.eval == "network") && level != Level::STRONG)
    throw UsageError((c.network.empty() ? "--eval network" : "--network") +
                     std::string(": only the strong level evaluates with a network, not ") + c.level);
  auto network = gomoku_network_of(c.eval, c.network, rule);
  const char* eval = network ? "network" : "classical";
  return {make_engine(level, std::move(network)), eval};
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

// The limits of `cmd`'s options: --time-ms and --depth as think_time() says (options.h).
Limits limits_of(const CLI::App* cmd, const Common& c) {
  Limits l;
  l.time_ms = think_time(cmd, c.time_ms, c.depth);
  l.depth = c.depth;
  l.threads = c.threads;
  l.seed = c.seed;
  return l;
}

// ---- hint ----------------------------------------------------------------------------------

void add_hint(CLI::App& g) {
  auto opt = std::make_shared<Common>();
  auto moves = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  auto* cmd = g.add_subcommand("hint", "the best move for the side to move, its value and the line the engine expects");
  cmd->add_option("--moves", *moves, "the game so far, e.g. h8i9h9 (default: the empty board)")->type_name("MOVES");
  add_common(cmd, *opt);
  add_json_flag(cmd, *as_json);
  cmd->callback([cmd, opt, moves, as_json] {
    const Rule rule = rule_or_throw(opt->rule);
    const Board board = board_or_throw(*moves, opt->size, rule);
    auto [engine, eval] = engine_of(*opt, rule);
    if (game_over(board)) throw UsageError("the game in --moves is already over");
    Limits limits = limits_of(cmd, *opt);
    // Ctrl-C ends the search with the best move so far, which is printed as usual.
    const SignalStop interrupt;
    limits.stop = interrupt.token();
    const auto r = engine->search(board, limits);
    const bool stopped = interrupt.stopped();
    std::string pv;
    for (Point p : r.pv) pv += (pv.empty() ? "" : " ") + format_point(p, board.size());
    if (*as_json) {
      nlohmann::json line = nlohmann::json::array();
      for (Point p : r.pv) line.push_back(format_point(p, board.size()));
      const auto mate = mate_moves(r.value);
      print_json({{"move", format_point(r.move, board.size())},
                  {"x", r.move.x},
                  {"y", r.move.y},
                  {"level", opt->level},
                  {"eval", eval},
                  {"value", r.value},
                  {"win_probability", std::round(win_probability(r.value) * 1e4) / 1e4},
                  {"score_text", format_value(r.value)},
                  {"mate", mate ? nlohmann::json(*mate) : nlohmann::json(nullptr)},
                  {"depth", r.depth},
                  {"nodes", r.nodes},
                  {"helper_nodes", r.helper_nodes},
                  {"time_ms", std::round(r.elapsed_ms * 10) / 10},
                  {"stopped", stopped},
                  {"pv", line}});
    } else {
      const std::string helpers = limits.threads > 1 ? fmt::format(" ({} by the other threads)", r.helper_nodes) : "";
      fmt::print("move  {}\nvalue {}\ndepth {}\nnodes {}{}\ntime  {:.1f} ms{}\npv    {}\n", format_point(r.move, board.size()),
                 value_text(r.value), r.depth, r.nodes, helpers, r.elapsed_ms, stopped ? " (stopped: the best move so far)" : "", pv);
    }
  });
}

// ---- forbidden -----------------------------------------------------------------------------

void add_forbidden(CLI::App& g) {
  auto size = std::make_shared<int>(limits::DEFAULT_SIZE);
  auto moves = std::make_shared<std::string>();
  auto* cmd = g.add_subcommand("forbidden", "the points where black may not play under renju");
  cmd->add_option("--moves", *moves, "the game so far, e.g. h8i9h9 (default: the empty board)")->type_name("MOVES");
  add_gomoku_size(cmd, *size);
  cmd->callback([size, moves] {
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
  auto* cmd = g.add_subcommand("play", "play a game against the AI in the terminal (a move like h8, h hint, u undo, q quit)");
  add_common(cmd, *opt);
  cmd->add_flag("--ai-first", *ai_first, "the AI plays black");
  add_db_options(cmd, *db);
  cmd->callback([cmd, opt, ai_first, db] {
    check_db_options(*db);
    const Rule rule = rule_or_throw(opt->rule);
    auto engine = std::move(engine_of(*opt, rule).engine);
    Board board(opt->size, rule);
    const Color ai = *ai_first ? Color::BLACK : Color::WHITE;
    const Limits limits = limits_of(cmd, *opt);
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
  auto* g = root.add_subcommand("gomoku", "play Gomoku / Renju, ask the AI for a hint, run matches and experiments");
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
  add_gomoku_classical_command(*g);
}

}  // namespace tilestone::app
