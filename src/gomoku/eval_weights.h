#pragma once
// The evaluation weights of the Gomoku engine. GENERATED FILE: do not edit by hand.
// Hand-set (the numbers of the first strong engine); `tilestone gomoku tune fit` replaces them.

#include <array>

namespace tilestone::gomoku::params {

/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.
/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.
constexpr std::array<int, 11> PATTERN_VALUE = {0, 0, 1, 3, 6, 16, 24, 70, 80, 300, 1000};
/// What a line pattern through an empty point is worth more to the side to move, who can make
/// it first: the threes and fours it makes come with the initiative.
constexpr std::array<int, 11> TEMPO_VALUE = {0, 0, 0, 0, 0, 8, 24, 70, 80, 300, 0};
/// Bonus for a point that combines threats.
constexpr int BONUS_DOUBLE_THREE = 150;
constexpr int BONUS_FOUR_THREE = 300;

}  // namespace tilestone::gomoku::params
