// The n-tuple AI: one ply, the move whose reward plus afterstate value is largest — the policy
// the network was trained with, and the fastest AI that plays well.

#include "g2048/ai_impl.h"
#include "g2048/ntuple.h"
#include "g2048/td_train.h"

namespace tilestone::g2048 {

namespace {

class NTupleAi final : public Ai {
 public:
  explicit NTupleAi(std::shared_ptr<const NTupleNetwork> net) : net_(std::move(net)) {}
  std::string_view name() const override { return "ntuple"; }

  Analysis analyze(Board b, const Limits&, const InfoCallback&) override {
    const auto t0 = core::now_us();
    Analysis out = legal_moves(b);
    for (Dir d : ALL_DIRS) {
      if (!out.legal[index(d)]) continue;
      out.values[index(d)] = static_cast<double>(b.gain(d)) + net_->value(b.after(d));
      ++out.nodes;
    }
    out.best = best_move(*net_, b).dir;
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
