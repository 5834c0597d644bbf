#include "lab/match/player.h"

#include <algorithm>
#include <charconv>
#include <memory>
#include <string_view>

#include "core/clock.h"
#include "gomoku/network.h"
#include "gomoku/shipped_network.h"
#include "lab/match/pbrain_client.h"

namespace tilestone::match {
namespace {

using gomoku::Board;
using gomoku::Point;

// Our levels' share of the game clock per move when a match clock is set (as the brain does).
constexpr std::int64_t MOVES_LEFT_GUESS = 25;
// A brain has this long to start and answer START / RESTART (it may build tables first).
constexpr std::int64_t START_TIMEOUT_MS = 15000;
// What Piskvork sends as time_left when the game has no clock.
constexpr std::int64_t UNLIMITED_TIME_LEFT = 2147483647;

// ---- one of our levels, in this process ------------------------------------------------------

class LevelPlayer final : public Player {
 public:
  LevelPlayer(gomoku::Level level, std::string name, std::shared_ptr<const gomoku::Network> network)
      : level_(level), name_(std::move(name)), network_(std::move(network)) {}
  const std::string& name() const override { return name_; }

  std::optional<std::string> new_game(const GameConfig& config) override {
    if (!engine_) engine_ = gomoku::make_engine(level_, network_);
    engine_->clear();
    config_ = config;
    return std::nullopt;
  }

  Answer move(const Board& board, std::int64_t time_left_ms, std::uint64_t seed, std::int64_t) override {
    gomoku::Limits limits;
    std::int64_t budget = config_.turn_ms;
    if (config_.match_ms > 0) budget = std::min(budget, std::max<std::int64_t>(1, time_left_ms / MOVES_LEFT_GUESS));
    limits.time_ms = static_cast<int>(std::max<std::int64_t>(1, budget));
    limits.depth = config_.depth;
    limits.threads = config_.threads;
    limits.seed = seed;
    const auto r = engine_->search(board, limits);
    return {Answer::Kind::MOVE, r.move, {}};
  }

