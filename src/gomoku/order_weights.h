#pragma once
// The move-order weights of the Gomoku engine. GENERATED FILE: do not edit by hand.
// Made by `./build/tilestone gomoku tune order data/selfplay/free-1.json data/selfplay/free-3.json data/selfplay/renju-2.json data/games/654efa5-1s-free-1.json data/games/654efa5-1s-free-2.json data/games/654efa5-1s-renju.json data/games/aiwine-200ms-1.json data/games/aiwine-200ms-2.json data/games/aiwine-200ms-3.json data/games/aiwine-200ms-4.json data/games/aiwine-200ms-5.json --out src/gomoku/order_weights.h`
// from 4700 games (77324 positions, every 10th game held out), the data made by:
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
// Played move ranked, held out: before first 32.6 %, top 3 59.6 %, top 10 88.4 %; after first 33.9 %, top 3 60.1 %, top 10 89.4 %
// (the threat searches' order by point kind: first 19.2 %, top 3 39.0 %, top 10 81.9 %).

#include <array>

namespace tilestone::gomoku::params {

/// The move-order score of a candidate point (lab/gomoku/order_tune.h), in logits x 1000: a softmax over
/// the candidates fitted to predict the move played. By PointKind (NONE, DEAD_TWO, LIVE_TWO,
/// DEAD_THREE, DOUBLE_TWO, LIVE_THREE, DEAD_FOUR, DEAD3_LIVE3, DOUBLE_THREE, FOUR_PLUS, FIVE) of
/// what a stone there makes for the side to move and for the opponent:
constexpr std::array<int, 11> ORDER_KIND_MINE = {-1319, -1225, -1001, -1063, -633, 197, -174, -146, 801, 5170, 20000};
constexpr std::array<int, 11> ORDER_KIND_THEIRS = {-621, -353, -487, -516, -658, 376, 1160, 246, 519, 3000, 15000};
/// By Pattern (NONE, OVERLINE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE),
/// once for each of the four lines through the point:
constexpr std::array<int, 11> ORDER_PATTERN_MINE = {-1511, 0, -1315, -1232, -1074, 21, 605, 1330, 2232, 2790, 0};
constexpr std::array<int, 11> ORDER_PATTERN_THEIRS = {-379, 225, -280, -489, -525, 32, 466, 992, 1160, 1500, 0};
/// By Chebyshev distance 1, 2, 3, 4+ to the opponent's last stone and to our own last stone:
constexpr std::array<int, 4> ORDER_NEAR_LAST = {262, 61, -98, -167};
constexpr std::array<int, 4> ORDER_NEAR_OWN = {336, 108, -136, -245};

}  // namespace tilestone::gomoku::params
