#include "match/openings.h"

#include <cctype>
#include <charconv>
#include <fstream>

#include "gomoku/notation.h"
#include "gomoku/rules.h"

namespace tilestone::match {
namespace {

// A line of offsets holds only digits, signs, commas and blanks.
bool is_offset_line(const std::string& line) {
  for (char ch : line)
    if (!std::isdigit(static_cast<unsigned char>(ch)) && ch != '-' && ch != '+' && ch != ',' && ch != ' ' && ch != '\t')
      return false;
  return true;
}

core::Result<Opening> parse_offsets(const std::string& line, int size) {
  std::vector<long> numbers;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ',') ++j;
    std::string token = line.substr(i, j - i);
    while (!token.empty() && (token.back() == ' ' || token.back() == '\t')) token.pop_back();
    if (!token.empty() && token.front() == '+') token.erase(0, 1);
    long v = 0;
    const auto r = std::from_chars(token.data(), token.data() + token.size(), v);
    if (token.empty() || r.ec != std::errc{} || r.ptr != token.data() + token.size())
      return core::fail("'" + line + "' is not a list of offsets x, y, x, y, ...");
    numbers.push_back(v);
    i = j + 1;
  }
  if (numbers.empty() || numbers.size() % 2 != 0) return core::fail("'" + line + "': offsets come in x, y pairs");
  const int c = size / 2;
  Opening out;
  for (std::size_t k = 0; k < numbers.size(); k += 2) {
    const long x = c + numbers[k], y = c + numbers[k + 1];
    if (x < 0 || y < 0 || x >= size || y >= size)
      return core::fail("offset " + std::to_string(numbers[k]) + "," + std::to_string(numbers[k + 1]) + " is off the board");
    out.push_back({static_cast<int>(x), static_cast<int>(y)});
  }
  return out;
}

}  // namespace

core::Result<Opening> parse_opening(const std::string& line, int size) {
  if (is_offset_line(line)) return parse_offsets(line, size);
  auto moves = gomoku::parse_moves(line, size);
  if (!moves) return core::fail(moves.error());
  return *moves;
}

core::Result<std::vector<Opening>> load_openings(const std::string& path, int size, gomoku::Rule rule) {
  std::ifstream in(path);
  if (!in) return core::fail("cannot read openings file '" + path + "'");
  std::vector<Opening> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    line = line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
    const std::string where = path + ":" + std::to_string(number) + ": ";
    auto opening = parse_opening(line, size);
    if (!opening) return core::fail(where + opening.error());
    gomoku::Board board(size, rule);
    for (gomoku::Point p : *opening) {
      const auto v = board.empty_at(p) ? gomoku::judge_move(board, p) : gomoku::Verdict::ILLEGAL;
      if (v != gomoku::Verdict::NORMAL)
        return core::fail(where + "not a playable opening (" + gomoku::format_point(p, size) +
                          (v == gomoku::Verdict::ILLEGAL ? " is taken" : v == gomoku::Verdict::WINS ? " makes five" : " is forbidden") + ")");
      board.play(p);
    }
    if (board.full()) return core::fail(where + "the opening fills the board");
    out.push_back(std::move(opening.value()));
  }
  if (out.empty()) return core::fail("openings file '" + path + "' has no openings");
  return out;
}

}  // namespace tilestone::match