 private:
  gomoku::Level level_;
  std::string name_;
  std::shared_ptr<const gomoku::Network> network_;
  std::unique_ptr<gomoku::Engine> engine_;
  GameConfig config_;
};

// ---- a Gomocup brain in a child process ------------------------------------------------------

bool starts_with(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

// "x,y" with nothing else (spaces allowed around the numbers).
std::optional<Point> parse_move(std::string_view s) {
  const auto comma = s.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view t) -> std::optional<int> {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    int v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
    return v;
  };
  const auto x = number(s.substr(0, comma)), y = number(s.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Point{*x, *y};
}

std::string shorten(std::string s) {
  constexpr std::size_t MAX = 60;
  if (s.size() > MAX) s = s.substr(0, MAX) + "...";
  for (char& ch : s)
    if (static_cast<unsigned char>(ch) < 32 || static_cast<unsigned char>(ch) > 126) ch = '?';
  return s;
}

class PbrainPlayer final : public Player {
 public:
  PbrainPlayer(std::string path, std::string name) : process_(std::move(path)), name_(std::move(name)) {}
  ~PbrainPlayer() override { process_.stop(); }
  const std::string& name() const override { return name_; }

  std::optional<std::string> new_game(const GameConfig& config) override {
    config_ = config;
    known_ = -1;
    // A running brain is asked to RESTART; one that does not know RESTART (or is not running,
    // or crashed last game) is started afresh and sent START.
    if (process_.running() && config.size == started_size_) {
      if (process_.send("RESTART") && wait_ok()) return after_start();
    }
    if (!process_.start()) return process_.error();
    if (!process_.send("START " + std::to_string(config.size))) return "the brain closed its input at START";
    if (!wait_ok()) {
      process_.kill();
      return "the brain did not answer OK to START " + std::to_string(config.size);
    }
    started_size_ = config.size;
    return after_start();
  }

  Answer move(const Board& board, std::int64_t time_left_ms, std::uint64_t, std::int64_t deadline_us) override {
    const int n = board.move_count();
    bool sent = process_.send("INFO time_left " + std::to_string(config_.match_ms > 0 ? time_left_ms : UNLIMITED_TIME_LEFT));
    if (n == 0) {
      sent = sent && process_.send("BEGIN");
    } else if (known_ == n - 1) {
      const Point last = board.move_at(n - 1);
      sent = sent && process_.send("TURN " + std::to_string(last.x) + "," + std::to_string(last.y));
    } else {
      // The brain has not seen this game yet (it joins after the opening): the whole position,
      // its own stones as 1 and the opponent's as 2, in the order they were played.
      sent = sent && process_.send("BOARD");
      const int own_parity = n % 2;  // the side to move played the moves of this parity
      for (int i = 0; i < n && sent; ++i) {
        const Point p = board.move_at(i);
        sent = process_.send(std::to_string(p.x) + "," + std::to_string(p.y) + "," + (i % 2 == own_parity ? "1" : "2"));
      }
      sent = sent && process_.send("DONE");
    }
    if (!sent) return crashed("the brain closed its input");
    while (true) {
      const auto r = process_.read_line(deadline_us);
      if (r.status == PbrainProcess::ReadStatus::TIMEOUT) {
        process_.kill();
        return {Answer::Kind::TIMED_OUT, {}, "no answer in time"};
      }
      if (r.status == PbrainProcess::ReadStatus::CLOSED) return crashed("the brain exited");
      std::string_view line = r.line;
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
      if (line.empty() || starts_with(line, "MESSAGE") || starts_with(line, "DEBUG") || starts_with(line, "OK"))
        continue;
      const auto p = parse_move(line);
      if (!p) return {Answer::Kind::MALFORMED, {}, "answered '" + shorten(std::string(line)) + "'"};
      known_ = n + 1;
      return {Answer::Kind::MOVE, *p, {}};
    }
  }

 private:
  Answer crashed(std::string why) {
    process_.kill();
    return {Answer::Kind::CRASHED, {}, std::move(why)};
  }

  // Reads up to an OK, skipping MESSAGE / DEBUG lines; false on ERROR, junk, exit or timeout.
  bool wait_ok() {
    const std::int64_t deadline = core::now_us() + START_TIMEOUT_MS * 1000;
    while (true) {
      const auto r = process_.read_line(deadline);
      if (r.status != PbrainProcess::ReadStatus::LINE) return false;
      if (starts_with(r.line, "MESSAGE") || starts_with(r.line, "DEBUG") || r.line.empty()) continue;
      return starts_with(r.line, "OK");
    }
  }

  std::optional<std::string> after_start() {
    const int rule_code = config_.rule == gomoku::Rule::RENJU ? 4 : config_.rule == gomoku::Rule::STANDARD ? 1 : 0;
    const bool ok = process_.send("INFO timeout_turn " + std::to_string(config_.turn_ms)) &&
                    process_.send("INFO timeout_match " + std::to_string(config_.match_ms)) &&
                    process_.send("INFO max_memory " + std::to_string(config_.memory_bytes)) &&
                    process_.send("INFO rule " + std::to_string(rule_code)) &&
                    process_.send("INFO thread_num " + std::to_string(config_.threads)) &&
                    process_.send("INFO game_type 1");
    if (!ok) {
      process_.kill();
      return "the brain closed its input";
    }
    known_ = 0;
    return std::nullopt;
  }

  PbrainProcess process_;
  std::string name_;
  GameConfig config_;
  int known_ = -1;         // moves of this game the brain has seen (its own answers included)
  int started_size_ = -1;  // board size of the running process's START
};

struct Spec {
  bool pbrain = false;
  std::string path, name;
  gomoku::Level level = gomoku::Level::STRONG;
  std::string network;  // the network file of `strong:network=PATH`
  bool shipped = false;  // `strong:eval=network`: the rule's shipped network
};

constexpr std::string_view NETWORK_SUFFIX = ":network=";
constexpr std::string_view EVAL_SUFFIX = ":eval=";

core::Result<Spec> parse_spec(const std::string& spec) {
  Spec s;
  if (spec.rfind("pbrain:", 0) == 0) {
    std::string rest = spec.substr(7);
    const auto colon = rest.rfind(':');
    if (colon != std::string::npos && colon + 1 < rest.size() && rest.find('/', colon) == std::string::npos) {
      s.name = rest.substr(colon + 1);
      rest = rest.substr(0, colon);
    }
    if (rest.empty()) return core::fail("'" + spec + "': pbrain: needs the path of an engine");
    s.pbrain = true;
    s.path = rest;
    if (s.name.empty()) {
      const auto slash = rest.rfind('/');
      s.name = slash == std::string::npos ? rest : rest.substr(slash + 1);
    }
    return s;
  }
  std::string level_name = spec;
  if (const auto at = spec.find(NETWORK_SUFFIX); at != std::string::npos) {
    level_name = spec.substr(0, at);
    s.network = spec.substr(at + NETWORK_SUFFIX.size());
    if (s.network.empty()) return core::fail("'" + spec + "': network= needs the path of a network file");
    if (level_name != "strong") return core::fail("'" + spec + "': only the strong level takes a network");
  } else if (const auto eval_at = spec.find(EVAL_SUFFIX); eval_at != std::string::npos) {
    level_name = spec.substr(0, eval_at);
    const std::string eval = spec.substr(eval_at + EVAL_SUFFIX.size());
    if (eval != "classical" && eval != "network")
      return core::fail("'" + spec + "': eval= is classical or network, not '" + eval + "'");
    if (level_name != "strong") return core::fail("'" + spec + "': only the strong level takes an evaluation");
    s.shipped = eval == "network";
  }
  const auto level = gomoku::parse_level(level_name);
  if (!level)
    return core::fail("unknown engine '" + spec +
                      "' (a level: scorer, minimax, montecarlo, strong, strong:eval=network, strong:network=FILE; or "
                      "pbrain:PATH[:NAME])");
  s.level = *level;
  s.name = spec;
  if (!s.network.empty()) {
    // The network's file name, not its whole path, names the player in tables.
    const auto slash = s.network.rfind('/');
    auto stem = slash == std::string::npos ? s.network : s.network.substr(slash + 1);
    if (const auto dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem.resize(dot);
    s.name = level_name + "+" + stem;
  }
  return s;
}

}  // namespace

core::Result<std::unique_ptr<Player>> make_player(const std::string& spec, gomoku::Rule rule) {
  const auto s = parse_spec(spec);
  if (!s) return core::fail(s.error());
  if (s->pbrain) return std::unique_ptr<Player>(std::make_unique<PbrainPlayer>(s->path, s->name));
  std::shared_ptr<const gomoku::Network> network;
  if (!s->network.empty()) {
    auto loaded = gomoku::load_network_for(s->network, rule);
    if (!loaded) return core::fail("'" + spec + "': " + loaded.error());
    network = *loaded;
  } else if (s->shipped) {
    auto shipped = gomoku::shipped_network(rule);
    if (!shipped) return core::fail("'" + spec + "': " + shipped.error() + " (strong:network=FILE)");
    network = *shipped;
  }
  return std::unique_ptr<Player>(std::make_unique<LevelPlayer>(s->level, s->name, std::move(network)));
}

core::Result<std::string> player_name(const std::string& spec) {
  const auto s = parse_spec(spec);
  if (!s) return core::fail(s.error());
  return s->name;
}

}  // namespace tilestone::match
