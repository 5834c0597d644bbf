#include "lab/match/pbrain_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "core/clock.h"

extern char** environ;

namespace tilestone::match {
namespace {

// A brain that prints an endless line is cut here rather than filling the manager's memory.
constexpr std::size_t MAX_LINE_BYTES = 1 << 16;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

PbrainProcess::~PbrainProcess() { kill(); }

bool PbrainProcess::start() {
  kill();
  error_.clear();
  // A brain that dies while we write to it must not take the manager down with SIGPIPE; the
  // failed write is seen as a closed brain instead.
  ::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2];
  // Close-on-exec, so that brains started by parallel games do not inherit each other's pipes
  // (a brain's end of file would never come while a sibling held its write end).
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) {
    error_ = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    error_ = std::string("pipe: ") + std::strerror(errno);
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // The brain gets a process group of its own: a Ctrl-C at the terminal reaches the manager,
  // which lets the games under way finish, and not the brains playing them.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::string arg0 = path_;
  char* argv[] = {arg0.data(), nullptr};
  pid_t pid = -1;
  const bool search_path = path_.find('/') == std::string::npos;
  const int rc = search_path ? posix_spawnp(&pid, path_.c_str(), &actions, &attr, argv, environ)
                             : posix_spawn(&pid, path_.c_str(), &actions, &attr, argv, environ);
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  if (rc != 0) {
    error_ = "cannot start '" + path_ + "': " + std::strerror(rc);
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    return false;
  }
  pid_ = pid;
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  buffer_.clear();
  return true;
}

bool PbrainProcess::send(const std::string& line) {
  if (to_child_ < 0) return false;
  std::string data = line + "\n";
  const char* p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(to_child_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

PbrainProcess::Read PbrainProcess::read_line(std::int64_t deadline_us) {
  while (true) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos || buffer_.size() >= MAX_LINE_BYTES) {
      const std::size_t cut = nl == std::string::npos ? buffer_.size() : nl;
      Read r{ReadStatus::LINE, buffer_.substr(0, cut)};
      buffer_.erase(0, nl == std::string::npos ? cut : cut + 1);
      if (!r.line.empty() && r.line.back() == '\r') r.line.pop_back();
      return r;
    }
    if (from_child_ < 0) return {ReadStatus::CLOSED, {}};
    const std::int64_t left_us = deadline_us - core::now_us();
    if (left_us <= 0) return {ReadStatus::TIMEOUT, {}};
    pollfd pfd{from_child_, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, static_cast<int>(std::min<std::int64_t>((left_us + 999) / 1000, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the loop head reports the timeout
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close_fd(from_child_);
      // A last line without its newline still counts.
      if (!buffer_.empty()) buffer_ += '\n';
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void PbrainProcess::reap(int wait_ms) {
  if (pid_ <= 0) return;
  const std::int64_t until = core::now_us() + std::int64_t{wait_ms} * 1000;
  while (true) {
    const pid_t r = ::waitpid(pid_, nullptr, WNOHANG);
    if (r == pid_ || (r < 0 && errno != EINTR)) break;
    if (core::now_us() >= until) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  pid_ = -1;
}

void PbrainProcess::stop(int grace_ms) {
  if (pid_ > 0) send("END");
  close_fd(to_child_);
  reap(grace_ms);
  close_fd(from_child_);
}

void PbrainProcess::kill() {
  if (pid_ > 0) ::kill(pid_, SIGKILL);
  close_fd(to_child_);
  reap(1000);
  close_fd(from_child_);
}

}  // namespace tilestone::match
