#include "protocol_fuzz.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <limits>
#include <optional>
#include <ostream>
#include <thread>

#include "core/clock.h"
#include "core/rng.h"
#include "gomoku/board.h"
#include "gomoku/rules.h"
#include "protocol/gomocup.h"
#include "protocol/params.h"
#include "protocol_fuzz_parts.h"

namespace tilestone::fuzz {
namespace {

using namespace parts;
using gomoku::Board;
using gomoku::Color;
using gomoku::Point;
using gomoku::Rule;

// One session: the model of the brain's position and clock, the next command drawn from
// them, and the checks of each answer.

class Session {
 public:
  static constexpr int MAX_GAME_COMMANDS = 1000;

  // How much longer than the turn the fuzzer waits for a move before it reads the silence.
  static constexpr std::int64_t ANSWER_WAIT_MS = 30000;

  Session(int index, const FuzzConfig& config, FuzzReport& report, std::atomic<std::int64_t>& heartbeat)
      : rng_(core::derive_seed(config.seed, static_cast<std::uint64_t>(index))), config_(config), report_(report),
        heartbeat_(heartbeat), index_(index) {
    legal_game_ = rng_.below(4) == 0;
    // A legal game runs to its end (a five or a full board); other sessions stop after a while.
    length_ = legal_game_ ? std::numeric_limits<int>::max() : 3 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(config.max_commands)));
    turn_ms_ = rng_.below(static_cast<std::uint32_t>(config.max_turn_ms + 1));
  }

  void run() {
    Source source([this] { return next_line(); });
    Sink sink;
    std::istream in(&source);
    std::ostream out(&sink);
    sink_ = &sink;
    protocol::BrainOptions options;
    options.default_turn_ms = static_cast<int>(turn_ms_);
    options.observer = [this](const Board* b) {
      brain_.reset();
      if (b) brain_ = *b;
    };
    protocol::run(in, out, options);
    if (pending_) finish();
    ++report_.sessions;
  }

 private:
  struct Pending {
    std::vector<std::string> lines;
    Expect expect = Expect::NOTHING;
    std::optional<Board> next;  // the position after the command if it is accepted (before our move)
    std::size_t answered = 0;   // sink lines before the command
    std::int64_t sent_us = 0;
    std::int64_t waited_us = 0;  // the thread's run-queue wait when the command was sent
    std::size_t given = 0;      // lines handed to the brain
  };

  std::optional<std::string> next_line() {
    heartbeat_ = core::now_us();
    if (pending_ && pending_->given < pending_->lines.size()) return give();
    // A move is thought about while the brain reads on: its answer comes before the next
    // command (or never: finish() then finds none).
    if (pending_ && pending_->expect == Expect::MOVE) sink_->wait_answer(pending_->answered, limit_ms() + ANSWER_WAIT_MS);
    if (pending_) finish();
    if (ended_) return std::nullopt;
    pending_ = generate();
    if (!pending_) return std::nullopt;
    pending_->answered = sink_->size();
    pending_->sent_us = core::now_us();
    pending_->waited_us = runqueue_wait_us();
    ++report_.commands;
    return give();
  }

  std::string give() {
    const std::string& line = pending_->lines[pending_->given++];
    transcript_ += "> " + line + "\n";
    if (config_.echo) std::fprintf(stderr, "> %s\n", line.c_str());
    return line + "\n";
  }

  std::uint32_t pick(std::uint32_t n) { return rng_.below(n); }
  bool chance(int percent) { return static_cast<int>(rng_.below(100)) < percent; }
  std::string bad_coord() { return BAD_COORDS[pick(static_cast<std::uint32_t>(BAD_COORDS.size()))]; }

  std::int64_t limit_ms() const {
    const std::int64_t turn = turn_ms_ == 0 ? protocol::params::FAST_TURN_MS : turn_ms_;
    return left_ms_ ? std::min(turn, *left_ms_) : turn;
  }

  // Step 1. Drawing the next command.

