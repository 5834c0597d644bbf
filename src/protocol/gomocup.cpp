#include "protocol/gomocup.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/clock.h"
#include "core/parallel.h"
#include "gomoku/board.h"
#include "gomoku/limits.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"
#include "protocol/params.h"
#include "protocol/position.h"
#include "protocol/text.h"
#include "protocol/time_control.h"

#ifndef TILESTONE_VERSION
#define TILESTONE_VERSION "0.0.0"
#endif

namespace tilestone::protocol {
namespace {

using gomoku::Board;
using gomoku::Point;
using gomoku::Rule;

bool read_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (line.size() > params::MAX_LINE) line.resize(params::MAX_LINE);
  return true;
}

// The lines of a block up to DONE (blank lines skipped); nullopt when the input ends first.
// A block longer than any board holds keeps only its first lines, and `overflow` says so.
std::optional<std::vector<std::string>> read_block(std::istream& in, bool& overflow) {
  std::vector<std::string> lines;
  overflow = false;
  std::string line;
  while (read_line(in, line)) {
    const auto t = trim(line);
    if (t.empty()) continue;
    if (upper(t) == "DONE") return lines;
    if (lines.size() < static_cast<std::size_t>(params::MAX_STONES)) lines.emplace_back(t);
    else overflow = true;
  }
  return std::nullopt;
}

// INFO rule: bit 0 exactly five, bit 2 renju (Gomocup); 2 alone is renju for Yixin-Board.
Rule rule_of(std::int64_t value) {
  if (value == 2 || (value & 4)) return Rule::RENJU;
  return (value & 1) ? Rule::STANDARD : Rule::FREESTYLE;
}

// The first word of a command line, upper-cased.
std::string command_of(std::string_view line) {
  line = trim(line);
  return upper(line.substr(0, line.find_first_of(" \t")));
}

class Brain {
 public:
  explicit Brain(const BrainOptions& options)
      : level_(options.level),
        config_(options.config),
        network_(config_.network_for(rule_)),
        engine_(gomoku::make_engine(level_, network_)),
        clock_(options.default_turn_ms),
        observer_(options.observer) {}

  // A think still running is stopped: its move is answered, then the engine goes.
  ~Brain() { finish_thinking(true); }

  // Whether a move is being searched on the thinking thread (answer_move started it).
  bool thinking() const { return thinker_.joinable(); }

  // Waits for the think to end, after asking it to stop now when `stop` (YXSTOP, END): its
  // move, the best found so far, is answered before this returns.
  void finish_thinking(bool stop) {
    if (!thinker_.joinable()) return;
    if (stop) thinker_.request_stop();
    thinker_.join();
    thinker_ = {};
  }

  // Returns false when the session ends (END).
  bool handle(std::string_view line, std::istream& in, std::ostream& out) {
    arrived_ = core::Deadline::in_ms(0);
    line = trim(line);
    if (line.empty()) return true;
    const auto space = line.find_first_of(" \t");
    const std::string command = command_of(line);
    const std::string_view args = space == std::string_view::npos ? std::string_view{} : trim(line.substr(space));
    for (const auto& entry : DISPATCH) {
      if (command == entry.name) return (this->*entry.handler)(args, in, out);
    }
    out << "UNKNOWN command " << command << std::endl;
    return true;
  }

  const Board* position() const { return board_ ? &*board_ : nullptr; }

 private:
  using Handler = bool (Brain::*)(std::string_view, std::istream&, std::ostream&);
  struct Entry {
    std::string_view name;
    Handler handler;
  };
  // The one table from command to handler (defined below the class).
  static const std::array<Entry, 16> DISPATCH;

  // Step 1. Games and positions.

  bool start(std::string_view args, std::istream&, std::ostream& out) {
    const auto size = gomoku::parse_size(args);
    if (!size) return error(out, size.error());
    new_game(*size);
    say_evaluation(out);
    out << "OK" << std::endl;
    return true;
  }

