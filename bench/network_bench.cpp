// Micro-benchmarks of the Gomoku network on one core: a stone played and taken back on the board
// and the accumulators, with and without an evaluation, for each arithmetic (argument 0
// portable, 1 AVX2), on a middle-game position of 15x15 freestyle with a random network.

#include <benchmark/benchmark.h>

#include <vector>

#include "core/rng.h"
#include "gomoku/board.h"
#include "gomoku/network.h"

using namespace tilestone;
using namespace tilestone::gomoku;

namespace {

struct Fixture {
  Network net = Network::random(Rule::FREESTYLE, 1);
  Board board{15, Rule::FREESTYLE};
  std::vector<int> moves;  // empty cells near the stones, tried in turn

  Fixture() {
    core::Rng rng(2);
    while (board.move_count() < 30) {
      const Point p{7 + static_cast<int>(rng.below(9)) - 4, 7 + static_cast<int>(rng.below(9)) - 4};
      if (board.empty_at(p)) board.play(p);
    }
    board.for_each_candidate([&](int q) { moves.push_back(q); });
  }
};

bool pick_backend(benchmark::State& state, NetBackend& backend) {
  backend = state.range(0) == 1 ? NetBackend::AVX2 : NetBackend::PORTABLE;
  if (net_backend_available(backend)) return true;
  state.SkipWithError("AVX2 is not available on this processor");
  return false;
}

void BM_BoardPlayUndo(benchmark::State& state) {
  Fixture f;
  std::size_t i = 0;
  for (auto _ : state) {
    const int idx = f.moves[i++ % f.moves.size()];
    f.board.play_index(idx);
    f.board.undo();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_BoardPlayUndo);

void BM_NetworkPlayUndo(benchmark::State& state) {
  NetBackend backend{};
  if (!pick_backend(state, backend)) return;
  Fixture f;
  NetworkState st(f.net, backend);
  st.reset(f.board);
  std::size_t i = 0;
  for (auto _ : state) {
    const int idx = f.moves[i++ % f.moves.size()];
    f.board.play_index(idx);
    st.play(f.board, idx);
    st.undo();
    f.board.undo();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(std::string(net_backend_name(backend)));
}
BENCHMARK(BM_NetworkPlayUndo)->Arg(0)->Arg(1);

// A search's leaf: a stone played, the board valued, the stone taken back; the network's
// accumulators updated (play) or the stone only deferred (what the search does at a leaf).
void leaf_loop(benchmark::State& state, bool defer) {
  NetBackend backend{};
  if (!pick_backend(state, backend)) return;
  Fixture f;
  NetworkState st(f.net, backend);
  st.reset(f.board);
  std::size_t i = 0;
  int acc = 0;
  for (auto _ : state) {
    const int idx = f.moves[i++ % f.moves.size()];
    f.board.play_index(idx);
    if (defer) st.defer(idx);
    else st.play(f.board, idx);
    acc += st.evaluate(f.board).score;
    st.undo();
    f.board.undo();
  }
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(std::string(net_backend_name(backend)));
}
void BM_NetworkPlayEvaluateUndo(benchmark::State& state) { leaf_loop(state, false); }
BENCHMARK(BM_NetworkPlayEvaluateUndo)->Arg(0)->Arg(1);
void BM_NetworkDeferEvaluateUndo(benchmark::State& state) { leaf_loop(state, true); }
BENCHMARK(BM_NetworkDeferEvaluateUndo)->Arg(0)->Arg(1);

void BM_NetworkEvaluate(benchmark::State& state) {
  NetBackend backend{};
  if (!pick_backend(state, backend)) return;
  Fixture f;
  NetworkState st(f.net, backend);
  st.reset(f.board);
  int acc = 0;
  for (auto _ : state) {
    acc += st.evaluate(f.board).score;
    benchmark::ClobberMemory();
  }
  benchmark::DoNotOptimize(acc);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(std::string(net_backend_name(backend)));
}
BENCHMARK(BM_NetworkEvaluate)->Arg(0)->Arg(1);

// The policy of every candidate move of the position (items: moves scored).
void BM_NetworkPolicyAllCandidates(benchmark::State& state) {
  NetBackend backend{};
  if (!pick_backend(state, backend)) return;
  Fixture f;
  NetworkState st(f.net, backend);
  st.reset(f.board);
  std::vector<std::int32_t> out(f.moves.size());
  for (auto _ : state) {
    st.policy(f.board, f.moves, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * static_cast<std::int64_t>(f.moves.size())));
  state.SetLabel(std::string(net_backend_name(backend)));
}
BENCHMARK(BM_NetworkPolicyAllCandidates)->Arg(0)->Arg(1);

void BM_NetworkReset(benchmark::State& state) {
  NetBackend backend{};
  if (!pick_backend(state, backend)) return;
  Fixture f;
  NetworkState st(f.net, backend);
  for (auto _ : state) st.reset(f.board);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(std::string(net_backend_name(backend)));
}
BENCHMARK(BM_NetworkReset)->Arg(0)->Arg(1);

}  // namespace