  std::optional<Pending> generate() {
    if (++count_ > length_) {
      if (chance(50)) return std::nullopt;  // the input just ends
      return make({"END"}, Expect::END);
    }
    if (legal_game_) return model_ ? game_step() : start_game();
    if (!model_ && (count_ == 1 || chance(70))) return start();
    const std::uint32_t r = pick(100);
    if (r < 20) return turn();
    if (r < 30) return board("BOARD");
    if (r < 36) return board("YXBOARD");
    if (r < 41) return swap2();
    if (r < 45) return thinking({"BEGIN"});
    if (r < 49) return start();
    if (r < 51) return rectstart();
    if (r < 54) return model_ ? make({"RESTART"}, Expect::OK, Board(model_->size(), rule_)) : make({"RESTART"}, Expect::ERROR);
    if (r < 59) return takeback();
    if (r < 78) return info();
    if (r < 79) return make({"ABOUT"}, Expect::ABOUT);
    if (r < 83) return model_ ? make({"YXSHOWFORBID"}, Expect::FORBID) : make({"YXSHOWFORBID"}, Expect::ERROR);
    if (r < 87) return nbest();
    if (r < 89) return make({"YXHASHCLEAR"}, Expect::MESSAGE);
    if (r < 90) return make({"YXSTOP"}, Expect::NOTHING);
    if (r < 91) return make({std::string(1 + pick(8), ' ')}, Expect::NOTHING);
    if (r < 92) return make({std::string(5000 + pick(3000), 'Q')}, Expect::UNKNOWN);
    return make({junk()}, Expect::UNKNOWN);
  }

  Pending make(std::vector<std::string> lines, Expect expect, std::optional<Board> next = std::nullopt) {
    Pending p;
    p.lines = std::move(lines);
    p.expect = expect;
    p.next = std::move(next);
    return p;
  }

  std::string junk() {
    static const char CHARS[] = "QZ#@!~%^&*()[]{}<>?/\\|;:'\"`azq09,.-+\t\x01\x7f\xc3\xa9";
    std::string s = "Q";
    const std::uint32_t n = pick(40);
    for (std::uint32_t i = 0; i < n; ++i) s += CHARS[pick(sizeof(CHARS) - 1)];
    return s;
  }

  Pending start() {
    const bool valid = chance(80);
    const int size = valid ? static_cast<int>(5 + (chance(60) ? pick(6) : pick(18))) : static_cast<int>(pick(40)) - 10;
    const bool ok = size >= gomoku::params::MIN_SIZE && size <= gomoku::params::MAX_SIZE;
    if (!valid && chance(30)) return make({"START " + junk()}, Expect::ERROR);
    return ok ? make({"START " + std::to_string(size)}, Expect::OK, Board(size, rule_)) : make({"START " + std::to_string(size)}, Expect::ERROR);
  }

  Pending rectstart() {
    const int w = static_cast<int>(pick(25)), h = chance(50) ? w : static_cast<int>(pick(25));
    const std::string line = "RECTSTART " + std::to_string(w) + "," + std::to_string(h);
    if (w != h || w < gomoku::params::MIN_SIZE || w > gomoku::params::MAX_SIZE) return make({line}, Expect::ERROR);
    return make({line}, Expect::OK, Board(w, rule_));
  }

  Pending start_game() {
    const int size = static_cast<int>(5 + pick(11));
    return make({"START " + std::to_string(size)}, Expect::OK, Board(size, rule_));
  }

  Pending nbest() {
    const Value& v = VALUES[pick(static_cast<std::uint32_t>(VALUES.size()))];
    return thinking({"YXNBEST " + std::string(v.text)}, std::nullopt, !v.number);
  }

  // A command that thinks (refused: it must be answered ERROR). While the turn would be longer
  // than the fuzzer allows, it first sends an INFO timeout_turn that makes it short.
  Pending thinking(std::vector<std::string> lines, std::optional<Board> next = std::nullopt, bool refused = false) {
    if (limit_ms() > config_.max_turn_ms) {
      turn_ms_ = pick(static_cast<std::uint32_t>(config_.max_turn_ms + 1));
      return make({"INFO timeout_turn " + std::to_string(turn_ms_)}, Expect::NOTHING, model_);
    }
    if (!model_ || refused) return make(std::move(lines), Expect::ERROR);
    if (!next) next = *model_;
    if (lines[0] == "BEGIN" && next->move_count() != 0) return make(std::move(lines), Expect::ERROR);
    if (next->full()) return make(std::move(lines), Expect::ERROR);
    return make(std::move(lines), Expect::MOVE, next);
  }

