#include "protocol/gomocup.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <istream>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"

namespace tilestone::protocol {
namespace {

using gomoku::Board;
using gomoku::Point;
using gomoku::Rule;

// Protocol limits: the answer must leave this much of the turn for the pipes and the manager.
constexpr std::int64_t TURN_MARGIN_MS = 40;
constexpr std::int64_t MIN_THINK_MS = 5;
constexpr std::int64_t FAST_TURN_MS = 30;      // timeout_turn 0 means "as fast as possible"
constexpr std::int64_t MOVES_LEFT_GUESS = 25;  // share of time_left one move may use
constexpr std::size_t MAX_LINE = 4096;

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string upper(std::string_view s) {
  std::string out;
  for (char ch : s) out += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  s = trim(s);
  std::int64_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// Splits "a,b,c" into integers; nullopt when any part is not a number.
std::optional<std::vector<std::int64_t>> parse_ints(std::string_view s) {
  std::vector<std::int64_t> out;
  while (true) {
    const auto comma = s.find(',');
    auto v = parse_int(s.substr(0, comma));
    if (!v) return std::nullopt;
    out.push_back(*v);
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return out;
}

bool read_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (line.size() > MAX_LINE) line.resize(MAX_LINE);
  return true;
}

class Brain {
 public:
  explicit Brain(const BrainOptions& options)
      : options_(options), engine_(gomoku::make_engine(options.level)), turn_ms_(options.default_turn_ms) {}

  // Returns false when the session ends (END).
  bool handle(std::string_view line, std::istream& in, std::ostream& out) {
    line = trim(line);
    if (line.empty()) return true;
    const auto space = line.find_first_of(" \t");
    const std::string command = upper(line.substr(0, space));
    const std::string_view args = space == std::string_view::npos ? std::string_view{} : trim(line.substr(space));
    for (const auto& entry : DISPATCH) {
      if (command == entry.name) return (this->*entry.handler)(args, in, out);
    }
    out << "UNKNOWN command " << command << std::endl;
    return true;
  }

 private:
  using Handler = bool (Brain::*)(std::string_view, std::istream&, std::ostream&);
  struct Entry {
    std::string_view name;
    Handler handler;
  };
  // The one table from command to handler (defined below the class).
  static const std::array<Entry, 11> DISPATCH;


  bool start(std::string_view args, std::istream&, std::ostream& out) {
    const auto size = gomoku::parse_size(args);
    if (!size) {
      out << "ERROR " << size.error() << std::endl;
      return true;
    }
    board_.emplace(*size, rule_);
    engine_->clear();
    out << "OK" << std::endl;
    return true;
  }

  bool rectstart(std::string_view args, std::istream& in, std::ostream& out) {
    const auto dims = parse_ints(args);
    if (!dims || dims->size() != 2) {
      out << "ERROR RECTSTART needs width,height" << std::endl;
      return true;
    }
    if ((*dims)[0] != (*dims)[1]) {
      out << "ERROR only square boards are supported" << std::endl;
      return true;
    }
    return start(std::to_string((*dims)[0]), in, out);
  }

  bool restart(std::string_view, std::istream&, std::ostream& out) {
    if (!require_board(out)) return true;
    board_.emplace(board_->size(), rule_);
    engine_->clear();
    out << "OK" << std::endl;
    return true;
  }

  bool begin(std::string_view, std::istream&, std::ostream& out) {
    if (!require_board(out)) return true;
    if (board_->move_count() != 0) {
      out << "ERROR BEGIN needs an empty board" << std::endl;
      return true;
    }
    think(out);
    return true;
  }

  bool turn(std::string_view args, std::istream&, std::ostream& out) {
    if (!require_board(out)) return true;
    const auto p = parse_point(args, out);
    if (!p) return true;
    board_->play(*p);
    think(out);
    return true;
  }

  // BOARD: lines x,y,field until DONE (1 own stone, 2 opponent's, 3 a stone of a continuous
  // game, taken as the opponent's). Then it is our move.
  bool board(std::string_view, std::istream& in, std::ostream& out) {
    std::vector<Point> own, theirs;
    std::string error;
    const bool done = read_stones(in, [&](std::string_view line) {
      const auto v = parse_ints(line);
      if (!v || v->size() != 3 || (*v)[2] < 1 || (*v)[2] > 3) {
        error = "malformed BOARD line '" + std::string(line) + "'";
        return;
      }
      ((*v)[2] == 1 ? own : theirs).push_back({static_cast<int>((*v)[0]), static_cast<int>((*v)[1])});
    });
    if (!done) return false;
    if (!require_board(out)) return true;
    if (error.empty()) error = rebuild(own, theirs);
    if (!error.empty()) {
      out << "ERROR " << error << std::endl;
      return true;
    }
    think(out);
    return true;
  }

  bool info(std::string_view args, std::istream&, std::ostream& out) {
    const auto space = args.find(' ');
    const std::string key = upper(args.substr(0, space));
    const auto value = parse_int(space == std::string_view::npos ? std::string_view{} : args.substr(space + 1));
    if (key == "FOLDER" || key == "EVALUATE" || key == "GAME_TYPE") return true;
    if (!value) {
      // INFO gets no answer, except a complaint when its number is missing.
      if (key == "TIMEOUT_TURN" || key == "TIMEOUT_MATCH" || key == "TIME_LEFT" || key == "MAX_MEMORY" ||
          key == "RULE" || key == "THREAD_NUM") {
        out << "ERROR INFO " << key << " needs a number" << std::endl;
      }
      return true;
    }
    if (key == "TIMEOUT_TURN") turn_ms_ = std::max<std::int64_t>(0, *value);
    else if (key == "TIMEOUT_MATCH") match_ms_ = std::max<std::int64_t>(0, *value);
    else if (key == "TIME_LEFT") time_left_ms_ = std::max<std::int64_t>(0, *value);
    else if (key == "MAX_MEMORY") max_memory_ = std::max<std::int64_t>(0, *value);
    else if (key == "THREAD_NUM") threads_ = static_cast<int>(std::clamp<std::int64_t>(*value, 1, 64));
    else if (key == "RULE") set_rule((*value & 4) ? Rule::RENJU : (*value & 1) ? Rule::STANDARD : Rule::FREESTYLE);
    return true;
  }

  bool end(std::string_view, std::istream&, std::ostream&) { return false; }

  bool about(std::string_view, std::istream&, std::ostream& out) {
    out << "name=\"tilestone\", version=\"0.1.0\", author=\"tilestone developers\", country=\"-\", www=\"-\"" << std::endl;
    return true;
  }

  bool takeback(std::string_view args, std::istream&, std::ostream& out) {
    if (!require_board(out)) return true;
    const auto v = parse_ints(args);
    const auto last = board_->last_move();
    if (!v || v->size() != 2) {
      out << "ERROR TAKEBACK needs x,y" << std::endl;
    } else if (!last || last->x != (*v)[0] || last->y != (*v)[1]) {
      out << "ERROR " << (*v)[0] << "," << (*v)[1] << " is not the last move" << std::endl;
    } else {
      board_->undo();
      out << "OK" << std::endl;
    }
    return true;
  }

  // SWAP2BOARD: 0 stones - place three; 3 or 5 stones - stay with white and play the next move.
  bool swap2board(std::string_view, std::istream& in, std::ostream& out) {
    std::vector<Point> stones;
    std::string error;
    const bool done = read_stones(in, [&](std::string_view line) {
      const auto v = parse_ints(line);
      if (!v || v->size() != 2) error = "malformed SWAP2BOARD line '" + std::string(line) + "'";
      else stones.push_back({static_cast<int>((*v)[0]), static_cast<int>((*v)[1])});
    });
    if (!done) return false;
    if (!require_board(out)) return true;
    if (error.empty() && stones.size() != 0 && stones.size() != 3 && stones.size() != 5) error = "SWAP2BOARD needs 0, 3 or 5 stones";
    if (error.empty()) {
      board_.emplace(board_->size(), rule_);
      for (Point p : stones) {
        if (!board_->empty_at(p)) {
          error = "bad SWAP2BOARD stone " + std::to_string(p.x) + "," + std::to_string(p.y);
          break;
        }
        board_->play(p);
      }
    }
    if (!error.empty()) {
      out << "ERROR " << error << std::endl;
      return true;
    }
    if (stones.empty()) {
      // A quiet, balanced opening: centre, a diagonal neighbour for white, a knight's move for black.
      const int c = board_->size() / 2;
      out << c << "," << c << " " << c + 1 << "," << c - 1 << " " << c - 1 << "," << c + 2 << std::endl;
      return true;
    }
    think(out);
    return true;
  }

  bool require_board(std::ostream& out) {
    if (board_) return true;
    out << "ERROR no board: send START first" << std::endl;
    return false;
  }

  // Reads lines up to DONE, handing each to `take`; false when the input ends first.
  template <class Take>
  static bool read_stones(std::istream& in, Take&& take) {
    std::string line;
    while (read_line(in, line)) {
      const auto t = trim(line);
      if (t.empty()) continue;
      if (upper(t) == "DONE") return true;
      take(t);
    }
    return false;
  }

  std::optional<Point> parse_point(std::string_view args, std::ostream& out) {
    const auto v = parse_ints(args);
    if (!v || v->size() != 2) {
      out << "ERROR expected x,y but got '" << args << "'" << std::endl;
      return std::nullopt;
    }
    const Point p{static_cast<int>(std::clamp<std::int64_t>((*v)[0], -1, 1000)), static_cast<int>(std::clamp<std::int64_t>((*v)[1], -1, 1000))};
    if (!board_->inside(p)) {
      out << "ERROR " << (*v)[0] << "," << (*v)[1] << " is off the board" << std::endl;
      return std::nullopt;
    }
    if (!board_->empty_at(p)) {
      out << "ERROR " << p.x << "," << p.y << " is occupied" << std::endl;
      return std::nullopt;
    }
    return p;
  }

  // Plays the stones of a BOARD command alternately; black is whoever has not fewer stones.
  std::string rebuild(const std::vector<Point>& own, const std::vector<Point>& theirs) {
    const bool own_black = own.size() == theirs.size();
    if (!own_black && theirs.size() != own.size() + 1) return "BOARD stone counts do not allow us to move";
    const auto& black = own_black ? own : theirs;
    const auto& white = own_black ? theirs : own;
    Board b(board_->size(), rule_);
    for (std::size_t i = 0; i < black.size(); ++i) {
      for (Point p : {black[i], i < white.size() ? white[i] : Point{}}) {
        if (!p.valid() && i >= white.size()) continue;
        if (!b.empty_at(p)) return "bad BOARD stone " + std::to_string(p.x) + "," + std::to_string(p.y);
        b.play(p);
      }
    }
    board_ = b;
    return {};
  }

  void set_rule(Rule rule) {
    if (rule == rule_) return;
    rule_ = rule;
    if (!board_) return;
    Board b(board_->size(), rule_);
    for (Point p : board_->moves()) b.play(p);
    board_ = b;
  }

  // Chooses and plays our move, within the turn and the time left.
  void think(std::ostream& out) {
    if (board_->full()) {
      out << "ERROR the board is full" << std::endl;
      return;
    }
    std::int64_t budget = turn_ms_ == 0 ? FAST_TURN_MS : turn_ms_;
    if (time_left_ms_ < std::numeric_limits<std::int64_t>::max()) budget = std::min(budget, time_left_ms_ / MOVES_LEFT_GUESS);
    budget = std::max(MIN_THINK_MS, budget - TURN_MARGIN_MS);
    gomoku::Limits limits;
    limits.time_ms = static_cast<int>(std::min<std::int64_t>(budget, 1 << 30));
    limits.threads = threads_;
    if (max_memory_ > 0) limits.memory_mb = static_cast<std::size_t>(std::max<std::int64_t>(1, max_memory_ / (1 << 20) / 4));
    const auto r = engine_->search(*board_, limits);
    Point move = r.move;
    if (!board_->empty_at(move)) move = gomoku::fallback_move(*board_);
    board_->play(move);
    out << move.x << "," << move.y << std::endl;
  }

  BrainOptions options_;
  std::unique_ptr<gomoku::Engine> engine_;
  std::optional<Board> board_;
  Rule rule_ = Rule::FREESTYLE;
  std::int64_t turn_ms_;
  std::int64_t match_ms_ = 0;
  std::int64_t time_left_ms_ = std::numeric_limits<std::int64_t>::max();
  std::int64_t max_memory_ = 0;
  int threads_ = 1;
};

const std::array<Brain::Entry, 11> Brain::DISPATCH = {{
    {"START", &Brain::start},
    {"RECTSTART", &Brain::rectstart},
    {"RESTART", &Brain::restart},
    {"BEGIN", &Brain::begin},
    {"TURN", &Brain::turn},
    {"BOARD", &Brain::board},
    {"INFO", &Brain::info},
    {"END", &Brain::end},
    {"ABOUT", &Brain::about},
    {"TAKEBACK", &Brain::takeback},
    {"SWAP2BOARD", &Brain::swap2board},
}};

}  // namespace

int run(std::istream& in, std::ostream& out, const BrainOptions& options) {
  Brain brain(options);
  std::string line;
  while (read_line(in, line)) {
    if (!brain.handle(line, in, out)) break;
  }
  return 0;
}

}  // namespace tilestone::protocol
