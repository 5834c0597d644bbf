// The n-tuple AI: one ply, the move whose reward plus afterstate value is largest — the policy
// the network was trained with, and the fastest AI that plays well.

#include "g2048/ai_impl.h"
#include "g2048/ntuple.h"

namespace tilestone::g2048 {

namespace {

class NTupleAi final : public Ai {
 public:
  explicit NTupleAi(std::shared_ptr<const NTupleNetwork> net) : net_(std::move(net)) {}
  std::string_view name() const override { return "ntuple"; }

  Analysis analyze(Board b, const Limits&, const InfoCallback&) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    // The same choice as best_move (the trainer's policy): the first of the largest values.
    // Every afterstate's weights are requested before the first is summed.
    std::array<Board, 4> after{};
    for (Dir d : ALL_DIRS)
      if (out.legal[index(d)]) net_->prefetch(after[index(d)] = b.after(d));
    float best = 0;
    for (Dir d : ALL_DIRS) {
      if (!out.legal[index(d)]) continue;
      const float v = static_cast<float>(b.gain(d)) + net_->late_value(after[index(d)]);
      out.values[index(d)] = v;
      ++out.nodes;
      if (!out.best || v > best) out.best = d, best = v;
    }
    out.depth = 1;
    return finish(out, t0);
  }

 private:
  std::shared_ptr<const NTupleNetwork> net_;
};

}  // namespace

std::unique_ptr<Ai> make_ntuple(std::shared_ptr<const NTupleNetwork> network) {
  return std::make_unique<NTupleAi>(std::move(network));
}

}  // namespace tilestone::g2048
