#pragma once
// Seeded balanced openings for `tilestone gomoku match` (the games themselves are played by
// match/runner.h).

#include <cstdint>
#include <string>
#include <vector>

#include "gomoku/ai.h"

namespace tilestone::gomoku {

/// A short random opening (5 stones, black and white alternately, near the centre) that is about
/// even with white to move, drawn with `seed`. Under renju no stone is a forbidden point.
std::vector<Point> random_opening(int size, Rule rule, std::uint64_t seed);

/// `count` random openings for a match, no two the same position up to the board's eight
/// symmetries (by canonical() of learn.h, while enough different ones can be drawn), all drawn
/// from `seed`.
std::vector<std::vector<Point>> match_openings(int size, Rule rule, int count, std::uint64_t seed);

}  // namespace tilestone::gomoku
