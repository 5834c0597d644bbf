#include "protocol/time_control.h"

#include <algorithm>

#include "protocol/params.h"

namespace tilestone::protocol {

void TimeControl::set_turn(std::int64_t ms) { turn_ms_ = std::clamp<std::int64_t>(ms, 0, params::MAX_TIME_MS); }

void TimeControl::set_left(std::int64_t ms) {
  if (ms >= params::UNLIMITED_TIME_LEFT) left_ms_.reset();
  else left_ms_ = std::max<std::int64_t>(0, ms);
}

void TimeControl::spend(std::int64_t ms) {
  if (left_ms_) left_ms_ = std::max<std::int64_t>(0, *left_ms_ - std::max<std::int64_t>(0, ms));
}

std::int64_t TimeControl::limit_ms() const {
  const std::int64_t turn = turn_ms_ == 0 ? params::FAST_TURN_MS : turn_ms_;
  return left_ms_ ? std::min(turn, *left_ms_) : turn;
}

std::int64_t TimeControl::think_ms(std::int64_t elapsed_ms) const {
  const std::int64_t limit = limit_ms();
  const std::int64_t margin = std::min(params::TURN_MARGIN_MS, limit / params::TURN_MARGIN_MAX_SHARE);
  std::int64_t think = limit - margin;
  if (left_ms_) think = std::min(think, *left_ms_ / params::MOVES_LEFT_GUESS);
  return std::max(params::MIN_THINK_MS, think - std::max<std::int64_t>(0, elapsed_ms));
}

}  // namespace tilestone::protocol
