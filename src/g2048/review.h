#pragma once
// 2048 analysis in human terms and game review. A move is worth the expected final score after
// it: the score so far, plus what expectimax over the n-tuple network (which values a board by
// the score still to come) expects the move and the rest of the game to add, at a fixed depth.
// A review grades each move of a recorded game by the expected final score it gave up against
// the best move. Nothing is printed; progress goes to a callback, `stop` ends a review early.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/grade.h"
#include "g2048/grid.h"
#include "g2048/ntuple.h"
#include "g2048/params.h"
#include "g2048/replay.h"

namespace tilestone::g2048 {

/// The expected final score of each move from one position.
struct Outlook {
  std::array<bool, 4> legal{};
  std::array<double, 4> expected_score{};  ///< score so far + the search's value (legal moves)
  std::array<double, 4> value{};           ///< the raw search value: reward + future rewards
  std::optional<Dir> best;
};

class Ai;

/// The outlook of `grid` with `score` points so far, by `ai` (expectimax over a network, as
/// OutlookAnalyzer makes it) at a fixed `depth`.
Outlook outlook(Ai& ai, const Grid& grid, std::uint64_t score, int depth = params::OUTLOOK_DEPTH);

/// Expectimax over a network, kept for many positions (its tables are allocated once).
class OutlookAnalyzer {
 public:
  explicit OutlookAnalyzer(std::shared_ptr<const NTupleNetwork> net);
  ~OutlookAnalyzer();
  /// The outlook of `grid` with `score` points so far, at a fixed `depth` (deterministic).
  Outlook operator()(const Grid& grid, std::uint64_t score, int depth = params::OUTLOOK_DEPTH);

 private:
  std::unique_ptr<Ai> ai_;
};

/// The grade thresholds of a 2048 review (params.h), in expected final score lost.
core::GradeThresholds review_thresholds();

struct ReviewedMove2048 {
  int index = 0;               ///< 0 for the first move
  Grid before;
  std::uint64_t score_before = 0;
  Dir played = Dir::Up;
  std::optional<Dir> best;
  Outlook outlook;
  double loss = 0;             ///< expected final score given up against the best move
  core::Grade grade = core::Grade::BEST;
};

struct Review2048 {
  std::vector<ReviewedMove2048> moves;
  std::vector<double> expected;  ///< the expected final score after each move played
  std::vector<std::uint64_t> scores;  ///< the score after each move
  std::vector<int> decisive;     ///< the moves that gave up the most (at least an inaccuracy)
  std::uint64_t final_score = 0;
  bool complete = true;
};

using ReviewProgress2048 = std::function<void(int done, int total)>;

/// Reviews the replayed game (every frame after the first has its move).
Review2048 review_game(const Replay& replay, std::shared_ptr<const NTupleNetwork> net, int depth = params::OUTLOOK_DEPTH,
                       const ReviewProgress2048& progress = {}, const std::atomic<bool>* stop = nullptr);

}  // namespace tilestone::g2048
