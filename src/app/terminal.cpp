#include "app/terminal.h"

#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace tilestone::app {

struct Terminal::Saved {
  termios tio;
};

Terminal::Terminal() {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) return;
  saved_ = new Saved;
  if (tcgetattr(STDIN_FILENO, &saved_->tio) != 0) {
    delete saved_;
    saved_ = nullptr;
    return;
  }
  termios raw = saved_->tio;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  raw_ = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
  if (raw_) std::fputs("\x1b[?25l", stdout);  // hide the cursor
}

Terminal::~Terminal() {
  if (saved_) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved_->tio);
    if (raw_) std::fputs("\x1b[?25h", stdout);
    std::fflush(stdout);
    delete saved_;
  }
}

void Terminal::clear() const {
  if (raw_) std::fputs("\x1b[H\x1b[2J", stdout);
}

namespace {
bool wait_input(int timeout_ms) {
  pollfd p{STDIN_FILENO, POLLIN, 0};
  return poll(&p, 1, timeout_ms) > 0;
}
int read_byte(int timeout_ms) {
  if (timeout_ms >= 0 && !wait_input(timeout_ms)) return -2;
  unsigned char c;
  return ::read(STDIN_FILENO, &c, 1) == 1 ? c : -1;
}
}  // namespace

std::optional<KeyPress> Terminal::read(int timeout_ms) {
  if (eof_) return KeyPress{Key::End, 0, {}};
  if (!raw_) {
    // Line mode: one command per line; end of input ends the game.
    if (timeout_ms >= 0 && !wait_input(timeout_ms)) return std::nullopt;
    std::string line;
    if (!std::getline(std::cin, line)) {
      eof_ = true;
      return KeyPress{Key::End, 0, {}};
    }
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    KeyPress k{Key::Char, line.empty() ? '\0' : line[0], line};
    if (line.empty()) k.key = Key::Enter;
    return k;
  }
  const int c = read_byte(timeout_ms);
  if (c == -2) return std::nullopt;
  if (c < 0) {
    eof_ = true;
    return KeyPress{Key::End, 0, {}};
  }
  if (c == 0x1b) {
    // An escape sequence for the arrows: ESC [ A..D (or ESC O A..D).
    const int c1 = read_byte(30);
    if (c1 == '[' || c1 == 'O') {
      switch (read_byte(30)) {
        case 'A': return KeyPress{Key::Up, 0, {}};
        case 'B': return KeyPress{Key::Down, 0, {}};
        case 'C': return KeyPress{Key::Right, 0, {}};
        case 'D': return KeyPress{Key::Left, 0, {}};
        default: break;
      }
    }
    return KeyPress{Key::Char, 0x1b, {}};
  }
  if (c == '\n' || c == '\r') return KeyPress{Key::Enter, 0, {}};
  if (c == 0x7f || c == 0x08) return KeyPress{Key::Backspace, 0, {}};
  if (c == 0x03 || c == 0x04) return KeyPress{Key::End, 0, {}};
  return KeyPress{Key::Char, static_cast<char>(c), std::string(1, static_cast<char>(c))};
}

std::string ansi(const char* code, bool on) { return on ? std::string("\x1b[") + code + "m" : std::string(); }

}  // namespace tilestone::app
