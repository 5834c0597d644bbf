#include "app/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "core/clock.h"

namespace tilestone::app {
namespace {

constexpr int BAR_WIDTH = 30;
constexpr std::int64_t REDRAW_US = 100000;  // at most ten redraws a second

}  // namespace

ProgressBar::ProgressBar(Style style) : style_(std::move(style)), tty_(on_terminal()) {}

ProgressBar::~ProgressBar() { finish(); }

bool ProgressBar::on_terminal() { return isatty(STDERR_FILENO) != 0; }

std::string ProgressBar::line(std::int64_t done, std::int64_t total, std::string_view detail) const {
  const std::int64_t filled = total > 0 ? std::clamp<std::int64_t>(done * BAR_WIDTH / total, 0, BAR_WIDTH) : BAR_WIDTH;
  std::string text = style_.label.empty() ? "" : style_.label + " ";
  text += fmt::format("[{}{}] {}/{}", std::string(static_cast<std::size_t>(filled), '#'),
                      std::string(static_cast<std::size_t>(BAR_WIDTH - filled), '.'), done, total);
  if (!style_.unit.empty()) text += " " + style_.unit;
  if (!detail.empty()) text += fmt::format("  {}", detail);
  return text;
}

void ProgressBar::update(std::int64_t done, std::int64_t total, std::string_view detail) {
  std::lock_guard lock(mutex_);
  const bool last = done >= total;
  if (!tty_) {
    if (style_.log_every <= 0) return;
    const std::int64_t step = done / style_.log_every;
    if (step == last_logged_ && !last) return;
    last_logged_ = step;
    std::fputs((line(done, total, detail) + "\n").c_str(), stderr);
    std::fflush(stderr);
    return;
  }
  const std::int64_t now = core::now_us();
  if (!last && drawn_width_ > 0 && now - last_draw_us_ < REDRAW_US) {
    pending_ = line(done, total, detail);
    return;
  }
  last_draw_us_ = now;
  pending_.clear();
  draw(line(done, total, detail));
  if (last) {
    std::fputs("\n", stderr);
    drawn_width_ = 0;
  }
  std::fflush(stderr);
}

void ProgressBar::draw(const std::string& text) {
  // Blanks over what a longer earlier line left behind.
  const std::size_t pad = drawn_width_ > text.size() ? drawn_width_ - text.size() : 0;
  std::fputs(("\r" + text + std::string(pad, ' ')).c_str(), stderr);
  drawn_width_ = std::max<std::size_t>(text.size(), 1);
}

void ProgressBar::finish() {
  std::lock_guard lock(mutex_);
  if (!tty_ || drawn_width_ == 0) return;
  if (!pending_.empty()) draw(pending_);
  pending_.clear();
  std::fputs("\n", stderr);
  std::fflush(stderr);
  drawn_width_ = 0;
}

}  // namespace tilestone::app
