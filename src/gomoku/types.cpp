#include "gomoku/types.h"

#include <cctype>
#include <string>

namespace tilestone::gomoku {

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::BLACK_WINS: return "black";
    case Outcome::WHITE_WINS: return "white";
    case Outcome::DRAW: return "draw";
    case Outcome::NONE: return "unfinished";
  }
  return "unfinished";
}

std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::FREESTYLE: return "freestyle";
    case Rule::STANDARD: return "standard";
    case Rule::RENJU: return "renju";
  }
  return "freestyle";
}

std::optional<Rule> parse_rule(std::string_view name) {
  std::string lower;
  for (char ch : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (lower == "freestyle") return Rule::FREESTYLE;
  if (lower == "standard") return Rule::STANDARD;
  if (lower == "renju") return Rule::RENJU;
  return std::nullopt;
}

}  // namespace tilestone::gomoku
