// The terminal 2048 game: arrows / WASD to move, h for a hint, a to let the AI play, u to undo,
// n for a new game, q to quit. Without a TTY it reads one command per line.

#include "app/play_2048.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "app/terminal.h"
#include "g2048/game.h"

namespace tilestone::app {

using namespace tilestone::g2048;

namespace {

// Tile colours close to the original game's (256-colour background, dark or light text).
const char* tile_colour(int e) {
  static const char* COLOURS[] = {"48;5;250;38;5;250", "48;5;255;38;5;240", "48;5;230;38;5;240", "48;5;215;38;5;231",
                                  "48;5;209;38;5;231", "48;5;203;38;5;231", "48;5;196;38;5;231", "48;5;222;38;5;231",
                                  "48;5;221;38;5;231", "48;5;220;38;5;231", "48;5;214;38;5;231", "48;5;178;38;5;231"};
  return e < 12 ? COLOURS[e] : "48;5;236;38;5;231";
}

std::filesystem::path best_score_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path base = xdg && *xdg ? std::filesystem::path(xdg)
                               : home && *home ? std::filesystem::path(home) / ".local" / "share"
                                               : std::filesystem::path(".");
  return base / "tilestone" / "best-2048.txt";
}

std::uint64_t load_best() {
  std::ifstream f(best_score_path());
  std::uint64_t best = 0;
  if (f >> best) return best;
  return 0;
}

void save_best(std::uint64_t best) {
  std::error_code ec;
  std::filesystem::create_directories(best_score_path().parent_path(), ec);
  std::ofstream f(best_score_path());
  if (f) f << best << "\n";  // the best score is a nicety: a failed write costs nothing else
}

const char* arrow(Dir d) {
  switch (d) {
    case Dir::Up: return "↑";
    case Dir::Down: return "↓";
    case Dir::Left: return "←";
    case Dir::Right: return "→";
  }
  return "?";
}

class Session {
 public:
  Session(const AiConfig& cfg, const Limits& limits, std::uint64_t seed, const DbOptions& db)
      : ai_(std::move(make_ai(cfg).value())), cfg_(cfg), limits_(limits), seed_(seed), game_(seed), best_(load_best()),
        recorder_(db) {}

  void run() {
    render();
    while (true) {
      if (auto_ && !game_.over()) {
        // Auto-play: one AI move, unless a key arrived (which may stop it).
        if (auto k = term_.read(0)) {
          if (!handle(*k)) break;
        } else {
          ai_move();
        }
        render();
        continue;
      }
      const auto k = term_.read();
      if (!k || !handle(*k)) break;
      render();
    }
    if (own_game() && game_.score() > best_) best_ = game_.score();
    save_best(best_);
    record_game("quit");
  }

 private:
  // Returns false to quit.
  bool handle(const KeyPress& k) {
    message_.clear();
    if (k.key == Key::End) return false;
    std::optional<Dir> move;
    if (k.key == Key::Up) move = Dir::Up;
    if (k.key == Key::Down) move = Dir::Down;
    if (k.key == Key::Left) move = Dir::Left;
    if (k.key == Key::Right) move = Dir::Right;
    if (k.key == Key::Char) {
      const std::string word = k.line.size() > 1 ? k.line : std::string(1, k.ch);
      if (word == "q" || word == "quit") return false;
      if (word == "w" || word == "up") move = Dir::Up;
      else if (word == "s" || word == "down") move = Dir::Down;
      else if (word == "A" || word == "left" || word == "l") move = Dir::Left;
      else if (word == "d" || word == "right") move = Dir::Right;
      else if (word == "a" && term_.interactive()) auto_ = !auto_;
      else if (word == "a" || word == "auto") run_auto_to_end();
      else if (word == "h" || word == "hint") hint();
      else if (word == "u" || word == "undo") {
        if (!game_.undo()) message_ = "nothing to undo";
        else if (!moves_.empty()) {
          moves_.pop_back();
          movers_.pop_back();
        }
      } else if (word == "n" || word == "new") {
        record_best();
        record_game("quit");
        game_ = Game(++seed_);
        moves_.clear();
        movers_.clear();
        recorded_.clear();
        game_seed_ = seed_;
        announced_win_ = false;
      } else if (word == "\x1b") {
        auto_ = false;
      } else {
        message_ = fmt::format("unknown command '{}'", word);
      }
      // Lower-case 'a' toggles auto-play, so WASD's left is Shift-A (or the left arrow).
    }
    if (move) {
      auto_ = false;
      if (!play(*move)) message_ = fmt::format("{} does not move anything", to_string(*move));
    }
    return true;
  }

