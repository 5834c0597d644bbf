#include "lab/g2048/suite.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

#include "g2048/game.h"
#include "g2048/grid.h"

namespace tilestone::g2048 {

std::vector<Board> sample_boards(Ai& player, const Limits& limits, const SuiteSampling& sampling) {
  std::vector<Board> boards;
  for (int g = 0; g < sampling.games && static_cast<int>(boards.size()) < sampling.positions; ++g) {
    // Step 1. Play the game to its end; a board with one legal move is kept as Board{} (no choice).
    Game game(core::derive_seed(sampling.seed, static_cast<std::uint64_t>(g)));
    std::vector<Board> played;
    while (!game.over()) {
      const Board b = game.grid().to_board();
      const Analysis a = player.analyze(b, limits);
      if (!a.best) break;
      played.push_back(std::count(a.legal.begin(), a.legal.end(), true) > 1 ? b : Board{});
      game.play(*a.best);
    }
    // Step 2. One board in `every` from where sampling starts.
    const std::size_t last = static_cast<std::size_t>(sampling.last_moves);
    const std::size_t from = last > 0 && played.size() > last ? played.size() - last : 0;
    int since = 0;
    for (std::size_t i = from; i < played.size() && static_cast<int>(boards.size()) < sampling.positions; ++i) {
      const Board b = played[i];
      if (b == Board{} || b.max_exponent() < sampling.min_exponent) continue;
      if (++since >= sampling.every) {
        boards.push_back(b);
        since = 0;
      }
    }
  }
  return boards;
}

std::vector<SuitePosition> reference_positions(Ai& reference, const Limits& limits, const std::vector<Board>& boards,
                                               const std::function<void(std::size_t)>& on_done) {
  std::vector<SuitePosition> out;
  out.reserve(boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Analysis a = reference.analyze(boards[i], limits);
    SuitePosition p{boards[i], a.legal, {}};
    for (int d = 0; d < 4; ++d) p.reference[d] = a.legal[d] ? a.values[d] : 0.0;
    out.push_back(p);
    if (on_done) on_done(i);
  }
  return out;
}

std::string format_suite(const std::vector<SuitePosition>& positions) {
  std::string out = "# tilestone 2048 suite: the board (0x and the 16 cells' exponents from the top-left, as --board takes it) "
                    "and the reference values of up, down, left, right\n";
  char buf[64];
  for (const auto& p : positions) {
    out += format_hex(Grid::from_board(p.board));
    for (int d = 0; d < 4; ++d) {
      if (!p.legal[d]) {
        out += " -";
      } else {
        std::snprintf(buf, sizeof buf, " %.3f", p.reference[d]);
        out += buf;
      }
    }
    out += '\n';
  }
  return out;
}

core::Result<std::vector<SuitePosition>> parse_suite(std::string_view text) {
  std::vector<SuitePosition> out;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const auto bad = [&](const std::string& why) {
      return core::fail("line " + std::to_string(number) + ": " + why);
    };
    std::istringstream fields(line);
    std::string hex;
    fields >> hex;
    if (hex.size() != 18 || hex.compare(0, 2, "0x") != 0) return bad("a board is 0x and 16 hex digits, got '" + hex + "'");
    const auto grid = parse_grid(hex);
    if (!grid) return bad(grid.error());
    SuitePosition p{grid->to_board(), {}, {}};
    int legal = 0;
    for (int d = 0; d < 4; ++d) {
      std::string v;
      if (!(fields >> v)) return bad("four move values expected after the board");
      if (v == "-") {
        if (p.board.can_move(static_cast<Dir>(d))) return bad("a legal move is marked '-'");
        continue;
      }
      if (!p.board.can_move(static_cast<Dir>(d))) return bad("an illegal move has a value");
      double x = 0;
      const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
      if (ec != std::errc{} || ptr != v.data() + v.size()) return bad("'" + v + "' is not a number");
      p.legal[d] = true;
      p.reference[d] = x;
      ++legal;
    }
    std::string extra;
    if (fields >> extra) return bad("more than four move values");
    if (legal == 0) return bad("the board has no legal move");
    out.push_back(p);
  }
  if (out.empty()) return core::fail("the suite has no positions");
  return out;
}

SuiteScore score_suite(Ai& ai, const Limits& limits, const std::vector<SuitePosition>& positions,
                       const std::function<void(std::size_t)>& on_done) {
  SuiteScore s;
  double depth = 0, ms = 0, loss_sum = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const SuitePosition& p = positions[i];
    std::optional<Dir> best;
    for (Dir d : ALL_DIRS)
      if (p.legal[index(d)] && (!best || p.reference[index(d)] > p.reference[index(*best)])) best = d;
    const Analysis a = ai.analyze(p.board, limits);
    const double top = best ? p.reference[index(*best)] : 0.0;
    const double chosen = a.best && p.legal[index(*a.best)] ? p.reference[index(*a.best)] : 0.0;
    SuiteChoice c{a.best, best.value_or(Dir::Up), std::max(0.0, top - chosen), a.depth, a.time_ms};
    ++s.positions;
    s.agreed += c.loss == 0.0;
    s.big_losses += c.loss >= SUITE_BIG_LOSS;
    s.max_loss = std::max(s.max_loss, c.loss);
    loss_sum += c.loss;
    depth += a.depth;
    ms += a.time_ms;
    s.choices.push_back(c);
    if (on_done) on_done(i);
  }
  if (s.positions > 0) {
    s.mean_loss = loss_sum / s.positions;
    s.mean_depth = depth / s.positions;
    s.mean_ms = ms / s.positions;
  }
  return s;
}

}  // namespace tilestone::g2048
