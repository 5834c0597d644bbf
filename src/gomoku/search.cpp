#include "gomoku/search.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/clock.h"
#include "gomoku/eval.h"
#include "gomoku/rules.h"
#include "gomoku/threat.h"
#include "gomoku/tt.h"

namespace tilestone::gomoku {
namespace {

using params::INF_SCORE;
using params::MAX_PLY;
using params::WIN_BOUND;
using params::WIN_SCORE;

int win_in(int ply) { return WIN_SCORE - ply; }

// The moves that can answer the opponent's threat to win (winning_cells > 0): points where they
// would make at least `floor`, and our own fours. A live three or a double four is stopped on the
// lines of their fours (BLOCK4 points); a four-three can also be stopped by breaking its three, on
// points where they would make a three (FLEX3) or on any other point of its lines after which it
// is a four-three no more (a stone beyond the end of the three leaves it dead), or by a counter: a
// stone of ours that turns the point where we must block their four into a four of ours, so that
// they must answer our block and we then break their three. A four-three whose block is a four of
// ours already is no sure threat (the search decides it); with no sure threat, every move answers.
struct ThreatAnswers {
  Color me, them;
  bool defend = false;
  Pattern floor = Pattern::NONE;
  CellList<96> extra;  // counters and breaks (below): answers that `floor` leaves out

  // Reads the board, and tries stones on it (taken back before it returns).
  explicit ThreatAnswers(Board& b) : me(b.to_move()), them(opponent(me)) {
    if (b.winning_cells(them) == 0) return;
    CellList<32> four_threes;
    bool open_four = false;
    b.for_each_candidate([&](int q) {
      if (b.kind(them, q) != PointKind::FOUR_PLUS) return;
      if (b.best_pattern(them, q) == Pattern::BLOCK4) four_threes.push(q);
      else open_four = open_four || (b.best_pattern(them, q) == Pattern::FLEX4 && may_play(b, q, them));
    });
    // Where we would have to block each four-three's four (a double four leaves two points);
    // a four-three whose block is already a four of ours leaves none.
    CellList<32> blocks;
    CellList<32> sure;  // the four-threes that are sure threats
    if (!four_threes.empty()) {
      b.pass();
      for (int t : four_threes) {
        if (!may_play(b, t, them)) continue;
        b.play_index(t);
        const LineCells fives = five_points_near(b, t, them);
        b.undo();
        if (fives.size() >= 2) open_four = true;
        else if (fives.size() == 1 && b.best_pattern(me, fives[0]) < Pattern::BLOCK4) {
          blocks.push(fives[0]);
          sure.push(t);
        }
      }
      b.pass();
    }
    defend = open_four || !blocks.empty();
    floor = blocks.empty() ? Pattern::BLOCK4 : Pattern::FLEX3;
    blocks.sort_unique();
    find_counters(b, blocks);
    find_breaks(b, sure);
  }

  bool allows(const Board& b, int q) const {
    return !defend || b.best_pattern(them, q) >= floor || b.best_pattern(me, q) >= Pattern::BLOCK4 || extra.contains(q);
  }

 private:
  // The points of a sure four-three's lines that `floor` leaves out but after which it is a
  // four-three no more: the stone beyond either end of its three (x_xx capped on the far side).
  // Each such point is asked of the board (Board::kind_if) rather than tried with a move.
  void find_breaks(const Board& b, const CellList<32>& sure) {
    for (int t : sure) {
      for (int d = 0; d < 4; ++d) {
        if (b.pattern(them, t, d) < Pattern::FLEX3) continue;
        for (int k = -4; k <= 4; ++k) {
          const int q = t + k * b.offset(d);
          if (k == 0 || b.cell(q) != CELL_EMPTY || !b.near(q) || allows(b, q) || !may_play(b, q, me)) continue;
          if (b.kind_if(them, t, d, k, me) < PointKind::FOUR_PLUS) extra.push(q);
        }
      }
    }
  }

