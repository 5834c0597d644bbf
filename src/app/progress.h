#pragma once
// The one progress display of the long commands (2048 bench, training and suites, Gomoku
// matches, tuning data, openings, reviews). On a terminal it is a bar on standard error, redrawn
// in place at most ten times a second and always at the end:
//
//   reviewing [##########....................] 12/36 positions  W 3 D 0 L 2
//
// Without one (a log, a pipe) it writes the same text as a line every `log_every` steps and at
// the end, or nothing when log_every is 0. Safe to update from several threads.

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

namespace tilestone::app {

class ProgressBar {
 public:
  struct Style {
    std::string label;        ///< before the bar ("reviewing"); may be empty
    std::string unit;         ///< after the count ("games", "positions"); may be empty
    std::int64_t log_every = 0;  ///< without a terminal: a line every this many steps (0: none)
  };

  explicit ProgressBar(Style style);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// `done` of `total` steps, with `detail` after the count.
  void update(std::int64_t done, std::int64_t total, std::string_view detail = {});
  /// Ends the bar's line on a terminal (showing the last update, if it was not drawn yet); the
  /// destructor calls it. Call it before printing anything else to standard error or output.
  void finish();

  /// Whether standard error is a terminal.
  static bool on_terminal();

 private:
  std::string line(std::int64_t done, std::int64_t total, std::string_view detail) const;
  void draw(const std::string& text);

  Style style_;
  bool tty_;
  std::mutex mutex_;
  std::int64_t last_draw_us_ = 0;
  std::int64_t last_logged_ = -1;  // steps / log_every at the last line written
  std::size_t drawn_width_ = 0;    // length of the bar on the screen, 0 when none
  std::string pending_;            // an update the rate limit held back
};

}  // namespace tilestone::app
