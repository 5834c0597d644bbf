#pragma once
// The grades a game review gives a move, shared by both games: how much the move lost against
// the engine's best, in the game's own unit (win probability for Gomoku, expected score for 2048).

#include <array>
#include <optional>
#include <string_view>

namespace tilestone::core {

enum class Grade { BEST, GOOD, INACCURACY, MISTAKE, BLUNDER };

inline constexpr std::array<Grade, 5> ALL_GRADES = {Grade::BEST, Grade::GOOD, Grade::INACCURACY, Grade::MISTAKE,
                                                     Grade::BLUNDER};

/// "best", "good", "inaccuracy", "mistake", "blunder".
constexpr std::string_view grade_name(Grade g) {
  switch (g) {
    case Grade::BEST: return "best";
    case Grade::GOOD: return "good";
    case Grade::INACCURACY: return "inaccuracy";
    case Grade::MISTAKE: return "mistake";
    case Grade::BLUNDER: return "blunder";
  }
  return "?";
}

/// The upper bounds of a loss for each grade but the last: a loss up to `best` is BEST, up to
/// `good` GOOD, and so on; a loss past `mistake` is a BLUNDER.
struct GradeThresholds {
  double best, good, inaccuracy, mistake;
};

/// Grades a loss (>= 0). The engine's own move is always BEST, whatever the search noise says.
constexpr Grade grade_loss(double loss, bool engine_move, const GradeThresholds& t) {
  if (engine_move || loss <= t.best) return Grade::BEST;
  if (loss <= t.good) return Grade::GOOD;
  if (loss <= t.inaccuracy) return Grade::INACCURACY;
  if (loss <= t.mistake) return Grade::MISTAKE;
  return Grade::BLUNDER;
}

}  // namespace tilestone::core