  // Our stones on the lines through the block points after which a stone there makes our four.
  void find_counters(const Board& b, const CellList<32>& blocks) {
    for (int f : blocks) {
      for (int d = 0; d < 4; ++d) {
        for (int k = -4; k <= 4; ++k) {
          const int q = f + k * b.offset(d);
          if (k == 0 || b.cell(q) != CELL_EMPTY || extra.contains(q)) continue;
          if (b.best_pattern_if(me, f, d, k, me) >= Pattern::BLOCK4) extra.push(q);
        }
      }
    }
  }
};

// Mate scores are stored relative to the node, so they stay true when found at another ply.
int to_tt(int score, int ply) { return score > WIN_BOUND ? score + ply : score < -WIN_BOUND ? score - ply : score; }
int from_tt(int score, int ply) { return score > WIN_BOUND ? score - ply : score < -WIN_BOUND ? score + ply : score; }

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
      : board_(board), shared_(shared), cache_(cache), root_count_(board.move_count()) {}

  // The main thread: iterative deepening with aspiration windows, reporting progress.
  void think(const std::vector<int>& root_moves, const ProgressFn& progress) {
    root_ = root_moves;
    if (progress) progress_ = &progress;
    int prev = 0;
    for (int depth = 1; depth <= shared_.max_depth; ++depth) {
      depth_now_ = depth;
      int window = params::ASPIRATION_WINDOW;
      int alpha = depth >= 3 ? prev - window : -INF_SCORE, beta = depth >= 3 ? prev + window : INF_SCORE;
      int score = 0;
      while (true) {
        score = root_search(depth, alpha, beta);
        if (stopped()) break;
        if (score <= alpha) {
          alpha = std::max(-INF_SCORE, alpha - window);
          window *= 4;
        } else if (score >= beta) {
          beta = std::min(INF_SCORE, beta + window);
          window *= 4;
        } else {
          break;
        }
        if (std::abs(score) > WIN_BOUND) alpha = -INF_SCORE, beta = INF_SCORE;
      }
      if (stopped() && depth > 1) {
        // An interrupted iteration still counts for the root moves it finished: the first is the
        // last best, so a move that took its place has beaten it at the new depth.
        if (pv_len_[0] > 0) {
          best_pv_.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
          best_score_ = root_best_;
        }
        break;
      }
      prev = score;
      done_depth_ = depth;
      best_score_ = score;
      best_pv_.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
      if (progress_) report(depth, score, best_pv_, false);
      // A proven result does not change with more depth.
      if (std::abs(score) > WIN_BOUND && depth >= 2) break;
      if (shared_.hard.elapsed_us() > shared_.soft_us) break;
      if (stopped()) break;
    }
  }

  int best_move() const { return best_pv_.empty() ? (root_.empty() ? -1 : root_[0]) : best_pv_[0]; }
  int best_score() const { return best_score_; }
  int depth() const { return done_depth_; }
  std::uint64_t nodes() const { return nodes_; }
  const std::vector<int>& pv() const { return best_pv_; }

  // A helper's loop: take moves from the open split points, the one nearest the root first,
  // until none is left, then wait for the next split point, until the search stops.
  void serve() {
    std::uint64_t seen = 0;
    while (true) {
      {
        std::unique_lock lock(shared_.wait_m);
        shared_.cv.wait(lock, [&] { return shared_.stop.load() || shared_.epoch != seen; });
        if (shared_.stop.load()) return;
        seen = shared_.epoch;
      }
      while (!shared_.stop.load(std::memory_order_relaxed) && take_work()) {
      }
    }
  }

 private:
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

  void report(int depth, int value, const std::vector<int>& pv, bool partial) {
    SearchInfo info;
    info.depth = depth;
    info.value = value;
    info.nodes = nodes_;
    info.partial = partial;
    const std::int64_t now = shared_.hard.elapsed_us();
    info.elapsed_ms = static_cast<double>(now) / 1000.0;
    for (int m : pv) info.pv.push_back(board_.point(m));
    last_report_us_ = now;
    (*progress_)(info);
  }

