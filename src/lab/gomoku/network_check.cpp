#include "lab/gomoku/network_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gomoku/eval.h"
#include "gomoku/move_picker.h"
#include "gomoku/winprob.h"

namespace tilestone::gomoku {
namespace {

double cross_entropy(double target, int value) {
  const double p = std::clamp(win_probability(value), 1e-6, 1.0 - 1e-6);
  return -(target * std::log(p) + (1.0 - target) * std::log(1.0 - p));
}

// The static value says what the search's (not 0) says: a value of 0 takes no side and agrees
// with neither.
bool same_sign(int value, int search) { return search > 0 ? value > 0 : value < 0; }

}  // namespace

int NetworkCheck::best_share() const {
  const auto best = std::min_element(by_share.begin(), by_share.end(),
                                     [](const ShareCheck& a, const ShareCheck& b) { return a.cross_entropy < b.cross_entropy; });
  return best->share;
}

int NetworkCheck::best_result_share() const {
  if (results == 0) return 0;
  const auto best = std::min_element(by_share.begin(), by_share.end(), [](const ShareCheck& a, const ShareCheck& b) {
    return a.result_cross_entropy < b.result_cross_entropy;
  });
  return best->share;
}

NetworkCheck check_network(const Network& net, std::span<const TrainingRecord> records) {
  NetworkCheck out;
  for (int k = 0; k < SHARE_STEPS; ++k) out.by_share[static_cast<std::size_t>(k)].share = 10 * k;
  NetworkState state(net);
  for (const auto& r : records) {
    auto parsed = record_board(r);
    if (r.proven || !parsed || parsed->rule() != net.rule()) {
      ++out.skipped;
      continue;
    }
    Board board = std::move(*parsed);
    const int best = board.index({r.best % r.size, r.best / r.size});
    const std::vector<int> moves = root_moves(board);
    if (std::find(moves.begin(), moves.end(), best) == moves.end()) {
      ++out.skipped;
      continue;
    }
    ++out.positions;
    state.reset(board);
    const double target = win_probability(r.value);
    const int classical = evaluate(board), own = state.evaluate(board).score;
    const int network = blend_value(own, classical, net.classical_share());
    // A search value of 0 has no sign to agree with: those positions count for the other figures only.
    const bool has_sign = r.value != 0;
    out.signed_positions += has_sign;
    out.classical.sign_agrees += has_sign && same_sign(classical, r.value);
    out.network.sign_agrees += has_sign && same_sign(network, r.value);
    const auto side = static_cast<std::size_t>(index_of(board.to_move()));
    ++out.positions_by_side[side];
    out.classical.gap_by_side[side] += classical - r.value;
    out.network.gap_by_side[side] += network - r.value;
    out.classical.cross_entropy += cross_entropy(target, classical);
    out.network.cross_entropy += cross_entropy(target, network);
    // The game's result, where the position lies on the game's path.
    const bool has_result = !r.off_path;
    const double outcome = 0.5 * static_cast<double>(r.result);
    if (has_result) {
      ++out.results;
      out.search_result_cross_entropy += cross_entropy(outcome, r.value);
      out.classical.result_cross_entropy += cross_entropy(outcome, classical);
      out.network.result_cross_entropy += cross_entropy(outcome, network);
    }
    // The value at each share, blended as the search blends it.
    for (ShareCheck& sc : out.by_share) {
      const int blended = blend_value(own, classical, sc.share);
      sc.sign_agrees += has_sign && same_sign(blended, r.value);
      sc.cross_entropy += cross_entropy(target, blended);
      if (has_result) sc.result_cross_entropy += cross_entropy(outcome, blended);
    }

    // Step 1. The move order: root_moves is the pattern order; the policy orders the same moves.
    out.classical.order_agrees += moves.front() == best;
    int by_policy = moves.front();
    std::int32_t top = std::numeric_limits<std::int32_t>::min();
    for (int m : moves) {
      if (const auto p = state.policy(board, m); p > top) top = p, by_policy = m;
    }
    out.network.order_agrees += by_policy == best;

    // Step 2. One ply: the move after which the opponent's static value is lowest.
    int by_classical = -1, by_network = -1;
    int low_classical = std::numeric_limits<int>::max(), low_network = std::numeric_limits<int>::max();
    for (int m : moves) {
      board.play_index(m);
      state.play(board, m);
      const int c = evaluate(board), n = state.search_value(board);
      state.undo();
      board.undo();
      if (c < low_classical) low_classical = c, by_classical = m;
      if (n < low_network) low_network = n, by_network = m;
    }
    out.classical.one_ply_agrees += by_classical == best;
    out.network.one_ply_agrees += by_network == best;
  }
  return out;
}

}  // namespace tilestone::gomoku
