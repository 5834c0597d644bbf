#pragma once
// The evaluation weights of the Gomoku engine. GENERATED FILE: do not edit by hand.
// Made by `build/tilestone gomoku tune fit data/selfplay/free-1.json data/selfplay/free-3.json data/selfplay/renju-2.json --out /work/exp/eval_weights.kinds.h`
// from 3600 games (89579 quiet positions, every 10th held out), the data made by:
//   1200 games: ./tilestone-gen gomoku tune generate --games 1200 --time-ms 10 --seed 1 --jobs 1 --out free-1.json
//   1200 games: ./tilestone-gen2 gomoku tune generate --games 1200 --time-ms 10 --seed 3 --jobs 1 --out free-3.json
//   1200 games: ./tilestone-gen2 gomoku tune generate --games 1200 --time-ms 10 --seed 2 --rule renju --jobs 1 --out renju-2.json
// Log loss of the results, fitted 0.62499 -> 0.61641, held out 0.62819 -> 0.61822 (scale 2301.4).

#include <array>

namespace tilestone::gomoku::params {

/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.
/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.
constexpr std::array<int, 11> PATTERN_VALUE = {0, 0, 0, 2, 13, 121, 163, 892, 376, 300, 1000};
/// What a line pattern through an empty point is worth more to the side to move, who can make
/// it first: the threes and fours it makes come with the initiative.
constexpr std::array<int, 11> TEMPO_VALUE = {0, 0, 0, 0, 0, 25, 14, 0, 25, 300, 0};
/// What the four lines through a point make together, added to the point's value and tempo,
/// indexed by gomoku::PointKind. Order: NONE, DEAD_TWO, LIVE_TWO, DEAD_THREE, DOUBLE_TWO,
/// LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE.
constexpr std::array<int, 11> KIND_VALUE = {0, 24, -104, -113, -244, -775, 69, -856, -1794, 634, 0};
constexpr std::array<int, 11> KIND_TEMPO = {0, 0, 0, 0, -53, 69, 25, 128, 318, 0, 0};

}  // namespace tilestone::gomoku::params
