// A scripted Gomocup brain for the match manager's tests. It plays legal moves (the free point
// nearest the centre, never a forbidden one) and misbehaves as its file name says, so tests make
// symlinks to it: fake_brain-MODE-N misbehaves at its N-th move of each game (1-based).
//   crash   exits without answering          hang     never answers
//   late    answers 300 ms after timeout_turn junk     prints a line that is not a move
//   occupied plays a stone on a stone        offboard plays 99,99
//   forbidden plays a forbidden point (renju, as black), if one exists
//   nostart answers START with ERROR         chatty   sends MESSAGE and DEBUG lines before
//                                                      every move (never wrong)
//   threads prints junk at its first move unless INFO thread_num said N (fake_brain-threads-N)
//   slow    takes N milliseconds over every move (fake_brain-slow-N), whatever its time

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "gomoku/board.h"
#include "gomoku/rules.h"

using namespace tilestone::gomoku;

namespace {

struct Script {
  std::string mode = "good";
  int at = 1;
};

Script script_from(const std::string& argv0) {
  Script s;
  const std::string base = argv0.substr(argv0.find_last_of('/') + 1);
  const auto dash = base.find('-');
  if (dash == std::string::npos) return s;
  std::string rest = base.substr(dash + 1);
  const auto dash2 = rest.find('-');
  s.mode = rest.substr(0, dash2);
  if (dash2 != std::string::npos) s.at = std::atoi(rest.c_str() + dash2 + 1);
  return s;
}

Point first_free(const Board& b) {
  const int c = b.size() / 2;
  for (int r = 0; r < b.size(); ++r)
    for (int y = c - r; y <= c + r; ++y)
      for (int x = c - r; x <= c + r; ++x) {
        const Point p{x, y};
        if (!b.empty_at(p)) continue;
        if (b.to_move() == Color::BLACK && is_forbidden(b, p)) continue;
        return p;
      }
  return {0, 0};
}

}  // namespace

int main(int, char** argv) {
  const Script script = script_from(argv[0]);
  std::optional<Board> board;
  Rule rule = Rule::FREESTYLE;
  int size = 15, moves = 0, turn_ms = 1000, threads = 1;
  std::string line;
  auto answer = [&]() {
    ++moves;
    const bool now = moves == script.at;
    if (script.mode == "chatty") std::cout << "MESSAGE thinking hard\nDEBUG depth 1\n";
    if (now && script.mode == "crash") std::_Exit(3);
    if (now && script.mode == "hang") std::this_thread::sleep_for(std::chrono::hours(1));
    if (script.mode == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(script.at));
    if (now && script.mode == "late") std::this_thread::sleep_for(std::chrono::milliseconds(turn_ms + 300));
    if (now && (script.mode == "junk" || (script.mode == "threads" && threads != script.at))) {
      std::cout << "I resign, good game" << std::endl;
      return;
    }
    if (now && script.mode == "offboard") {
      std::cout << "99,99" << std::endl;
      return;
    }
    if (now && script.mode == "occupied" && board->move_count() > 0) {
      const Point p = board->move_at(0);
      std::cout << p.x << "," << p.y << std::endl;
      return;
    }
    if (now && script.mode == "forbidden") {
      const auto f = forbidden_points(*board);
      if (!f.empty() && board->to_move() == Color::BLACK) {
        std::cout << f[0].x << "," << f[0].y << std::endl;
        return;
      }
    }
    const Point p = first_free(*board);
    board->play(p);
    std::cout << p.x << "," << p.y << std::endl;
  };
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd == "START") {
      in >> size;
      if (script.mode == "nostart") {
        std::cout << "ERROR not today" << std::endl;
        continue;
      }
      board.emplace(size, rule);
      moves = 0;
      std::cout << "OK" << std::endl;
    } else if (cmd == "RESTART") {
      board.emplace(size, rule);
      moves = 0;
      std::cout << "OK" << std::endl;
    } else if (cmd == "INFO") {
      std::string key;
      long long v = 0;
      in >> key >> v;
      if (key == "timeout_turn") turn_ms = static_cast<int>(v);
      if (key == "thread_num") threads = static_cast<int>(v);
      if (key == "rule") {
        rule = (v & 4) ? Rule::RENJU : (v & 1) ? Rule::STANDARD : Rule::FREESTYLE;
        board.emplace(size, rule);
      }
    } else if (cmd == "BEGIN") {
      answer();
    } else if (cmd == "TURN") {
      int x = 0, y = 0;
      char comma = 0;
      in >> x >> comma >> y;
      board->play({x, y});
      answer();
    } else if (cmd == "BOARD") {
      // Stones in the order given; the colours follow from the order (the manager sends the
      // game from its first move).
      board.emplace(size, rule);
      while (std::getline(std::cin, line) && line.rfind("DONE", 0) != 0) {
        int x = 0, y = 0, who = 0;
        char c1 = 0, c2 = 0;
        std::istringstream st(line);
        st >> x >> c1 >> y >> c2 >> who;
        board->play({x, y});
      }
      answer();
    } else if (cmd == "END") {
      return 0;
    } else if (cmd == "ABOUT") {
      std::cout << "name=\"fake\"" << std::endl;
    }
  }
  return 0;
}
