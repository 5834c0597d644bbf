#pragma once
// The strong search's threads and what they share (private to src/gomoku/search*.cpp). One
// Worker per thread: the main thread deepens iteratively (search.cpp), every thread searches
// nodes (search_node.cpp), and helpers take moves of the main thread's split points
// (search_threads.cpp).

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "core/clock.h"
#include "gomoku/ai.h"
#include "gomoku/eval.h"
#include "gomoku/move_picker.h"
#include "gomoku/network.h"
#include "gomoku/threat.h"
#include "gomoku/tt.h"

namespace tilestone::gomoku::search_detail {

using params::INF_SCORE;
using params::MAX_PLY;
using params::WIN_BOUND;
using params::WIN_SCORE;

inline int win_in(int ply) { return WIN_SCORE - ply; }

// Mate scores are stored relative to the node, so they stay true when found at another ply.
inline int to_tt(int score, int ply) { return score > WIN_BOUND ? score + ply : score < -WIN_BOUND ? score - ply : score; }
inline int from_tt(int score, int ply) { return score > WIN_BOUND ? score - ply : score < -WIN_BOUND ? score + ply : score; }

// Threads share out the moves of the main thread's nodes (young brothers wait): the root's at
// each iteration (each aspiration window), and those of every node below it of depth
// SPLIT_MIN_DEPTH or more (PV nodes from SPLIT_MIN_DEPTH_PV). The main thread publishes a node's
// moves as a split point and searches the first; then every thread claims the next unclaimed
// move, helpers taking from the split point nearest the root. A helper replays the path to the
// node on its own board, searches its move with a null window at the node's alpha of that moment
// (late moves reduced as the main thread would) and posts the fail-soft score. A move that failed
// low there fails low at any later alpha (a node's alpha only rises), so the main thread does not
// search it again; at a node that is not PV (a null window) a move that failed high is the
// cut-off. Any other move, or one a helper has not finished, the main thread searches itself,
// with the helper's table entries to speed it. The singular extension's test shares out its moves
// the same way. (Sharing the root alone left the helpers idle while the main thread searched the
// first root move: in match positions two threads reached a depth only 1.1 times sooner than one.
// Lazy SMP, where every thread deepens the whole tree on its own, gained nothing: the threads ran
// through the same narrow tree in step.)
struct SplitPoint {
  enum State : std::uint32_t { NONE = 0, CLAIMED = 1, FAIL_LOW = 2, FAIL_HIGH = 3 };
  static std::uint64_t pack(std::uint32_t tag, State state, int score) {
    return (static_cast<std::uint64_t>(tag) << 32) | (static_cast<std::uint64_t>(state) << 16) |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(score + 32768));
  }
  static std::uint32_t tag_of(std::uint64_t v) { return static_cast<std::uint32_t>(v >> 32); }
  static State state_of(std::uint64_t v) { return static_cast<State>((v >> 16) & 0xFFFF); }
  static int score_of(std::uint64_t v) { return static_cast<int>(v & 0xFFFF) - 32768; }

  std::mutex m;
  int depth = 0;            // the node's depth (guarded by m)
  int iteration = 0;        // the iteration's depth (guarded by m)
  bool reduce = false;      // late moves reduced (guarded by m)
  std::vector<int> path;    // the moves from the root to the node (guarded by m)
  std::vector<int> moves;   // the node's moves (guarded by m)
  std::atomic<std::uint32_t> live{0};    // the tag of the split point open here, 0 when none
  std::atomic<std::uint64_t> claim{0};   // tag << 32 | the next unclaimed index
  std::atomic<int> size{0};              // the number of moves
  std::atomic<int> alpha{-INF_SCORE};    // the main thread's alpha at the node now
  std::array<std::atomic<std::uint64_t>, Board::MAX_CELLS> result{};
};

// What every thread of one search shares.
struct Shared {
  TranspositionTable* tt = nullptr;
  const Network* network = nullptr;  // the evaluation when set (of the board's rule), else the classical one
  // Split points by ply (0: the root); the main thread's nodes nest, so one a ply is enough.
  std::vector<SplitPoint> splits = std::vector<SplitPoint>(params::SPLIT_MAX_PLY);
  std::atomic<std::uint32_t> next_tag{0};
  std::mutex wait_m;
  std::condition_variable cv;
  std::uint64_t epoch = 0;  // split points published so far (guarded by wait_m)
  int threads = 1;
  std::atomic<bool> stop{false};
  core::Deadline hard;  // the search must be over by then
  std::int64_t soft_us = INT64_MAX;  // no new iteration after this much time
  std::uint64_t max_nodes = 0;       // stop when a thread has searched this many nodes (0: no limit)
  int max_depth = MAX_PLY - 8;
};
class Worker {
 public:
  Worker(const Board& board, Shared& shared, ThreatCache* cache)
      : board_(board), shared_(shared), cache_(cache), root_count_(board.move_count()) {
    if (shared.network) {
      net_.emplace(*shared.network);
      net_->reset(board_);
    }
  }
  // The main thread: iterative deepening with aspiration windows, reporting progress.
  void think(const std::vector<int>& root_moves, const ProgressFn& progress);

