#include "gomoku/balanced.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "core/parallel.h"
#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/board.h"
#include "gomoku/learn.h"
#include "gomoku/rules.h"
#include "gomoku/search.h"
#include "gomoku/winprob.h"

namespace tilestone::gomoku {
namespace {

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

}  // namespace

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
      auto engine = make_strong_engine();
      Limits limits;
      limits.time_ms = 0;
      limits.depth = o.depth;
      limits.memory_mb = 16;
      values[i] = engine->search(b, limits).value;
    });
    // Step 3. Keep the balanced ones, in order.
    for (std::size_t i = 0; i < cands.size() && static_cast<int>(out.size()) < o.count; ++i) {
      ++p.candidates;
      const double mover = win_probability(values[i]);
      if (std::abs(mover - 0.5) > o.balance) continue;
      const bool black_to_move = cands[i].size() % 2 == 0;
      out.push_back({cands[i], values[i], black_to_move ? mover : 1.0 - mover});
    }
    p.kept = static_cast<int>(out.size());
    if (progress) progress(p);
  }
  return out;
}

}  // namespace tilestone::gomoku
