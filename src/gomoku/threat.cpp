#include "gomoku/threat.h"

#include <algorithm>

#include "gomoku/eval.h"
#include "gomoku/move_key.h"
#include "gomoku/rules.h"

namespace tilestone::gomoku {
namespace {

class ThreatSearch {
 public:
  ThreatSearch(Board& board, const ThreatBudget& budget, bool threes)
      : b_(board), budget_(budget), threes_(threes), attacker_(board.to_move()) {}

  ThreatResult run() {
    ThreatResult r;
    std::vector<int> line;
    r.found = attack(budget_.max_depth, line);
    r.line = std::move(line);
    r.nodes = nodes_;
    return r;
  }

 private:
  // Counts one attacker move played and says whether the budget is spent.
  bool out_of_budget() {
    ++nodes_;
    if (aborted_) return true;
    if (nodes_ >= budget_.max_nodes || (budget_.stop && budget_.stop->load(std::memory_order_relaxed)) ||
        ((nodes_ & 15) == 0 && budget_.deadline && budget_.deadline->expired())) {
      aborted_ = true;
    }
    return aborted_;
  }

  // Every cell of a board, at most: the threat moves and the defences of one node.
  using Cells = CellList<Board::MAX_CELLS>;

  // How many cells give c a five (counted up to 2), and the first of them in coordinate order.
  int five_points(Color c, int& first) const {
    int n = 0;
    first = -1;
    if (b_.five_cells(c) == 0) return 0;
    b_.for_each_four_cell(c, [&](int q) {
      if (n < 2 && is_five_point(b_, q, c)) {
        if (n++ == 0) first = q;
      }
    });
    return n;
  }

  // Attacker's moves: fours (and with threes_, moves making a live three), strongest first and
  // in coordinate order among equals.
  void threat_moves(Cells& out) const {
    std::array<std::int64_t, Board::MAX_CELLS> scored;
    std::size_t n = 0;
    const Color a = attacker_;
    auto score = [&](int q) { scored[n++] = best_first_key(order_score(b_, q, a), q); };
    if (threes_) {
      b_.for_each_candidate([&](int q) {
        if (b_.best_pattern(a, q) >= Pattern::FLEX3) score(q);
      });
    } else {
      b_.for_each_four_cell(a, score);
    }
    std::sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(n));
    for (std::size_t i = 0; i < n; ++i) out.push(cell_of_key(scored[i]));
  }

  // Empty points on the lines of the attacker's new three at m that break it: where the
  // attacker would make a four along that line.
  void three_defences(int m, Cells& out) const {
    for (int d = 0; d < 4; ++d) {
      bool three_here = false;
      for (int k = -4; k <= 4 && !three_here; ++k) {
        const int q = m + k * b_.offset(d);
        three_here = k != 0 && b_.cell(q) == CELL_EMPTY && b_.pattern(attacker_, q, d) == Pattern::FLEX4;
      }
      if (!three_here) continue;
      for (int k = -4; k <= 4; ++k) {
        const int q = m + k * b_.offset(d);
        if (k != 0 && b_.cell(q) == CELL_EMPTY && b_.pattern(attacker_, q, d) >= Pattern::BLOCK4) out.push(q);
      }
    }
  }

  // The defender's replies after the attacker's move m; empty `replies` with true = no defence.
  bool defences(int m, Cells& replies) const {
    const Color a = attacker_, d = opponent(a);
    const LineCells fives = five_points_near(b_, m, a);
    if (fives.size() >= 2) return true;  // two fives to stop: the attacker wins
    if (fives.size() == 1) {
      replies.push(fives[0]);
    } else {
      if (!threes_) return false;  // a VCF move that is no four
      three_defences(m, replies);
      if (replies.empty()) return false;  // m was no threat
      // The defender may also answer a three with a four of its own.
      b_.for_each_four_cell(d, [&](int q) { replies.push(q); });
      replies.sort_unique();
    }
    // Black cannot defend on a forbidden point.
    replies.keep_if([&](int q) { return may_play(b_, q, d); });
    return replies.empty();
  }

  bool attack(int depth, std::vector<int>& line) {
    if (out_of_budget()) return false;
    if (budget_.cache == nullptr) return attack_uncached(depth, line);
    // VCF and VCT facts differ: they share a table under different keys.
    const std::uint64_t key = threes_ ? b_.hash() ^ VCT_KEY : b_.hash();
    if (budget_.cache->holds(key, depth)) return false;
    const bool win = attack_uncached(depth, line);
    if (!win && !aborted_) budget_.cache->store(key, depth);
    return win;
  }

  bool attack_uncached(int depth, std::vector<int>& line) {
    const Color a = attacker_, d = opponent(a);
    int five = -1;
    if (five_points(a, five) > 0) {
      line = {five};
      return true;
    }
    int block = -1;
    const int forced = five_points(d, block);
    if (forced >= 2) return false;
    if (depth <= 0) return false;
    Cells moves;
    if (forced == 0) threat_moves(moves);
    else moves.push(block);
    for (int m : moves) {
      if (out_of_budget()) return false;
      if (!may_play(b_, m, a)) continue;
      // Step 1: a live four (or double four) with nothing to answer it wins.
      if (forced == 0 && b_.kind(a, m) >= PointKind::FOUR_PLUS && b_.best_pattern(a, m) >= Pattern::BLOCK4 &&
          b_.five_cells(d) == 0) {
        if (makes_two_fives(b_, m, a)) {
          line = {m};
          return true;
        }
      }
      // Step 2: play the threat and try every defence.
      b_.play_index(m);
      Cells replies;
      if (defences(m, replies)) {
        b_.undo();
        line = {m};
        return true;
      }
      bool all_lose = !replies.empty();
      std::vector<int> best_sub;
      for (int r : replies) {
        b_.play_index(r);
        std::vector<int> sub;
        const bool win = attack(depth - 1, sub);
        b_.undo();
        if (!win) {
          all_lose = false;
          break;
        }
        if (best_sub.empty() || sub.size() > best_sub.size()) {
          best_sub = {r};
          best_sub.insert(best_sub.end(), sub.begin(), sub.end());
        }
      }
      b_.undo();
      if (all_lose) {
        line = {m};
        line.insert(line.end(), best_sub.begin(), best_sub.end());
        return true;
      }
      if (aborted_) return false;
    }
    return false;
  }

  static constexpr std::uint64_t VCT_KEY = 0x165667B19E3779F9ULL;

  Board& b_;
  const ThreatBudget& budget_;
  bool threes_;
  Color attacker_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace

ThreatResult find_vcf(Board& board, const ThreatBudget& budget) { return ThreatSearch(board, budget, false).run(); }

ThreatResult find_vct(Board& board, const ThreatBudget& budget) { return ThreatSearch(board, budget, true).run(); }

}  // namespace tilestone::gomoku