  bool rectstart(std::string_view args, std::istream& in, std::ostream& out) {
    const auto dims = parse_ints(args);
    if (!dims || dims->size() != 2) return error(out, "RECTSTART needs width,height");
    if ((*dims)[0] != (*dims)[1]) return error(out, "only square boards are supported");
    return start(std::to_string((*dims)[0]), in, out);
  }

  bool restart(std::string_view, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    new_game(board_->size());
    out << "OK" << std::endl;
    return true;
  }

  bool begin(std::string_view, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    if (board_->move_count() != 0) return error(out, "BEGIN needs an empty board");
    return answer_move(*board_, 1, out);
  }

  bool turn(std::string_view args, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    const auto v = parse_ints(args);
    if (!v || v->size() != 2) return error(out, "expected x,y but got '" + std::string(args) + "'");
    const auto p = on_board((*v)[0], (*v)[1], board_->size());
    if (!p) return error(out, std::string(args) + " is off the board");
    if (!board_->empty_at(*p)) return error(out, format_point(*p) + " is occupied");
    Board next = *board_;
    next.play(*p);
    return answer_move(std::move(next), 1, out);
  }

  // BOARD: lines x,y,field until DONE; then it is our move, whatever the counts.
  bool board(std::string_view, std::istream& in, std::ostream& out) {
    bool overflow = false;
    const auto lines = read_block(in, overflow);
    if (!lines) return false;
    if (!board_) return error(out, NO_BOARD);
    if (overflow) return error(out, "BOARD has more stones than the board");
    const auto stones = parse_stones(*lines, board_->size());
    if (!stones) return error(out, "BOARD " + stones.error());
    const auto next = board_position(*stones, board_->size(), rule_);
    if (!next) return error(out, "BOARD " + next.error());
    return answer_move(*next, 1, out);
  }

  // YXBOARD: the same lines, the moves in the order given; sets the position without a move.
  bool yxboard(std::string_view, std::istream& in, std::ostream& out) {
    bool overflow = false;
    const auto lines = read_block(in, overflow);
    if (!lines) return false;
    if (!board_) return error(out, NO_BOARD);
    if (overflow) return error(out, "YXBOARD has more stones than the board");
    const auto stones = parse_stones(*lines, board_->size());
    if (!stones) return error(out, "YXBOARD " + stones.error());
    const auto next = ordered_position(*stones, board_->size(), rule_);
    if (!next) return error(out, "YXBOARD " + next.error());
    board_ = *next;
    return true;
  }

  // SWAP2BOARD: 0 stones - place three; 3 or 5 stones - stay with white and play the next move.
  bool swap2board(std::string_view, std::istream& in, std::ostream& out) {
    bool overflow = false;
    const auto lines = read_block(in, overflow);
    if (!lines) return false;
    if (!board_) return error(out, NO_BOARD);
    if (overflow || (lines->size() != 0 && lines->size() != 3 && lines->size() != 5))
      return error(out, "SWAP2BOARD needs 0, 3 or 5 stones");
    const auto points = parse_points(*lines, board_->size());
    if (!points) return error(out, "SWAP2BOARD " + points.error());
    const auto next = opening_position(*points, board_->size(), rule_);
    if (!next) return error(out, "SWAP2BOARD " + next.error());
    if (!points->empty()) return answer_move(*next, 1, out);
    // A quiet, balanced opening: centre, a diagonal neighbour for white, a knight's move for black.
    board_ = *next;
    const int c = board_->size() / 2;
    out << format_point({c, c}) << " " << format_point({c + 1, c - 1}) << " " << format_point({c - 1, c + 2}) << std::endl;
    return true;
  }

