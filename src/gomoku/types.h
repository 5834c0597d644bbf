#pragma once
// The small value types of Gomoku: colours, points, rules.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tilestone::gomoku {

/// A stone colour; the values match the cell codes of patterns.h.
enum class Color : std::uint8_t { BLACK = 1, WHITE = 2 };

constexpr Color opponent(Color c) { return c == Color::BLACK ? Color::WHITE : Color::BLACK; }
constexpr int index_of(Color c) { return static_cast<int>(c) - 1; }

/// A point of the board: x from the left, y from the TOP (as the Gomocup protocol counts).
struct Point {
  int x = -1;
  int y = -1;
  friend constexpr bool operator==(Point, Point) = default;
  constexpr bool valid() const { return x >= 0 && y >= 0; }
};

/// Order used to break ties between moves: top to bottom, then left to right.
constexpr bool coordinate_less(Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

/// The rule of a game: FREESTYLE (five or more wins), STANDARD (exactly five), RENJU (RIF).
enum class Rule : std::uint8_t { FREESTYLE, STANDARD, RENJU };
/// Every rule, in the enum's order.
inline constexpr std::array<Rule, 3> ALL_RULES{Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU};

/// "freestyle", "standard" or "renju".
std::string_view rule_name(Rule rule);
/// Parses a rule name (case-insensitive); nullopt when unknown.
std::optional<Rule> parse_rule(std::string_view name);

/// How a finished game ended.
enum class Outcome : std::uint8_t { NONE, BLACK_WINS, WHITE_WINS, DRAW };

/// The result as game records write it: "black", "white", "draw" or "unfinished" (NONE).
std::string_view outcome_name(Outcome o);
/// Whether the game ended with `side` losing.
constexpr bool lost(Outcome o, Color side) {
  return (o == Outcome::BLACK_WINS && side == Color::WHITE) || (o == Outcome::WHITE_WINS && side == Color::BLACK);
}

}  // namespace tilestone::gomoku
