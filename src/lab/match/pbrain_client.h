#pragma once
// The manager's side of the Gomocup protocol: starts an engine ("brain") as a child process,
// writes commands to its stdin and reads its answers from its stdout with deadlines, so a brain
// that crashes, hangs or prints junk is seen as such instead of stopping the manager.

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilestone::match {

/// One running brain process.
class PbrainProcess {
 public:
  /// A brain started from `path` (an executable; found through PATH when it has no slash).
  explicit PbrainProcess(std::string path) : path_(std::move(path)) {}
  ~PbrainProcess();
  PbrainProcess(const PbrainProcess&) = delete;
  PbrainProcess& operator=(const PbrainProcess&) = delete;

  /// Starts the process (a running one is stopped first). False, with error(), when it can't.
  bool start();
  /// Writes one line (a newline is added). False when the brain has closed its input.
  bool send(const std::string& line);

  enum class ReadStatus { LINE, TIMEOUT, CLOSED };
  struct Read {
    ReadStatus status = ReadStatus::CLOSED;
    std::string line;
  };
  /// The next line the brain prints, waiting at most until the absolute steady-clock time
  /// `deadline_us` (core::now_us() units). CLOSED when its output ends (it crashed or exited).
  Read read_line(std::int64_t deadline_us);

  /// Asks the brain to end (END), waits a little, then kills it.
  void stop(int grace_ms = 200);
  /// Kills the brain at once (after a hang or a crash).
  void kill();
  bool running() const { return pid_ > 0; }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  void reap(int wait_ms);

  std::string path_;
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;  // bytes read but not yet returned as lines
  std::string error_;
};

}  // namespace tilestone::match