  bool takeback(std::string_view args, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    const auto v = parse_ints(args);
    if (!v || v->size() != 2) return error(out, "TAKEBACK needs x,y");
    const auto last = board_->last_move();
    const auto p = on_board((*v)[0], (*v)[1], board_->size());
    if (!last || !p || *p != *last) return error(out, std::string(args) + " is not the last move");
    board_->undo();
    out << "OK" << std::endl;
    return true;
  }

  // Step 2. Settings.

  bool info(std::string_view args, std::istream&, std::ostream& out) {
    const auto space = args.find_first_of(" \t");
    const std::string key = upper(args.substr(0, space));
    const std::string_view text = space == std::string_view::npos ? std::string_view{} : args.substr(space + 1);
    static constexpr std::array<std::string_view, 8> NUMERIC = {
        "TIMEOUT_TURN", "TIMEOUT_MATCH", "TIME_LEFT", "MAX_MEMORY", "RULE", "THREAD_NUM", "SHOW_DETAIL", "MAX_DEPTH"};
    // Other keys (FOLDER, GAME_TYPE, EVALUATE, ...) need nothing from us.
    if (std::find(NUMERIC.begin(), NUMERIC.end(), key) == NUMERIC.end()) return true;
    // INFO is never answered (managers read no reply to it): a value it cannot use is ignored
    // and said on a MESSAGE line, which managers show or log but never take for an answer.
    const auto value = parse_int(text);
    if (!value) return ignored(out, key, text, "needs a whole number");
    const std::int64_t v = *value;
    if (key == "TIMEOUT_TURN") clock_.set_turn(v);
    else if (key == "TIME_LEFT") clock_.set_left(v);
    else if (key == "MAX_MEMORY") set_memory(v);
    else if (key == "THREAD_NUM") threads_ = static_cast<int>(std::clamp<std::int64_t>(v, 1, max_threads()));
    else if (key == "SHOW_DETAIL") show_detail_ = v != 0;
    else if (key == "MAX_DEPTH") max_depth_ = static_cast<int>(std::clamp<std::int64_t>(v, 0, gomoku::limits::MAX_DEPTH));
    else if (key == "RULE") {
      if (v < 0) return ignored(out, key, text, "needs a rule number (0, 1, 2 or 4)");
      set_rule(rule_of(v), out);
    }
    return true;
  }

  // More threads than cores would only wait for each other, and late.
  static std::int64_t max_threads() { return std::min<std::int64_t>(gomoku::limits::MAX_THREADS, core::hardware_threads()); }

  // max_memory is the whole brain's limit (0: none). The table is sized now, not in a timed turn.
  void set_memory(std::int64_t bytes) {
    tt_mb_ = bytes <= 0 ? gomoku::params::TT_DEFAULT_MB
                        : static_cast<std::size_t>(std::max<std::int64_t>(1, bytes / (1 << 20) / params::TT_MEMORY_SHARE));
    engine_->reserve(tt_mb_);
  }

  void set_rule(Rule rule, std::ostream& out) {
    if (rule == rule_) return;
    rule_ = rule;
    if (auto net = config_.network_for(rule_); net != network_) {
      // Another evaluation: a new engine (the table sized as before).
      network_ = std::move(net);
      engine_ = gomoku::make_engine(level_, network_);
      engine_->reserve(tt_mb_);
    }
    engine_->clear();
    if (board_) {
      board_ = with_rule(*board_, rule_);
      say_evaluation(out);
    }
  }

  // Which evaluation plays, said only where the config gives a network (a plain brain's
  // transcripts stay as they were).
  void say_evaluation(std::ostream& out) const {
    if (!config_.networks.any()) return;
    if (network_)
      out << "MESSAGE evaluation: network for " << gomoku::rule_name(rule_) << std::endl;
    else
      out << "MESSAGE evaluation: classical (" << (config_.classical ? "eval = classical" : "no network for this rule") << ")"
          << std::endl;
  }

  // Step 3. Questions that do not move.