  std::optional<Point> random_empty(const Board& b, bool near) {
    std::vector<Point> empty;
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x)
        if (b.empty_at({x, y}) && (!near || b.move_count() == 0 || b.near(b.index({x, y})) > 0)) empty.push_back({x, y});
    if (empty.empty()) return near ? random_empty(b, false) : std::nullopt;
    return empty[pick(static_cast<std::uint32_t>(empty.size()))];
  }

  Pending turn() {
    if (!model_ || chance(30)) {
      const std::uint32_t k = pick(6);
      const int size = model_ ? model_->size() : 15;
      std::string args = k == 0 ? bad_coord() + "," + std::to_string(pick(static_cast<std::uint32_t>(size)))
                         : k == 1 ? std::to_string(pick(static_cast<std::uint32_t>(size))) + "," + bad_coord()
                         : k == 2 ? "a,b" : k == 3 ? "7" : k == 4 ? "1,2,3" : "";
      if (k == 5 && model_ && model_->move_count() > 0) args = point_text(model_->move_at(0));  // occupied
      return thinking({"TURN " + args}, std::nullopt, true);
    }
    const auto p = random_empty(*model_, chance(80));
    if (!p) return thinking({"TURN 0,0"}, std::nullopt, true);
    Board next = *model_;
    next.play(*p);
    return thinking({"TURN " + point_text(*p)}, next);
  }

  // BOARD or YXBOARD: random stones with random owners, sometimes one bad line.
  Pending board(const std::string& command) {
    const int size = model_ ? model_->size() : 15;
    Board scratch(size, rule_);
    std::vector<std::pair<Point, int>> stones;
    const int count = static_cast<int>(pick(static_cast<std::uint32_t>(std::min(size * size, 30) + 1)));
    for (int i = 0; i < count; ++i) {
      const auto p = random_empty(scratch, chance(70));
      if (!p) break;
      scratch.play(*p);
      stones.push_back({*p, 1 + static_cast<int>(pick(chance(90) ? 2 : 3))});
    }
    std::vector<std::string> lines = {command};
    for (auto& [p, field] : stones) lines.push_back(point_text(p) + "," + std::to_string(field));
    bool bad = false;
    if (chance(25)) {
      bad = true;
      const std::string line = corrupt_stone(stones, size);
      lines.insert(lines.begin() + 1 + pick(static_cast<std::uint32_t>(lines.size())), line);
    }
    if (chance(10)) lines.insert(lines.begin() + 1, "   ");  // blank lines inside a block are skipped
    lines.push_back(chance(50) ? "DONE" : "done");
    const bool yx = command == "YXBOARD";
    if (!model_ || bad) return yx ? make(std::move(lines), Expect::ERROR) : thinking(std::move(lines), std::nullopt, true);
    const Board next = yx ? ordered(stones, size) : counted(stones, size);
    if (yx) return make(std::move(lines), Expect::NOTHING, next);
    return thinking(std::move(lines), next);
  }

  std::string corrupt_stone(const std::vector<std::pair<Point, int>>& stones, int size) {
    const std::string any = std::to_string(pick(static_cast<std::uint32_t>(size)));
    switch (pick(6)) {
      case 0: return bad_coord() + "," + any + ",1";
      case 1: return any + "," + bad_coord() + ",2";
      case 2: return stones.empty() ? "-1,-1,1" : point_text(stones[pick(static_cast<std::uint32_t>(stones.size()))].first) + ",2";
      case 3: return any + "," + any + "," + (chance(50) ? "0" : chance(50) ? "4" : "-1");
      case 4: return any + "," + any;
      default: return junk();
    }
  }

  // The model of BOARD: black is the side with more stones (ours on a tie); colours alternate.
  Board counted(const std::vector<std::pair<Point, int>>& stones, int size) {
    std::vector<Point> ours, theirs;
    for (auto& [p, field] : stones) (field == 1 ? ours : theirs).push_back(p);
    const Color us = ours.size() >= theirs.size() ? Color::BLACK : Color::WHITE;
    const auto& black = us == Color::BLACK ? ours : theirs;
    const auto& white = us == Color::BLACK ? theirs : ours;
    Board b(size, rule_);
    for (std::size_t i = 0; i < std::max(black.size(), white.size()); ++i) {
      if (i < black.size()) place(b, black[i], Color::BLACK);
      if (i < white.size()) place(b, white[i], Color::WHITE);
    }
    if (b.to_move() != us) b.pass();
    return b;
  }

  // The model of YXBOARD: the moves in order, the first black.
  Board ordered(const std::vector<std::pair<Point, int>>& stones, int size) {
    const Color us = stones.empty() || stones[0].second == 1 ? Color::BLACK : Color::WHITE;
    Board b(size, rule_);
    for (auto& [p, field] : stones) place(b, p, field == 1 ? us : gomoku::opponent(us));
    if (b.to_move() != us) b.pass();
    return b;
  }

  // SWAP2BOARD: 0, 3 or 5 stones, or a wrong count, a stone given twice, off the board or junk.
  Pending swap2() {
    const int size = model_ ? model_->size() : 15;
    const std::uint32_t fault = chance(70) ? 0 : 1 + pick(4);
    const std::uint32_t n = fault == 1 ? std::vector<std::uint32_t>{1, 2, 4, 6}[pick(4)] : std::vector<std::uint32_t>{0, 3, 5}[pick(3)];
    Board scratch(size, rule_);
    std::vector<std::string> lines = {"SWAP2BOARD"};
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto p = random_empty(scratch, true);
      if (!p) break;
      scratch.play(*p);
      lines.push_back(point_text(*p));
    }
    const std::size_t stones = lines.size() - 1;
    bool bad = stones != 0 && stones != 3 && stones != 5;
    if (fault >= 2 && stones >= 2) {
      // Replace a stone other than the first, so the count stays right and one line is bad.
      const std::size_t at = 2 + pick(static_cast<std::uint32_t>(stones - 1));
      lines[at] = fault == 2 ? lines[1] : fault == 3 ? bad_coord() + "," + std::to_string(pick(static_cast<std::uint32_t>(size))) : junk();
      bad = true;
    }
    lines.push_back("DONE");
    if (!model_ || bad) return thinking(std::move(lines), std::nullopt, true);
    if (stones == 0) return make(std::move(lines), Expect::OPENING, Board(size, rule_));
    return thinking(std::move(lines), scratch);
  }

  Pending takeback() {
    if (!model_ || model_->move_count() == 0 || chance(30)) {
      const std::string args = chance(50) ? bad_coord() + ",3" : chance(50) ? "x" : "0,0";
      const bool is_last = model_ && model_->last_move() && args == point_text(*model_->last_move());
      if (!is_last) return make({"TAKEBACK " + args}, Expect::ERROR);
    }
    Board next = *model_;
    const Point last = *next.last_move();
    next.undo();
    return make({"TAKEBACK " + point_text(last)}, Expect::OK, next);
  }

  Pending info() {
    const std::string key = INFO_KEYS[pick(static_cast<std::uint32_t>(INFO_KEYS.size()))];
    const Value& value = VALUES[pick(static_cast<std::uint32_t>(VALUES.size()))];
    std::string upper_key = key;
    for (char& c : upper_key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::vector<std::string> lines = {"INFO " + (chance(20) ? upper_key : key) + " " + value.text};
    const bool numeric = key != "game_type" && key != "folder" && key != "evaluate" && key != "no_such_key";
    if (!numeric) return make(std::move(lines), Expect::NOTHING, model_);
    // INFO is never answered: an unusable value is a MESSAGE line and changes nothing.
    if (!value.number) return make(std::move(lines), Expect::MESSAGE);
    const std::int64_t v = *value.number;
    if (key == "timeout_turn") turn_ms_ = std::clamp<std::int64_t>(v, 0, protocol::params::MAX_TIME_MS);
    if (key == "time_left") {
      if (v >= protocol::params::UNLIMITED_TIME_LEFT) left_ms_.reset();
      else left_ms_ = std::max<std::int64_t>(0, v);
    }
    if (key == "rule") {
      if (v < 0) return make(std::move(lines), Expect::MESSAGE);
      rule_ = rule_of(v);
      if (model_) return make(std::move(lines), Expect::NOTHING, with_rule(*model_, rule_));
    }
    return make(std::move(lines), Expect::NOTHING, model_);
  }

  static Board with_rule(const Board& from, Rule rule) {
    Board b(from.size(), rule);
    for (int i = 0; i < from.move_count(); ++i) place(b, from.move_at(i), *from.at(from.move_at(i)));
    if (b.to_move() != from.to_move()) b.pass();
    return b;
  }

  // A legal game: START, a rule, a short turn, then BEGIN or TURN until a five or a full board.
  Pending game_step() {
    if (game_stage_ == 0 && model_) {
      ++game_stage_;
      return info_rule();
    }
    if (game_stage_ == 1) {
      ++game_stage_;
      if (model_->move_count() == 0 && chance(50)) return thinking({"BEGIN"});
    }
    // Over at a five, or a draw when our move would fill the board (the brain refuses a TURN
    // that leaves it no point, as it refuses every command it cannot answer with a move).
    const auto last = model_->last_move();
    const int empty = model_->size() * model_->size() - model_->move_count();
    if ((last && gomoku::winning_line(*model_, *last)) || empty <= 1 || count_ > MAX_GAME_COMMANDS) {
      ++report_.games;
      ended_ = true;
      return make({"END"}, Expect::END);
    }
    length_ = count_ + 2;  // a game runs to its end
    std::optional<Point> p;
    for (int tries = 0; tries < 8; ++tries) {
      p = random_empty(*model_, true);
      if (!p || model_->rule() != Rule::RENJU || model_->to_move() != Color::BLACK || !gomoku::is_forbidden(*model_, *p)) break;
    }
    Board next = *model_;
    next.play(*p);
    return thinking({"TURN " + point_text(*p)}, next);
  }

  Pending info_rule() {
    const std::int64_t v = std::vector<std::int64_t>{0, 1, 2, 4, 5}[pick(5)];
    rule_ = rule_of(v);
    return make({"INFO rule " + std::to_string(v)}, Expect::NOTHING, with_rule(*model_, rule_));
  }

  // Step 2. Checking the answers to the command just served.

  void finish() {
    Pending p = std::move(*pending_);
    pending_.reset();
    last_command_ = p.lines[0];
    std::vector<Answer> answers;
    const std::vector<Answer> lines = sink_->lines();
    for (std::size_t i = p.answered; i < lines.size(); ++i) {
      transcript_ += "< " + lines[i].text + "\n";
      const auto& text = lines[i].text;
      if (text.rfind("MESSAGE", 0) != 0 && text.rfind("DEBUG", 0) != 0) answers.push_back(lines[i]);
    }
    const bool silent = p.expect == Expect::NOTHING || p.expect == Expect::MESSAGE || p.expect == Expect::END;
    if (silent ? !answers.empty() : answers.size() != 1) {
      fail("expected " + std::to_string(silent ? 0 : 1) + " answer lines");
      return;
    }
    if (p.expect == Expect::END) return;
    const std::string answer = silent ? "" : answers[0].text;
    const Answer done = silent ? Answer{"", core::now_us(), runqueue_wait_us(), std::this_thread::get_id()} : answers[0];
    const std::int64_t took_us = done.at_us - p.sent_us;
    // A thinking thread was started for this move: all its wait counts.
    const bool same_thread = done.writer == std::this_thread::get_id();
    const std::int64_t starved_us = std::max<std::int64_t>(0, done.waited_us - (same_thread ? p.waited_us : 0));
    const bool thinks = p.expect == Expect::MOVE || p.expect == Expect::OPENING;
    const double limit = static_cast<double>(thinks ? limit_ms() : QUICK_MS);
    const double wall_over_ms = static_cast<double>(took_us) / 1000.0 - limit;
    const double over_ms = static_cast<double>(took_us - starved_us) / 1000.0 - limit;
    if (thinks) report_.worst_overshoot_ms = std::max(report_.worst_overshoot_ms, over_ms);
    if (thinks) report_.worst_wall_overshoot_ms = std::max(report_.worst_wall_overshoot_ms, wall_over_ms);
    if (wall_over_ms > config_.tolerance_ms) ++report_.late_wall;
    if (over_ms > config_.tolerance_ms) {
      ++report_.late;
      fail("late by " + std::to_string(over_ms) + " ms (limit " + std::to_string(limit) + " ms, " +
           std::to_string(starved_us / 1000) + " ms waiting for a CPU not counted)");
    }
    if (thinks && left_ms_) left_ms_ = std::max<std::int64_t>(0, *left_ms_ - took_us / 1000);
    if (!check_answer(p, answer)) return;
    if (p.expect == Expect::ERROR) ++report_.refused;
    if (p.expect != Expect::ERROR && p.next) model_ = p.next;
    if (p.expect == Expect::MOVE) {
      model_->play(*parse_move(answer, model_->size()));
      ++report_.moves;
    }
    check_position();
  }

  bool check_answer(const Pending& p, const std::string& a) {
    auto starts = [&](const char* prefix) { return a.rfind(prefix, 0) == 0; };
    switch (p.expect) {
      case Expect::OK: return a == "OK" || fail("expected OK");
      case Expect::ERROR: return starts("ERROR ") || fail("expected ERROR");
      case Expect::UNKNOWN: return starts("UNKNOWN") || fail("expected UNKNOWN");
      case Expect::ABOUT:
        return (starts("name=\"") && a.find("version=\"") != std::string::npos && a.find("author=\"") != std::string::npos &&
                a.find("country=\"") != std::string::npos) || fail("expected name=..., version=..., author=..., country=...");
      case Expect::FORBID: {
        std::string want = "FORBID ";
        for (Point q : gomoku::forbidden_points(*model_)) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "%02d%02d", q.x, q.y);
          want += buf;
        }
        return a == want + "." || fail("expected " + want + ".");
      }
      case Expect::OPENING: {
        std::istringstream in(a);
        std::vector<Point> pts;
        for (std::string w; in >> w;)
          if (auto q = parse_move(w, p.next->size())) pts.push_back(*q);
        const bool distinct = pts.size() == 3 && pts[0] != pts[1] && pts[1] != pts[2] && pts[0] != pts[2];
        return distinct || fail("expected three distinct points");
      }
      case Expect::MOVE: return legal_move(*p.next, a);
      default: return true;
    }
  }

  bool legal_move(const Board& b, const std::string& a) {
    const auto q = parse_move(a, b.size());
    if (!q) return fail("expected a move x,y on the board");
    if (!b.empty_at(*q)) return fail("move on an occupied point");
    // The engine keeps black off forbidden points while the game is on; once a five stands on the
    // board (a random BOARD, or moves sent after the end) any empty point will do.
    if (b.rule() == Rule::RENJU && b.to_move() == Color::BLACK && gomoku::is_forbidden(b, *q) && !decided(b)) {
      for (int y = 0; y < b.size(); ++y)
        for (int x = 0; x < b.size(); ++x)
          if (b.empty_at({x, y}) && !gomoku::is_forbidden(b, {x, y})) return fail("black played a forbidden point");
    }
    return true;
  }

  static bool decided(const Board& b) {
    for (int i = 0; i < b.move_count(); ++i)
      if (gomoku::winning_line(b, b.move_at(i))) return true;
    return false;
  }

  // The brain's position must be the model's: the same stones, last move and side to move.
  void check_position() {
    if (!model_ || !brain_) {
      if (model_.has_value() != brain_.has_value()) fail("brain has " + std::string(brain_ ? "a" : "no") + " board");
      return;
    }
    const Board& a = *model_;
    const Board& b = *brain_;
    bool same = a.size() == b.size() && a.rule() == b.rule() && a.move_count() == b.move_count() &&
                a.to_move() == b.to_move() && a.last_move() == b.last_move();
    for (int y = 0; same && y < a.size(); ++y)
      for (int x = 0; same && x < a.size(); ++x) same = a.at({x, y}) == b.at({x, y});
    if (!same) fail("the brain's position differs from the model's");
  }

  bool fail(const std::string& what) {
    if (what.rfind("late", 0) != 0) ++report_.breaks;
    if (failed_) return false;
    failed_ = true;
    const std::string command = pending_ ? pending_->lines[0] : last_command_;
    if (report_.failures.size() < 5)
      report_.failures.push_back("session " + std::to_string(index_) + " (TILESTONE_FUZZ_FIRST=" + std::to_string(index_) + "), " + command.substr(0, 40) + ": " + what + "\n" + transcript_);
    return false;
  }

  core::Rng rng_;
  const FuzzConfig& config_;
  FuzzReport& report_;
  std::atomic<std::int64_t>& heartbeat_;
  int index_;
  Sink* sink_ = nullptr;
  std::optional<Pending> pending_;
  std::optional<Board> model_;  // nullopt before a START
  std::optional<Board> brain_;  // what the brain's observer showed last
  Rule rule_ = Rule::FREESTYLE;
  std::int64_t turn_ms_ = 0;
  std::optional<std::int64_t> left_ms_;
  bool legal_game_ = false;
  int game_stage_ = 0;
  int length_ = 0;
  int count_ = 0;
  bool ended_ = false;
  bool failed_ = false;
  std::string transcript_;
  std::string last_command_;
};

}  // namespace

