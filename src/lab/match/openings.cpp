#include "lab/match/openings.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

#include "core/parallel.h"
#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/board.h"
#include "gomoku/learn.h"
#include "gomoku/notation.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"

namespace tilestone::match {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;
using gomoku::Rule;
using gomoku::Verdict;

// Generated openings.

// Openings are five stones (black, white, black, white, black) within OPENING_RADIUS of the
// centre, white to move, where black's stones are worth BLACK_MIN..BLACK_MAX more than white's
// in pattern values: white's move makes up for that. Measured with strong against itself
// (100 games, 200 ms, freestyle): black won 53, white 46. Four stones with black to move were
// far from fair (black won 89 with even values, 82 with white ahead by 100-300), and three
// stones near the centre make only 75 positions in all. This window leaves hundreds of
// different positions up to symmetry.
constexpr int BLACK_MIN = 100;
constexpr int BLACK_MAX = 300;
constexpr int OPENING_STONES = 5;
constexpr int OPENING_RADIUS = 2;
constexpr int OPENING_TRIES = 200;
constexpr int DISTINCT_TRIES = 100;  // draws per match opening before a repeat is accepted

// Balanced openings.

constexpr int PLACEMENT_TRIES = 400;  // random points tried before a candidate is given up

// A random quiet opening drawn from `seed`: the first stone on the centre, the others within the
// radius, none making a five or forbidden, and no immediate four or five for either side at the
// end. Empty when the draw fails.
std::vector<Point> draw_candidate(const BalancedOptions& o, std::uint64_t seed) {
  core::Rng rng(seed);
  const int c = o.size / 2, r = std::min(o.radius, c);
  Board b(o.size, o.rule);
  std::vector<Point> moves{{c, c}};
  b.play({c, c});
  for (int tries = 0; static_cast<int>(moves.size()) < o.stones; ++tries) {
    if (tries == PLACEMENT_TRIES) return {};
    const Point p{c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1))),
                  c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1)))};
    if (!b.empty_at(p) || judge_move(b, p) != Verdict::NORMAL) continue;
    b.play(p);
    moves.push_back(p);
  }
  for (Color side : {Color::BLACK, Color::WHITE})
    if (b.five_cells(side) > 0 || b.four_cells(side) > 0) return {};
  return moves;
}

// Openings files.

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

Opening random_opening(int size, Rule rule, std::uint64_t seed) {
  core::Rng rng(seed);
  const int c = size / 2;
  const int r = std::min(OPENING_RADIUS, c);
  std::vector<Point> best;
  int best_miss = 1 << 30;
  for (int attempt = 0; attempt < OPENING_TRIES; ++attempt) {
    Board b(size, rule);
    std::vector<Point> moves;
    while (static_cast<int>(moves.size()) < OPENING_STONES) {
      const Point p{c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1))),
                    c - r + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 * r + 1)))};
      if (moves.empty()) {
        b.play({c, c});
        moves.push_back({c, c});
        continue;
      }
      if (judge_move(b, p) != Verdict::NORMAL) continue;
      b.play(p);
      moves.push_back(p);
    }
    // The plain difference of the two sides' pattern values (not the engine's evaluation, so that
    // tuning the engine does not change the openings).
    const int e = b.value_sum(Color::BLACK) - b.value_sum(Color::WHITE);
    const int miss = std::max({0, BLACK_MIN - e, e - BLACK_MAX});
    if (miss < best_miss) best_miss = miss, best = moves;
    if (miss == 0) break;
  }
  return best;
}

std::vector<Opening> match_openings(int size, Rule rule, int count, std::uint64_t seed) {
  std::vector<Opening> out;
  std::set<std::string> seen;  // canonical keys: one per position and its symmetric images
  std::uint64_t draw = 0;
  for (int i = 0; i < count; ++i) {
    Opening opening;
    for (int attempt = 0; attempt < DISTINCT_TRIES; ++attempt) {
      opening = random_opening(size, rule, core::derive_seed(seed, draw++));
      Board b(size, rule);
      for (Point p : opening) b.play(p);
      if (seen.insert(canonical(b).key).second) break;
    }
    out.push_back(std::move(opening));
  }
  return out;
}

std::vector<BalancedOpening> balanced_openings(const BalancedOptions& o,
                                               const std::function<void(const BalancedProgress&)>& progress) {
  std::vector<BalancedOpening> out;
  std::set<std::string> seen;
  const int max_candidates = o.max_candidates > 0 ? o.max_candidates : 200 * std::max(1, o.count);
  const unsigned jobs = std::max(1u, o.jobs);
  const std::size_t batch = 4 * jobs;
  BalancedProgress p;
  std::uint64_t draw = 0;
  while (static_cast<int>(out.size()) < o.count && p.candidates < max_candidates) {
    // Step 1. A batch of distinct candidates, in draw order.
    std::vector<std::vector<Point>> cands;
    while (cands.size() < batch && p.candidates + static_cast<int>(cands.size()) < max_candidates) {
      auto moves = draw_candidate(o, core::derive_seed(o.seed, draw++));
      if (moves.empty()) {
        ++p.candidates;
        continue;
      }
      Board b(o.size, o.rule);
      for (Point q : moves) b.play(q);
      if (!seen.insert(canonical(b).key).second) {  // a repeat counts as drawn, not valued
        ++p.candidates;
        continue;
      }
      cands.push_back(std::move(moves));
    }
    // Step 2. Value them, each with a fresh engine at a fixed depth (the same on every machine).
    std::vector<int> values(cands.size());
    core::parallel_for(cands.size(), jobs, [&](std::size_t i) {
      Board b(o.size, o.rule);
      for (Point q : cands[i]) b.play(q);
      auto engine = gomoku::make_strong_engine();
      gomoku::Limits limits;
      limits.time_ms = 0;
      limits.depth = o.depth;
      limits.memory_mb = 16;
      values[i] = engine->search(b, limits).value;
    });
    // Step 3. Keep the balanced ones, in order.
    for (std::size_t i = 0; i < cands.size() && static_cast<int>(out.size()) < o.count; ++i) {
      ++p.candidates;
      const double mover = gomoku::win_probability(values[i]);
      if (std::abs(mover - 0.5) > o.balance) continue;
      const bool black_to_move = cands[i].size() % 2 == 0;
      out.push_back({cands[i], values[i], black_to_move ? mover : 1.0 - mover});
    }
    p.kept = static_cast<int>(out.size());
    if (progress) progress(p);
  }
  return out;
}

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