  int best_move() const { return best_pv_.empty() ? (root_.empty() ? -1 : root_[0]) : best_pv_[0]; }
  int best_score() const { return best_score_; }
  int depth() const { return done_depth_; }
  std::uint64_t nodes() const { return nodes_; }
  const std::vector<int>& pv() const { return best_pv_; }

  // A helper's loop: take moves from the open split points, the one nearest the root first,
  // until none is left, then wait for the next split point, until the search stops.
  void serve();

 private:
  // A move on the search's board, and its accumulators when the network evaluates: the stone's
  // work is put off until the search goes deeper (a leaf is valued without it).
  void play(int m) {
    if (net_) net_->commit(board_);
    board_.play_index(m);
    if (net_) net_->defer(m);
  }
  void undo() {
    board_.undo();
    if (net_) net_->undo();
  }
  // The static value for the side to move: the network's, or the classical evaluation's.
  int eval() const { return net_ ? net_->search_value(board_) : evaluate(board_); }

  // The whole search is over, or (a helper) the split point it works for is closed.
  bool stopped() const {
    return shared_.stop.load(std::memory_order_relaxed) ||
           (serving_ != 0 && shared_.splits[static_cast<std::size_t>(serving_ply_)].live.load(std::memory_order_relaxed) != serving_);
  }

  void tick() {
    if (++nodes_ % params::NODE_CHECK_INTERVAL == 0) {
      if (shared_.hard.expired() || (shared_.max_nodes != 0 && nodes_ >= shared_.max_nodes)) shared_.stop = true;
      else if (progress_) report_partial();
    }
  }

  void report(int depth, int value, const std::vector<int>& pv, bool partial);

  // A report in the middle of an iteration (at most every PARTIAL_REPORT_MS): the depth being
  // searched, and the best root move found in it so far, else the last iteration's.
  void report_partial();

  // Prepares the split point of the node at `ply` (0: the root) on the main thread's board:
  // its moves, searched `depth` deep with a null window at the node's alpha, late moves
  // reduced if `reduce`. The helpers see it once it is opened. Returns its tag.
  std::uint32_t publish(int ply, int depth, const int* moves, int n, int alpha, bool reduce);

  // Lets the helpers take the moves of a split point from index `first` on, and wakes them.
  void open(int ply, std::uint32_t tag, int first);

  void close(int ply) { shared_.splits[static_cast<std::size_t>(ply)].live.store(0); }

