#pragma once
// SIGINT and SIGTERM handed to a handler of a long command (a training run, a match) for the
// life of a scope, and given back to what they were when it ends, exceptions included.

#include <atomic>
#include <chrono>
#include <csignal>
#include <stop_token>
#include <thread>

namespace tilestone::app {

class StopSignals {
 public:
  using Handler = void (*)(int);
  explicit StopSignals(Handler handler) : int_(std::signal(SIGINT, handler)), term_(std::signal(SIGTERM, handler)) {}
  ~StopSignals() {
    std::signal(SIGTERM, term_);
    std::signal(SIGINT, int_);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  Handler int_, term_;
};

/// A stop source that SIGINT or SIGTERM (Ctrl-C) requests, for the life of a scope: a search
/// given its token ends at once with its best move so far. The handler only sets a flag (all a
/// signal handler may do); a watcher thread passes it on to the stop source.
class SignalStop {
 public:
  SignalStop() : signals_((flag().store(false), on_signal)), watcher_([this](std::stop_token done) { watch(done); }) {}
  SignalStop(const SignalStop&) = delete;
  SignalStop& operator=(const SignalStop&) = delete;

  std::stop_token token() const { return source_.get_token(); }
  /// Whether a signal stopped it.
  bool stopped() const { return source_.stop_requested(); }

 private:
  static std::atomic<bool>& flag() {
    static std::atomic<bool> raised{false};
    return raised;
  }
  static void on_signal(int) { flag().store(true); }

  void watch(const std::stop_token& done) {
    while (!done.stop_requested()) {
      if (flag().load()) {
        source_.request_stop();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  std::stop_source source_;
  StopSignals signals_;
  std::jthread watcher_;  // last: it stops and joins before the signals are given back
};

}  // namespace tilestone::app
