#include "gomoku/search.h"

#include <algorithm>
#include <thread>

#include "core/clock.h"
#include "gomoku/eval.h"
#include "gomoku/rules.h"
#include "gomoku/search_worker.h"

namespace tilestone::gomoku {
namespace search_detail {

// Iterative deepening on the main thread, and its reports.

void Worker::think(const std::vector<int>& root_moves, const ProgressFn& progress) {
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

void Worker::report(int depth, int value, const std::vector<int>& pv, bool partial) {
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

void Worker::report_partial() {
  if (shared_.hard.elapsed_us() - last_report_us_ < params::PARTIAL_REPORT_MS * 1000) return;
  if (pv_len_[0] > 0) report(depth_now_, root_best_, std::vector<int>(pv_[0].begin(), pv_[0].begin() + pv_len_[0]), true);
  else report(depth_now_, best_score_, best_pv_, true);
}

int Worker::root_search(int depth, int alpha, int beta) {
  const int n = static_cast<int>(root_.size());
  const std::uint32_t tag = publish(0, depth, root_.data(), n, alpha, false);
  int best = -INF_SCORE;
  pv_len_[0] = 0;
  std::vector<int> bests;  // moves that became the best, in order
  auto search = [&](int i) {
    const int m = root_[static_cast<std::size_t>(i)];
    play(m);
    int score;
    if (i == 0) {
      score = -node(depth - 1, -beta, -alpha, 1, true);
    } else {
      score = scout(depth, alpha, 0, 0);
      if (score > alpha && score < beta) score = -node(depth - 1, -beta, -alpha, 1, true);
    }
    undo();
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

}  // namespace search_detail

namespace {

using namespace search_detail;

class StrongEngine final : public Engine {
 public:
  explicit StrongEngine(std::shared_ptr<const Network> network) : network_(std::move(network)) {}

  SearchResult search(const Board& board, const Limits& limits, const ProgressFn& progress) override {
    const core::Deadline start = core::Deadline::in_ms(0);
    Shared shared;
    shared.tt = &tt_;
    // A network evaluates the positions of its own rule only (a window means something else
    // under another rule); others get the classical evaluation.
    if (network_ && network_->rule() == board.rule()) shared.network = network_.get();
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
  std::shared_ptr<const Network> network_;
  // A token table until the first search sizes it from its limits.
  TranspositionTable tt_{0};
  std::size_t tt_mb_ = 0;
};

}  // namespace

std::unique_ptr<Engine> make_strong_engine(std::shared_ptr<const Network> network) {
  return std::make_unique<StrongEngine>(std::move(network));
}

}  // namespace tilestone::gomoku
