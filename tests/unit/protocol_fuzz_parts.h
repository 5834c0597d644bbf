#pragma once
// The protocol fuzzer's parts: the pipes between it and the brain (lines handed over as the
// brain asks for them, answers timed as they are written), the values it sends and small
// helpers. Only protocol_fuzz.cpp includes this.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "core/clock.h"
#include "gomoku/board.h"

namespace tilestone::fuzz::parts {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;
using gomoku::Rule;

// The pipes: lines handed to the brain one at a time, as it asks for them, and its
// answers cut into lines, each with the time it was finished.

class Source : public std::streambuf {
 public:
  explicit Source(std::function<std::optional<std::string>()> next) : next_(std::move(next)) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    auto line = next_();
    if (!line) return traits_type::eof();
    buf_ = std::move(*line);
    setg(buf_.data(), buf_.data(), buf_.data() + buf_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::function<std::optional<std::string>()> next_;
  std::string buf_;
};

// Microseconds this thread has waited for a CPU while runnable (Linux schedstat; 0 elsewhere).
// Commands that do not think are served on the fuzzer's thread, and a move is written by the
// brain's thinking thread, started for that move: an answer's time less the wait of the thread
// that wrote it is what the brain itself spent, whatever else loads the machine.
inline std::int64_t runqueue_wait_us() {
  std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
  if (!f) return 0;
  unsigned long long run_ns = 0, wait_ns = 0;
  const int n = std::fscanf(f, "%llu %llu", &run_ns, &wait_ns);
  std::fclose(f);
  return n == 2 ? static_cast<std::int64_t>(wait_ns / 1000) : 0;
}

struct Answer {
  std::string text;
  std::int64_t at_us;
  std::int64_t waited_us;  ///< the writing thread's run-queue wait so far
  std::thread::id writer;
};

// Written by the brain's threads, read by the fuzzer's: every access holds the lock.
class Sink : public std::streambuf {
 public:
  std::vector<Answer> lines() const {
    std::lock_guard lock(m_);
    return lines_;
  }
  std::size_t size() const {
    std::lock_guard lock(m_);
    return lines_.size();
  }
  /// Waits until a line after the first `from` is an answer (not MESSAGE or DEBUG), at most
  /// `timeout_ms`; whether one came.
  bool wait_answer(std::size_t from, std::int64_t timeout_ms) {
    std::unique_lock lock(m_);
    return cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].text.rfind("MESSAGE", 0) != 0 && lines_[i].text.rfind("DEBUG", 0) != 0) return true;
      return false;
    });
  }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) put(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) put(s[i]);
    return n;
  }

 private:
  void put(char c) {
    std::lock_guard lock(m_);
    if (c != '\n') return partial_.push_back(c);
    lines_.push_back({partial_, core::now_us(), runqueue_wait_us(), std::this_thread::get_id()});
    partial_.clear();
    cv_.notify_all();
  }
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::vector<Answer> lines_;
  std::string partial_;
};

// What the brain should do: the kinds of answer, and the values INFO may carry.

enum class Expect { NOTHING, OK, MOVE, OPENING, FORBID, ABOUT, UNKNOWN, ERROR, MESSAGE, END };

struct Value {
  const char* text;
  std::optional<std::int64_t> number;  // as the brain must read it: saturated, or not a number
};
constexpr std::int64_t I64_MAX = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t I64_MIN = std::numeric_limits<std::int64_t>::min();
inline const std::vector<Value> VALUES = {
    {"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}, {"4", 4}, {"5", 5}, {"17", 17}, {"50", 50}, {"100", 100}, {"+7", 7},
    {"-1", -1}, {"-100", -100}, {"2147483647", 2147483647}, {"2147483648", 2147483648},
    {"4294967303", 4294967303}, {"1000000000000", 1000000000000}, {"9223372036854775807", I64_MAX},
    {"9223372036854775808", I64_MAX}, {"99999999999999999999", I64_MAX}, {"-99999999999999999999", I64_MIN},
    {"abc", std::nullopt}, {"", std::nullopt}, {"1.5", std::nullopt}, {"0x10", std::nullopt}, {"--3", std::nullopt}};
inline const std::vector<const char*> BAD_COORDS = {"-1", "-7", "22", "23", "4294967296", "4294967303", "-4294967296",
                                             "99999999999999999999", "-99999999999999999999", "9223372036854775807"};
inline const std::vector<const char*> INFO_KEYS = {"timeout_turn", "time_left", "timeout_match", "max_memory", "rule",
                                            "thread_num", "show_detail", "max_depth", "game_type", "folder",
                                            "evaluate", "no_such_key"};

// The brain's reading of INFO rule.
inline Rule rule_of(std::int64_t v) {
  if (v == 2 || (v & 4)) return Rule::RENJU;
  return (v & 1) ? Rule::STANDARD : Rule::FREESTYLE;
}

inline std::string point_text(Point p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

inline std::optional<Point> parse_move(const std::string& s, int size) {
  int x = -1, y = -1;
  char comma = 0;
  std::istringstream in(s);
  if (!(in >> x >> comma >> y) || comma != ',' || in.peek() != EOF) return std::nullopt;
  if (x < 0 || y < 0 || x >= size || y >= size) return std::nullopt;
  return Point{x, y};
}

// Plays p for colour c, passing first when it is the other side's turn.
inline void place(Board& b, Point p, Color c) {
  if (b.to_move() != c) b.pass();
  b.play(p);
}

}  // namespace tilestone::fuzz::parts