  bool about(std::string_view, std::istream&, std::ostream& out) {
    out << "name=\"tilestone\", version=\"" TILESTONE_VERSION "\", author=\"tilestone developers\", "
           "country=\"-\", www=\"-\""
        << std::endl;
    return true;
  }

  // YXSHOWFORBID: black's forbidden points as xxyy digits, then a dot (none unless renju).
  bool yxshowforbid(std::string_view, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    std::string digits;
    auto two = [&](int v) { digits += static_cast<char>('0' + v / 10), digits += static_cast<char>('0' + v % 10); };
    for (Point p : gomoku::forbidden_points(*board_)) two(p.x), two(p.y);
    out << "FORBID " << digits << "." << std::endl;
    return true;
  }

  bool yxnbest(std::string_view args, std::istream&, std::ostream& out) {
    if (!board_) return error(out, NO_BOARD);
    const auto n = parse_int(args);
    if (!n) return error(out, "YXNBEST needs a number");
    return answer_move(*board_, static_cast<int>(std::clamp<std::int64_t>(*n, 1, params::MAX_NBEST)), out);
  }

  bool yxhashclear(std::string_view, std::istream&, std::ostream& out) {
    engine_->clear();
    out << "MESSAGE hash cleared" << std::endl;
    return true;
  }

  // YXSTOP asks to stop thinking: run() stops a think in progress when it reads it, and the move
  // found so far is the answer. Between thinks there is nothing to stop.
  bool yxstop(std::string_view, std::istream&, std::ostream&) { return true; }

  bool end(std::string_view, std::istream&, std::ostream&) { return false; }

  // Step 4. Thinking.

  // Plays our move on `next` (the position after the command), which becomes the position;
  // `nbest` > 1 also lists that many best moves as MESSAGE lines. A full board changes nothing.
  // The search runs on the thinking thread while run() reads on: YXSTOP and END stop it, and
  // the best move so far is the answer.
  bool answer_move(Board next, int nbest, std::ostream& out) {
    if (next.full()) return error(out, "the board is full");
    const core::Deadline clock = core::Deadline::in_ms(static_cast<double>(clock_.think_ms(arrived_.elapsed_us() / 1000)));
    thinker_ = std::jthread([this, next = std::move(next), nbest, clock, &out](std::stop_token stop) mutable {
      think(std::move(next), nbest, clock, stop, out);
    });
    return true;
  }

  // The think itself (on the thinking thread; run() touches nothing of the brain meanwhile).
  // The turn's time is shared among the searches; one that starts after it ran out (a slow
  // machine) searches one ply, so the list still has `nbest` moves (an ev at depth 1).
  void think(Board next, int nbest, const core::Deadline& clock, std::stop_token stop, std::ostream& out) {
    std::vector<Point> best;
    for (int i = 0; i < nbest; ++i) {
      gomoku::Limits limits;
      limits.time_ms = static_cast<int>(std::clamp<std::int64_t>(clock.remaining_us() / 1000 / (nbest - i), 1, INT32_MAX));
      limits.threads = threads_;
      limits.depth = i > 0 && (clock.expired() || stop.stop_requested()) ? 1 : max_depth_;
      limits.memory_mb = tt_mb_;
      limits.avoid = best;
      limits.stop = stop;
      gomoku::ProgressFn progress;
      // Only finished iterations: the protocol reports one line per depth.
      if (show_detail_) progress = [&](const gomoku::SearchInfo& info) { if (!info.partial) report(info, out); };
      const auto r = engine_->search(next, limits, progress);
      Point move = r.move;
      if (!next.empty_at(move)) move = gomoku::fallback_move(next);
      // A forced win or block is the answer whatever is avoided: the list ends there.
      if (std::find(best.begin(), best.end(), move) != best.end()) break;
      best.push_back(move);
      if (nbest > 1) out << "MESSAGE nbest " << i + 1 << " " << format_point(move) << " ev " << r.value << " depth " << r.depth << std::endl;
    }
    next.play(best.front());
    board_ = std::move(next);
    clock_.spend(arrived_.elapsed_us() / 1000);
    // The command is done when its answer is out: the observer sees the position first.
    if (observer_) observer_(&*board_);
    out << format_point(best.front()) << std::endl;
  }

