#pragma once
// The evaluation weights of the Gomoku engine. GENERATED FILE: do not edit by hand.
// Made by `/work/main/build/tilestone gomoku tune fit free-1.json --out /work/main/src/gomoku/eval_weights.h`
// from 1200 games (29845 quiet positions, every 10th held out), the data made by:
//   1200 games: ./tilestone-gen gomoku tune generate --games 1200 --time-ms 10 --seed 1 --jobs 1 --out free-1.json
// Log loss of the results, fitted 0.66945 -> 0.62500, held out 0.67016 -> 0.62721 (scale 2102.0).

#include <array>

namespace tilestone::gomoku::params {

/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.
/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.
constexpr std::array<int, 11> PATTERN_VALUE = {0, 0, 5, 0, 3, 35, 63, 155, 493, 300, 1000};
/// What a line pattern through an empty point is worth more to the side to move, who can make
/// it first: the threes and fours it makes come with the initiative.
constexpr std::array<int, 11> TEMPO_VALUE = {0, 0, 0, 0, 0, 18, 15, 68, 0, 300, 0};
/// What the four lines through a point make together, added to the point's value and tempo,
/// indexed by gomoku::PointKind. Order: NONE, DEAD_TWO, LIVE_TWO, DEAD_THREE, DOUBLE_TWO,
/// LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE.
constexpr std::array<int, 11> KIND_VALUE = {0, 0, 0, 0, 0, 0, 0, 0, 122, 776, 0};
constexpr std::array<int, 11> KIND_TEMPO = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

}  // namespace tilestone::gomoku::params