void merge(FuzzReport& to, const FuzzReport& from) {
  to.sessions += from.sessions;
  to.games += from.games;
  to.commands += from.commands;
  to.moves += from.moves;
  to.refused += from.refused;
  to.breaks += from.breaks;
  to.late += from.late;
  to.late_wall += from.late_wall;
  to.worst_overshoot_ms = std::max(to.worst_overshoot_ms, from.worst_overshoot_ms);
  to.worst_wall_overshoot_ms = std::max(to.worst_wall_overshoot_ms, from.worst_wall_overshoot_ms);
  for (const auto& f : from.failures)
    if (to.failures.size() < 5) to.failures.push_back(f);
}

FuzzReport fuzz_protocol(const FuzzConfig& config) {
  FuzzReport report;
  std::atomic<std::int64_t> heartbeat{core::now_us()};
  std::atomic<bool> done{false};
  std::atomic<int> finished{0};
  // A hang cannot be recovered from inside the process: say where it happened, and abort.
  std::thread watchdog([&] {
    while (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (core::now_us() - heartbeat > std::int64_t{config.hang_ms} * 1000) {
        std::fprintf(stderr, "protocol fuzz: no progress for %d ms after %d sessions: a hang\n", config.hang_ms, finished.load());
        std::fflush(stderr);
        std::abort();
      }
    }
  });
  const bool progress = std::getenv("TILESTONE_FUZZ_PROGRESS") != nullptr;
  auto play = [&](int i) {
    FuzzReport one;
    Session(i, config, one, heartbeat).run();
    return one;
  };
  std::vector<std::pair<int, FuzzReport>> suspects;
  for (int i = config.first; i < config.first + config.sessions; ++i) {
    const std::int64_t t0 = core::now_us();
    FuzzReport one = play(i);
    if (one.late > 0) suspects.push_back({i, std::move(one)});
    else merge(report, one);
    ++finished;
    if (progress)
      std::fprintf(stderr, "session %d: %.0f ms, %ld commands so far\n", i, static_cast<double>(core::now_us() - t0) / 1000.0, report.commands);
  }
  // A late answer must come back when its session is played again, later (a stall of this
  // machine lasts a while): late in the first run and in two replays, a second apart, at the
  // end. One that does not come back was the machine (the thread neither ran nor waited to run:
  // the host took the CPU, or memory was reclaimed), not the brain.
  for (auto& [i, one] : suspects) {
    bool recurs = true;
    for (int replay = 0; replay < 2 && recurs; ++replay) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      heartbeat = core::now_us();
      recurs = play(i).late > 0;
    }
    if (!recurs) {
      report.late_transient += one.late;
      one.late = 0;
      if (one.breaks == 0) one.failures.clear();
    }
    merge(report, one);
  }
  done = true;
  watchdog.join();
  return report;
}

}  // namespace tilestone::fuzz
