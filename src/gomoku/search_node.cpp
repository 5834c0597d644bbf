// A node of the strong search: threats on the board, leaves, the table, pruning, the moves
// (principal variation search with late move reductions), the singular extension.

#include "gomoku/eval.h"
#include "gomoku/rules.h"
#include "gomoku/search_worker.h"

namespace tilestone::gomoku::search_detail {

std::optional<int> Worker::threats(int ply, int& forced) {
  const Color me = board_.to_move(), them = opponent(me);
  forced = -1;
  if (board_.five_cells(me) > 0) {
    bool win = false;
    board_.for_each_four_cell(me, [&](int q) { win = win || is_five_point(board_, q, me); });
    if (win) return win_in(ply + 1);
  }
  if (board_.five_cells(them) > 0) {
    int count = 0;
    board_.for_each_four_cell(them, [&](int q) {
      if (is_five_point(board_, q, them)) {
        ++count;
        forced = q;
      }
    });
    if (count >= 2 || (count == 1 && !may_play(board_, forced, me))) return -win_in(ply + 2);
    if (count == 1) return std::nullopt;
  }
  if (board_.winning_cells(me) > 0) {
    bool win = false;
    board_.for_each_four_cell(me, [&](int q) {
      if (win || board_.kind(me, q) < PointKind::FOUR_PLUS || !may_play(board_, q, me)) return;
      win = makes_two_fives(board_, q, me);
    });
    if (win) return win_in(ply + 3);
  }
  if (board_.full()) return 0;
  return std::nullopt;
}

MoveList Worker::moves(int ply, int tt_move, int limit) {
  return pick_moves(board_, tt_move, killers_[static_cast<std::size_t>(ply)], history_[index_of(board_.to_move())], limit);
}

int Worker::leaf(int ply, int beta) {
  const Color me = board_.to_move();
  const int value = eval();
  if (value < beta && board_.four_cells(me) > 0) {
    ThreatBudget budget;
    budget.max_depth = params::VCF_LEAF_DEPTH;
    budget.max_nodes = params::VCF_LEAF_NODES;
    budget.stop = &shared_.stop;
    budget.deadline = &shared_.hard;
    budget.cache = cache_;
    const auto vcf = find_vcf(board_, budget);
    nodes_ += vcf.nodes;
    if (vcf.found) return win_in(ply + static_cast<int>(vcf.line.size()));
  }
  return value;
}

int Worker::scout(int depth, int alpha, int ply, int reduction) {
  int score = -node(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
  if (score > alpha && reduction) score = -node(depth - 1, -alpha - 1, -alpha, ply + 1, false);
  return score;
}

bool Worker::search_move(int m, int i, int depth, int& alpha, int beta, int ply, bool pv, int& best, int& best_move) {
  const int r = reduction(m, i, depth);
  play(m);
  shared_.tt->prefetch(board_.hash());
  int score;
  if (i == 0) {
    score = -node(depth - 1, -beta, -alpha, ply + 1, pv);
  } else {
    score = scout(depth, alpha, ply, r);
    if (score > alpha && score < beta) score = -node(depth - 1, -beta, -alpha, ply + 1, true);
  }
  undo();
  if (stopped() || score <= best) return false;
  best = score;
  best_move = m;
  if (score <= alpha) return false;
  alpha = score;
  set_pv(ply, m);
  if (alpha < beta) return false;
  note_cut(ply, m, depth);
  return true;
}

void Worker::note_cut(int ply, int m, int depth) {
  if (killers_[ply][0] != m) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  history_[index_of(board_.to_move())][m] += depth * depth;
}

bool Worker::singular(const MoveList& list, const TTEntry& tt, int depth, int ply, bool share) {
  if (board_.rule() == Rule::RENJU || depth < params::SINGULAR_MIN_DEPTH || list.size < 2 || list.move[0] != tt.move ||
      (tt.bound != Bound::LOWER && tt.bound != Bound::EXACT) || tt.depth < depth - 3 || std::abs(tt.score) >= WIN_BOUND ||
      ply >= 2 * depth_now_) {
    return false;
  }
  const int sbeta = tt.score - params::SINGULAR_MARGIN * depth;
  if (share) {
    // The other moves shared out among the threads, each a null-window search at sbeta.
    const int g = sbeta - 1;
    const std::uint32_t tag = publish(ply, depth / 2, list.move.data() + 1, list.size - 1, g, false);
    bool holds = true;  // no other move reached sbeta
    share_out(ply, tag, list.size - 1, g, true,
              [&](int i) {
                play(list.move[static_cast<std::size_t>(i + 1)]);
                holds = holds && scout(depth / 2, g, ply, 0) <= g;
                undo();
                return !holds;
              },
              [&](int, SplitPoint::State state, int score) {
                if (state == SplitPoint::FAIL_LOW && score <= g) return 0;
                if (state != SplitPoint::FAIL_HIGH || score <= g) return -1;
                holds = false;
                return 1;
              });
    close(ply);
    return holds && !stopped();
  }
  for (int i = 1; i < list.size; ++i) {
    play(list.move[static_cast<std::size_t>(i)]);
    const int score = -node(depth / 2 - 1, -sbeta, -sbeta + 1, ply + 1, false);
    undo();
    if (stopped() || score >= sbeta) return false;
  }
  return true;
}

int Worker::node(int depth, int alpha, int beta, int ply, bool pv) {
  assert(alpha < beta);
  pv_len_[ply] = 0;
  tick();
  if (stopped()) return 0;
  // Mate distance pruning: nothing here can beat a win found nearer the root.
  alpha = std::max(alpha, -win_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;

  // Step 1. Fives, forced blocks, unstoppable fours.
  int forced = -1;
  if (auto v = threats(ply, forced)) return *v;
  if (ply >= MAX_PLY - 4) return eval();

  // Step 2. Leaves: a short VCF, else the static value. A forced block extends the search, and
  // so does the opponent's live three when we have no four: the static value cannot tell
  // whether the few defences hold.
  if (forced >= 0) depth = std::max(depth, 0) + 1;  // a four to block: the reply is forced, search it one ply deeper
  if (depth <= 0 && board_.winning_cells(opponent(board_.to_move())) > 0 && board_.four_cells(board_.to_move()) == 0) depth = 1;
  if (depth <= 0) return leaf(ply, beta);

  // Step 3. Transposition table.
  const std::uint64_t key = board_.hash();
  TTEntry tt;  // bound NONE: no entry
  if (auto e = shared_.tt->probe(key)) {
    tt = *e;
    tt.score = from_tt(e->score, ply);
    if (!pv && tt.depth >= depth &&
        (tt.bound == Bound::EXACT || (tt.bound == Bound::LOWER && tt.score >= beta) ||
         (tt.bound == Bound::UPPER && tt.score <= alpha))) {
      return tt.score;
    }
  }

  // Step 3b. Reverse futility: near the leaves, a static value far above beta stands (the
  // opponent has no three to stop, so no forced line is ignored).
  const bool no_threat = forced < 0 && board_.winning_cells(opponent(board_.to_move())) == 0;
  const int static_value = eval();
  if (!pv && no_threat && depth < static_cast<int>(params::REVERSE_FUTILITY_MARGIN.size()) &&
      static_value - params::REVERSE_FUTILITY_MARGIN[static_cast<std::size_t>(depth)] >= beta) {
    return static_value;
  }

  // Step 3c. Null move: a stone more almost never hurts in Gomoku, so if passing still holds
  // beta against a shallower search, a real move will too. Not against a three (passing
  // would lose to the open four) nor on a forced block; a proven win after a pass proves
  // nothing about the moves, so only ordinary values cut.
  if (!pv && no_threat && depth >= params::NULL_MOVE_MIN_DEPTH && static_value >= beta) {
    const int r = params::NULL_MOVE_REDUCTION + depth / params::NULL_MOVE_DEPTH_DIVISOR;
    board_.pass();
    const int score = -node(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
    board_.pass();
    if (stopped()) return 0;
    if (score >= beta && score < WIN_BOUND) return score;
  }

  // Step 4. Moves.
  MoveList list;
  if (forced >= 0) list.push(forced);
  else list = moves(ply, tt.move, params::MAX_MOVES_NODE);
  if (list.size == 0) return -win_in(ply + 2);  // black has only forbidden points left

  // Step 5. Principal variation search with late move reductions.
  int best = -INF_SCORE, best_move = list.move[0];
  const int alpha0 = alpha;
  int searched = 0;
  bool cut = false;
  // Futility: far below alpha near the leaves, a quiet move cannot lift the value enough. A
  // pruned move is taken to be worth the static value plus the margin (still below alpha),
  // so that a node whose searched moves all lose is not taken for a proven loss.
  int futility = INF_SCORE;  // INF_SCORE: no pruning here
  if (!pv && no_threat && depth < static_cast<int>(params::FUTILITY_MARGIN.size())) {
    futility = static_value + params::FUTILITY_MARGIN[static_cast<std::size_t>(depth)];
  }
  bool pruned = false;
  // Step 4b. Singular extension: the table's move, when it is the only one that holds up to
  // its value, is searched a ply deeper (a search stopped inside the test stops after it).
  const bool split = serving_ == 0 && shared_.threads > 1 && ply < params::SPLIT_MAX_PLY && list.size > 1 &&
                     depth >= (pv ? params::SPLIT_MIN_DEPTH_PV : params::SPLIT_MIN_DEPTH);
  const int extend = forced < 0 && singular(list, tt, depth, ply, split) ? 1 : 0;
  if (split) {
    // The main thread shares out the node's moves, those that futility leaves (at a node that
    // is not PV, alpha does not move until the cut-off).
    MoveList work;
    for (int i = 0; i < list.size; ++i) {
      const int m = list.move[static_cast<std::size_t>(i)];
      if (i > 0 && futility <= alpha && quiet_move(m)) pruned = true;
      else work.push(m);
    }
    const std::uint32_t tag = publish(ply, depth, work.move.data(), work.size, alpha, true);
    share_out(ply, tag, work.size, alpha, false,
              [&](int i) {
                cut = search_move(work.move[static_cast<std::size_t>(i)], i, depth + (i == 0 ? extend : 0), alpha, beta, ply, pv, best, best_move);
                return cut;
              },
              [&](int i, SplitPoint::State state, int score) {
                const int m = work.move[static_cast<std::size_t>(i)];
                if (state == SplitPoint::FAIL_LOW && score <= alpha) {
                  if (score > best) {
                    best = score;
                    best_move = m;
                  }
                  return 0;
                }
                // A null window: failing high is the cut-off.
                if (pv || state != SplitPoint::FAIL_HIGH || score <= alpha) return -1;
                best = score;
                best_move = m;
                note_cut(ply, m, depth);
                cut = true;
                return 1;
              });
    close(ply);
    if (stopped()) return 0;
    searched = work.size;
  } else {
    for (int i = 0; i < list.size && !cut; ++i) {
      const int m = list.move[static_cast<std::size_t>(i)];
      if (futility <= alpha && searched > 0 && quiet_move(m)) {
        pruned = true;
        continue;
      }
      cut = search_move(m, searched++, depth + (i == 0 ? extend : 0), alpha, beta, ply, pv, best, best_move);
      if (stopped()) return 0;
    }
  }
  if (pruned) best = std::max(best, futility);  // pruned only when futility <= alpha
  // Step 5b. Every move searched loses by force, but the cap left moves out: the loss is proven
  // only once those lose too (a quiet defence or a counter-threat outside the first few can
  // hold), so the rest of the candidates are searched as well.
  if (!cut && list.truncated && best < -WIN_BOUND) {
    const MoveList rest = moves(ply, tt.move, params::MAX_MOVES_LIST);
    for (int i = 0; i < rest.size && !cut; ++i) {
      const int m = rest.move[static_cast<std::size_t>(i)];
      if (list.holds(m)) continue;
      cut = search_move(m, searched++, depth, alpha, beta, ply, pv, best, best_move);
      if (stopped()) return 0;
    }
  }
  const Bound bound = best >= beta ? Bound::LOWER : best > alpha0 ? Bound::EXACT : Bound::UPPER;
  shared_.tt->store(key, {best_move, to_tt(best, ply), depth, bound});
  return best;
}

}  // namespace tilestone::gomoku::search_detail