  // The main thread's side of a split point. Unless `early`, it searches the first move before
  // the helpers may take any, so that their null window is at the node's true alpha (at the
  // aspiration bound or at an alpha inherited from above, they failed high on moves that then
  // failed low). Then it claims moves as the helpers do, then searches the moves they took
  // unless their result stands: `taken(i, state, score)` returns 0 when the helper's result
  // stands in for the search, 1 when it also cuts the node off, -1 when the move must be
  // searched. `search(i)` searches the i-th move, may raise `alpha`, and returns true on a
  // cut-off. The caller closes the split point.
  template <class Search, class Taken>
  void share_out(int ply, std::uint32_t tag, int n, const int& alpha, bool early, Search&& search, Taken&& taken) {
    SplitPoint& sp = shared_.splits[static_cast<std::size_t>(ply)];
    std::bitset<Board::MAX_CELLS> mine;  // the moves this thread searched (no allocation per node)
    if (early) {
      open(ply, tag, 0);
    } else {
      mine.set(0);
      if (search(0) || stopped() || n == 1) return;
      sp.alpha.store(alpha);
      open(ply, tag, 1);
    }
    bool cut = false;
    while (!cut && !stopped()) {
      std::uint64_t c = sp.claim.load();
      const int i = static_cast<int>(c & 0xFFFF'FFFFU);
      if (i >= n) break;
      if (!sp.claim.compare_exchange_weak(c, c + 1)) continue;
      mine.set(static_cast<std::size_t>(i));
      cut = search(i);
      sp.alpha.store(alpha);
    }
    for (int i = 0; i < n && !cut && !stopped(); ++i) {
      if (mine[static_cast<std::size_t>(i)]) continue;
      // A move a helper is still searching, the main thread searches as well (the table shares
      // their work) rather than wait.
      const std::uint64_t r = sp.result[static_cast<std::size_t>(i)].load();
      if (SplitPoint::tag_of(r) == tag) {
        const int use = taken(i, SplitPoint::state_of(r), SplitPoint::score_of(r));
        if (use >= 0) {
          cut = use > 0;
          continue;
        }
      }
      cut = search(i);
      sp.alpha.store(alpha);
    }
  }

  // A helper: claims a move of the open split point nearest the root and searches it. False
  // when there was none to take.
  bool take_work();

  // One iteration at the root, its moves shared out among the threads (a split point). The
  // order of the root moves stays as it is during the iteration (the helpers index it);
  // afterwards each new best goes first, the last one foremost.
  int root_search(int depth, int alpha, int beta);

  void set_pv(int ply, int m) {
    pv_[ply][0] = m;
    const int child = pv_len_[ply + 1];
    for (int i = 0; i < child; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pv_len_[ply] = child + 1;
  }

  // Step 1 of a node: the threats already on the board. Returns a final score, or nullopt
  // with `forced` holding the one point the side to move must take (if any).
  std::optional<int> threats(int ply, int& forced);

  // Step 4 of a node: candidate moves, best first, at most `limit`.
  MoveList moves(int ply, int tt_move, int limit);

  // A leaf: a short VCF for the side to move, else the static value. A VCF only raises the
  // value, so a static value at beta cuts off without one (fail-soft: what is returned is a lower
  // bound either way). That spares half the leaf VCFs: to depth 10 on the positions of
  // scripts/gomoku_time_to_depth.sh, 3.6 M nodes instead of 7.2 M.
  int leaf(int ply, int beta);

  // A move that makes no three or four for either side.
  bool quiet_move(int m) const {
    const Color me = board_.to_move();
    return board_.kind(me, m) < PointKind::LIVE_THREE && board_.kind(opponent(me), m) < PointKind::LIVE_THREE;
  }

  // Late move reduction of move m, the i-th of its node of this depth.
  int reduction(int m, int i, int depth) const {
    return (depth >= params::LMR_MIN_DEPTH && i >= params::LMR_MIN_INDEX && quiet_move(m)) ? 1 : 0;
  }

  // The null-window search of a later move, just played, of a node at `ply`: reduced by
  // `reduction` plies, again at full depth if that fails high.
  int scout(int depth, int alpha, int ply, int reduction);

  // Searches move m, the i-th of its node (principal variation search with late move
  // reductions), and keeps the best score and move. True when m cuts the node off (beta reached).
  bool search_move(int m, int i, int depth, int& alpha, int beta, int ply, bool pv, int& best, int& best_move);

  // Move m cut its node off: a killer at this ply, and history.
  void note_cut(int ply, int m, int depth);

  // Whether the table move `tt` (first in `list`) is singular: every other move, searched at half
  // the depth, fails low against the table value less a margin. Only from SINGULAR_MIN_DEPTH, for
  // a lower bound or exact value of nearly this depth that is not a proven result, and not in
  // renju, where it lost (-30 over 185 games at 100 ms; +41 in freestyle). With `share`, the
  // threads search the other moves together.
  bool singular(const MoveList& list, const TTEntry& tt, int depth, int ply, bool share);

  // A node searched `depth` plies deep in the window (alpha, beta), `ply` from the root; a PV
  // node when `pv`. Fail-soft: the score may lie outside the window.
  int node(int depth, int alpha, int beta, int ply, bool pv);

  Board board_;
  std::optional<NetworkState> net_;  // follows board_ when the network evaluates
  Shared& shared_;
  ThreatCache* cache_;  // this thread's failed threat searches
  std::uint32_t serving_ = 0;  // a helper: the tag of the split point whose move it searches
  int serving_ply_ = 0;        // and the split point's ply
  int root_count_ = 0;         // stones on the board at the root
  std::vector<int> path_, work_;  // a helper: the split point's path and moves
  std::vector<int> root_;
  std::uint64_t nodes_ = 0;
  int done_depth_ = 0;
  const ProgressFn* progress_ = nullptr;  // worker 0's progress callback, if any
  int depth_now_ = 0;                     // the iteration under way
  int root_best_ = 0;                     // the best root score of that iteration so far
  std::int64_t last_report_us_ = 0;
  int best_score_ = 0;
  std::vector<int> best_pv_;
  std::array<std::array<int, MAX_PLY + 1>, MAX_PLY + 1> pv_{};
  std::array<int, MAX_PLY + 1> pv_len_{};
  std::array<std::array<int, 2>, MAX_PLY + 1> killers_{};
  std::array<std::array<int, Board::MAX_CELLS>, 2> history_{};
};

}  // namespace tilestone::gomoku::search_detail
