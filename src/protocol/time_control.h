#pragma once
// The brain's clock: how long one move may think, from the manager's turn limit, the time left
// in the match and the time already spent since the command arrived.

#include <cstdint>
#include <optional>

namespace tilestone::protocol {

class TimeControl {
 public:
  explicit TimeControl(std::int64_t turn_ms) { set_turn(turn_ms); }

  /// INFO timeout_turn (0: as fast as possible); any value, clamped to [0, MAX_TIME_MS].
  void set_turn(std::int64_t ms);
  /// INFO time_left; any value, clamped; UNLIMITED_TIME_LEFT means no match clock.
  void set_left(std::int64_t ms);
  /// Counts a move's time against time_left, for managers that do not send it every move.
  void spend(std::int64_t ms);

  /// The most the answer may take, from the command's arrival to the move: the turn limit,
  /// and the time left in the match.
  std::int64_t limit_ms() const;
  /// How long the engine may think when `elapsed_ms` have gone since the command arrived: this
  /// move's share of the time left, within the limit less a margin; at least MIN_THINK_MS.
  std::int64_t think_ms(std::int64_t elapsed_ms) const;

 private:
  std::int64_t turn_ms_ = 0;
  std::optional<std::int64_t> left_ms_;
};

}  // namespace tilestone::protocol