  void hint() {
    const Analysis a = ai_->analyze(game_.grid().to_board(), limits_);
    if (!a.best) {
      message_ = "no legal move";
      return;
    }
    std::string values;
    for (Dir d : ALL_DIRS)
      if (a.legal[index(d)]) values += fmt::format("  {} {}: {:.4g}", arrow(d), to_string(d), a.values[index(d)]);
    message_ = fmt::format("hint: {} {}  (depth {}, {:.0f} ms)\n{}", arrow(*a.best), to_string(*a.best), a.depth,
                           a.time_ms, values);
  }

  void ai_move() {
    const Analysis a = ai_->analyze(game_.grid().to_board(), limits_);
    bool played = a.best && play(*a.best, true);
    for (Dir d : ALL_DIRS) {
      if (played) break;
      played = play(d, true);
    }
    if (game_.over()) auto_ = false;
  }

  // Every move goes through here, so the recorded move string follows the game.
  bool play(Dir d, bool by_ai = false) {
    if (!game_.play(d)) return false;
    if (moves_.empty()) started_at_ = store::now_seconds();
    moves_ += "UDLR"[index(d)];
    movers_ += by_ai ? 'a' : 'p';
    if (game_.over()) record_game("over");
    return true;
  }

  // One row per game; a game taken back after it was recorded and played on is recorded again.
  void record_game(const char* result) {
    if (moves_.empty() || recorded_ == moves_) return;
    store::GameRecord g;
    g.game = "2048";
    g.started_at = started_at_;
    g.moves = moves_;
    g.result = result;
    g.score = static_cast<std::int64_t>(game_.score());
    g.max_tile = static_cast<std::int64_t>(game_.grid().max_tile());
    g.seed = game_seed_;
    g.auto_moves = std::count(movers_.begin(), movers_.end(), 'a');
    g.settings = fmt::format(R"({{"ai":"{}","time_ms":{},"depth":{},"threads":{}}})", cfg_.name, limits_.time_ms,
                             limits_.depth, limits_.threads);
    recorder_.record(std::move(g));
    recorded_ = moves_;
  }

  // The best score counts the player's own games only: none of whose moves the AI played.
  bool own_game() const { return movers_.find('a') == std::string::npos; }

  void run_auto_to_end() {
    while (!game_.over()) ai_move();
  }

  void record_best() {
    if (own_game() && game_.score() > best_) {
      best_ = game_.score();
      save_best(best_);
    }
  }

  void render() {
    const bool colour = term_.interactive();
    if (own_game() && game_.score() > best_) best_ = game_.score();
    std::string out;
    out += fmt::format("{}2048{}   score {}   best {}   moves {}{}\n\n", ansi("1", colour), ansi("0", colour),
                       game_.score(), best_, game_.moves(), auto_ ? "   [auto-play]" : "");
    for (int r = 0; r < 4; ++r) {
      for (int line = 0; line < (colour ? 3 : 1); ++line) {
        out += "  ";
        for (int c = 0; c < 4; ++c) {
          const int e = game_.grid().at(r, c);
          const std::string label = (line == 1 || !colour) && e ? fmt::format("{}", std::uint64_t{1} << e) : (colour ? "" : ".");
          if (colour) out += fmt::format("\x1b[{}m{:^8}\x1b[0m", tile_colour(e), label);
          else out += fmt::format("{:>7}", label);
        }
        out += "\n";
      }
    }
    out += "\n";
    if (game_.won() && !announced_win_) {
      out += "You reached 2048! Keep going.\n";
      announced_win_ = true;
    }
    if (game_.over()) out += "Game over. u: undo, n: new game, q: quit\n";
    if (!message_.empty()) out += message_ + "\n";
    if (colour) out += "\narrows or W Shift-A S D move · h hint · a auto-play on/off · u undo · n new game · q quit\n";
    term_.clear();
    std::cout << out << std::flush;
  }

  Terminal term_;
  std::unique_ptr<Ai> ai_;
  AiConfig cfg_;
  Limits limits_;
  std::uint64_t seed_;
  Game game_;
  std::uint64_t best_;
  bool auto_ = false;
  bool announced_win_ = false;
  std::string message_;
  Recorder recorder_;
  std::string moves_;     // U D L R, one per move of the current game
  std::string movers_;    // who played each of moves_: 'p' the player, 'a' the AI (auto-play)
  std::string recorded_;  // the move string last recorded, so a game is not recorded twice
  std::int64_t started_at_ = 0;
  std::uint64_t game_seed_ = seed_;
};

}  // namespace

void play_2048(const AiConfig& cfg, const Limits& limits, std::uint64_t seed, const DbOptions& db) {
  Session(cfg, limits, seed, db).run();
}

}  // namespace tilestone::app
