// The strong search's thread splitting: the main thread publishes a node's moves as a split
// point, helpers wait for split points and take their moves (see SplitPoint in search_worker.h).

#include "gomoku/search_worker.h"

namespace tilestone::gomoku::search_detail {

void Worker::serve() {
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

std::uint32_t Worker::publish(int ply, int depth, const int* moves, int n, int alpha, bool reduce) {
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

void Worker::open(int ply, std::uint32_t tag, int first) {
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

bool Worker::take_work() {
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
    for (int m : path_) play(m);
    const int m = work_[i];
    const int r = reduce ? reduction(m, static_cast<int>(i), depth) : 0;
    play(m);
    const int score = scout(depth, g, ply, r);
    undo();
    for (std::size_t k = 0; k < path_.size(); ++k) undo();
    const bool abandoned = stopped();
    serving_ = 0;
    if (!abandoned) sp.result[i].store(SplitPoint::pack(tag, score <= g ? SplitPoint::FAIL_LOW : SplitPoint::FAIL_HIGH, score));
    return true;
  }
  return false;
}

}  // namespace tilestone::gomoku::search_detail
