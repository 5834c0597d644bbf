#pragma once
// The evaluation weights of the Gomoku engine. GENERATED FILE: do not edit by hand.
// Made by `build/tilestone gomoku tune fit data/selfplay/free-1.json data/selfplay/free-3.json data/selfplay/renju-2.json data/games/654efa5-1s-free-1.json data/games/654efa5-1s-free-2.json data/games/654efa5-1s-renju.json data/games/aiwine-200ms-1.json data/games/aiwine-200ms-2.json data/games/aiwine-200ms-3.json data/games/aiwine-200ms-4.json data/games/aiwine-200ms-5.json data/selfplay/free-11.json --out src/gomoku/eval_weights.h`
// from 6700 games (168149 quiet positions, every 10th held out), the data made by:
//   1200 games: ./tilestone-gen gomoku tune generate --games 1200 --time-ms 10 --seed 1 --jobs 1 --out free-1.json
//   1200 games: ./tilestone-gen2 gomoku tune generate --games 1200 --time-ms 10 --seed 3 --jobs 1 --out free-3.json
//   1200 games: ./tilestone-gen2 gomoku tune generate --games 1200 --time-ms 10 --seed 2 --rule renju --jobs 1 --out renju-2.json
//   100 games: /work/main/build/tilestone gomoku match --black pbrain:/work/exp/pbrain-final:new --white pbrain:/work/baseline/pbrain-654efa5:base --games 100 --time-ms 1000 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 140 --json final-1s.json
//   100 games: /work/exp/tilestone-mgr gomoku match --black pbrain:/work/exp/pbrain-nmpd2:new --white pbrain:/work/baseline/pbrain-654efa5:base --games 100 --time-ms 1000 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 140 --json s1-free.json
//   100 games: /work/main/build/tilestone gomoku match --black pbrain:/work/exp/pbrain-final:new --white pbrain:/work/baseline/pbrain-654efa5:base --rule renju --games 100 --time-ms 1000 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 141 --json final-1s-renju.json
//   200 games: /work/exp/tilestone-mgr gomoku match --black pbrain:/work/exp/pbrain-base9f:base9f --white pbrain:/work/spar/aiwine/bin/pbrain-wine:AIWine --games 200 --time-ms 200 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 200 --json aw-base9f-200.json
//   200 games: /work/exp/tilestone-mgr gomoku match --black pbrain:/work/exp/pbrain-nmp:nmp --white pbrain:/work/spar/aiwine/bin/pbrain-wine:AIWine --games 200 --time-ms 200 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 200 --json aw-nmp-200.json
//   200 games: /work/exp/tilestone-mgr gomoku match --black pbrain:/work/exp/pbrain-nmpd2:nmpd2 --white pbrain:/work/spar/aiwine/bin/pbrain-wine:AIWine --games 200 --time-ms 200 --match-ms 60000 --tolerance-ms 1000 --jobs 2 --seed 200 --json aw-nmpd2-200.json
//   100 games: /work/main/build/tilestone gomoku match --black pbrain:/work/baseline/pbrain-56e7960:pbrain-56e7960 --white pbrain:/work/spar/aiwine/bin/pbrain-wine:AIWine --games 100 --time-ms 200 --match-ms 20000 --tolerance-ms 1000 --jobs 2 --seed 200 --json aw200-pbrain-56e7960.json
//   100 games: /work/main/build/tilestone gomoku match --black pbrain:/work/baseline/pbrain-tm:pbrain-tm --white pbrain:/work/spar/aiwine/bin/pbrain-wine:AIWine --games 100 --time-ms 200 --match-ms 20000 --tolerance-ms 1000 --jobs 2 --seed 200 --json aw200-pbrain-tm.json
//   2000 games: build/tilestone gomoku tune generate --games 2000 --time-ms 10 --seed 11 --jobs 1 --out /work/data/free-11.json
// Log loss of the results, fitted 0.61159 -> 0.60813, held out 0.61347 -> 0.60958 (scale 2124.0).

#include <array>

namespace tilestone::gomoku::params {

/// Evaluation weight of one line pattern through an empty point, indexed by gomoku::Pattern.
/// Order: NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE.
constexpr std::array<int, 11> PATTERN_VALUE = {0, 0, 4, 6, 37, 119, 175, 1039, 281, 300, 1000};
/// What a line pattern through an empty point is worth more to the side to move, who can make
/// it first: the threes and fours it makes come with the initiative.
constexpr std::array<int, 11> TEMPO_VALUE = {0, 0, 0, 0, 0, 23, 24, 0, 4, 300, 0};
/// What the four lines through a point make together, added to the point's value and tempo,
/// indexed by gomoku::PointKind. Order: NONE, DEAD_TWO, LIVE_TWO, DEAD_THREE, DOUBLE_TWO,
/// LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE.
constexpr std::array<int, 11> KIND_VALUE = {0, -34, -115, -135, -196, -901, 179, -933, -2047, 683, 0};
constexpr std::array<int, 11> KIND_TEMPO = {0, 0, 0, 0, -42, 76, 4, 127, 342, 0, 0};

}  // namespace tilestone::gomoku::params
