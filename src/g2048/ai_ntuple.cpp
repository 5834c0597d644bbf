// The n-tuple AI: one ply, the move whose reward plus afterstate value is largest — the policy
// the network was trained with, and the fastest AI that plays well.

#include "g2048/ai_impl.h"
#include "g2048/ntuple.h"

namespace tilestone::g2048 {

namespace {

class NTupleAi final : public Ai {
 public:
  NTupleAi(std::shared_ptr<const NTupleNetwork> net, int downgrade_from) : net_(std::move(net)), from_(downgrade_from) {}
  std::string_view name() const override { return "ntuple"; }

  Analysis analyze(Board b, const Limits&, const InfoCallback&) override {
    const auto t0 = core::now_us();
    Analysis out;
    std::array<double, 4> values{};
    out.best = choose(b, out.legal, values);
    for (Dir d : ALL_DIRS)
      if (out.legal[index(d)]) out.values[index(d)] = values[index(d)], ++out.nodes;
    out.depth = 1;
    return finish(out, t0);
  }

  bool has_quick_move() const override { return true; }
  std::optional<Dir> quick_move(Board b) override {
    std::array<bool, 4> legal{};
    std::array<double, 4> values{};
    return choose(b, legal, values);
  }

 private:
  // The same choice as best_move (the trainer's policy): the first of the largest values. Every
  // legal afterstate's weights are asked for before the first is summed.
  std::optional<Dir> choose(Board b, std::array<bool, 4>& legal, std::array<double, 4>& values) const {
    const Moves m = b.moves();
    std::array<Board, 4> after;
    std::array<Dir, 4> dirs;
    int n = 0;
    for (Dir d : ALL_DIRS) {
      legal[index(d)] = m.after[index(d)] != b;
      if (legal[index(d)]) after[n] = m.after[index(d)], dirs[n++] = d;
    }
    std::array<float, 4> v;
    net_->late_values(after.data(), n, v.data(), from_);
    std::optional<Dir> best;
    float top = 0;
    for (int k = 0; k < n; ++k) {
      const float value = static_cast<float>(m.gain[index(dirs[k])]) + v[k];
      values[index(dirs[k])] = value;
      if (!best || value > top) best = dirs[k], top = value;
    }
    return best;
  }

  std::shared_ptr<const NTupleNetwork> net_;
  int from_;  // tile downgrading's threshold (NTupleNetwork::late_value)
};

}  // namespace

std::unique_ptr<Ai> make_ntuple(std::shared_ptr<const NTupleNetwork> network, std::optional<int> downgrade_from) {
  const int from = downgrade_from.value_or(network->downgrade_from());
  return std::make_unique<NTupleAi>(std::move(network), from);
}

}  // namespace tilestone::g2048
