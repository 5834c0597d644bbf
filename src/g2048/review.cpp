#include "g2048/review.h"

#include <algorithm>
#include <numeric>

#include "g2048/ai.h"
#include "g2048/ai_impl.h"

namespace tilestone::g2048 {

OutlookAnalyzer::OutlookAnalyzer(std::shared_ptr<const NTupleNetwork> net) : ai_(make_expectimax(std::move(net))) {}
OutlookAnalyzer::~OutlookAnalyzer() = default;

Outlook OutlookAnalyzer::operator()(const Grid& grid, std::uint64_t score, int depth) { return outlook(*ai_, grid, score, depth); }

Outlook outlook(Ai& ai, const Grid& grid, std::uint64_t score, int depth) {
  Outlook out;
  Limits limits;
  limits.depth = depth;
  limits.threads = 1;
  const Analysis a = ai.analyze(grid.to_board(), limits);
  for (Dir d : ALL_DIRS) {
    const int k = index(d);
    // The exact grid decides legality (the search's board caps tiles at 32768).
    out.legal[static_cast<std::size_t>(k)] = can_move(grid, d);
    if (!out.legal[static_cast<std::size_t>(k)]) continue;
    const double v = a.legal[static_cast<std::size_t>(k)] ? a.values[static_cast<std::size_t>(k)]
                                                          : static_cast<double>(slide(grid, d).gain);
    out.value[static_cast<std::size_t>(k)] = v;
    out.expected_score[static_cast<std::size_t>(k)] = static_cast<double>(score) + v;
    if (!out.best || v > out.value[static_cast<std::size_t>(index(*out.best))]) out.best = d;
  }
  return out;
}

core::GradeThresholds review_thresholds() {
  return {params::REVIEW_BEST_LOSS, params::REVIEW_GOOD_LOSS, params::REVIEW_INACCURACY_LOSS, params::REVIEW_MISTAKE_LOSS};
}

Review2048 review_game(const Replay& replay, std::shared_ptr<const NTupleNetwork> net, int depth, const ReviewProgress2048& progress,
                       const std::atomic<bool>* stop) {
  Review2048 r;
  OutlookAnalyzer analyze(std::move(net));
  const int n = static_cast<int>(replay.frames.size()) - 1;
  for (int i = 0; i < n; ++i) {
    if (stop && stop->load()) {
      r.complete = false;
      break;
    }
    if (progress && (i % 10 == 0)) progress(i, n);
    const ReplayFrame& before = replay.frames[static_cast<std::size_t>(i)];
    const ReplayFrame& after = replay.frames[static_cast<std::size_t>(i + 1)];
    ReviewedMove2048 m;
    m.index = i;
    m.before = before.grid;
    m.score_before = before.score;
    m.played = *after.dir;
    m.outlook = analyze(before.grid, before.score, depth);
    m.best = m.outlook.best;
    const auto k = static_cast<std::size_t>(index(m.played));
    const double played = m.outlook.expected_score[k];
    const double best = m.best ? m.outlook.expected_score[static_cast<std::size_t>(index(*m.best))] : played;
    m.loss = std::max(0.0, best - played);
    m.grade = core::grade_loss(m.loss, m.best == m.played, review_thresholds());
    r.expected.push_back(played);
    r.scores.push_back(after.score);
    r.moves.push_back(std::move(m));
  }
  if (progress) progress(n, n);
  r.final_score = replay.frames.empty() ? 0 : replay.frames[r.moves.size()].score;
  std::vector<std::size_t> order(r.moves.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r.moves[a].loss > r.moves[b].loss; });
  for (std::size_t i : order) {
    if (static_cast<int>(r.decisive.size()) >= params::REVIEW_DECISIVE_MOMENTS || r.moves[i].loss <= params::REVIEW_GOOD_LOSS) break;
    r.decisive.push_back(static_cast<int>(i));
  }
  std::sort(r.decisive.begin(), r.decisive.end());
  return r;
}

}  // namespace tilestone::g2048
