#pragma once
// SIGINT and SIGTERM handed to a handler of a long command (a training run, a match) for the
// life of a scope, and given back to what they were when it ends, exceptions included.

#include <csignal>

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

}  // namespace tilestone::app