  // A report in the middle of an iteration (at most every PARTIAL_REPORT_MS): the depth being
  // searched, and the best root move found in it so far, else the last iteration's.
  void report_partial() {
    if (shared_.hard.elapsed_us() - last_report_us_ < params::PARTIAL_REPORT_MS * 1000) return;
    if (pv_len_[0] > 0) report(depth_now_, root_best_, std::vector<int>(pv_[0].begin(), pv_[0].begin() + pv_len_[0]), true);
    else report(depth_now_, best_score_, best_pv_, true);
  }

  // Prepares the split point of the node at `ply` (0: the root) on the main thread's board:
  // its moves, searched `depth` deep with a null window at the node's alpha, late moves
  // reduced if `reduce`. The helpers see it once it is opened. Returns its tag.
  std::uint32_t publish(int ply, int depth, const int* moves, int n, int alpha, bool reduce) {
    SplitPoint& sp = shared_.splits[static_cast<std::size_t>(ply)];
    std::uint32_t tag = ++shared_.next_tag;
    if (tag == 0) tag = ++shared_.next_tag;
    std::lock_guard lock(sp.m);
    sp.depth = depth;
    sp.iteration = depth_now_;
    sp.reduce = reduce;
    sp.path.clear();
    for (int k = root_count_; k < board_.move_count(); ++k) sp.path.push_back(board_.index(board_.move_at(k)));
    sp.moves.assign(moves, moves + n);
    for (int i = 0; i < n; ++i) sp.result[static_cast<std::size_t>(i)].store(0);
    sp.size.store(n);
    sp.alpha.store(alpha);
    return tag;
  }