  // A realtime line while thinking (INFO show_detail).
  static void report(const gomoku::SearchInfo& info, std::ostream& out) {
    const double seconds = std::max(info.elapsed_ms, 1.0) / 1000.0;
    out << "MESSAGE depth " << info.depth << " ev " << info.value << " n " << info.nodes << " n/s "
        << static_cast<std::uint64_t>(static_cast<double>(info.nodes) / seconds) << " tm "
        << static_cast<std::int64_t>(info.elapsed_ms) << " pv";
    for (Point p : info.pv) out << " " << format_point(p);
    out << std::endl;
  }

  void new_game(int size) {
    board_.emplace(size, rule_);
    engine_->reserve(tt_mb_);
    engine_->clear();
  }

  static bool error(std::ostream& out, std::string_view message) {
    out << "ERROR " << message << std::endl;
    return true;
  }

  static bool ignored(std::ostream& out, std::string_view key, std::string_view value, std::string_view why) {
    out << "MESSAGE INFO " << key << " '" << value << "' ignored: " << why << std::endl;
    return true;
  }

  static constexpr std::string_view NO_BOARD = "no board: send START first";

  gomoku::Level level_;
  BrainConfig config_;
  Rule rule_ = Rule::FREESTYLE;
  std::shared_ptr<const gomoku::Network> network_;  // the engine's; null: classical
  std::unique_ptr<gomoku::Engine> engine_;
  std::optional<Board> board_;
  TimeControl clock_;
  core::Deadline arrived_;  // when the command being served was read
  std::size_t tt_mb_ = gomoku::params::TT_DEFAULT_MB;
  int threads_ = 1;
  int max_depth_ = 0;
  bool show_detail_ = false;
  std::function<void(const Board*)> observer_;
  std::jthread thinker_;  // the think in progress, if any
};

const std::array<Brain::Entry, 16> Brain::DISPATCH = {{
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
    {"YXBOARD", &Brain::yxboard},
    {"YXSHOWFORBID", &Brain::yxshowforbid},
    {"YXNBEST", &Brain::yxnbest},
    {"YXHASHCLEAR", &Brain::yxhashclear},
    {"YXSTOP", &Brain::yxstop},
}};

}  // namespace

int run(std::istream& in, std::ostream& out, const BrainOptions& options) {
  // The thinking thread writes its answer while this thread waits for the next line: an input
  // stream tied to `out` (std::cin is tied to std::cout) would flush `out` from this thread at
  // every read, at the same time (a race that once wrote an answer twice, so a manager took the
  // copy for the next move). Answers are flushed by std::endl instead.
  std::ostream* const tied = in.tie(nullptr);
  struct Retie {
    std::istream& in;
    std::ostream* tied;
    ~Retie() { in.tie(tied); }
  } retie{in, tied};
  Brain brain(options);
  auto observe = [&] {
    if (options.observer) options.observer(brain.position());
  };
  std::string line;
  bool more = true;
  while (more && read_line(in, line)) {
    // Step 1. A think runs while the next command is read: YXSTOP and END stop it at once, any
    // other command waits for it to end. Either way its move is answered first.
    if (brain.thinking()) {
      const std::string command = command_of(line);
      brain.finish_thinking(command == "YXSTOP" || command == "END");
    }
    // Step 2. The command; a move it asks for is being thought about when this returns (and
    // the think calls the observer).
    more = brain.handle(line, in, out);
    if (!brain.thinking()) observe();
  }
  // The input ended during a think (not END): it runs its course.
  brain.finish_thinking(false);
  return 0;
}

}  // namespace tilestone::protocol
