#pragma once
// Tuning the evaluation from games ("Texel tuning"). The static evaluation is linear in its
// weights: per empty point and colour, the weight of each line pattern through it plus a bonus
// for what the four lines make together (the point's kind: double two, dead four, double three,
// four-three...), and for the side to move the tempo weights of its patterns and kinds. So a position reduces to a few counts, and fitting the weights to game results is a
// logistic regression: P(side to move wins) = sigmoid(eval / scale).

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "gomoku/board.h"

namespace tilestone::gomoku::tune {

/// The tuned numbers, in the order of params::PATTERN_VALUE / TEMPO_VALUE (Pattern order).
struct Weights {
  std::array<double, 11> pattern{};
  std::array<double, 11> tempo{};
  std::array<double, 11> kind{};        ///< indexed by PointKind
  std::array<double, 11> kind_tempo{};  ///< indexed by PointKind
  /// The engine's current numbers (params.h / eval_weights.h).
  static Weights current();
};

/// Which weights are fitted: the patterns BLOCK1..BLOCK4, the tempo of FLEX2..BLOCK4, the kind
/// bonuses DEAD_TWO..FOUR_PLUS and the kind tempo of DOUBLE_TWO..FOUR_PLUS. NONE, OVERLINE,
/// FLEX4 and FIVE stay as they are: quiet positions (no five point, no winning point for the side
/// to move) show too few of them to fit. Pattern weights stay >= 0; kind bonuses may be negative
/// (they correct the sum of a point's patterns).
inline constexpr int FIRST_PATTERN = 2, LAST_PATTERN = 8, FIRST_TEMPO = 5, LAST_TEMPO = 8;
inline constexpr int FIRST_KIND = 1, LAST_KIND = 9, FIRST_KIND_TEMPO = 4, LAST_KIND_TEMPO = 9;
inline constexpr int PARAMETERS = (LAST_PATTERN - FIRST_PATTERN + 1) + (LAST_TEMPO - FIRST_TEMPO + 1) +
                                  (LAST_KIND - FIRST_KIND + 1) + (LAST_KIND_TEMPO - FIRST_KIND_TEMPO + 1);

/// A position as the evaluation sees it: for each weight, how often it counts (mine minus
/// theirs; tempo counts are the side to move's only), and the result for the side to move.
struct Sample {
  std::array<float, PARAMETERS> x{};
  float fixed = 0;      ///< what the weights that are not fitted add to the evaluation
  float result = 0.5f;  ///< 1 win, 0.5 draw, 0 loss for the side to move
};

/// The counts of a position; nullopt-like `quiet == false` when it is not quiet (a five point for
/// either side, or the side to move can make a live four or better), which the static
/// evaluation is not meant to judge.
struct Features {
  std::array<float, PARAMETERS> x{};
  float fixed = 0;  ///< the evaluation's part from the weights that are not fitted
  bool quiet = true;
};
Features features(const Board& board);

/// The evaluation of counts under weights, plus the fixed part (the same number evaluate()
/// computes, before clamping).
double evaluate(const Weights& w, const std::array<float, PARAMETERS>& x, double fixed);

/// The quiet positions of a game (after its opening), each labelled with the game's result.
/// `outcome` is how the game ended; `skip` is the number of opening moves to leave out.
std::vector<Sample> samples_of_game(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip);

/// What a deeper look says of a position: P(side to move wins), or nullopt to leave the position
/// out (a proven result, which tactics decide and the static evaluation is not meant to judge).
using Target = std::function<std::optional<double>(const Board&)>;

/// The target of a `strong` search of fixed depth `depth` (its own engine and a small table, so
/// one per thread; the same values on every machine): the calibrated win probability of its value.
Target search_target(int depth);

/// samples_of_game with each label blended: lambda * result + (1 - lambda) * target(position).
/// Fitting to a search's verdict as well as to the result ("distillation") gives a label for
/// every position that says what the search finds there, far less noisy than one result a game.
std::vector<Sample> samples_of_game(const std::vector<Point>& moves, int size, Rule rule, Outcome outcome, int skip,
                                    const Target& target, double lambda);

struct FitOptions {
  int iterations = 3000;
  double learning_rate = 2.0;  ///< Adam step, in evaluation points
  double held_out = 0.1;       ///< share of the samples kept out of the fit (every k-th one)
};

struct FitReport {
  Weights weights;
  double scale = 0;  ///< eval points per unit of logit, fitted on the starting weights
  double train_loss_before = 0, train_loss_after = 0;
  double held_out_loss_before = 0, held_out_loss_after = 0;
  std::size_t train = 0, held_out = 0;
};

/// Mean log loss of the predictions sigmoid(eval / scale) on `samples`.
double log_loss(const Weights& w, double scale, const std::vector<Sample>& samples);

/// Fits the scale on `start`, then the weights (Adam on the mean log loss, weights kept >= 0).
FitReport fit(const std::vector<Sample>& samples, const Weights& start, const FitOptions& options);

/// The generated header with the tuned numbers (rounded), saying how they were made.
std::string weights_header(const Weights& w, const std::string& how);

/// `text` as C++ line comments, one "// " line per line: how a generated header was made.
std::string comment_lines(const std::string& text);

}  // namespace tilestone::gomoku::tune
