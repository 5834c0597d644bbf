#pragma once
// Terminal input for the interactive games: raw keys on a TTY, whole lines otherwise (so a
// script or a test can drive a game through a pipe).

#include <optional>
#include <string>

namespace tilestone::app {

enum class Key { Up, Down, Left, Right, Char, Enter, Backspace, End };

struct KeyPress {
  Key key = Key::End;
  char ch = 0;         ///< for Key::Char
  std::string line;    ///< in line mode: the whole line that was read
};

/// Puts the terminal in raw mode for its lifetime when stdin is a TTY.
class Terminal {
 public:
  Terminal();
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  bool interactive() const { return raw_; }
  /// Waits for the next key (or line). With timeout_ms >= 0, returns nullopt when none came.
  std::optional<KeyPress> read(int timeout_ms = -1);
  /// Clears the screen (only on a TTY).
  void clear() const;

 private:
  bool raw_ = false;
  bool eof_ = false;
  struct Saved;
  Saved* saved_ = nullptr;
};

/// ANSI colour helpers, empty when colours are off.
std::string ansi(const char* code, bool on);

}  // namespace tilestone::app