  // Lets the helpers take the moves of a split point from index `first` on, and wakes them.
  void open(int ply, std::uint32_t tag, int first) {
    SplitPoint& sp = shared_.splits[static_cast<std::size_t>(ply)];
    {
      std::lock_guard lock(sp.m);
      sp.claim.store((static_cast<std::uint64_t>(tag) << 32) | static_cast<std::uint64_t>(first));
      sp.live.store(tag);
    }
    if (shared_.threads > 1) {
      {
        std::lock_guard lock(shared_.wait_m);
        ++shared_.epoch;
      }
      shared_.cv.notify_all();
    }
  }

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
  bool take_work() {
    for (int ply = 0; ply < params::SPLIT_MAX_PLY; ++ply) {
      SplitPoint& sp = shared_.splits[static_cast<std::size_t>(ply)];
      const std::uint32_t tag = sp.live.load();
      if (tag == 0) continue;
      std::uint64_t c = sp.claim.load();
      if (SplitPoint::tag_of(c) != tag || static_cast<int>(c & 0xFFFF'FFFFU) >= sp.size.load()) continue;
      int depth = 0, iteration = 0;
      bool reduce = false;
      {
        std::lock_guard lock(sp.m);
        if (sp.live.load() != tag) continue;
        depth = sp.depth;
        iteration = sp.iteration;
        reduce = sp.reduce;
        path_ = sp.path;
        work_ = sp.moves;
      }
      std::size_t i = 0;
      bool claimed = false;
      while (!claimed) {
        c = sp.claim.load();
        i = static_cast<std::size_t>(c & 0xFFFF'FFFFU);
        if (SplitPoint::tag_of(c) != tag || i >= work_.size()) break;
        claimed = sp.claim.compare_exchange_weak(c, c + 1);
      }
      if (!claimed) continue;
      sp.result[i].store(SplitPoint::pack(tag, SplitPoint::CLAIMED, 0));
      const int g = sp.alpha.load();
      if (g > WIN_BOUND) {  // a proven win already: the main thread decides
        sp.result[i].store(SplitPoint::pack(tag, SplitPoint::FAIL_HIGH, g));
        return true;
      }
      serving_ = tag;
      serving_ply_ = ply;
      depth_now_ = iteration;
      for (int m : path_) board_.play_index(m);
      const int m = work_[i];
      const int r = reduce ? reduction(m, static_cast<int>(i), depth) : 0;
      board_.play_index(m);
      const int score = scout(depth, g, ply, r);
      board_.undo();
      for (std::size_t k = 0; k < path_.size(); ++k) board_.undo();
      const bool abandoned = stopped();
      serving_ = 0;
      if (!abandoned) sp.result[i].store(SplitPoint::pack(tag, score <= g ? SplitPoint::FAIL_LOW : SplitPoint::FAIL_HIGH, score));
      return true;
    }
    return false;
  }

  // One iteration at the root, its moves shared out among the threads (a split point). The
  // order of the root moves stays as it is during the iteration (the helpers index it);
  // afterwards each new best goes first, the last one foremost.
  int root_search(int depth, int alpha, int beta) {
    const int n = static_cast<int>(root_.size());
    const std::uint32_t tag = publish(0, depth, root_.data(), n, alpha, false);
    int best = -INF_SCORE;
    pv_len_[0] = 0;
    std::vector<int> bests;  // moves that became the best, in order
    auto search = [&](int i) {
      const int m = root_[static_cast<std::size_t>(i)];
      board_.play_index(m);
      int score;
      if (i == 0) {
        score = -node(depth - 1, -beta, -alpha, 1, true);
      } else {
        score = scout(depth, alpha, 0, 0);
        if (score > alpha && score < beta) score = -node(depth - 1, -beta, -alpha, 1, true);
      }
      board_.undo();
      if (stopped() || score <= best) return false;
      best = score;
      root_best_ = score;
      if (score <= alpha) return false;
      alpha = score;
      set_pv(0, m);
      bests.push_back(m);
      return alpha >= beta;
    };
    if (n > 0) {
      share_out(0, tag, n, alpha, false, search, [&](int, SplitPoint::State state, int score) {
        if (state != SplitPoint::FAIL_LOW || score > alpha) return -1;
        best = std::max(best, score);
        return 0;
      });
    }
    close(0);
    for (int m : bests) {
      const auto at = std::find(root_.begin(), root_.end(), m);
      std::rotate(root_.begin(), at, at + 1);
    }
    return best;
  }

  void set_pv(int ply, int m) {
    pv_[ply][0] = m;
    const int child = pv_len_[ply + 1];
    for (int i = 0; i < child; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pv_len_[ply] = child + 1;
  }

  // Step 1 of a node: the threats already on the board. Returns a final score, or nullopt
  // with `forced` holding the one point the side to move must take (if any).
  std::optional<int> threats(int ply, int& forced) {
    const Color me = board_.to_move(), them = opponent(me);
    forced = -1;
    if (board_.five_cells(me) > 0) {
      bool win = false;
      board_.for_each_candidate([&](int q) { win = win || is_five_point(board_, q, me); });
      if (win) return win_in(ply + 1);
    }
    if (board_.five_cells(them) > 0) {
      int count = 0;
      board_.for_each_candidate([&](int q) {
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
      board_.for_each_candidate([&](int q) {
        if (win || board_.kind(me, q) < PointKind::FOUR_PLUS || !may_play(board_, q, me)) return;
        win = makes_two_fives(board_, q, me);
      });
      if (win) return win_in(ply + 3);
    }
    if (board_.full()) return 0;
    return std::nullopt;
  }

  // A node's move list, kept on the stack (no allocation per node).
  struct MoveList {
    std::array<int, params::MAX_MOVES_LIST> move{};
    int size = 0;
    bool truncated = false;  // the cap left candidates out
    void push(int m) { move[static_cast<std::size_t>(size++)] = m; }
    bool holds(int m) const { return std::find(move.begin(), move.begin() + size, m) != move.begin() + size; }
  };

  // Step 4 of a node: candidate moves, best first, at most `limit`.
  MoveList moves(int ply, int tt_move, int limit) {
    const Color me = board_.to_move();
    // When the opponent threatens a winning four, only blocks and our own fours can help.
    const ThreatAnswers answers(board_);
    // Scores in the high bits, the cell in the low 12, so one integer sort orders both.
    std::array<std::int64_t, params::MAX_SIZE * params::MAX_SIZE> scored;
    std::size_t n = 0;
    const LastStones recent(board_);
    board_.for_each_candidate([&](int q) {
      if (!answers.allows(board_, q)) return;
      std::int64_t s = move_order(board_, q, recent) + (1 << 16);
      if (q == tt_move) s += 1 << 28;
      else if (q == killers_[ply][0]) s += 1 << 20;
      else if (q == killers_[ply][1]) s += 1 << 19;
      s += std::min(history_[index_of(me)][q], 1 << 18) / 64;
      scored[n++] = -(s << 12) + q;
    });
    const int cap = answers.defend ? params::MAX_MOVES_LIST : std::min(limit, params::MAX_MOVES_LIST);
    // Only the best few are searched: order just those (a few spare for forbidden points).
    const std::size_t keep = std::min(n, static_cast<std::size_t>(cap) + 4);
    std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(keep), scored.begin() + static_cast<std::ptrdiff_t>(n));
    MoveList out;
    std::size_t i = 0;
    for (; i < keep && out.size < cap; ++i) {
      const int q = static_cast<int>(scored[i] & 0xFFF);
      if (may_play(board_, q, me)) out.push(q);
    }
    out.truncated = i < n;
    return out;
  }

  // A leaf: a short VCF for the side to move, else the static value. A VCF only raises the
  // value, so a static value at beta cuts off without one (fail-soft: what is returned is a lower
  // bound either way). That spares half the leaf VCFs: to depth 10 on the positions of
  // scripts/gomoku_time_to_depth.sh, 3.6 M nodes instead of 7.2 M.
  int leaf(int ply, int beta) {
    const Color me = board_.to_move();
    const int value = evaluate(board_);
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
  int scout(int depth, int alpha, int ply, int reduction) {
    int score = -node(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
    if (score > alpha && reduction) score = -node(depth - 1, -alpha - 1, -alpha, ply + 1, false);
    return score;
  }

  // Searches move m, the i-th of its node (principal variation search with late move
  // reductions), and keeps the best score and move. True when m cuts the node off (beta reached).
  bool search_move(int m, int i, int depth, int& alpha, int beta, int ply, bool pv, int& best, int& best_move) {
    const int r = reduction(m, i, depth);
    board_.play_index(m);
    shared_.tt->prefetch(board_.hash());
    int score;
    if (i == 0) {
      score = -node(depth - 1, -beta, -alpha, ply + 1, pv);
    } else {
      score = scout(depth, alpha, ply, r);
      if (score > alpha && score < beta) score = -node(depth - 1, -beta, -alpha, ply + 1, true);
    }
    board_.undo();
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

  // Move m cut its node off: a killer at this ply, and history.
  void note_cut(int ply, int m, int depth) {
    if (killers_[ply][0] != m) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    history_[index_of(board_.to_move())][m] += depth * depth;
  }

  // Whether the table move `tt` (first in `list`) is singular: every other move, searched at half
  // the depth, fails low against the table value less a margin. Only from SINGULAR_MIN_DEPTH, for
  // a lower bound or exact value of nearly this depth that is not a proven result, and not in
  // renju, where it lost (-30 over 185 games at 100 ms; +41 in freestyle). With `share`, the
  // threads search the other moves together.
  bool singular(const MoveList& list, const TTEntry& tt, int depth, int ply, bool share) {
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
                  board_.play_index(list.move[static_cast<std::size_t>(i + 1)]);
                  holds = holds && scout(depth / 2, g, ply, 0) <= g;
                  board_.undo();
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
      board_.play_index(list.move[static_cast<std::size_t>(i)]);
      const int score = -node(depth / 2 - 1, -sbeta, -sbeta + 1, ply + 1, false);
      board_.undo();
      if (stopped() || score >= sbeta) return false;
    }
    return true;
  }

  int node(int depth, int alpha, int beta, int ply, bool pv) {
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
    if (ply >= MAX_PLY - 4) return evaluate(board_);

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
    const int static_value = evaluate(board_);
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

  Board board_;
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

class StrongEngine final : public Engine {
 public:
  SearchResult search(const Board& board, const Limits& limits, const ProgressFn& progress) override {
    const core::Deadline start = core::Deadline::in_ms(0);
    Shared shared;
    shared.tt = &tt_;
    // The clock starts before the table is resized: allocation time counts against the budget
    // (callers with a tight clock size it beforehand with reserve()).
    shared.hard = search_deadline(limits, params::STRONG_TIME_SAFETY_PERCENT);
    if (limits.time_ms > 0) shared.soft_us = static_cast<std::int64_t>(limits.time_ms) * 10 * params::STRONG_ITERATION_START_PERCENT;
    if (limits.depth > 0) shared.max_depth = std::min(limits.depth, MAX_PLY - 8);
    shared.max_nodes = limits.nodes;
    reserve(limits.memory_mb);

    SearchResult result;
    threat_nodes_ = 0;
    Board b = board;
    auto finish = [&](SearchResult r) {
      r.elapsed_ms = static_cast<double>(start.elapsed_us()) / 1000.0;
      return r;
    };
    // Each thread remembers its failed threat searches (the root's go to the first thread).
    const int threads = std::max(1, limits.threads);
    shared.threads = threads;
    while (caches_.size() < static_cast<std::size_t>(threads)) caches_.push_back(std::make_unique<ThreatCache>());
    for (auto& cache : caches_) cache->clear();
    auto& caches = caches_;

    // Step 1. Decided positions: a five to make, a five to stop, a VCF or VCT to play.
    if (auto quick = forced_answer(b, shared, limits, *caches[0])) return finish(*quick);

    // Step 2. Iterative deepening on the main thread; helpers take moves of its split points, each
    // on its own board copy, all sharing the table.
    std::vector<int> root = without_avoided(b, root_moves(b), limits);
    if (root.empty()) {
      result.move = fallback_move(board);
      return finish(result);
    }
    std::vector<std::unique_ptr<Worker>> workers;
    for (int t = 0; t < threads; ++t) workers.push_back(std::make_unique<Worker>(b, shared, caches[static_cast<std::size_t>(t)].get()));
    {
      std::vector<std::jthread> helpers;
      for (int t = 1; t < threads; ++t) helpers.emplace_back([&, t] { workers[static_cast<std::size_t>(t)]->serve(); });
      workers[0]->think(root, progress);
      {
        std::lock_guard lock(shared.wait_m);  // a helper between its test and its wait sees it
        shared.stop = true;
      }
      shared.cv.notify_all();
    }
    const Worker& main = *workers[0];
    result.move = b.point(main.best_move());
    result.value = main.best_score();
    result.depth = main.depth();
    result.nodes = threat_nodes_;
    for (auto& w : workers) result.nodes += w->nodes();
    for (std::size_t t = 1; t < workers.size(); ++t) result.helper_nodes += workers[t]->nodes();
    for (int m : main.pv()) result.pv.push_back(b.point(m));
    if (result.pv.empty()) result.pv.push_back(result.move);
    return finish(result);
  }

  void clear() override { tt_.clear(); }

  void reserve(std::size_t memory_mb) override {
    if (tt_mb_ == memory_mb) return;
    tt_.resize(memory_mb);
    tt_mb_ = memory_mb;
  }

 private:
  static std::vector<int> root_moves(const Board& b) {
    const Color me = b.to_move();
    Board scratch = b;
    const ThreatAnswers answers(scratch);
    std::vector<std::pair<int, int>> scored;
    if (b.move_count() == 0) return {b.index({b.size() / 2, b.size() / 2})};
    const LastStones recent(b);
    b.for_each_candidate([&](int q) {
      if (!answers.allows(b, q)) return;
      scored.push_back({-move_order(b, q, recent), q});
    });
    std::sort(scored.begin(), scored.end());
    std::vector<int> out;
    for (auto& [s, q] : scored) {
      if (static_cast<int>(out.size()) >= params::MAX_MOVES_ROOT && !answers.defend) break;
      if (may_play(b, q, me)) out.push_back(q);
    }
    return out;
  }

  std::optional<SearchResult> forced_answer(Board& b, Shared& shared, const Limits& limits, ThreatCache& cache) {
    const Color me = b.to_move(), them = opponent(me);
    SearchResult r;
    r.depth = 1;
    std::vector<int> mine, theirs;
    b.for_each_candidate([&](int q) {
      if (is_five_point(b, q, me)) mine.push_back(q);
      if (is_five_point(b, q, them)) theirs.push_back(q);
    });
    if (!mine.empty()) {
      r.move = b.point(mine[0]);
      r.value = win_in(1);
      r.pv = {r.move};
      return r;
    }
    if (!theirs.empty()) {
      r.move = b.point(theirs[0]);
      // Black may not block on a forbidden point: the game is lost, play any legal move.
      if (!may_play(b, theirs[0], me)) r.move = fallback_move(b);
      r.value = theirs.size() >= 2 ? -win_in(2) : 0;
      if (theirs.size() == 1 && !may_play(b, theirs[0], me)) r.value = -win_in(2);
      if (theirs.size() >= 2 || r.value != 0) {
        r.pv = {r.move};
        return r;
      }
      return std::nullopt;  // a single block: let the search value it
    }
    // Threat-space search for the side to move: VCF, then VCT within part of the budget.
    ThreatBudget budget;
    budget.stop = &shared.stop;
    budget.deadline = &shared.hard;
    budget.max_depth = params::VCF_ROOT_DEPTH;
    budget.max_nodes = params::VCF_ROOT_NODES;
    budget.cache = &cache;
    auto vcf = find_vcf(b, budget);
    r.nodes += vcf.nodes;
    threat_nodes_ = vcf.nodes;
    if (!vcf.found) {
      core::Deadline vct_deadline = shared.hard;
      if (limits.time_ms > 0)
        vct_deadline = core::Deadline::in_us(static_cast<std::int64_t>(limits.time_ms) * 10 * params::VCT_TIME_PERCENT).stoppable(limits.stop);
      if (vct_deadline.remaining_us() > shared.hard.remaining_us()) vct_deadline = shared.hard;
      budget.deadline = &vct_deadline;
      budget.max_depth = params::VCT_ROOT_DEPTH;
      budget.max_nodes = params::VCT_ROOT_NODES;
      vcf = find_vct(b, budget);
      r.nodes += vcf.nodes;
      threat_nodes_ += vcf.nodes;
    }
    if (!vcf.found || vcf.line.empty()) return std::nullopt;
    r.move = b.point(vcf.line[0]);
    // The line ends in the five, or in a four the defender cannot stop (an open four, two five
    // points): then the five comes two plies later, and the value says so.
    int plies = static_cast<int>(vcf.line.size());
    {
      Board after = b;
      Outcome o = Outcome::NONE;
      for (int m : vcf.line) o = play_and_judge(after, after.point(m));
      if (o == Outcome::NONE) plies += 2;
    }
    r.value = win_in(plies);
    for (int m : vcf.line) r.pv.push_back(b.point(m));
    r.depth = static_cast<int>(vcf.line.size());
    return r;
  }

  std::uint64_t threat_nodes_ = 0;  // nodes of the root threat searches of this call
  // Each thread's threat cache, kept from search to search (emptied at each start) so that a
  // search does not allocate and zero a megabyte per thread.
  std::vector<std::unique_ptr<ThreatCache>> caches_;
  // A token table until the first search sizes it from its limits.
  TranspositionTable tt_{0};
  std::size_t tt_mb_ = 0;
};

}  // namespace

std::unique_ptr<Engine> make_strong_engine() { return std::make_unique<StrongEngine>(); }

}  // namespace tilestone::gomoku
